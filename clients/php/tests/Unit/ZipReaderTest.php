<?php

declare(strict_types=1);

namespace PdfService\Tests\Unit;

use PdfService\Zip\ZipFormatException;
use PdfService\Zip\ZipReader;
use PHPUnit\Framework\TestCase;

/** The ZIP reader on archives written here as the service writes them: data descriptors, stored and deflated entries. */
final class ZipReaderTest extends TestCase
{
    /** @param array<string, array{0: string, 1: bool}> $entries name => [content, deflate] */
    private static function zip(array $entries, bool $corruptCrc = false): string
    {
        $out = '';
        $directory = '';
        foreach ($entries as $name => [$content, $deflate]) {
            $data = $deflate ? gzdeflate($content) : $content;
            $crc = crc32($content) ^ ($corruptCrc ? 1 : 0);
            $offset = strlen($out);
            $method = $deflate ? 8 : 0;
            // bit 3: sizes and CRC in a data descriptor after the data (zeros in the local header).
            $out .= pack('VvvvvvVVVvv', 0x04034b50, 20, 0x0808, $method, 0, 0x21, 0, 0, 0, strlen($name), 0) . $name . $data;
            $out .= pack('VVVV', 0x08074b50, $crc, strlen($data), strlen($content));
            $directory .= pack('VvvvvvvVVVvvvvvVV', 0x02014b50, 20, 20, 0x0808, $method, 0, 0x21, $crc, strlen($data), strlen($content), strlen($name), 0, 0, 0, 0, 0, $offset) . $name;
        }
        return $out . $directory . pack('VvvvvVVv', 0x06054b50, 0, 0, count($entries), count($entries), strlen($directory), strlen($out), 0);
    }

    public function testEntriesOneByOneStoredAndDeflated(): void
    {
        $big = str_repeat("line of text\n", 20000);
        $archive = self::zip(['a-1.pdf' => ['%PDF-1 stored', false], 'dir/' => ['', false], 'a-2.txt' => [$big, true], 'empty.txt' => ['', true]]);
        $seen = [];
        foreach (ZipReader::entries(str_split($archive, 1000)) as $entry) {
            $seen[$entry->name] = $entry->read();
            $this->assertSame(strlen($seen[$entry->name]), $entry->size);
        }
        $this->assertSame(['a-1.pdf' => '%PDF-1 stored', 'a-2.txt' => $big, 'empty.txt' => ''], $seen);
    }

    public function testEntriesCanBeSavedOrStreamedAfterTheWalk(): void
    {
        $entries = iterator_to_array(ZipReader::entries([self::zip(['x.txt' => ['hello', true], 'y.pdf' => ['world', false]])]), false);
        $path = tempnam(sys_get_temp_dir(), 'zip');
        $entries[1]->save($path);
        $this->assertSame('world', file_get_contents($path));
        unlink($path);
        $this->assertSame('hello', stream_get_contents($entries[0]->stream()));
    }

    public function testADamagedEntryOrArchiveIsRefused(): void
    {
        foreach (ZipReader::entries([self::zip(['x.txt' => ['hello', true]], corruptCrc: true)]) as $entry) {
            try {
                $entry->read();
                $this->fail('a wrong CRC-32 passed');
            } catch (ZipFormatException $error) {
                $this->assertStringContainsString('CRC-32', $error->getMessage());
            }
        }
        $this->expectException(ZipFormatException::class);
        iterator_to_array(ZipReader::entries(['not a zip at all']));
    }
}
