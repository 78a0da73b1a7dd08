<?php

declare(strict_types=1);

namespace PdfService\Internal;

use PdfService\Upload;

/**
 * A multipart/form-data body produced piece by piece for curl's read callback: file parts are
 * read from their stream as curl asks, so a 90 MiB upload never sits in memory.
 *
 * @internal
 */
final class MultipartBody
{
    public readonly string $boundary;
    /** Exact byte length, or null when a stream's size is unknown (then sent chunked). */
    public readonly ?int $length;
    /** @var list<string|resource> */
    private array $segments = [];
    /** @var list<resource> */
    private array $toClose = [];
    private int $index = 0;
    private int $offset = 0;

    /**
     * @param list<array{0: string, 1: Upload}> $files field name and upload, in order
     * @param list<array{0: string, 1: string}> $fields field name and value, in order
     * @return self|null null when a stream cannot be sent again (retry after it was read)
     */
    public static function open(array $files, array $fields, int $attempt): ?self
    {
        $body = new self();
        $length = 0;
        foreach ($fields as [$name, $value]) {
            $body->segments[] = "--{$body->boundary}\r\nContent-Disposition: form-data; name=\"" . self::quote($name) . "\"\r\n\r\n{$value}\r\n";
        }
        foreach ($files as [$name, $upload]) {
            $content = $upload->openForAttempt($attempt);
            if ($content === null) {
                $body->close();
                return null;
            }
            [$source, $close, $size] = $content;
            if ($close) {
                $body->toClose[] = $source;
            }
            $body->segments[] = "--{$body->boundary}\r\nContent-Disposition: form-data; name=\"" . self::quote($name) . '"; filename="' . self::quote($upload->filename) . "\"\r\nContent-Type: application/octet-stream\r\n\r\n";
            $body->segments[] = $source;
            $body->segments[] = "\r\n";
            if (!is_string($source)) {
                // Bytes are counted with the other strings below.
                $length = ($length === null || $size === null) ? null : $length + $size;
            }
        }
        $body->segments[] = "--{$body->boundary}--\r\n";
        if ($length !== null) {
            foreach ($body->segments as $segment) {
                $length += is_string($segment) ? strlen($segment) : 0;
            }
        }
        $body->length = $length;
        return $body;
    }

    private function __construct()
    {
        $this->boundary = 'pdf-service-' . bin2hex(random_bytes(12));
    }

    /** Up to $max next bytes of the body; '' at its end. */
    public function read(int $max): string
    {
        while ($this->index < count($this->segments)) {
            $segment = $this->segments[$this->index];
            if (is_string($segment)) {
                if ($this->offset < strlen($segment)) {
                    $piece = $this->offset === 0 && strlen($segment) <= $max ? $segment : substr($segment, $this->offset, $max);
                    $this->offset += strlen($piece);
                    return $piece;
                }
            } else {
                $piece = fread($segment, $max);
                if ($piece !== false && $piece !== '') {
                    return $piece;
                }
            }
            $this->index++;
            $this->offset = 0;
        }
        return '';
    }

    /** Closes the files this body opened (not the caller's streams). */
    public function close(): void
    {
        foreach ($this->toClose as $handle) {
            if (is_resource($handle)) {
                fclose($handle);
            }
        }
        $this->toClose = [];
    }

    /** A name inside a quoted header parameter, escaped as browsers do (HTML's multipart/form-data rules). */
    private static function quote(string $value): string
    {
        return str_replace(["\r", "\n", '"'], ['%0D', '%0A', '%22'], $value);
    }
}
