<?php

declare(strict_types=1);

namespace PdfService\Tests\Unit;

use PdfService\Internal\MultipartBody;
use PdfService\Upload;
use PHPUnit\Framework\TestCase;

/** The multipart body as curl reads it: exact length, parts from a path, bytes and streams, retries. */
final class MultipartBodyTest extends TestCase
{
    private static function drain(MultipartBody $body, int $max = 7): string
    {
        $out = '';
        while (($piece = $body->read($max)) !== '') {
            self::assertLessThanOrEqual($max, strlen($piece));
            $out .= $piece;
        }
        return $out;
    }

    public function testPartsFromAPathBytesAndAStreamWithTheirExactLength(): void
    {
        $file = tempnam(sys_get_temp_dir(), 'mp');
        file_put_contents($file, 'FROM-DISK');
        $stream = fopen('php://temp', 'w+b');
        fwrite($stream, 'xxSTREAMED');
        fseek($stream, 2); // read from the current position
        $files = [['files', Upload::fromPath($file, 'a "quoted".pdf')], ['files', Upload::fromBytes('IN-MEMORY', 'b.pdf')], ['files', Upload::fromStream($stream, 'c.pdf')]];
        $body = MultipartBody::open($files, [['bookmarks', 'true']], 1);
        $text = self::drain($body);
        $this->assertSame(strlen($text), $body->length);
        $b = $body->boundary;
        $this->assertSame(
            "--{$b}\r\nContent-Disposition: form-data; name=\"bookmarks\"\r\n\r\ntrue\r\n"
            . "--{$b}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a %22quoted%22.pdf\"\r\nContent-Type: application/octet-stream\r\n\r\nFROM-DISK\r\n"
            . "--{$b}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"b.pdf\"\r\nContent-Type: application/octet-stream\r\n\r\nIN-MEMORY\r\n"
            . "--{$b}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"c.pdf\"\r\nContent-Type: application/octet-stream\r\n\r\nSTREAMED\r\n"
            . "--{$b}--\r\n",
            $text,
        );
        $body->close();
        // A retry sends the same body again: the file reopened, the stream sought back.
        $again = MultipartBody::open($files, [['bookmarks', 'true']], 2);
        $this->assertSame($text, str_replace($again->boundary, $b, self::drain($again, 65536)));
        unlink($file);
    }

    public function testAPipeHasNoKnownLengthAndCannotBeSentTwice(): void
    {
        $process = proc_open(['printf', 'piped'], [1 => ['pipe', 'w']], $pipes);
        $upload = Upload::fromStream($pipes[1], 'p.pdf');
        $body = MultipartBody::open([['file', $upload]], [], 1);
        $this->assertNull($body->length);
        $this->assertStringContainsString("\r\n\r\npiped\r\n", self::drain($body));
        $this->assertNull(MultipartBody::open([['file', $upload]], [], 2));
        fclose($pipes[1]);
        proc_close($process);
    }

    public function testWhatCannotBeUploadedIsRefused(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        Upload::of(42);
    }
}
