<?php

declare(strict_types=1);

namespace PdfService\Zip;

/** A ZIP answer this reader cannot walk (damaged, ZIP64, or an unsupported compression). */
final class ZipFormatException extends \RuntimeException
{
}
