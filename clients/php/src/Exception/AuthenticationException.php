<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 401 missing_api_key or invalid_api_key (also an expired key). */
final class AuthenticationException extends ApiException
{
}
