<?php

declare(strict_types=1);

namespace PdfService;

/** Where a job is in its life. */
enum JobStatus: string
{
    case Queued = 'queued';
    case Running = 'running';
    case Succeeded = 'succeeded';
    case Failed = 'failed';
    case Canceled = 'canceled';

    /** Succeeded, failed or canceled: it will not change any more. */
    public function hasEnded(): bool
    {
        return $this === self::Succeeded || $this === self::Failed || $this === self::Canceled;
    }
}
