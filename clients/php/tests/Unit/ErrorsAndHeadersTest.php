<?php

declare(strict_types=1);

namespace PdfService\Tests\Unit;

use PdfService\ApiException;
use PdfService\Exception;
use PdfService\Internal\Headers;
use PdfService\Option\SplitMode;
use PdfService\PdfClient;
use PdfService\RateLimit;
use PHPUnit\Framework\TestCase;

/** Problem → exception mapping, the answer's headers (RateLimit, Retry-After, Content-Disposition), form field encoding. */
final class ErrorsAndHeadersTest extends TestCase
{
    public function testEachCommonCodeHasItsClassAndTheProblemTravelsWhole(): void
    {
        $problem = ['type' => 'https://pdf-service.dev/problems/quota_exceeded', 'title' => 'Quota exceeded', 'status' => 429, 'detail' => 'spent', 'code' => 'quota_exceeded', 'request_id' => 'r1', 'limit' => 100];
        $error = ApiException::fromProblem($problem, null, 42.0);
        $this->assertInstanceOf(Exception\QuotaExceededException::class, $error);
        $this->assertSame([429, 'quota_exceeded', 'quota_exceeded', 'spent', 'r1', 42.0, 100], [$error->status, $error->errorCode, $error->getCode(), $error->detail, $error->requestId, $error->retryAfter, $error->problem['limit']]);
        foreach (ApiException::CLASSES as $code => $class) {
            $mapped = ApiException::fromProblem(['status' => 400, 'code' => $code, 'detail' => 'd']);
            $this->assertSame($class, $mapped::class, $code);
            $this->assertInstanceOf(ApiException::class, $mapped);
        }
        $unknown = ApiException::fromProblem(['status' => 418, 'code' => 'teapot', 'detail' => 'short and stout']);
        $this->assertSame(ApiException::class, $unknown::class);
        $this->assertSame('418 teapot: short and stout', $unknown->getMessage());
    }

    public function testRateLimitFields(): void
    {
        $limit = RateLimit::fromHeaders(['ratelimit-policy' => ['"daily";q=100;w=86400'], 'ratelimit' => ['"daily";r=42;t=3600']]);
        $this->assertEquals(new RateLimit(100, 42, 3600), $limit);
        $this->assertNull(RateLimit::fromHeaders(['ratelimit' => ['r=1;t=2']]));
        $this->assertNull(RateLimit::fromHeaders([]));
    }

    public function testRetryAfterAsSecondsOrAnHttpDate(): void
    {
        $this->assertSame(7.0, Headers::retryAfter(['retry-after' => ['7']]));
        $inAMinute = gmdate('D, d M Y H:i:s \G\M\T', time() + 60);
        $this->assertEqualsWithDelta(60.0, Headers::retryAfter(['retry-after' => [$inAMinute]]), 2.0);
        $this->assertNull(Headers::retryAfter([]));
        $this->assertNull(Headers::retryAfter(['retry-after' => ['soon']]));
    }

    public function testTheFilenamePrefersTheUtf8Form(): void
    {
        $this->assertSame('résumé-merged.pdf', Headers::filename(['content-disposition' => ["attachment; filename=\"r_sum_-merged.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9-merged.pdf"]]));
        $this->assertSame('a.pdf', Headers::filename(['content-disposition' => ['attachment; filename="a.pdf"']]));
        $this->assertNull(Headers::filename([]));
    }

    public function testFormFields(): void
    {
        $this->assertSame(
            [['a', 'true'], ['b', 'false'], ['mode', 'every'], ['n', '5'], ['x', '0.5'], ['big', '100'], ['terms', 'one'], ['terms', 'two'], ['s', 'text']],
            PdfClient::fields(['a' => true, 'b' => false, 'mode' => SplitMode::Every, 'n' => 5, 'x' => 0.5, 'big' => 100.0, 'terms' => ['one', 'two'], 's' => 'text', 'skipped' => null]),
        );
        $this->expectException(\InvalidArgumentException::class);
        PdfClient::fields(['o' => new \stdClass()]);
    }

    public function testTheKeyIsNotShownByVarDump(): void
    {
        $client = new PdfClient('http://127.0.0.1:9', 'pdf_live_secretsecretsecret1234');
        $dump = print_r($client, true);
        $this->assertStringNotContainsString('secretsecret', $dump);
        $this->assertStringContainsString('1234', $dump);
    }
}
