<?php

declare(strict_types=1);

namespace PdfService\Tests\Integration;

use PdfService\Exception\ForbiddenException;
use PdfService\PdfClient;
use PdfService\Tests\Support\IntegrationTestCase;
use PdfService\Tests\Support\Tools;

/** A browser token minted from a key, used as a client's key, and the key's account usage (docs/api.md §2b). */
final class TokensTest extends IntegrationTestCase
{
    public function testAScopedTokenMergesIsRefusedASplitAndTheMergeShowsInUsage(): void
    {
        // The harness's "tokens" key is its account's only key: the usage below is this test's alone.
        $keyClient = self::client('tokens');
        $minted = $keyClient->createToken(scopes: ['merge'], maxUses: 2, ttlSeconds: 300);
        $this->assertMatchesRegularExpression('/^pdf_tok_[A-Za-z0-9]{43}$/', $minted->token);
        $this->assertSame([['merge'], 2, null], [$minted->scopes, $minted->maxUses, $minted->origin]);
        $lifetime = strtotime($minted->expiresAt) - time();
        $this->assertGreaterThan(290, $lifetime);
        $this->assertLessThanOrEqual(300, $lifetime);
        $this->assertStringNotContainsString($minted->token, print_r($minted, true));

        $tokenClient = new PdfClient(self::config()['url'], $minted->token);
        $merged = self::directory('tokens') . '/merged.pdf';
        $tokenClient->merge([self::corpus('trivial.pdf'), self::corpus('trivial.pdf')])->save($merged);
        $this->assertSame(2, Tools::pageCount($merged));

        try {
            $tokenClient->split(self::corpus('trivial.pdf'), mode: 'every', pagesPerFile: 1);
            $this->fail('a merge-only token split');
        } catch (ForbiddenException $error) {
            $this->assertSame([403, 'insufficient_scope', 'split'], [$error->status, $error->getCode(), $error->problem['operation'] ?? null]);
        }

        $today = $keyClient->usage(days: 1)->today();
        $this->assertNotNull($today);
        // The refused split is not charged (answered before the upload is read).
        $this->assertSame([1, ['merge' => 1]], [$today->requests, $today->byOperation]);
    }
}
