<?php

declare(strict_types=1);

namespace PdfService;

/** Settings of one call, overriding the client's: `call: new CallOptions(retry: true, timeout: 30)`. */
final class CallOptions
{
    public function __construct(
        /** Retry this upload on 503 server_busy, 429 concurrency_limit or a network error (uploads are not retried unless asked). */
        public readonly bool $retry = false,
        /** Seconds until the answer's headers, and the longest silence while its body streams (default: the client's). */
        public readonly ?float $timeout = null,
        /** X-Request-Id to send (the service echoes a sane one, and logs it). */
        public readonly ?string $requestId = null,
    ) {
    }
}
