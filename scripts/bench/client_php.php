<?php
// PHP client overhead, side by side in one run: the same multipart `unlock` request through
// PdfClient and through a bare curl handle (CURLFile, keep-alive), alternating; prints the
// medians as JSON. `php client_php.php URL KEY FILE ROUNDS`
declare(strict_types=1);

require dirname(__DIR__, 2) . '/clients/php/autoload.php';

use PdfService\PdfClient;

[, $url, $key, $source, $rounds] = $argv;
$rounds = (int) $rounds;
$client = new PdfClient($url, $key);
$bare = curl_init();

function median(array $values): float
{
    sort($values);
    $n = count($values);
    return $n % 2 ? $values[intdiv($n, 2)] : ($values[$n / 2 - 1] + $values[$n / 2]) / 2;
}

$throughClient = static function () use ($client, $source): float {
    $started = hrtime(true);
    $body = $client->unlock($source)->bytes();
    $elapsed = (hrtime(true) - $started) / 1e6;
    if (!str_starts_with($body, '%PDF-')) {
        throw new RuntimeException('client: not a PDF');
    }
    return $elapsed;
};
$throughCurl = static function () use ($bare, $url, $key, $source): float {
    $started = hrtime(true);
    curl_setopt_array($bare, [
        CURLOPT_URL => "{$url}/v1/pdf/unlock",
        CURLOPT_POST => true,
        CURLOPT_POSTFIELDS => ['file' => new CURLFile($source, 'application/octet-stream', basename($source))],
        CURLOPT_HTTPHEADER => ["Authorization: Bearer {$key}", 'Expect:'],
        CURLOPT_RETURNTRANSFER => true,
    ]);
    $body = curl_exec($bare);
    $elapsed = (hrtime(true) - $started) / 1e6;
    if (curl_getinfo($bare, CURLINFO_RESPONSE_CODE) !== 200 || !str_starts_with((string) $body, '%PDF-')) {
        throw new RuntimeException('curl: not a PDF');
    }
    return $elapsed;
};

for ($i = 0; $i < 5; $i++) {
    $throughClient();
    $throughCurl();
}
$a = $b = [];
for ($i = 0; $i < $rounds; $i++) {
    if ($i % 2 === 0) {
        $a[] = $throughClient();
        $b[] = $throughCurl();
    } else {
        $b[] = $throughCurl();
        $a[] = $throughClient();
    }
}
$pairs = array_map(static fn ($x, $y) => $x - $y, $a, $b);
echo json_encode(['rounds' => $rounds, 'client_ms' => median($a), 'bare_ms' => median($b), 'paired_overhead_ms' => median($pairs)]), "\n";
