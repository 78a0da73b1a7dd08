<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 503 server_busy: the work queue is full (retried when asked, honouring Retry-After). */
final class ServerBusyException extends ApiException
{
}
