<?php

declare(strict_types=1);

namespace PdfService\Tests\Integration;

use PdfService\ApiException;
use PdfService\CallOptions;
use PdfService\JobStatus;
use PdfService\RemoteFile;
use PdfService\Tests\Support\IntegrationTestCase;
use PdfService\Tests\Support\Tools;

/**
 * Pipelines with extra parts (CallOptions parts), remote inputs (RemoteFile: "<part>_url"), a
 * job's result PUT to resultUrl and an idempotent submission sent twice, against the server and
 * the loopback file server started by test/clients/php-client.test.ts ("remote_origin").
 *
 * @group remote
 */
final class RemoteTest extends IntegrationTestCase
{
    private const LOGO_STEP = [['operation' => 'watermark', 'options' => ['image' => '@logo', 'opacity' => 1]]];

    private static function imagesIn(string $path): int
    {
        [$code, $out] = Tools::run(['pdfimages', '-list', $path]);
        self::assertSame(0, $code);
        return count(explode("\n", trim($out))) - 2;
    }

    public function testAPipelineStepNamesAnExtraPart(): void
    {
        $out = self::directory('remote') . '/logo.pdf';
        self::client()->pipeline(self::corpus('trivial.pdf'), self::LOGO_STEP, new CallOptions(parts: ['logo' => self::config()['logo']]))->save($out);
        $this->assertGreaterThan(0, self::imagesIn($out));
    }

    public function testInputsAndAPipelinePartFromUrls(): void
    {
        $client = self::client();
        $origin = self::config()['remote_origin'];
        $remote = new RemoteFile("{$origin}/multipage.pdf");
        $dir = self::directory('remote');
        $client->compress($remote)->save("{$dir}/compressed.pdf");
        $this->assertSame(6, Tools::pageCount("{$dir}/compressed.pdf"));
        $client->merge([self::corpus('trivial.pdf'), $remote])->save("{$dir}/merged.pdf");
        $this->assertSame(7, Tools::pageCount("{$dir}/merged.pdf"));
        $client->pipeline($remote, self::LOGO_STEP, new CallOptions(parts: ['logo' => new RemoteFile("{$origin}/logo.png")]))->save("{$dir}/marked.pdf");
        $this->assertGreaterThan(0, self::imagesIn("{$dir}/marked.pdf"));
    }

    public function testAnIdempotentJobSubmittedTwiceIsOneJobDeliveredToResultUrl(): void
    {
        $client = self::client();
        $put = self::config()['remote_origin'] . '/put/php.pdf';
        $call = new CallOptions(resultUrl: $put, idempotencyKey: 'php-' . bin2hex(random_bytes(8)));
        $first = $client->submit('rotate', ['file' => self::corpus('multipage.pdf')], ['angle' => 90], call: $call);
        $second = $client->submit('rotate', ['file' => self::corpus('multipage.pdf')], ['angle' => 90], call: $call);
        $this->assertSame($first->id, $second->id);
        $done = $client->wait($first, timeout: 60);
        $this->assertSame(JobStatus::Succeeded, $done->status);
        $this->assertNull($done->result['url']);
        $this->assertSame($put, $done->result['delivered_to']);
        try {
            $client->submit('rotate', ['file' => self::corpus('trivial.pdf')], ['angle' => 90], call: $call);
            $this->fail('another request under the same key was accepted');
        } catch (ApiException $e) {
            $this->assertSame('idempotency_key_reused', $e->getCode());
        }
    }
}
