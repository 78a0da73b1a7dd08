<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 429 concurrency_limit: the account already runs its maximum of operations at once (retried when asked). */
final class ConcurrencyLimitException extends ApiException
{
}
