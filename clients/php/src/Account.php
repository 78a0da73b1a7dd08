<?php

declare(strict_types=1);

namespace PdfService;

/** The caller's account, plan and today's use of its allowance (GET /v1/account). */
final class Account
{
    /** @param array<string, mixed> $data the whole object, fields added later included */
    public function __construct(
        public readonly string $account,
        /** free, pro or enterprise. */
        public readonly string $plan,
        /** Requests per UTC day; null when unlimited. */
        public readonly ?int $dailyLimit,
        public readonly int $usedToday,
        /** Null when unlimited. */
        public readonly ?int $remaining,
        /** ISO 8601, the next 00:00 UTC. */
        public readonly string $resetsAt,
        public readonly array $data,
    ) {
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self(
            (string) $data['account'],
            (string) $data['plan'],
            isset($data['daily_limit']) ? (int) $data['daily_limit'] : null,
            (int) $data['used_today'],
            isset($data['remaining']) ? (int) $data['remaining'] : null,
            (string) $data['resets_at'],
            $data,
        );
    }
}
