<?php

declare(strict_types=1);

namespace PdfService\Tests\Integration;

use PdfService\ApiException;
use PdfService\Exception;
use PdfService\PdfClient;
use PdfService\Tests\Support\IntegrationTestCase;

/** An error of each class the real server gives, and a free key spending its daily allowance. */
final class ErrorsTest extends IntegrationTestCase
{
    public function testAnErrorOfEachClass(): void
    {
        $client = self::client();
        $encrypted = self::corpus('encrypted-aes256-user-view-owner-master.pdf');
        $cases = [
            [fn () => $client->split(self::corpus('trivial.pdf'), mode: 'every', pagesPerFile: 0), Exception\InvalidRequestException::class, 'invalid_request', 400],
            [fn () => $client->unlock(self::corpus('invalid.pdf')), Exception\InvalidPdfException::class, 'invalid_pdf', 422],
            [fn () => $client->unlock($encrypted), Exception\PasswordRequiredException::class, 'password_required', 422],
            [fn () => $client->unlock($encrypted, password: 'wrong'), Exception\IncorrectPasswordException::class, 'incorrect_password', 422],
            [fn () => $client->unlock(self::corpus('typewriter.png')), Exception\UnsupportedMediaTypeException::class, 'unsupported_media_type', 415],
            [fn () => $client->merge(array_fill(0, 51, self::corpus('trivial.pdf'))), Exception\PayloadTooLargeException::class, 'too_many_files', 413],
            [fn () => (new PdfClient(self::config()['url'], 'pdf_live_nope'))->account(), Exception\AuthenticationException::class, 'invalid_api_key', 401],
            [fn () => $client->job('no-such-job'), Exception\NotFoundException::class, 'not_found', 404],
        ];
        foreach ($cases as [$call, $class, $code, $status]) {
            try {
                $call();
                $this->fail("{$code}: no exception");
            } catch (ApiException $error) {
                $this->assertInstanceOf($class, $error, $code);
                $this->assertSame([$status, $code, $code, $code], [$error->status, $error->errorCode, $error->getCode(), $error->problem['code']]);
                $this->assertNotSame('', $error->detail);
                $this->assertNotNull($error->requestId);
            }
        }
    }

    public function testAFreeKeyRunsOutOfItsAllowance(): void
    {
        $free = self::client('free');
        $first = $free->unlock(self::corpus('trivial.pdf'));
        $this->assertSame([100, 99], [$first->rateLimit()?->limit, $first->rateLimit()?->remaining]);
        $first->close();
        for ($i = 0; $i < 99; $i++) { // refused before any tool runs, still charged
            try {
                $free->split(self::corpus('trivial.pdf'), mode: 'every', pagesPerFile: 0);
                $this->fail('no invalid_request');
            } catch (Exception\InvalidRequestException) {
            }
        }
        try {
            $free->unlock(self::corpus('trivial.pdf'));
            $this->fail('no quota_exceeded');
        } catch (Exception\QuotaExceededException $error) {
            $this->assertSame(429, $error->status);
            $this->assertGreaterThan(0, $error->retryAfter);
        }
        $this->assertSame(0, $free->lastRateLimit()?->remaining);
        $account = $free->account();
        $this->assertSame(['free', 100, 0], [$account->plan, $account->usedToday, $account->remaining]);
    }
}
