import type { Problem } from './types.js';
/** A call the service answered with an error (or that never got an answer: status 0). */
export declare class PdfServiceError extends Error {
    readonly status: number;
    /** The API's problem code (`invalid_pdf`, `quota_exceeded`, …; `network_error` when there was no answer). */
    readonly code: string;
    readonly detail: string;
    readonly requestId: string | undefined;
    /** The whole problem object, extensions included. */
    readonly problem: Problem;
    /** Seconds the service asked to wait (Retry-After), if it said. */
    readonly retryAfter: number | undefined;
    constructor(problem: Problem, requestId?: string, retryAfter?: number, options?: {
        cause?: unknown;
    });
}
export declare class InvalidRequestError extends PdfServiceError {
}
export declare class AuthenticationError extends PdfServiceError {
}
export declare class NotFoundError extends PdfServiceError {
}
/** 403: an admin route without the admin token (`forbidden`), or an operation outside the key's or token's scopes (`insufficient_scope`). */
export declare class PermissionDeniedError extends PdfServiceError {
}
export declare class PayloadTooLargeError extends PdfServiceError {
}
export declare class UnsupportedMediaTypeError extends PdfServiceError {
}
export declare class InvalidPdfError extends PdfServiceError {
}
export declare class PasswordRequiredError extends PdfServiceError {
}
export declare class IncorrectPasswordError extends PdfServiceError {
}
export declare class ResourceLimitError extends PdfServiceError {
}
export declare class QuotaExceededError extends PdfServiceError {
}
export declare class ConcurrencyLimitError extends PdfServiceError {
}
export declare class ServerBusyError extends PdfServiceError {
}
export declare class OperationTimeoutError extends PdfServiceError {
}
export declare class JobNotFinishedError extends PdfServiceError {
}
export declare class ResultExpiredError extends PdfServiceError {
}
export declare class ProcessingFailedError extends PdfServiceError {
}
/** No answer at all (connection refused or reset, DNS, client-side timeout). */
export declare class NetworkError extends PdfServiceError {
}
/** The error class for a problem code (PdfServiceError for codes without their own). */
export declare function errorFor(problem: Problem, requestId?: string, retryAfter?: number, cause?: unknown): PdfServiceError;
