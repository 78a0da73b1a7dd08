<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** No answer at all (status 0, code network_error): connection refused or reset, DNS, or the client's own timeout. */
final class NetworkException extends ApiException
{
}
