<?php

declare(strict_types=1);

namespace PdfService;

/** A webhook whose headers are missing, whose timestamp is out of tolerance, or whose signature does not match. */
final class WebhookVerificationException extends \UnexpectedValueException
{
}
