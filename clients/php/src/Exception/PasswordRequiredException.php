<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 422 password_required: an encrypted input without a password. */
final class PasswordRequiredException extends ApiException
{
}
