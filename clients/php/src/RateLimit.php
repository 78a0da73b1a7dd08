<?php

declare(strict_types=1);

namespace PdfService;

/** The IETF RateLimit fields of an answer on a limited plan: the daily allowance. */
final class RateLimit
{
    public function __construct(
        public readonly int $limit,
        public readonly int $remaining,
        /** Seconds until the allowance resets (00:00 UTC). */
        public readonly int $reset,
    ) {
    }

    /**
     * From `RateLimit-Policy: "daily";q=N;w=86400` and `RateLimit: "daily";r=N;t=S`; null when either is missing.
     *
     * @param array<string, list<string>> $headers lower-case names
     */
    public static function fromHeaders(array $headers): ?self
    {
        $policy = $headers['ratelimit-policy'][0] ?? '';
        $current = $headers['ratelimit'][0] ?? '';
        if (!preg_match('/q=(\d+)/', $policy, $q) || !preg_match('/r=(\d+);\s*t=(\d+)/', $current, $rt)) {
            return null;
        }
        return new self((int) $q[1], (int) $rt[1], (int) $rt[2]);
    }
}
