<?php

declare(strict_types=1);

namespace PdfService\Internal;

/**
 * A read-only PHP stream over an iterator of string chunks, so an answer (or a ZIP entry) can be
 * handed out as an ordinary resource — fread, stream_copy_to_stream, fpassthru — while it is
 * still arriving. Registered once as the wrapper "pdf-service-chunks".
 *
 * @internal
 */
final class ChunkStream
{
    private const SCHEME = 'pdf-service-chunks';

    /** @var array<int, \Iterator<string>> iterators waiting for their fopen */
    private static array $pending = [];
    private static int $next = 0;

    /** @var resource|null set by PHP */
    public $context;
    private ?\Iterator $source = null;
    private string $buffer = '';
    private bool $ended = false;

    /**
     * @param \Iterator<string> $chunks
     * @return resource
     */
    public static function open(\Iterator $chunks)
    {
        if (!in_array(self::SCHEME, stream_get_wrappers(), true)) {
            stream_wrapper_register(self::SCHEME, self::class);
        }
        $id = ++self::$next;
        self::$pending[$id] = $chunks;
        $handle = fopen(self::SCHEME . "://{$id}", 'rb');
        unset(self::$pending[$id]);
        if ($handle === false) {
            throw new \RuntimeException('Cannot open the answer as a stream.');
        }
        return $handle;
    }

    public function stream_open(string $path, string $mode, int $options, ?string &$openedPath): bool
    {
        $id = (int) substr($path, strlen(self::SCHEME) + 3);
        $this->source = self::$pending[$id] ?? null;
        return $this->source !== null && $mode[0] === 'r';
    }

    public function stream_read(int $count): string|false
    {
        while (strlen($this->buffer) < $count && !$this->ended) {
            if ($this->source->valid()) {
                $this->buffer .= $this->source->current();
                $this->source->next();
            } else {
                $this->ended = true;
            }
        }
        $out = substr($this->buffer, 0, $count);
        $this->buffer = (string) substr($this->buffer, strlen($out));
        return $out;
    }

    public function stream_eof(): bool
    {
        return $this->ended && $this->buffer === '';
    }

    /** @return array<string, int> */
    public function stream_stat(): array
    {
        return [];
    }

    public function stream_close(): void
    {
        $this->source = null;
        $this->buffer = '';
    }
}
