<?php

declare(strict_types=1);

namespace PdfService;

/**
 * A file the service downloads itself instead of an upload (sent as "<part>_url": file_url,
 * files_url, logo_url, …): `$client->compress(new RemoteFile('https://files.example.com/scan.pdf'))`.
 * https only, unless the server runs with FETCH_ALLOW_PRIVATE.
 */
final class RemoteFile
{
    public function __construct(public readonly string $url)
    {
    }
}
