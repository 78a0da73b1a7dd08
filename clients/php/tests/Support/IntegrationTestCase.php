<?php

declare(strict_types=1);

namespace PdfService\Tests\Support;

use PdfService\PdfClient;
use PHPUnit\Framework\TestCase;

/**
 * Base of the integration tests: they run against a real server started by
 * test/clients/php-client.test.ts, which passes its URL, keys, the corpus, a stub server's URL
 * and a scratch directory in the JSON file named by PDF_CLIENT_CONFIG.
 */
abstract class IntegrationTestCase extends TestCase
{
    /** @var array{url: string, stub_url: string, keys: array<string, string>, corpus: string, webhook_secret: string, scratch: string}|null */
    private static ?array $config = null;

    /** @return array{url: string, stub_url: string, keys: array<string, string>, corpus: string, webhook_secret: string, scratch: string} */
    protected static function config(): array
    {
        if (self::$config === null) {
            $path = getenv('PDF_CLIENT_CONFIG');
            if ($path === false || $path === '') {
                throw new \RuntimeException('PDF_CLIENT_CONFIG is not set: run this suite through test/clients/php-client.test.ts (the unit suite needs no server: phpunit --testsuite unit)');
            }
            self::$config = json_decode((string) file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
        }
        return self::$config;
    }

    protected static function corpus(string $name): string
    {
        return self::config()['corpus'] . '/' . $name;
    }

    protected static function client(string $plan = 'pro', float $timeout = 300.0): PdfClient
    {
        return new PdfClient(self::config()['url'], self::config()['keys'][$plan], timeout: $timeout);
    }

    /** A fresh directory under the scratch folder the harness removes afterwards. */
    protected static function directory(string $name): string
    {
        $dir = self::config()['scratch'] . '/' . $name;
        if (!is_dir($dir)) {
            mkdir($dir, 0700, true);
        }
        return $dir;
    }
}
