<?php

declare(strict_types=1);

namespace PdfService\Internal;

use PdfService\Exception\NetworkException;

/**
 * One HTTP exchange driven by curl's multi interface, so the answer's body is pulled as the
 * caller reads it (a result can be returned once its headers are in, and saved, read or
 * streamed afterwards) while the upload is pushed from a MultipartBody by curl's read callback.
 * Each exchange has its own multi handle — reading one answer never buffers another — and
 * connections are reused across exchanges through the client's curl share handle.
 *
 * @internal
 */
final class Exchange
{
    public int $status = 0;
    /** @var array<string, list<string>> lower-case names */
    public array $headers = [];
    private bool $headersDone = false;
    private bool $finished = false;
    private int $curlResult = CURLE_OK;
    /** Bytes of body curl may hand over before it is paused until the reader catches up. */
    private const MAX_QUEUED = 1 << 20;

    /** @var list<string> body chunks received and not yet read */
    private array $chunks = [];
    private int $queued = 0;
    private bool $paused = false;
    private ?\CurlMultiHandle $multi;
    private ?\CurlHandle $easy;

    /** @param list<string> $requestHeaders */
    public function __construct(
        \CurlShareHandle $share,
        string $method,
        string $url,
        array $requestHeaders,
        private ?MultipartBody $body,
        /** Seconds until the headers, and the longest silence while the body streams. */
        private readonly float $timeout,
        /** A JSON body instead of a multipart one (the token route); small, so sent from memory. */
        ?string $json = null,
    ) {
        $easy = curl_init();
        curl_setopt_array($easy, [
            CURLOPT_URL => $url,
            CURLOPT_SHARE => $share,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_NOSIGNAL => true,
            CURLOPT_CONNECTTIMEOUT_MS => (int) ceil(min($timeout, 30.0) * 1000),
            CURLOPT_BUFFERSIZE => 65536,
            CURLOPT_HEADERFUNCTION => $this->onHeader(...),
            CURLOPT_WRITEFUNCTION => $this->onBody(...),
        ]);
        // No "Expect: 100-continue" round trip before an upload.
        $requestHeaders[] = 'Expect:';
        if ($body !== null) {
            $requestHeaders[] = "Content-Type: multipart/form-data; boundary={$body->boundary}";
            // curl's upload mode sends the body from the read callback: with a known size as
            // Content-Length, otherwise chunked. (POST mode with a read callback sends chunked
            // even beside a Content-Length header, which servers rightly refuse.)
            curl_setopt_array($easy, [
                CURLOPT_UPLOAD => true,
                CURLOPT_CUSTOMREQUEST => $method,
                CURLOPT_INFILESIZE => $body->length ?? -1,
                CURLOPT_UPLOAD_BUFFERSIZE => 65536,
                CURLOPT_READFUNCTION => fn ($ch, $fd, int $length): string => $this->body?->read($length) ?? '',
            ]);
        } elseif ($json !== null) {
            $requestHeaders[] = 'Content-Type: application/json';
            curl_setopt_array($easy, [CURLOPT_CUSTOMREQUEST => $method, CURLOPT_POSTFIELDS => $json]);
        } elseif ($method === 'GET') {
            curl_setopt($easy, CURLOPT_HTTPGET, true);
        } else {
            curl_setopt($easy, CURLOPT_CUSTOMREQUEST, $method);
        }
        curl_setopt($easy, CURLOPT_HTTPHEADER, $requestHeaders);
        $this->easy = $easy;
        $this->multi = curl_multi_init();
        curl_multi_add_handle($this->multi, $easy);
    }

    /** Drives the exchange until the answer's status and headers are in. */
    public function awaitHeaders(): void
    {
        $deadline = microtime(true) + $this->timeout;
        while (!$this->headersDone) {
            if ($this->finished) {
                throw $this->failure('no answer');
            }
            $this->pump($deadline);
        }
    }

    /** The next piece of the body, or null at its end. */
    public function read(): ?string
    {
        $deadline = microtime(true) + $this->timeout;
        while ($this->chunks === []) {
            if ($this->paused && $this->easy !== null) {
                $this->paused = false;
                curl_pause($this->easy, CURLPAUSE_CONT);
                continue;
            }
            if ($this->finished) {
                if ($this->curlResult !== CURLE_OK) {
                    throw $this->failure('the answer broke off');
                }
                $this->close();
                return null;
            }
            $this->pump($deadline);
        }
        $chunk = array_shift($this->chunks);
        $this->queued -= strlen($chunk);
        return $chunk;
    }

    /** The whole body, refusing one over $limit bytes (problem documents are small). */
    public function readAll(int $limit = PHP_INT_MAX): string
    {
        $out = '';
        while (($chunk = $this->read()) !== null) {
            $out .= $chunk;
            if (strlen($out) > $limit) {
                $this->close();
                break;
            }
        }
        return $out;
    }

    /** Ends the exchange (an unread body is dropped with its connection) and closes the upload's files. */
    public function close(): void
    {
        $this->body?->close();
        $this->body = null;
        if ($this->multi !== null && $this->easy !== null) {
            curl_multi_remove_handle($this->multi, $this->easy);
            curl_close($this->easy);
            curl_multi_close($this->multi);
        }
        $this->multi = null;
        $this->easy = null;
        $this->finished = true;
    }

    public function __destruct()
    {
        $this->close();
    }

    /** One round: let curl move data; if nothing came, wait for the socket (up to the deadline). */
    private function pump(float $deadline): void
    {
        if ($this->multi === null) {
            throw new NetworkException(0, 'network_error', 'The answer was closed.');
        }
        $received = count($this->chunks);
        $headers = $this->headersDone;
        $this->perform();
        if ($this->finished || count($this->chunks) !== $received || $this->headersDone !== $headers) {
            return;
        }
        $left = $deadline - microtime(true);
        if ($left <= 0) {
            $this->close();
            throw new NetworkException(0, 'network_error', sprintf('No answer within %.1f s (the client\'s timeout).', $this->timeout));
        }
        curl_multi_select($this->multi, min($left, 1.0));
        $this->perform();
    }

    private function perform(): void
    {
        do {
            $code = curl_multi_exec($this->multi, $running);
        } while ($code === CURLM_CALL_MULTI_PERFORM);
        if ($code !== CURLM_OK) {
            throw new NetworkException(0, 'network_error', curl_multi_strerror($code) ?? "curl multi error {$code}");
        }
        while (($info = curl_multi_info_read($this->multi)) !== false) {
            if ($info['msg'] === CURLMSG_DONE) {
                $this->finished = true;
                $this->curlResult = $info['result'];
            }
        }
    }

    private function failure(string $what): NetworkException
    {
        $detail = $this->curlResult !== CURLE_OK ? curl_strerror($this->curlResult) : $what;
        if ($this->easy !== null && ($message = curl_error($this->easy)) !== '') {
            $detail = $message;
        }
        $this->close();
        return new NetworkException(0, 'network_error', "{$what}: {$detail}");
    }

    private function onHeader(\CurlHandle $easy, string $line): int
    {
        if ($this->headersDone) {
            return strlen($line); // trailers
        }
        if (preg_match('#^HTTP/[\d.]+ (\d{3})#', $line, $m)) {
            // A new status line (after an interim 1xx): start over.
            $this->status = (int) $m[1];
            $this->headers = [];
        } elseif (rtrim($line, "\r\n") === '') {
            $this->headersDone = $this->status >= 200;
        } elseif (($colon = strpos($line, ':')) !== false) {
            $this->headers[strtolower(trim(substr($line, 0, $colon)))][] = trim(substr($line, $colon + 1));
        }
        return strlen($line);
    }

    private function onBody(\CurlHandle $easy, string $data): int
    {
        // One curl_multi_exec reads all the socket holds: without a pause, megabytes could
        // queue here when the reader is slower than the network (curl keeps a paused chunk).
        if ($this->queued >= self::MAX_QUEUED) {
            $this->paused = true;
            return CURL_WRITEFUNC_PAUSE;
        }
        $this->chunks[] = $data;
        $this->queued += strlen($data);
        return strlen($data);
    }
}
