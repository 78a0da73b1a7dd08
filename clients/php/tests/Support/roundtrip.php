<?php
// A client process for the memory check: `php roundtrip.php URL KEY IN OUT` sends IN through
// `unlock` and streams the answer to OUT; prints its peak RSS growth over the warmed-up
// baseline as JSON. Also run by scripts/bench/client-php.ts.
declare(strict_types=1);

require dirname(__DIR__, 2) . '/autoload.php';

use PdfService\PdfClient;

function status(string $field): int
{
    preg_match("/^{$field}:\s+(\d+) kB/m", (string) file_get_contents('/proc/self/status'), $m);
    return (int) $m[1] * 1024;
}

[, $url, $key, $source, $target] = $argv;
$client = new PdfClient($url, $key);
// Warm up (classes loaded, first connection, one small upload and download) before the baseline.
$client->account();
$client->unlock(dirname(__DIR__, 4) . '/test/corpus/trivial.pdf')->bytes();
// Writing 5 to clear_refs resets VmHWM (Linux ≥ 4.0), so the peak below is this round trip's.
file_put_contents('/proc/self/clear_refs', '5');
$baseline = status('VmRSS');
if (function_exists('memory_reset_peak_usage')) {
    memory_reset_peak_usage();
}
$heap = memory_get_usage();
$client->unlock($source)->save($target);
echo json_encode([
    'growth_mib' => (status('VmHWM') - $baseline) / 1048576,
    'heap_growth_mib' => (memory_get_peak_usage() - $heap) / 1048576,
    'bytes' => filesize($target),
]), "\n";
