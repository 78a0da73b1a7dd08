<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 429 quota_exceeded: the daily allowance is spent ($retryAfter: seconds to its reset). */
final class QuotaExceededException extends ApiException
{
}
