<?php

declare(strict_types=1);

namespace PdfService\Zip;

use PdfService\Internal\ChunkStream;

/** One entry of a ZIP answer: read it as bytes, chunks or a stream, or save it; inflated and CRC-checked as it is read. */
final class ZipEntry
{
    private const CHUNK = 65536;

    /** @internal */
    public function __construct(
        /** The entry's name in the archive (as the service named it: <input-stem>-<n>.<ext>). */
        public readonly string $name,
        /** Uncompressed size in bytes. */
        public readonly int $size,
        public readonly int $compressedSize,
        private readonly int $method,
        private readonly int $crc32,
        private readonly Spool $spool,
        private readonly int $localHeaderOffset,
    ) {
    }

    /** @return \Generator<int, string> the entry's bytes, a piece at a time */
    public function chunks(): \Generator
    {
        $handle = $this->spool->handle();
        fseek($handle, $this->localHeaderOffset);
        $local = fread($handle, 30);
        if (strlen($local) !== 30 || substr($local, 0, 4) !== "PK\x03\x04") {
            throw new ZipFormatException("{$this->name}: no local header where the directory says");
        }
        $lengths = unpack('vname/vextra', substr($local, 26, 4));
        $position = $this->localHeaderOffset + 30 + $lengths['name'] + $lengths['extra'];
        $inflate = match ($this->method) {
            0 => null,
            8 => inflate_init(ZLIB_ENCODING_RAW),
            default => throw new ZipFormatException("{$this->name}: compression method {$this->method} is not supported (stored and deflate are)"),
        };
        $crc = hash_init('crc32b');
        $produced = 0;
        $left = $this->compressedSize;
        while ($left > 0) {
            // Other readers of the same spool may have moved its position between two chunks.
            fseek($handle, $position);
            $raw = fread($handle, min(self::CHUNK, $left));
            if ($raw === false || $raw === '') {
                throw new ZipFormatException("{$this->name}: the archive ends inside the entry");
            }
            $position += strlen($raw);
            $left -= strlen($raw);
            $data = $inflate === null ? $raw : inflate_add($inflate, $raw, $left > 0 ? ZLIB_SYNC_FLUSH : ZLIB_FINISH);
            if ($data === false) {
                throw new ZipFormatException("{$this->name}: corrupt deflate data");
            }
            if ($data !== '') {
                $produced += strlen($data);
                if ($produced > $this->size) {
                    throw new ZipFormatException("{$this->name}: more data than its declared size");
                }
                hash_update($crc, $data);
                yield $data;
            }
        }
        if ($produced !== $this->size || hexdec(hash_final($crc)) !== $this->crc32) {
            throw new ZipFormatException("{$this->name}: size or CRC-32 does not match the directory");
        }
    }

    /** The whole entry in memory. */
    public function read(): string
    {
        return implode('', iterator_to_array($this->chunks(), false));
    }

    /** Writes the entry to $path, a piece at a time. */
    public function save(string $path): void
    {
        $target = fopen($path, 'wb');
        if ($target === false) {
            throw new \RuntimeException("Cannot write {$path}.");
        }
        try {
            foreach ($this->chunks() as $chunk) {
                fwrite($target, $chunk);
            }
        } finally {
            fclose($target);
        }
    }

    /** @return resource the entry as a read-only stream */
    public function stream()
    {
        return ChunkStream::open($this->chunks());
    }
}
