<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 422 resource_limit: the input needs more memory, time or outputs than the limits allow. */
final class ResourceLimitException extends ApiException
{
}
