<?php

declare(strict_types=1);

namespace PdfService;

/** Standard Webhooks verification of the messages the service sends when a job ends (https://www.standardwebhooks.com/). */
final class Webhook
{
    /**
     * Verifies a webhook and returns its event (`type`, `timestamp`, `data` = the job).
     *
     * HMAC-SHA256 over "id.timestamp.body" keyed with the secret's bytes (whsec_ + base64); any of
     * the space-separated v1 signatures may match, compared in constant time (hash_equals);
     * timestamps more than $tolerance seconds from now are refused (replays).
     *
     * @param array<string, string|list<string>> $headers the request's headers, any case (getallheaders(), a PSR-7 getHeaders(), or $_SERVER's HTTP_WEBHOOK_*)
     * @param string $body the raw request body exactly as received (file_get_contents('php://input'))
     * @return array<string, mixed>
     * @throws WebhookVerificationException
     */
    public static function verify(array $headers, string $body, #[\SensitiveParameter] string $secret, int $tolerance = 300, ?int $now = null): array
    {
        $id = self::header($headers, 'webhook-id');
        $timestamp = self::header($headers, 'webhook-timestamp');
        $signatures = self::header($headers, 'webhook-signature');
        if ($id === null || $timestamp === null || $signatures === null || $id === '' || $signatures === '') {
            throw new WebhookVerificationException('missing webhook-id, webhook-timestamp or webhook-signature');
        }
        if (!ctype_digit($timestamp)) {
            throw new WebhookVerificationException('webhook-timestamp is not a number');
        }
        if (abs(($now ?? time()) - (int) $timestamp) > $tolerance) {
            throw new WebhookVerificationException('webhook-timestamp outside the tolerance');
        }
        $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
        if ($key === false || $key === '') {
            throw new WebhookVerificationException('the secret is not whsec_<base64>');
        }
        $expected = hash_hmac('sha256', "{$id}.{$timestamp}.{$body}", $key, true);
        foreach (explode(' ', $signatures) as $candidate) {
            [$version, $value] = array_pad(explode(',', $candidate, 2), 2, '');
            if ($version !== 'v1' || $value === '') {
                continue;
            }
            $signature = base64_decode($value, true);
            if ($signature !== false && hash_equals($expected, $signature)) {
                $event = json_decode($body, true);
                if (!is_array($event)) {
                    throw new WebhookVerificationException('the body is not a JSON object');
                }
                return $event;
            }
        }
        throw new WebhookVerificationException('no signature matches');
    }

    /** @param array<string, string|list<string>> $headers */
    private static function header(array $headers, string $name): ?string
    {
        $server = 'HTTP_' . strtoupper(str_replace('-', '_', $name));
        foreach ($headers as $key => $value) {
            $key = (string) $key;
            if (strcasecmp($key, $name) === 0 || $key === $server) {
                return is_array($value) ? (string) ($value[0] ?? '') : (string) $value;
            }
        }
        return null;
    }
}
