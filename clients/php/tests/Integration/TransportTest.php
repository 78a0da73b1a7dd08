<?php

declare(strict_types=1);

namespace PdfService\Tests\Integration;

use PdfService\CallOptions;
use PdfService\Exception\ConcurrencyLimitException;
use PdfService\Exception\NetworkException;
use PdfService\Exception\ServerBusyException;
use PdfService\PdfClient;
use PdfService\Tests\Support\BigPdf;
use PdfService\Tests\Support\IntegrationTestCase;
use PdfService\Upload;

/**
 * Retries, timeouts and network errors against the harness's stub server (which answers 503
 * server_busy / 429 concurrency_limit once per key and path, or never), and the 90 MiB round
 * trip against the real server with the client's memory measured in its own process.
 */
final class TransportTest extends IntegrationTestCase
{
    private static function stub(string $key, float $timeout = 30.0, int $retries = 3): PdfClient
    {
        return new PdfClient(self::config()['stub_url'], $key, timeout: $timeout, retries: $retries, backoff: 0.05);
    }

    public function testAnUploadAskedToRetryHonoursRetryAfterAndSendsTheWholeBodyAgain(): void
    {
        $started = microtime(true);
        $answer = self::stub('retry-upload')->unlock(self::corpus('tracemonkey.pdf'), call: new CallOptions(retry: true))->json();
        $this->assertGreaterThanOrEqual(1.0, microtime(true) - $started, 'Retry-After: 1 was not honoured');
        $this->assertSame(2, $answer['attempt']);
        $this->assertSame((string) $answer['received'], $answer['content_length']);
        $this->assertGreaterThan(filesize(self::corpus('tracemonkey.pdf')), $answer['received']);
    }

    public function testAnUploadIsNotRetriedUnlessAsked(): void
    {
        try {
            self::stub('no-retry')->unlock(self::corpus('trivial.pdf'));
            $this->fail('no server_busy');
        } catch (ServerBusyException $error) {
            $this->assertSame([503, 1.0, 1], [$error->status, $error->retryAfter, $error->problem['attempt']]);
        }
    }

    public function testRetriesStopAfterTheClientsCount(): void
    {
        try {
            self::stub('always-busy', retries: 2)->compress(self::corpus('trivial.pdf'), call: new CallOptions(retry: true));
            $this->fail('no server_busy');
        } catch (ServerBusyException $error) {
            $this->assertSame(3, $error->problem['attempt']);
        }
    }

    public function testAStreamThatCannotBeRewoundIsNotSentTwice(): void
    {
        $pipe = proc_open(['cat', self::corpus('trivial.pdf')], [1 => ['pipe', 'w']], $pipes);
        try {
            self::stub('pipe-retry')->unlock(Upload::fromStream($pipes[1], 'piped.pdf'), call: new CallOptions(retry: true));
            $this->fail('no server_busy');
        } catch (ServerBusyException $error) {
            $this->assertSame(1, $error->problem['attempt']);
        } finally {
            fclose($pipes[1]);
            proc_close($pipe);
        }
    }

    public function testGetStepsRetryConcurrencyLimitByThemselves(): void
    {
        $client = self::stub('account-retry');
        $this->assertSame('stub', $client->account()->account);
        $this->assertSame('stub-account-2', $client->lastRequestId());
    }

    public function testTheClientsTimeoutAndNoAnswerAtAll(): void
    {
        $started = microtime(true);
        try {
            self::stub('hang', timeout: 0.5, retries: 0)->job('hang');
            $this->fail('no timeout');
        } catch (NetworkException $error) {
            $this->assertSame([0, 'network_error'], [$error->status, $error->errorCode]);
            $this->assertLessThan(5.0, microtime(true) - $started);
        }
        try {
            (new PdfClient('http://127.0.0.1:9', 'x', retries: 1, backoff: 0.01))->account();
            $this->fail('no network error');
        } catch (NetworkException $error) {
            $this->assertSame([0, 'network_error'], [$error->status, $error->getCode()]);
        }
        $this->assertFalse(is_subclass_of(ConcurrencyLimitException::class, NetworkException::class));
    }

    public function testA90MiBRoundTripKeepsTheClientFlat(): void
    {
        $dir = self::directory('big');
        $big = "{$dir}/big.pdf";
        BigPdf::write($big);
        $out = "{$dir}/big-out.pdf";
        $script = dirname(__DIR__) . '/Support/roundtrip.php';
        $process = proc_open([PHP_BINARY, $script, self::config()['url'], self::config()['keys']['enterprise'], $big, $out], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        $stdout = stream_get_contents($pipes[1]);
        $stderr = stream_get_contents($pipes[2]);
        fclose($pipes[1]);
        fclose($pipes[2]);
        $this->assertSame(0, proc_close($process), $stderr);
        $figures = json_decode(trim((string) $stdout), true, 512, JSON_THROW_ON_ERROR);
        echo sprintf("\n90 MiB round trip (PHP client): RSS growth %.1f MiB, PHP heap growth %.1f MiB\n", $figures['growth_mib'], $figures['heap_growth_mib']);
        $this->assertSame(filesize($big), $figures['bytes']);
        $this->assertSame(hash_file('sha256', $big), hash_file('sha256', $out));
        $this->assertLessThan(32, $figures['growth_mib']);
        unlink($big);
        unlink($out);
    }
}
