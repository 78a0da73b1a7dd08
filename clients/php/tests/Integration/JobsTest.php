<?php

declare(strict_types=1);

namespace PdfService\Tests\Integration;

use PdfService\Exception\JobNotFinishedException;
use PdfService\JobStatus;
use PdfService\Tests\Support\IntegrationTestCase;
use PdfService\Tests\Support\Tools;
use PdfService\Tests\Support\WebhookReceiver;
use PdfService\Webhook;
use PdfService\WebhookVerificationException;

/** Jobs: submit, wait woken by the webhook, result, cancel, runJob; the webhook the server sent verified by Webhook::verify. */
final class JobsTest extends IntegrationTestCase
{
    public function testAJobWithAWebhookVerifiedByTheHelper(): void
    {
        $jobs = self::client('jobs');
        $secret = self::config()['webhook_secret'];
        $receiver = new WebhookReceiver();
        $job = $jobs->submit('split', ['file' => self::corpus('tracemonkey.pdf')], ['mode' => 'extract', 'pages' => '2-3'], callbackUrl: $receiver->url());
        $this->assertContains($job->status, [JobStatus::Queued, JobStatus::Running]);

        $done = $jobs->wait($job, timeout: 120, notified: fn () => $receiver->poll());
        $this->assertSame(JobStatus::Succeeded, $done->status);
        $out = self::directory('jobs') . '/job.pdf';
        $jobs->result($done)->save($out);
        $this->assertSame(2, Tools::pageCount($out));

        for ($deadline = microtime(true) + 60; $receiver->received === [] && microtime(true) < $deadline;) {
            $receiver->poll(0.2);
        }
        $this->assertNotEmpty($receiver->received, 'no webhook arrived');
        [$headers, $body] = $receiver->received[0];
        $event = Webhook::verify($headers, $body, $secret);
        $this->assertSame(['job.succeeded', $job->id], [$event['type'], $event['data']['id']]);
        foreach ([[$body . ' ', null], [$body, (int) $headers['webhook-timestamp'] + 3600]] as [$tampered, $now]) {
            try {
                Webhook::verify($headers, $tampered, $secret, now: $now);
                $this->fail('a tampered or replayed webhook passed');
            } catch (WebhookVerificationException) {
            }
        }

        $this->assertStringStartsWith('%PDF-', $jobs->runJob('unlock', ['file' => self::corpus('trivial.pdf')])->bytes());

        $slow = $jobs->submit('ocr', ['file' => self::corpus('multipage.pdf')], ['mode' => 'force']);
        try {
            $jobs->result($slow->id);
            $this->fail('the result of an unfinished job');
        } catch (JobNotFinishedException $error) {
            $this->assertSame(409, $error->status);
        }
        $this->assertSame(JobStatus::Canceled, $jobs->cancel($slow)?->status);
    }
}
