<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 413 file_too_large, too_many_files, too_many_pages, page_too_large: over a configured limit. */
final class PayloadTooLargeException extends ApiException
{
}
