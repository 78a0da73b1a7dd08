<?php

declare(strict_types=1);

namespace PdfService;

/** One UTC day of an account's usage: what the daily allowance charged, split by operation. */
final class UsageDay
{
    /** @param array<string, int> $byOperation operation => requests (operations without use may be absent) */
    public function __construct(
        /** YYYY-MM-DD (UTC). */
        public readonly string $date,
        public readonly int $requests,
        public readonly array $byOperation,
    ) {
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self((string) $data['date'], (int) $data['requests'], array_map('intval', (array) ($data['by_operation'] ?? [])));
    }

    /** Requests of one operation that day. */
    public function of(string $operation): int
    {
        return $this->byOperation[$operation] ?? 0;
    }
}
