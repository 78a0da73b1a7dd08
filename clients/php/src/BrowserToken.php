<?php

declare(strict_types=1);

namespace PdfService;

/** A short-lived browser token minted from a key (POST /v1/tokens, docs/api.md §2b). */
final class BrowserToken
{
    /**
     * @param list<string>|null $scopes the operations it may call (null: all its key may)
     * @param array<string, mixed> $data the whole object, fields added later included
     */
    public function __construct(
        /** `pdf_tok_…`: hand it to the page, which uses it as its client's key. Shown this once. */
        #[\SensitiveParameter] public readonly string $token,
        /** ISO 8601; never later than the key's own expiry. */
        public readonly string $expiresAt,
        public readonly ?array $scopes,
        /** Requests it may make at most; null: no such limit. */
        public readonly ?int $maxUses,
        /** The only page origin it answers for; null: any. */
        public readonly ?string $origin,
        public readonly array $data,
    ) {
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self(
            (string) $data['token'],
            (string) $data['expires_at'],
            isset($data['scopes']) ? array_values(array_map('strval', $data['scopes'])) : null,
            isset($data['max_uses']) ? (int) $data['max_uses'] : null,
            isset($data['origin']) ? (string) $data['origin'] : null,
            $data,
        );
    }

    /** @return array<string, mixed> what var_dump and print_r show: never the token (it is a bearer credential, like the key) */
    public function __debugInfo(): array
    {
        return ['token' => '…' . substr($this->token, -4), 'expiresAt' => $this->expiresAt, 'scopes' => $this->scopes, 'maxUses' => $this->maxUses, 'origin' => $this->origin];
    }
}
