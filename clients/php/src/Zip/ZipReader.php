<?php

declare(strict_types=1);

namespace PdfService\Zip;

/**
 * Walks a ZIP archive entry by entry without the zip extension (Debian's php-cli has none):
 * the answer is spooled to a temporary file (the service writes sizes in data descriptors, so
 * only the central directory at the end says where each entry is), then the directory is read
 * and each entry inflated with zlib as it is read. Stored and deflated entries; no ZIP64 (the
 * service refuses archives that would need it).
 */
final class ZipReader
{
    /**
     * @param iterable<string> $chunks the archive's bytes
     * @return \Generator<int, ZipEntry>
     */
    public static function entries(iterable $chunks): \Generator
    {
        $spool = new Spool($chunks);
        $handle = $spool->handle();
        [$count, $offset] = self::endOfDirectory($handle);
        fseek($handle, $offset);
        for ($i = 0; $i < $count; $i++) {
            $fixed = fread($handle, 46);
            if (strlen($fixed) !== 46 || substr($fixed, 0, 4) !== "PK\x01\x02") {
                throw new ZipFormatException('damaged central directory');
            }
            $f = unpack('vflags/vmethod/x4/Vcrc/Vcompressed/Vsize/vname/vextra/vcomment/x8/Voffset', substr($fixed, 8));
            $name = $f['name'] > 0 ? fread($handle, $f['name']) : '';
            $skip = $f['extra'] + $f['comment'];
            if ($skip > 0) {
                fseek($handle, $skip, SEEK_CUR);
            }
            if ($f['compressed'] === 0xFFFFFFFF || $f['size'] === 0xFFFFFFFF || $f['offset'] === 0xFFFFFFFF) {
                throw new ZipFormatException('ZIP64 archives are not supported');
            }
            if (str_ends_with($name, '/')) {
                continue; // a directory
            }
            $next = ftell($handle);
            yield new ZipEntry($name, $f['size'], $f['compressed'], $f['method'], $f['crc'], $spool, $f['offset']);
            // The caller may have read the entry meanwhile: come back to the directory.
            fseek($handle, $next);
        }
    }

    /**
     * @param resource $handle
     * @return array{0: int, 1: int} entry count and the directory's offset
     */
    private static function endOfDirectory($handle): array
    {
        fseek($handle, 0, SEEK_END);
        $size = ftell($handle);
        // The end record is 22 bytes plus a comment of at most 65,535.
        $tail = min($size, 22 + 65535);
        fseek($handle, $size - $tail);
        $data = (string) fread($handle, $tail);
        $at = strrpos($data, "PK\x05\x06");
        if ($at === false || strlen($data) - $at < 22) {
            throw new ZipFormatException('not a ZIP archive (no end of central directory)');
        }
        $end = unpack('vcount/Vsize/Voffset', substr($data, $at + 10, 10));
        if ($end['count'] === 0xFFFF || $end['offset'] === 0xFFFFFFFF) {
            throw new ZipFormatException('ZIP64 archives are not supported');
        }
        return [$end['count'], $end['offset']];
    }
}
