<?php

declare(strict_types=1);

namespace PdfService\Exception;

use PdfService\ApiException;

/** 409 job_not_finished: the result of a job that has not ended. */
final class JobNotFinishedException extends ApiException
{
}
