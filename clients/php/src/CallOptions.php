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
        /** Extra named file parts, e.g. `['logo' => 'logo.png']` for a pipeline step option "@logo". */
        public readonly array $parts = [],
        /** submit() only: an https URL (e.g. an S3 presigned PUT URL) the job's result is PUT to; the service then keeps no copy. */
        public readonly ?string $resultUrl = null,
        /**
         * submit() only: sent as Idempotency-Key. The same key within 24 h gives the same job back, not
         * charged again, so a submission whose answer was lost can be sent again.
         */
        public readonly ?string $idempotencyKey = null,
    ) {
    }
}
