<?php

declare(strict_types=1);

namespace PdfService\Internal;

/**
 * Reading the answer's headers (names lower-cased, each with its values in order).
 *
 * @internal
 */
final class Headers
{
    /** Retry-After as seconds (a delta or an HTTP date); null when absent or unreadable. */
    public static function retryAfter(array $headers): ?float
    {
        $value = trim($headers['retry-after'][0] ?? '');
        if ($value === '') {
            return null;
        }
        if (ctype_digit($value)) {
            return (float) $value;
        }
        $date = strtotime($value);
        return $date === false ? null : max(0.0, $date - microtime(true));
    }

    /** The name from Content-Disposition, its UTF-8 form (filename*=) preferred. */
    public static function filename(array $headers): ?string
    {
        $header = $headers['content-disposition'][0] ?? '';
        if (preg_match("/filename\\*=UTF-8''([^;]+)/i", $header, $m)) {
            return rawurldecode(trim($m[1]));
        }
        if (preg_match('/filename="([^"]*)"/i', $header, $m)) {
            return $m[1];
        }
        return null;
    }
}
