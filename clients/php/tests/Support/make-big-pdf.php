<?php
// `php make-big-pdf.php OUT`: writes the 90 MiB input of the memory checks (also used by scripts/bench/client-php.ts).
declare(strict_types=1);

require __DIR__ . '/BigPdf.php';
PdfService\Tests\Support\BigPdf::write($argv[1]);
