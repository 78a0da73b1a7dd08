<?php

declare(strict_types=1);

namespace PdfService\Tests\Integration;

use PdfService\CallOptions;
use PdfService\PdfClient;
use PdfService\Option\SplitMode;
use PdfService\Tests\Support\Examples;
use PdfService\Tests\Support\IntegrationTestCase;
use PdfService\Tests\Support\Tools;
use PdfService\Upload;

/** Every operation once through its generated method, and files in and out in every form, against the real server and tools. */
final class OperationsTest extends IntegrationTestCase
{
    public function testEveryOperationOnceThroughItsTypedMethod(): void
    {
        $dir = self::directory('operations');
        $examples = Examples::all(self::config()['corpus'], $dir);
        $missing = array_diff(array_keys(PdfClient::OPERATIONS), array_keys($examples));
        $this->assertSame([], array_values($missing), 'operations without a PHP client example');
        $client = self::client();
        foreach (PdfClient::OPERATIONS as $name => $_) {
            $example = $examples[$name];
            $method = lcfirst(str_replace(' ', '', ucwords(str_replace('-', ' ', $name))));
            $result = $client->{$method}($example['input'], ...$example['options']);
            $this->assertNotNull($result->requestId(), $name);
            $out = "{$dir}/{$name}.out";
            $result->save($out);
            $this->assertTrue(($example['check'])($out, $result->contentType()), "{$name}: the output failed its check");
        }
    }

    public function testFilesInAsPathBytesStreamSplFileInfoAndPipe(): void
    {
        $trivial = self::corpus('trivial.pdf');
        $pipe = proc_open(['cat', $trivial], [1 => ['pipe', 'w']], $pipes);
        $handle = fopen($trivial, 'rb');
        $merged = self::client()->merge(
            [$trivial, Upload::fromBytes((string) file_get_contents($trivial), 'bytes.pdf'), $handle, new \SplFileInfo($trivial), Upload::fromStream($pipes[1], 'piped.pdf')],
            bookmarks: true,
            call: new CallOptions(requestId: 'php-client-merge-1'),
        );
        $this->assertSame('trivial-merged.pdf', $merged->filename());
        $this->assertSame('php-client-merge-1', $merged->requestId());
        $this->assertSame(10000, $merged->rateLimit()?->limit);
        $out = self::directory('files') . '/merged.pdf';
        file_put_contents($out, $merged->bytes());
        $this->assertSame(5, Tools::pageCount($out));
        fclose($handle);
        fclose($pipes[1]);
        proc_close($pipe);
    }

    public function testResultsAsBytesChunksStreamWriteToAndZipEntries(): void
    {
        $client = self::client();
        $dir = self::directory('results');
        $split = $client->split(fopen(self::corpus('tracemonkey.pdf'), 'rb'), mode: SplitMode::Every, pagesPerFile: 5);
        $this->assertSame('application/zip', $split->contentType());
        $names = [];
        foreach ($split->entries() as $entry) {
            $entry->save("{$dir}/{$entry->name}");
            $names[] = "{$entry->name}:" . Tools::pageCount("{$dir}/{$entry->name}");
        }
        $this->assertSame(['tracemonkey-1.pdf:5', 'tracemonkey-2.pdf:5', 'tracemonkey-3.pdf:4'], $names);

        $text = $client->extractText(self::corpus('tracemonkey.pdf'), pages: '1', format: 'json')->json();
        $this->assertStringContainsString('Trace-based Just-in-Time', $text['pages'][0]['text']);

        $stream = $client->unlock(self::corpus('trivial.pdf'))->stream();
        $this->assertIsResource($stream);
        $this->assertSame(filesize(self::corpus('trivial.pdf')), strlen((string) stream_get_contents($stream)));

        $chunks = implode('', iterator_to_array($client->unlock(self::corpus('trivial.pdf'))->chunks(), false));
        $this->assertStringStartsWith('%PDF-', $chunks);

        $memory = fopen('php://memory', 'w+b');
        $result = $client->unlock(self::corpus('trivial.pdf'));
        $this->assertSame(strlen($chunks), $result->writeTo($memory));
        $this->expectException(\LogicException::class);
        $result->bytes(); // read once
    }

    public function testAChunkedUploadOfUnknownLength(): void
    {
        $pipe = proc_open(['cat', self::corpus('tracemonkey.pdf')], [1 => ['pipe', 'w']], $pipes);
        $out = self::directory('chunked') . '/organized.pdf';
        self::client()->organize(Upload::fromStream($pipes[1], 'tracemonkey.pdf'), order: '2,1')->save($out);
        $this->assertSame(2, Tools::pageCount($out));
        fclose($pipes[1]);
        proc_close($pipe);
    }
}
