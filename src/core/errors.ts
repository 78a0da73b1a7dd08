// Typed errors carrying an API.md problem `code`. One middleware
// (http/problem.ts) turns them into RFC 9457 responses, the HTTP status coming
// from its one table of code → status; anything that is not a ProblemError
// becomes a 500 whose body reveals nothing internal. The layers that raise
// these (tools, operations, files) name what went wrong, never a status.

/** Every problem code a ProblemError carries (API.md §2); http/problem.ts maps each to its status. */
export type ProblemCode =
  | 'invalid_request'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'forbidden'
  | 'insufficient_scope'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'job_not_finished'
  | 'result_expired'
  | 'file_too_large'
  | 'too_many_files'
  | 'too_many_pages'
  | 'page_too_large'
  | 'unsupported_media_type'
  | 'invalid_pdf'
  | 'invalid_document'
  | 'unsupported_document'
  | 'password_required'
  | 'incorrect_password'
  | 'invalid_certificate'
  | 'resource_limit'
  | 'quota_exceeded'
  | 'concurrency_limit'
  | 'processing_failed'
  | 'server_busy'
  | 'timeout'
  | 'fetch_failed'
  | 'idempotency_key_reused'
  | 'upstream_failed';

/** Base class: an error the client is allowed to see. */
export class ProblemError extends Error {
  readonly headers: Record<string, string> = {};
  constructor(
    readonly code: ProblemCode,
    readonly title: string,
    readonly detail: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class InvalidRequestError extends ProblemError {
  constructor(detail: string, field?: string) {
    super('invalid_request', 'Invalid request', detail, field ? { field } : {});
  }
}
export class MissingApiKeyError extends ProblemError {
  constructor() {
    super('missing_api_key', 'Missing API key', 'Send the API key as "Authorization: Bearer <key>".');
    this.headers['WWW-Authenticate'] = 'Bearer realm="pdf"';
  }
}
export class InvalidApiKeyError extends ProblemError {
  constructor(detail = 'The API key is unknown or has been revoked.') {
    super('invalid_api_key', 'Invalid API key', detail);
    this.headers['WWW-Authenticate'] = 'Bearer realm="pdf", error="invalid_token"';
  }
}
/** An admin route called without the admin token (docs/api.md §2b). */
export class ForbiddenError extends ProblemError {
  constructor(detail = 'This route needs the admin token.') {
    super('forbidden', 'Forbidden', detail);
  }
}
/** A scoped key or token calling an operation outside its scopes (docs/api.md §2b). */
export class InsufficientScopeError extends ProblemError {
  constructor(operation: string) {
    super('insufficient_scope', 'Insufficient scope', `This key may not call "${operation}".`, { operation });
  }
}
export class NotFoundError extends ProblemError {
  constructor(detail = 'No such resource.') {
    super('not_found', 'Not found', detail);
  }
}
export class MethodNotAllowedError extends ProblemError {
  constructor(allowed: string[]) {
    super('method_not_allowed', 'Method not allowed', `Allowed methods: ${allowed.join(', ')}.`);
    this.headers.Allow = allowed.join(', ');
  }
}
export class JobNotFinishedError extends ProblemError {
  constructor() {
    super('job_not_finished', 'Job not finished', 'The job has no result yet; poll the job until it has finished.');
  }
}
export class ResultExpiredError extends ProblemError {
  constructor() {
    super('result_expired', 'Result expired', 'The job result has expired and was deleted.');
  }
}
export class FileTooLargeError extends ProblemError {
  constructor(limitBytes: number, what = 'A file') {
    super('file_too_large', 'File too large', `${what} exceeds the limit of ${limitBytes} bytes (MAX_FILE_SIZE).`, {
      limit: limitBytes,
    });
  }
}
export class TooManyFilesError extends ProblemError {
  constructor(limit: number) {
    super('too_many_files', 'Too many files', `At most ${limit} files may be sent in one request.`, { limit });
  }
}
export class TooManyPagesError extends ProblemError {
  /** `exact` false: the count stopped past the limit (a print cut at MAX_PAGES + 1), so the detail says "more than". */
  constructor(limit: number, pages: number, exact = true) {
    super(
      'too_many_pages',
      'Too many pages',
      `The document has ${exact ? pages : `more than ${limit}`} pages; the limit is ${limit} (MAX_PAGES).`,
      { limit },
    );
  }
}
/** An image that would have to be decoded is over the pixel limit (413 file_too_large; detail states the limit). */
export class ImageTooLargeError extends ProblemError {
  constructor(what: string, width: number, height: number, limit: number, setting = 'MAX_RENDER_PIXELS') {
    super(
      'file_too_large',
      'Image too large',
      `${what} is ${width}×${height} pixels; images that must be decoded may have at most ${limit} pixels (${setting}).`,
      {
        limit,
      },
    );
  }
}
export class UnsupportedMediaTypeError extends ProblemError {
  constructor(detail: string) {
    super('unsupported_media_type', 'Unsupported media type', detail);
  }
}
export class InvalidPdfError extends ProblemError {
  constructor(detail = 'The PDF cannot be parsed or repaired.') {
    super('invalid_pdf', 'Invalid PDF', detail);
  }
}
export class InvalidDocumentError extends ProblemError {
  constructor(detail: string) {
    super('invalid_document', 'Invalid document', detail);
  }
}
/** A document feature the operation cannot handle, named in the detail (docs/api.md §5d), e.g. an XFA-only form. */
export class UnsupportedDocumentError extends ProblemError {
  constructor(detail: string) {
    super('unsupported_document', 'Unsupported document', detail);
  }
}
export class PasswordRequiredError extends ProblemError {
  constructor(detail = 'The file is encrypted; send its password in the field "password".') {
    super('password_required', 'Password required', detail);
  }
}
export class IncorrectPasswordError extends ProblemError {
  constructor(detail = 'The password does not open the file.') {
    super('incorrect_password', 'Incorrect password', detail);
  }
}
export class QuotaExceededError extends ProblemError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      'quota_exceeded',
      'Daily allowance used up',
      `The plan allows ${limit} requests per UTC day; it resets at 00:00 UTC.`,
      { limit },
    );
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}
/** A tool failed for a reason that is not the client's. `cause` is logged, never sent. */
export class ProcessingFailedError extends ProblemError {
  constructor(detail = 'The operation failed.', cause?: unknown, extensions: Record<string, unknown> = {}) {
    super('processing_failed', 'Processing failed', detail, extensions);
    if (cause !== undefined) this.cause = cause;
  }
}
/** The input needed more memory, CPU time or outputs than a per-operation limit allows (422; detail names the limit). Stays charged (API.md §3). */
export class ResourceLimitError extends ProblemError {
  constructor(detail: string, limit: string, extensions: Record<string, unknown> = {}) {
    super('resource_limit', 'Resource limit reached', detail, { limit, ...extensions });
  }
}
/** The account already runs ACCOUNT_CONCURRENCY operations and ACCOUNT_QUEUE_LIMIT more wait (429; not charged). */
export class ConcurrencyLimitError extends ProblemError {
  constructor(concurrency: number, queued: number) {
    super(
      'concurrency_limit',
      'Too many operations at once',
      `This account already runs ${concurrency} operations on this server and ${queued} more wait; retry shortly (ACCOUNT_CONCURRENCY, ACCOUNT_QUEUE_LIMIT).`,
      {
        limit: concurrency,
      },
    );
    this.headers['Retry-After'] = '1';
  }
}
/** No byte of the request body arrived for UPLOAD_IDLE_TIMEOUT (408). */
export class UploadIdleTimeoutError extends ProblemError {
  constructor(limitMs: number) {
    super(
      'request_timeout',
      'Request timeout',
      `No byte of the upload arrived for ${Math.round(limitMs / 1000)} s (UPLOAD_IDLE_TIMEOUT).`,
    );
  }
}
export class ServerBusyError extends ProblemError {
  constructor(retryAfterSeconds = 5, detail = 'The work queue is full; retry later.') {
    super('server_busy', 'Server busy', detail);
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}
/**
 * 503 server_busy for a tool run refused because its own account held at
 * least an equal share of the full work queue (tools/pool.ts): the account's
 * own burst, which http/allowance.ts refunds only once a window.
 */
export class QueueShareExceededError extends ServerBusyError {
  constructor(retryAfterSeconds: number) {
    super(
      retryAfterSeconds,
      "The work queue is full and this account's own tool runs hold at least an equal share of it; retry later (only the first such answer in 60 s is refunded).",
    );
  }
}
export class TimeoutError extends ProblemError {
  constructor(limitMs: number) {
    super(
      'timeout',
      'Operation timed out',
      `The operation ran past its time limit of ${Math.round(limitMs / 1000)} s and was stopped.`,
    );
  }
}
/** The client went away (or a job was canceled); nobody is left to answer. */
export class ClientClosedError extends Error {
  constructor() {
    super('client closed the request');
    this.name = 'ClientClosedError';
  }
}
/** OCR stopped before some pages were recognized (a 504 naming them): never a text layer with holes. */
export class OcrTimeoutError extends ProblemError {
  constructor(limitMs: number, pages: number[], cause?: unknown) {
    const which = pages.length > 0 ? `page${pages.length > 1 ? 's' : ''} ${pages.join(', ')}` : 'some pages';
    super(
      'timeout',
      'Operation timed out',
      `OCR of ${which} did not finish within the time limit of ${Math.round(limitMs / 1000)} s; no partial result is returned.`,
      { pages },
    );
    if (cause !== undefined) this.cause = cause;
  }
}
/** 413 for a page that would render past MAX_RENDER_PIXELS (instead of an out-of-memory kill). */
export class PageTooLargeError extends ProblemError {
  constructor(page: number, pixels: number, limit: number, maxDpi: number) {
    super(
      'page_too_large',
      'Page too large to render',
      `Page ${page} would be ${pixels} pixels at this dpi; the limit is ${limit} pixels per page (MAX_RENDER_PIXELS). Use dpi ${maxDpi} or lower.`,
      { limit, page, max_dpi: maxDpi },
    );
  }
}
/** The signing certificate cannot sign now: expired, not yet valid, not for signing, no matching key, or an unsupported key type (422). */
export class InvalidCertificateError extends ProblemError {
  constructor(detail: string) {
    super('invalid_certificate', 'Certificate cannot sign', detail);
  }
}

/** A remote input (file_url, …) could not be downloaded (422, charged): `url` without its query, `upstream_status` the last HTTP status or null. */
export class FetchFailedError extends ProblemError {
  constructor(url: string, upstreamStatus: number | null, why: string) {
    super('fetch_failed', 'Remote file could not be fetched', `The remote file could not be fetched: ${why}.`, {
      url,
      upstream_status: upstreamStatus,
    });
  }
}

/** An Idempotency-Key the account used within 24 h for another request (other operation, options or file contents): 422. */
export class IdempotencyKeyReusedError extends ProblemError {
  constructor() {
    super(
      'idempotency_key_reused',
      'Idempotency key reused',
      'This Idempotency-Key was used within the last 24 hours for a different request (another operation, other options or other files); use a new key.',
    );
  }
}

/**
 * A party did not answer usably — a time-stamp authority, an OCSP responder,
 * a CRL distribution point, a job's result_url after its retries: 502.
 * `source` says which party. Charged when the request chose it (its
 * timestamp_url, its certificate's addresses, its result_url: docs/api.md §3);
 * refunded when the server did (`serverChosen`: SIGN_TSA_URL, the default
 * certificate's revocation sources).
 */
export class UpstreamFailedError extends ProblemError {
  /** The party was the server's choice, not the request's: its failure is the server's fault. */
  serverChosen = false;
  constructor(source: string, detail: string, extensions: Record<string, unknown> = {}) {
    super('upstream_failed', 'Upstream failed', `${source}: ${detail}`, { source, ...extensions });
  }
}
