<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 422 invalid_pdf: the PDF cannot be parsed or repaired. */
final class InvalidPdfException extends ApiException
{
}
