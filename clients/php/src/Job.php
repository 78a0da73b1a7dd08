<?php

declare(strict_types=1);

namespace PdfService;

/** An asynchronous job as the service described it (GET /v1/jobs/{id}). */
final class Job
{
    /**
     * @param array{url: string, filename: string, content_type: string, size: int, expires_at: string}|null $result where the result waits, once succeeded
     * @param array<string, mixed>|null $error the problem of a failed job
     * @param array<string, mixed> $data the whole job object, fields added later included
     */
    public function __construct(
        public readonly string $id,
        public readonly string $operation,
        public readonly JobStatus $status,
        public readonly ?array $result,
        public readonly ?array $error,
        public readonly array $data,
    ) {
    }

    /** @param array<string, mixed> $data */
    public static function fromArray(array $data): self
    {
        return new self((string) $data['id'], (string) ($data['operation'] ?? ''), JobStatus::from((string) $data['status']), $data['result'] ?? null, $data['error'] ?? null, $data);
    }

    /** The exception a job that did not succeed stands for (its problem, or "canceled"). */
    public function failure(): ApiException
    {
        if ($this->error !== null) {
            return ApiException::fromProblem($this->error);
        }
        return new ApiException(0, $this->status->value, "The job {$this->id} was {$this->status->value}.");
    }
}
