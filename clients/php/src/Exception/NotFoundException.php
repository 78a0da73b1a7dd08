<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 404 not_found: an unknown path, or a job of another account. */
final class NotFoundException extends ApiException
{
}
