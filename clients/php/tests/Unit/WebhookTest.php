<?php

declare(strict_types=1);

namespace PdfService\Tests\Unit;

use PdfService\Webhook;
use PdfService\WebhookVerificationException;
use PHPUnit\Framework\TestCase;

/** Standard Webhooks verification against messages signed here (the integration suite checks ones the server sent). */
final class WebhookTest extends TestCase
{
    private const KEY = '0123456789abcdef0123456789abcdef';
    private const BODY = '{"type":"job.succeeded","data":{"id":"j1"}}';

    private static function secret(): string
    {
        return 'whsec_' . base64_encode(self::KEY);
    }

    /** @return array<string, string> */
    private static function signed(string $body = self::BODY, ?int $ts = null, string $id = 'msg_1', string $key = self::KEY): array
    {
        $ts ??= time();
        $signature = base64_encode(hash_hmac('sha256', "{$id}.{$ts}.{$body}", $key, true));
        return ['Webhook-Id' => $id, 'Webhook-Timestamp' => (string) $ts, 'Webhook-Signature' => "v1,{$signature}"];
    }

    public function testAValidSignatureGivesTheEvent(): void
    {
        $this->assertSame(['type' => 'job.succeeded', 'data' => ['id' => 'j1']], Webhook::verify(self::signed(), self::BODY, self::secret()));
    }

    public function testHeadersInAnyCaseAsListsOrAsServerVariables(): void
    {
        $headers = self::signed();
        $lower = array_change_key_case(array_map(static fn ($v) => [$v], $headers));
        $this->assertSame('j1', Webhook::verify($lower, self::BODY, self::secret())['data']['id']);
        $server = [];
        foreach ($headers as $name => $value) {
            $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
        }
        $this->assertSame('j1', Webhook::verify($server, self::BODY, self::secret())['data']['id']);
    }

    public function testAnyOfSeveralSignaturesMayMatch(): void
    {
        $headers = self::signed();
        $wrong = base64_encode(str_repeat('x', 32));
        $headers['Webhook-Signature'] = "v1,{$wrong} v2,abc {$headers['Webhook-Signature']}";
        $this->assertSame('job.succeeded', Webhook::verify($headers, self::BODY, self::secret())['type']);
        $headers['Webhook-Signature'] = "v1,{$wrong} v1,not-base64!";
        $this->expectException(WebhookVerificationException::class);
        Webhook::verify($headers, self::BODY, self::secret());
    }

    /** @return iterable<string, array{0: array<string, string>, 1: string}> */
    public static function refused(): iterable
    {
        yield 'altered body' => [self::signed(), self::BODY . ' '];
        yield 'another key' => [self::signed(key: 'another key'), self::BODY];
        $headers = self::signed();
        unset($headers['Webhook-Id']);
        yield 'no webhook-id' => [$headers, self::BODY];
        yield 'too old' => [self::signed(ts: time() - 301), self::BODY];
        yield 'from the future' => [self::signed(ts: time() + 1000), self::BODY];
        yield 'timestamp not a number' => [['Webhook-Timestamp' => 'soon'] + self::signed(), self::BODY];
    }

    /** @dataProvider refused */
    public function testRefused(array $headers, string $body): void
    {
        $this->expectException(WebhookVerificationException::class);
        Webhook::verify($headers, $body, self::secret());
    }

    public function testTheToleranceAndTheClockCanBeChosen(): void
    {
        $old = time() - 301;
        $this->assertSame('j1', Webhook::verify(self::signed(ts: $old), self::BODY, self::secret(), tolerance: 400)['data']['id']);
        $this->assertSame('j1', Webhook::verify(self::signed(ts: 1000), self::BODY, self::secret(), now: 1100)['data']['id']);
    }
}
