<?php

declare(strict_types=1);

namespace PdfService;

/**
 * A call the service answered with an error (RFC 9457 problem), or that got no answer at all
 * (status 0, code network_error). Subclasses in PdfService\Exception name the common codes.
 *
 * Like PDOException, getCode() returns the problem's code as a string (invalid_pdf, …);
 * the HTTP status is $status.
 */
class ApiException extends \RuntimeException
{
    /** The API's problem code (invalid_pdf, quota_exceeded, …; network_error when there was no answer). */
    public readonly string $errorCode;

    /** @var array<string, mixed> The whole problem object, extensions included (built from the status when there was none). */
    public readonly array $problem;

    /**
     * @param array<string, mixed>|null $problem the problem object as sent
     * @param float|null $retryAfter seconds the service asked to wait (Retry-After), if it said
     */
    public function __construct(
        public readonly int $status,
        string $code,
        public readonly string $detail,
        public readonly ?string $requestId = null,
        ?array $problem = null,
        public readonly ?float $retryAfter = null,
        ?\Throwable $previous = null,
    ) {
        parent::__construct("{$status} {$code}: {$detail}", 0, $previous);
        $this->errorCode = $code;
        // Exception::$code is untyped; a string here makes getCode() return the problem code.
        $this->code = $code;
        $this->problem = $problem ?? ['status' => $status, 'code' => $code, 'detail' => $detail, 'request_id' => $requestId];
    }

    /**
     * The exception for a problem object: the subclass of its code, else ApiException.
     *
     * @param array<string, mixed> $problem
     */
    public static function fromProblem(array $problem, ?string $requestId = null, ?float $retryAfter = null): self
    {
        $status = (int) ($problem['status'] ?? 0);
        $code = (string) ($problem['code'] ?? "http_{$status}");
        $detail = (string) ($problem['detail'] ?? $problem['title'] ?? $code);
        $class = self::CLASSES[$code] ?? self::class;
        return new $class($status, $code, $detail, $requestId ?? ($problem['request_id'] ?? null), $problem, $retryAfter);
    }

    /** Problem codes with a class of their own. */
    public const CLASSES = [
        'invalid_request' => Exception\InvalidRequestException::class,
        'missing_api_key' => Exception\AuthenticationException::class,
        'invalid_api_key' => Exception\AuthenticationException::class,
        'forbidden' => Exception\ForbiddenException::class,
        'insufficient_scope' => Exception\ForbiddenException::class,
        'not_found' => Exception\NotFoundException::class,
        'file_too_large' => Exception\PayloadTooLargeException::class,
        'too_many_files' => Exception\PayloadTooLargeException::class,
        'too_many_pages' => Exception\PayloadTooLargeException::class,
        'page_too_large' => Exception\PayloadTooLargeException::class,
        'unsupported_media_type' => Exception\UnsupportedMediaTypeException::class,
        'invalid_pdf' => Exception\InvalidPdfException::class,
        'password_required' => Exception\PasswordRequiredException::class,
        'incorrect_password' => Exception\IncorrectPasswordException::class,
        'resource_limit' => Exception\ResourceLimitException::class,
        'quota_exceeded' => Exception\QuotaExceededException::class,
        'concurrency_limit' => Exception\ConcurrencyLimitException::class,
        'server_busy' => Exception\ServerBusyException::class,
        'timeout' => Exception\OperationTimeoutException::class,
        'job_not_finished' => Exception\JobNotFinishedException::class,
        'result_expired' => Exception\ResultExpiredException::class,
        'processing_failed' => Exception\ProcessingFailedException::class,
        'network_error' => Exception\NetworkException::class,
    ];
}
