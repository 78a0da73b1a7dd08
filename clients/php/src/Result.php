<?php

declare(strict_types=1);

namespace PdfService;

use PdfService\Internal\ChunkStream;
use PdfService\Internal\Exchange;
use PdfService\Internal\Headers;
use PdfService\Zip\ZipEntry;
use PdfService\Zip\ZipReader;

/**
 * A successful answer, streamed: its headers are in, its body is read once, as the caller
 * chooses — bytes(), text(), json(), chunks(), stream(), save(), writeTo() or entries() for a
 * ZIP. An answer left unread is dropped (with its connection) when the Result is destroyed.
 */
final class Result
{
    private bool $consumed = false;

    /** @internal */
    public function __construct(private readonly Exchange $exchange)
    {
    }

    /** The HTTP status (200; 202 for a submitted job). */
    public function status(): int
    {
        return $this->exchange->status;
    }

    /** @return array<string, list<string>> every header, names lower-cased */
    public function headers(): array
    {
        return $this->exchange->headers;
    }

    /** One header's (first) value: X-Image-Count, X-Compressed-Size, …; null when absent. */
    public function header(string $name): ?string
    {
        return $this->exchange->headers[strtolower($name)][0] ?? null;
    }

    public function contentType(): string
    {
        return $this->header('content-type') ?? '';
    }

    /** The name from Content-Disposition (its UTF-8 form preferred). */
    public function filename(): ?string
    {
        return Headers::filename($this->exchange->headers);
    }

    /** X-Request-Id of this answer. */
    public function requestId(): ?string
    {
        return $this->header('x-request-id');
    }

    /** The account's allowance after this call; null on unlimited plans. */
    public function rateLimit(): ?RateLimit
    {
        return RateLimit::fromHeaders($this->exchange->headers);
    }

    /** @return \Generator<int, string> the body as it arrives */
    public function chunks(): \Generator
    {
        $this->claim();
        while (($chunk = $this->exchange->read()) !== null) {
            yield $chunk;
        }
    }

    /** The whole body in memory. */
    public function bytes(): string
    {
        return implode('', iterator_to_array($this->chunks(), false));
    }

    public function text(): string
    {
        return $this->bytes();
    }

    /** The body parsed as JSON (objects as associative arrays). */
    public function json(): mixed
    {
        return json_decode($this->bytes(), true, 512, JSON_THROW_ON_ERROR);
    }

    /** @return resource the body as a read-only stream (fread, stream_copy_to_stream, fpassthru, …) */
    public function stream()
    {
        return ChunkStream::open($this->chunks());
    }

    /** Streams the body to $path; returns the number of bytes written. */
    public function save(string $path): int
    {
        $target = @fopen($path, 'wb');
        if ($target === false) {
            throw new \RuntimeException("Cannot write {$path}.");
        }
        try {
            return $this->writeTo($target);
        } finally {
            fclose($target);
        }
    }

    /**
     * Streams the body into an open stream (php://output, a socket, a file); returns the bytes written.
     *
     * @param resource $target
     */
    public function writeTo($target): int
    {
        $written = 0;
        foreach ($this->chunks() as $chunk) {
            for ($offset = 0; $offset < strlen($chunk); $offset += $n) {
                $n = fwrite($target, $offset === 0 ? $chunk : substr($chunk, $offset));
                if ($n === false || $n === 0) {
                    throw new \RuntimeException('Writing the answer failed.');
                }
            }
            $written += strlen($chunk);
        }
        return $written;
    }

    /**
     * The entries of a ZIP answer, one at a time (the body is spooled to a temporary file, never
     * held in memory; each entry is inflated as it is read).
     *
     * @return \Generator<int, ZipEntry>
     */
    public function entries(): \Generator
    {
        return ZipReader::entries($this->chunks());
    }

    /** Drops the answer without reading it. */
    public function close(): void
    {
        $this->consumed = true;
        $this->exchange->close();
    }

    private function claim(): void
    {
        if ($this->consumed) {
            throw new \LogicException('The answer was already read (or closed): a Result is read once.');
        }
        $this->consumed = true;
    }
}
