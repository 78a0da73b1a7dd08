<?php

declare(strict_types=1);

namespace PdfService;

/** The account's requests per UTC day and operation (GET /v1/account/usage), oldest day first. */
final class Usage
{
    /**
     * @param list<UsageDay> $days every day of the range, those without use included (zeros)
     * @param array<string, mixed> $data the whole object, fields added later included
     */
    public function __construct(
        public readonly string $account,
        /** YYYY-MM-DD, first and last day of the report. */
        public readonly string $from,
        public readonly string $to,
        public readonly array $days,
        public readonly array $data,
    ) {
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        $days = array_map(fn (array $day): UsageDay => UsageDay::fromArray($day), $data['days']);
        return new self((string) ($data['account'] ?? ''), (string) ($data['from'] ?? ''), (string) ($data['to'] ?? ''), array_values($days), $data);
    }

    /** The entry of one day (YYYY-MM-DD, UTC), or null when it is outside the report. */
    public function day(string $date): ?UsageDay
    {
        foreach ($this->days as $day) {
            if ($day->date === $date) {
                return $day;
            }
        }
        return null;
    }

    /** Today's entry (the UTC day, as the service counts it). */
    public function today(): ?UsageDay
    {
        return $this->day(gmdate('Y-m-d'));
    }
}
