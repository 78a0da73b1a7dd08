<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 500 processing_failed: a tool failed for a reason not the caller's. */
final class ProcessingFailedException extends ApiException
{
}
