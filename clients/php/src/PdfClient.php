<?php

declare(strict_types=1);

namespace PdfService;

use PdfService\Exception\NetworkException;
use PdfService\Internal\Exchange;
use PdfService\Internal\Headers;
use PdfService\Internal\MultipartBody;

/**
 * The client of the PDF service. Every operation is a method with named arguments
 * (generated from the OpenAPI document): `$client->merge(['a.pdf', 'b.pdf'], bookmarks: true)`.
 * Failed calls throw ApiException (a subclass per common code); overload and network errors
 * are retried with backoff honouring Retry-After (GET and DELETE always, uploads when asked).
 */
final class PdfClient extends Generated\Operations
{
    /** Problem bodies are small; a larger error body is cut here. */
    private const MAX_PROBLEM_BYTES = 1 << 20;

    private readonly string $baseUrl;
    private readonly \CurlShareHandle $share;
    private ?string $lastRequestId = null;
    private ?RateLimit $lastRateLimit = null;

    /**
     * @param string $baseUrl e.g. http://127.0.0.1:8080
     * @param float $timeout seconds until an answer's headers, and the longest silence while a body streams
     * @param int $retries retries of idempotent steps (GET, DELETE) and of uploads that ask for it
     * @param float $backoff first wait in seconds when the service gives no Retry-After (doubles each time)
     */
    public function __construct(
        string $baseUrl,
        #[\SensitiveParameter] private readonly string $apiKey,
        private readonly float $timeout = 300.0,
        private readonly int $retries = 3,
        private readonly float $backoff = 0.5,
    ) {
        $this->baseUrl = rtrim($baseUrl, '/');
        // Connections (and DNS answers) are shared by the exchanges of this client: keep-alive.
        $this->share = curl_share_init();
        curl_share_setopt($this->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
        curl_share_setopt($this->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    }

    /** X-Request-Id of the last answer. */
    public function lastRequestId(): ?string
    {
        return $this->lastRequestId;
    }

    /** The RateLimit fields of the last answer that had them (limited plans). */
    public function lastRateLimit(): ?RateLimit
    {
        return $this->lastRateLimit;
    }

    /**
     * Runs any operation by name, with files by form field (the generic form of the typed methods).
     *
     * @param array<string, mixed> $files field => a file, or a list of files (path, \SplFileInfo, stream resource or Upload)
     * @param array<string, mixed> $options field => value (bool, int, float, string, enum, or a list for a repeated field)
     */
    public function run(string $operation, array $files, array $options = [], ?CallOptions $call = null): Result
    {
        return $this->call($operation, $files, $options, $call);
    }

    /**
     * Submits an operation as an asynchronous job; the service answers 202 at once.
     *
     * @param array<string, mixed> $files as run()
     * @param array<string, mixed> $options as run()
     * @param string|null $callbackUrl where the service POSTs a signed webhook when the job ends (see Webhook::verify)
     */
    public function submit(string $operation, array $files, array $options = [], ?string $callbackUrl = null, ?CallOptions $call = null): Job
    {
        $options['async'] = true;
        if ($callbackUrl !== null) {
            $options['callback_url'] = $callbackUrl;
        }
        if ($call?->resultUrl !== null) {
            $options['result_url'] = $call->resultUrl;
        }
        $exchange = $this->send('POST', "/v1/pdf/{$operation}", $files, $options, $call?->retry ?? false, $call);
        return Job::fromArray(self::json($exchange));
    }

    /** The job now. */
    public function job(Job|string $job): Job
    {
        return Job::fromArray(self::json($this->send('GET', '/v1/jobs/' . rawurlencode(self::jobId($job)), null, [], true, null)));
    }

    /**
     * Waits until the job has ended: polls with backoff (200 ms doubling to 5 s), and looks again
     * at once when $notified returns true — e.g. a check whether your webhook handler recorded
     * this job's webhook (it is asked every 50 ms while waiting).
     *
     * @param (\Closure(): bool)|null $notified
     * @throws NetworkException when the job has not ended within $timeout seconds
     */
    public function wait(Job|string $job, float $timeout = 3600.0, ?\Closure $notified = null): Job
    {
        $end = microtime(true) + $timeout;
        $delay = 0.2;
        while (true) {
            $current = $this->job($job);
            if ($current->status->hasEnded()) {
                return $current;
            }
            if (microtime(true) > $end) {
                throw new NetworkException(0, 'network_error', "The job {$current->id} did not end within {$timeout} s.");
            }
            $until = min(microtime(true) + $delay, $end);
            if ($notified === null) {
                usleep((int) (max(0.0, $until - microtime(true)) * 1e6));
            } else {
                // Told it ended: look again after 50 ms (not at once: a notice that stays true must not make this spin).
                do {
                    usleep((int) (min(0.05, max(0.0, $until - microtime(true))) * 1e6));
                } while (microtime(true) < $until && !$notified());
            }
            $delay = min($delay * 2, 5.0);
        }
    }

    /** The result of a succeeded job, streamed. A failed or canceled job throws its problem. */
    public function result(Job|string $job): Result
    {
        if ($job instanceof Job && ($job->status === JobStatus::Failed || $job->status === JobStatus::Canceled)) {
            throw $job->failure();
        }
        return new Result($this->send('GET', '/v1/jobs/' . rawurlencode(self::jobId($job)) . '/result', null, [], true, null));
    }

    /** Cancels a queued or running job (or deletes a finished one); the canceled job, or null when it was deleted. */
    public function cancel(Job|string $job): ?Job
    {
        $exchange = $this->send('DELETE', '/v1/jobs/' . rawurlencode(self::jobId($job)), null, [], true, null);
        if ($exchange->status === 204) {
            $exchange->close();
            return null;
        }
        return Job::fromArray(self::json($exchange));
    }

    /**
     * Submit, wait and fetch the result in one call (for work longer than an HTTP request should last).
     *
     * @param array<string, mixed> $files as run()
     * @param array<string, mixed> $options as run()
     * @param (\Closure(): bool)|null $notified as wait()
     */
    public function runJob(string $operation, array $files, array $options = [], float $waitTimeout = 3600.0, ?string $callbackUrl = null, ?\Closure $notified = null): Result
    {
        $done = $this->wait($this->submit($operation, $files, $options, $callbackUrl), $waitTimeout, $notified);
        if ($done->status !== JobStatus::Succeeded) {
            throw $done->failure();
        }
        return $this->result($done);
    }

    /** The account, its plan and today's use of the allowance. */
    public function account(): Account
    {
        return Account::fromArray(self::json($this->send('GET', '/v1/account', null, [], true, null)));
    }

    /** The account's requests per UTC day and operation, the last $days days up to today (1..366), oldest first. */
    public function usage(int $days = 30): Usage
    {
        return Usage::fromArray(self::json($this->send('GET', "/v1/account/usage?days={$days}", null, [], true, null)));
    }

    /**
     * Mints a short-lived browser token (`pdf_tok_…`) from this client's key, for a web page to
     * use as its client's key (docs/api.md §2b). Not charged; a token cannot mint tokens.
     *
     * @param int|null $ttlSeconds how long it lives, 1..3600 (the service's default: 600; never past the key's expiry)
     * @param list<string>|null $scopes the operations it may call, a subset of the key's (null: the key's)
     * @param int|null $maxUses the requests it may make at most
     * @param string|null $origin scheme://host[:port] of the page; a request from any other origin is refused
     */
    public function createToken(?int $ttlSeconds = null, ?array $scopes = null, ?int $maxUses = null, ?string $origin = null, ?CallOptions $call = null): BrowserToken
    {
        // The service refuses unknown and null fields alike: send only what was asked for.
        $body = array_filter(['ttl_seconds' => $ttlSeconds, 'scopes' => $scopes === null ? null : array_values($scopes), 'max_uses' => $maxUses, 'origin' => $origin], fn ($v) => $v !== null);
        $json = json_encode((object) $body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES);
        // Sent once unless asked: a retried mint could leave an unused second token behind.
        return BrowserToken::fromArray(self::json($this->send('POST', '/v1/tokens', null, [], $call?->retry ?? false, $call, $json)));
    }

    /** @return array<string, mixed> what var_dump and print_r show: never the key */
    public function __debugInfo(): array
    {
        return ['baseUrl' => $this->baseUrl, 'apiKey' => '…' . substr($this->apiKey, -4), 'timeout' => $this->timeout, 'retries' => $this->retries];
    }

    protected function call(string $operation, array $files, array $options, ?CallOptions $call): Result
    {
        return new Result($this->send('POST', "/v1/pdf/{$operation}", $files, $options, $call?->retry ?? false, $call));
    }

    /**
     * One exchange with retries; returns once the answer's headers are in (its body still
     * streaming); throws ApiException for any answer that is not 2xx.
     *
     * @param array<string, mixed>|null $files null: no multipart body
     * @param array<string, mixed> $options
     * @param string|null $json a JSON body (when $files is null)
     */
    private function send(string $method, string $path, ?array $files, array $options, bool $retry, ?CallOptions $call, ?string $json = null): Exchange
    {
        if ($files !== null) {
            $files += $call?->parts ?? [];
            // A RemoteFile is fetched by the service: a text field "<part>_url" instead of the bytes.
            foreach (self::remoteFields($files) as $field => $urls) {
                $options[$field] = [...(array) ($options[$field] ?? []), ...$urls];
            }
        }
        $uploads = $files === null ? null : self::uploads($files);
        $fields = self::fields($options);
        $headers = ['Authorization: Bearer ' . $this->apiKey, 'Accept: */*'];
        if ($call?->requestId !== null) {
            $headers[] = 'X-Request-Id: ' . str_replace(["\r", "\n"], '', $call->requestId);
        }
        if ($call?->idempotencyKey !== null) {
            $headers[] = 'Idempotency-Key: ' . str_replace(["\r", "\n"], '', $call->idempotencyKey);
        }
        $attempts = $retry ? $this->retries + 1 : 1;
        $backoff = $this->backoff;
        for ($attempt = 1; ; $attempt++) {
            $body = $uploads === null ? null : MultipartBody::open($uploads, $fields, $attempt);
            if ($uploads !== null && $body === null && isset($error)) {
                throw $error; // a stream already read cannot be sent again: the last error stands
            }
            $exchange = new Exchange($this->share, $method, $this->baseUrl . $path, $headers, $body, $call?->timeout ?? $this->timeout, $json);
            try {
                $exchange->awaitHeaders();
                $this->lastRequestId = $exchange->headers['x-request-id'][0] ?? null;
                $this->lastRateLimit = RateLimit::fromHeaders($exchange->headers) ?? $this->lastRateLimit;
                if ($exchange->status >= 200 && $exchange->status < 300) {
                    return $exchange;
                }
                $error = self::problemOf($exchange);
            } catch (NetworkException $network) {
                $error = $network;
            }
            $exchange->close();
            $retriable = $error instanceof NetworkException || in_array($error->errorCode, ['server_busy', 'concurrency_limit'], true);
            if ($attempt >= $attempts || !$retriable) {
                throw $error;
            }
            usleep((int) (($error->retryAfter ?? $backoff) * 1e6));
            $backoff *= 2;
        }
    }

    private static function problemOf(Exchange $exchange): ApiException
    {
        $requestId = $exchange->headers['x-request-id'][0] ?? null;
        $retryAfter = Headers::retryAfter($exchange->headers);
        try {
            $text = $exchange->readAll(self::MAX_PROBLEM_BYTES);
        } catch (NetworkException) {
            $text = '';
        }
        $problem = json_decode($text, true);
        if (!is_array($problem) || !isset($problem['status'])) {
            $problem = ['status' => $exchange->status, 'code' => "http_{$exchange->status}", 'detail' => "HTTP {$exchange->status}", 'request_id' => $requestId];
        }
        return ApiException::fromProblem($problem, $requestId, $retryAfter);
    }

    /** @return array<string, mixed> */
    private static function json(Exchange $exchange): array
    {
        $data = json_decode($exchange->readAll(), true, 512, JSON_THROW_ON_ERROR);
        if (!is_array($data)) {
            throw new \UnexpectedValueException('The service answered JSON that is not an object.');
        }
        return $data;
    }

    private static function jobId(Job|string $job): string
    {
        return $job instanceof Job ? $job->id : $job;
    }

    /**
     * The "<part>_url" fields of the RemoteFile inputs.
     *
     * @param array<string, mixed> $files
     * @return array<string, list<string>>
     */
    private static function remoteFields(array $files): array
    {
        $out = [];
        foreach ($files as $field => $value) {
            foreach (is_array($value) ? $value : [$value] as $item) {
                if ($item instanceof RemoteFile) {
                    $out["{$field}_url"][] = $item->url;
                }
            }
        }
        return $out;
    }

    /**
     * @param array<string, mixed> $files
     * @return list<array{0: string, 1: Upload}>
     */
    private static function uploads(array $files): array
    {
        $out = [];
        foreach ($files as $field => $value) {
            if ($value === null) {
                continue;
            }
            foreach (is_array($value) ? $value : [$value] as $item) {
                if (!$item instanceof RemoteFile) {
                    $out[] = [(string) $field, Upload::of($item)];
                }
            }
        }
        return $out;
    }

    /**
     * Form fields: booleans as true/false, enums by value, numbers as text, lists as repeated fields; null is left out.
     *
     * @internal public for the unit tests
     * @param array<string, mixed> $options
     * @return list<array{0: string, 1: string}>
     */
    public static function fields(array $options): array
    {
        $out = [];
        foreach ($options as $name => $value) {
            foreach (is_array($value) ? $value : [$value] as $item) {
                $text = self::encode($item);
                if ($text !== null) {
                    $out[] = [(string) $name, $text];
                }
            }
        }
        return $out;
    }

    private static function encode(mixed $value): ?string
    {
        return match (true) {
            $value === null => null,
            is_bool($value) => $value ? 'true' : 'false',
            $value instanceof \BackedEnum => (string) $value->value,
            is_int($value), is_string($value), $value instanceof \Stringable => (string) $value,
            // Plain decimals: the service reads "0.5", not "5.0E-1".
            is_float($value) => is_finite($value) ? rtrim(rtrim(number_format($value, 10, '.', ''), '0'), '.') : throw new \InvalidArgumentException('Not a finite number.'),
            default => throw new \InvalidArgumentException('Cannot send ' . get_debug_type($value) . ' as a form field.'),
        };
    }
}
