// Shared types of the client. The API's own shapes (Job, Problem, Account)
// come from the generated OpenAPI types, so they follow the server.
import type { components } from './generated/openapi.js';

/** A job object (API.md §6). */
export type Job = components['schemas']['Job'];
/** An RFC 9457 problem as the service sends it. */
export type Problem = components['schemas']['Problem'] & Record<string, unknown>;
/** `GET /v1/account`. */
export type Account = components['schemas']['Account'];
/** A usage report: per UTC day, requests and their split by operation. */
export type Usage = components['schemas']['Usage'];
/** `POST /v1/tokens`: a browser token for a web page. */
export type BrowserToken = components['schemas']['BrowserToken'];
/** A key as the admin API lists it (never the key itself). */
export type KeyInfo = components['schemas']['KeyInfo'];
/** A key just created or rotated: its listing and the key, shown this once. */
export type CreatedKey = components['schemas']['CreatedKey'];
/** An account as the admin API lists it. */
export type AdminAccount = components['schemas']['AdminAccount'];
/** What a browser token may do (docs/api.md §2b). */
export interface TokenOptions {
  /** Seconds it lives (1..3600, default 600; never past the key's own expiry). */
  ttlSeconds?: number;
  /** Operations it may call: a subset of the key's (default: the key's). */
  scopes?: string[];
  /** Requests it may make at most. */
  maxUses?: number;
  /** The page's origin (scheme://host[:port]); a request from any other is refused. */
  origin?: string;
}

/**
 * A file to upload: a path on disk (Node; streamed, never read whole), bytes,
 * a Blob/File, or a stream, optionally with the name the service should see.
 */
export type FileSource =
  | string
  | Uint8Array
  | ArrayBuffer
  | Blob
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>;
export type FileInput = FileSource | { data: FileSource; filename?: string } | RemoteFile;

/**
 * A file the service downloads itself instead of an upload (docs/api.md "Remote files"):
 * sent as `<part>_url` (`file_url`, `files_url`, `logo_url`, …). https only, unless the
 * server runs with FETCH_ALLOW_PRIVATE.
 */
export class RemoteFile {
  constructor(readonly url: string) {}
}

/** A file the service downloads from `url` instead of an upload. */
export function remoteFile(url: string | URL): RemoteFile {
  return new RemoteFile(String(url));
}

/** The IETF RateLimit fields of a limited plan. */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Seconds until the allowance resets. */
  reset: number;
}

/** Per-call settings (override the client's). */
export interface CallOptions {
  /** Abort the call (and stop waiting). */
  signal?: AbortSignal;
  /** Milliseconds for the whole call, response headers included (default: the client's). */
  timeoutMs?: number;
  /** Retry this upload on 503/429 concurrency_limit/network errors (uploads are not retried unless asked). */
  retry?: boolean;
  /** X-Request-Id to send. */
  requestId?: string;
  /** Run as an asynchronous job: the call resolves with the Job (see PdfClient.submit). */
  async?: boolean;
  /** Async only: webhook URL called when the job ends. */
  callbackUrl?: string;
  /** Async only: an https URL (e.g. an S3 presigned PUT URL) the result is PUT to; the service then keeps no copy. */
  resultUrl?: string;
  /**
   * Async only: sent as `Idempotency-Key`. The same key within 24 h gives the same job back, not charged
   * again, so a submission whose answer was lost can be sent again (and retried: `retry: true`).
   */
  idempotencyKey?: string;
  /** Extra named file parts, e.g. `{ logo: 'logo.png' }` for a pipeline step option `"@logo"`. */
  parts?: Record<string, FileInput>;
}

/** What a generated method hands to the client. */
export interface OperationCall {
  operation: string;
  files: Record<string, FileInput | FileInput[] | undefined>;
  options: Record<string, unknown>;
}
