<?php

declare(strict_types=1);

namespace PdfService;

/**
 * A file to upload, never read whole into memory: a path (opened and streamed from disk),
 * bytes already in memory, or an open stream (read from its current position).
 *
 * Every method that takes a file also accepts a plain path string, an \SplFileInfo or a stream
 * resource directly; Upload is for bytes and for choosing the name the service sees.
 */
final class Upload
{
    /** @param resource|null $stream */
    private function __construct(
        public readonly string $filename,
        public readonly ?string $path = null,
        public readonly ?string $bytes = null,
        private readonly mixed $stream = null,
        private readonly ?int $start = null,
    ) {
    }

    /** A file on disk, streamed from it (again on a retry). */
    public static function fromPath(string|\SplFileInfo $path, ?string $filename = null): self
    {
        $path = (string) $path;
        if (!is_file($path) || !is_readable($path)) {
            throw new \InvalidArgumentException("Cannot upload {$path}: not a readable file.");
        }
        return new self($filename ?? (basename($path) ?: 'upload'), path: $path);
    }

    /** Bytes in memory (a PHP string). */
    public static function fromBytes(string $bytes, string $filename = 'upload'): self
    {
        return new self($filename, bytes: $bytes);
    }

    /**
     * An open readable stream, read from its current position; on a retry it is sought back
     * there when it can be (a pipe or socket cannot be retried once read).
     *
     * @param resource $stream
     */
    public static function fromStream(mixed $stream, ?string $filename = null): self
    {
        if (!is_resource($stream) || get_resource_type($stream) !== 'stream') {
            throw new \InvalidArgumentException('Upload::fromStream() takes an open stream resource.');
        }
        $meta = stream_get_meta_data($stream);
        $start = $meta['seekable'] ? ftell($stream) : false;
        $name = $filename ?? (($meta['wrapper_type'] ?? '') === 'plainfile' ? basename((string) $meta['uri']) : '');
        return new self($name !== '' ? $name : 'upload', stream: $stream, start: $start === false ? null : $start);
    }

    /** Any accepted input as an Upload: an Upload, a path string, an \SplFileInfo or a stream resource. */
    public static function of(mixed $input): self
    {
        return match (true) {
            $input instanceof self => $input,
            is_string($input), $input instanceof \SplFileInfo => self::fromPath($input),
            is_resource($input) => self::fromStream($input),
            default => throw new \InvalidArgumentException('Cannot upload ' . get_debug_type($input) . ': pass a path, an \SplFileInfo, a stream resource or an Upload (Upload::fromBytes() for bytes).'),
        };
    }

    /**
     * The content for one attempt: a string, or a stream and whether to close it afterwards.
     * Null when a stream was already read and cannot be rewound.
     *
     * @internal
     * @return array{0: string|resource, 1: bool, 2: int|null}|null content, close after sending, byte size when known
     */
    public function openForAttempt(int $attempt): ?array
    {
        if ($this->bytes !== null) {
            return [$this->bytes, false, strlen($this->bytes)];
        }
        if ($this->path !== null) {
            $handle = @fopen($this->path, 'rb');
            if ($handle === false) {
                throw new \InvalidArgumentException("Cannot upload {$this->path}: it cannot be opened.");
            }
            $size = fstat($handle)['size'] ?? null;
            return [$handle, true, is_int($size) ? $size : null];
        }
        if ($this->start !== null) {
            fseek($this->stream, $this->start);
            $stat = fstat($this->stream);
            $regular = is_array($stat) && ($stat['mode'] & 0170000) === 0100000;
            return [$this->stream, false, $regular ? max(0, $stat['size'] - $this->start) : null];
        }
        return $attempt === 1 ? [$this->stream, false, null] : null;
    }
}
