/** A call the service answered with an error (or that never got an answer: status 0). */
export class PdfServiceError extends Error {
    status;
    /** The API's problem code (`invalid_pdf`, `quota_exceeded`, …; `network_error` when there was no answer). */
    code;
    detail;
    requestId;
    /** The whole problem object, extensions included. */
    problem;
    /** Seconds the service asked to wait (Retry-After), if it said. */
    retryAfter;
    constructor(problem, requestId, retryAfter, options) {
        super(`${problem.status} ${problem.code}: ${problem.detail}`, options);
        this.name = new.target.name;
        this.status = problem.status;
        this.code = problem.code;
        this.detail = problem.detail;
        this.requestId = requestId ?? problem.request_id ?? undefined;
        this.problem = problem;
        this.retryAfter = retryAfter;
    }
}
export class InvalidRequestError extends PdfServiceError {
}
export class AuthenticationError extends PdfServiceError {
}
export class NotFoundError extends PdfServiceError {
}
/** 403: an admin route without the admin token (`forbidden`), or an operation outside the key's or token's scopes (`insufficient_scope`). */
export class PermissionDeniedError extends PdfServiceError {
}
export class PayloadTooLargeError extends PdfServiceError {
}
export class UnsupportedMediaTypeError extends PdfServiceError {
}
export class InvalidPdfError extends PdfServiceError {
}
export class PasswordRequiredError extends PdfServiceError {
}
export class IncorrectPasswordError extends PdfServiceError {
}
export class ResourceLimitError extends PdfServiceError {
}
export class QuotaExceededError extends PdfServiceError {
}
export class ConcurrencyLimitError extends PdfServiceError {
}
export class ServerBusyError extends PdfServiceError {
}
export class OperationTimeoutError extends PdfServiceError {
}
export class JobNotFinishedError extends PdfServiceError {
}
export class ResultExpiredError extends PdfServiceError {
}
export class ProcessingFailedError extends PdfServiceError {
}
/** No answer at all (connection refused or reset, DNS, client-side timeout). */
export class NetworkError extends PdfServiceError {
}
const BY_CODE = {
    invalid_request: InvalidRequestError,
    missing_api_key: AuthenticationError,
    invalid_api_key: AuthenticationError,
    not_found: NotFoundError,
    forbidden: PermissionDeniedError,
    insufficient_scope: PermissionDeniedError,
    file_too_large: PayloadTooLargeError,
    too_many_files: PayloadTooLargeError,
    too_many_pages: PayloadTooLargeError,
    page_too_large: PayloadTooLargeError,
    unsupported_media_type: UnsupportedMediaTypeError,
    invalid_pdf: InvalidPdfError,
    password_required: PasswordRequiredError,
    incorrect_password: IncorrectPasswordError,
    resource_limit: ResourceLimitError,
    quota_exceeded: QuotaExceededError,
    concurrency_limit: ConcurrencyLimitError,
    server_busy: ServerBusyError,
    timeout: OperationTimeoutError,
    job_not_finished: JobNotFinishedError,
    result_expired: ResultExpiredError,
    processing_failed: ProcessingFailedError,
    network_error: NetworkError,
};
/** The error class for a problem code (PdfServiceError for codes without their own). */
export function errorFor(problem, requestId, retryAfter, cause) {
    const Class = BY_CODE[problem.code] ?? PdfServiceError;
    return new Class(problem, requestId, retryAfter, { cause });
}
