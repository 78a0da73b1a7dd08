<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 504 timeout: the operation ran past its time limit on the server. */
final class OperationTimeoutException extends ApiException
{
}
