<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 400 invalid_request: a bad, missing or unknown field, range or option value (the detail names the field). */
final class InvalidRequestException extends ApiException
{
}
