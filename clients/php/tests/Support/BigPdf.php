<?php

declare(strict_types=1);

namespace PdfService\Tests\Support;

/** The 90 MiB input of the memory checks: one page with a 90 MiB content stream (unlock returns an unencrypted input unchanged). */
final class BigPdf
{
    public const SIZE = 90 * 1024 * 1024;

    public static function write(string $path): void
    {
        $f = fopen($path, 'wb');
        $offsets = [];
        fwrite($f, "%PDF-1.4\n");
        foreach (['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>'] as $body) {
            $offsets[] = ftell($f);
            fwrite($f, count($offsets) . " 0 obj\n{$body}\nendobj\n");
        }
        $offsets[] = ftell($f);
        fwrite($f, '4 0 obj' . "\n<</Length " . self::SIZE . ">>\nstream\n");
        $block = str_repeat("% padding line of a big content stream ........................................\n", 8192);
        for ($written = 0; $written < self::SIZE; $written += strlen($part)) {
            $part = substr($block, 0, self::SIZE - $written);
            fwrite($f, $part);
        }
        fwrite($f, "\nendstream\nendobj\n");
        $xref = ftell($f);
        fwrite($f, "xref\n0 5\n0000000000 65535 f \n");
        foreach ($offsets as $offset) {
            fwrite($f, sprintf("%010d 00000 n \n", $offset));
        }
        fwrite($f, "trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n{$xref}\n%%EOF\n");
        fclose($f);
    }
}
