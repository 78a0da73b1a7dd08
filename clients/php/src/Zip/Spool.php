<?php

declare(strict_types=1);

namespace PdfService\Zip;

/**
 * A temporary file holding a ZIP answer while its entries are read; deleted when the last
 * entry (or the reader) referring to it is gone.
 *
 * @internal
 */
final class Spool
{
    /** @var resource */
    private $handle;

    /** @param iterable<string> $chunks */
    public function __construct(iterable $chunks)
    {
        $handle = tmpfile();
        if ($handle === false) {
            throw new \RuntimeException('Cannot create a temporary file for the ZIP answer.');
        }
        $this->handle = $handle;
        foreach ($chunks as $chunk) {
            fwrite($handle, $chunk);
        }
    }

    /** @return resource */
    public function handle()
    {
        return $this->handle;
    }

    public function __destruct()
    {
        if (is_resource($this->handle)) {
            fclose($this->handle);
        }
    }
}
