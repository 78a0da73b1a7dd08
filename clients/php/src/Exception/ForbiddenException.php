<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 403 forbidden or insufficient_scope: the key may not call this. */
final class ForbiddenException extends ApiException
{
}
