// The long-lived things a request needs, built once by server.ts.
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Store } from './store/types.js';
import type { ProcessPool } from './tools/pool.js';
import type { ToolStatus } from './tools/versions.js';
import type { FairShare } from './http/fair-share.js';
import type { Metrics } from './http/metrics.js';

export interface Services {
  config: Config;
  /** Accounts, keys, usage, jobs: SQLite or PostgreSQL (store/index.ts). */
  store: Store;
  /** Seals job files, job options and webhook secrets. */
  dataKey: Buffer;
  pool: ProcessPool;
  log: Logger;
  /** Probed at start-up. */
  tools: ToolStatus[];
  metrics: Metrics;
  /** Operations mounted besides the built-in ones (tests), so jobs can run them too. */
  extraOperations?: import('./routes/definition.js').OperationRoute[];
  /** Set on SIGTERM: requests that still arrive are answered 503 while running ones finish. */
  draining?: boolean;
  /** Per-account operation limits of this process (ACCOUNT_CONCURRENCY_*). */
  fairShare: FairShare;
  /** Asynchronous jobs (set when the job subsystem is enabled). */
  jobs?: JobSubmitter;
}

/** What the HTTP layer needs from the job subsystem. */
export interface JobSubmitter {
  submit(request: {
    accountId: number;
    operation: string;
    files: Record<string, import('./core/contract.js').InputFile[]>;
    fields: Record<string, unknown>;
    callbackUrl?: string;
    chargeDay: string;
    /** Requests charged (one per pipeline step): what a refund gives back. */
    chargeCount?: number;
    requestId: string;
    /** The client's Idempotency-Key and the SHA-256 digest of the request (http/idempotency.ts). */
    idempotencyKey?: string;
    requestDigest?: string;
    /** Where the result is PUT instead of being kept (checked by checkDestinations). */
    resultUrl?: string;
  }): Promise<{ job: Record<string, unknown>; replayed: boolean }>;
  /** Checks a job's callback_url and result_url (400 invalid_request naming the field); the URLs to submit. */
  checkDestinations(urls: { callbackUrl?: string; resultUrl?: string }): Promise<{
    callbackUrl?: string;
    resultUrl?: string;
  }>;
  /** Mounts the job routes (GET/DELETE /v1/jobs/...). */
  mount?(router: import('@koa/router').default): void;
}
