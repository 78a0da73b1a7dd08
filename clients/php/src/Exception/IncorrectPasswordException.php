<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 422 incorrect_password: an encrypted input with a wrong password. */
final class IncorrectPasswordException extends ApiException
{
}
