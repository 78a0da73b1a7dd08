<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 410 result_expired: the result of a job was deleted after its time to live. */
final class ResultExpiredException extends ApiException
{
}
