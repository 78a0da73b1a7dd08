<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 415 unsupported_media_type: the upload is not of an accepted type (sniffed from its content). */
final class UnsupportedMediaTypeException extends ApiException
{
}
