// The one store interface: everything the service keeps between
// requests — accounts, keys, daily usage, jobs, webhook deliveries — behind
// async methods with two implementations: SQLite (sqlite.ts, the embedded
// default, one host) and PostgreSQL (postgres.ts, DATABASE_URL, any number of
// hosts). Every method that decides something (charge, claim, finish, cancel,
// expire) is one atomic statement or one transaction in both, so no caller
// ever reads-then-writes across processes.
import type { Plan } from './plans.js';

/** An account: owns keys, a plan and a webhook secret (read apart, see Store.webhookSecret). */
export interface Account {
  id: number;
  name: string;
  plan: Plan;
  created_at: string;
}

/** A key as `keys list` shows it (never the key itself). */
export interface KeyListing {
  prefix: string;
  last4: string;
  account: string;
  plan: Plan;
  created_at: string;
  last_used_at: string | null;
  /** When it stopped working; a time still ahead is the end of a rotation's grace period. */
  revoked_at: string | null;
  name: string | null;
  /** JSON array of the operations it may call; null: every operation. */
  scopes: string | null;
  expires_at: string | null;
  /** Prefix of the key that replaced it (rotation). */
  rotated_to: string | null;
}

/** What insertKey stores (the hash, never the key). */
export interface NewKey {
  account_id: number;
  hash: Buffer;
  prefix: string;
  last4: string;
  created_at: string;
  name?: string | null;
  /** JSON array of operations, or null for every operation. */
  scopes?: string | null;
  expires_at?: string | null;
}

/**
 * The account of a key that is not revoked (or still in a rotation's grace period), with
 * what authenticate needs: its scopes and expiry (checked by the caller, so an expired key
 * is told apart from an unknown one) and its last use (to throttle last_used_at writes).
 */
export interface KeyOwner extends Account {
  key_id: number;
  key_prefix: string;
  key_last_used: string | null;
  key_scopes: string | null;
  key_expires_at: string | null;
}

/** A browser token (stored by its hash) to store. */
export interface NewToken {
  key_id: number;
  hash: Buffer;
  scopes: string | null;
  origin: string | null;
  expires_at: string;
  max_uses: number | null;
  created_at: string;
}

/** A browser token with its key's owner (the key still active, as for KeyOwner). */
export interface TokenOwner extends KeyOwner {
  token_id: number;
  token_scopes: string | null;
  token_origin: string | null;
  token_expires_at: string;
}

/** One day of an account's counters: the allowance counter and its split by operation. */
export interface UsageCounters {
  totals: Array<{ day: string; count: number }>;
  byOperation: Array<{ day: string; operation: string; count: number }>;
}

/** An account as the admin API lists it. */
export interface AccountUsage extends Account {
  used_today: number;
}

/** API.md §6 job states. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** One stored input file. */
export interface StoredInput {
  field: string;
  /** The client's (cleaned) file name. */
  name: string;
  size: number;
  kind: string;
  /** File name in the inputs area. */
  file: string;
}

/** A row of the jobs table. */
export interface JobRow {
  id: string;
  account_id: number;
  operation: string;
  status: JobStatus;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Encrypted JSON of the option fields (they may hold passwords). */
  fields: Buffer;
  /** JSON StoredInput[]. */
  inputs: string;
  stored_bytes: number;
  charge_day: string;
  /** Requests charged for the job (one per pipeline step; 1 otherwise): what a refund gives back. */
  charge_count: number;
  request_id: string | null;
  callback_url: string | null;
  /** The client's Idempotency-Key (unique per account while set) and the SHA-256 of the request it came with. */
  idempotency_key?: string | null;
  request_digest?: string | null;
  /** "host/pid/random" of the worker holding the lease. */
  worker_id: string | null;
  /** Epoch ms; a running job whose lease passed has lost its worker. */
  lease_until: number | null;
  result_file: string | null;
  result_filename: string | null;
  result_type: string | null;
  result_size: number | null;
  result_stored_bytes: number | null;
  /** JSON of extra response headers (X-Compressed-Size, …). */
  result_headers: string | null;
  /** The result_url (without its query) the result was PUT to; it is then not kept here. */
  result_delivered_to?: string | null;
  /** Delivery to the job's result_url: null until its result is stored and queued for delivery, then pending, delivered or failed. */
  delivery_status?: DeliveryStatus | null;
  /** PUT attempts made so far. */
  delivery_attempts?: number;
  expires_at: string | null;
  /** JSON problem document. */
  error: string | null;
}

/** What submit inserts. */
export type NewJob = Pick<
  JobRow,
  | 'id'
  | 'account_id'
  | 'operation'
  | 'created_at'
  | 'fields'
  | 'inputs'
  | 'stored_bytes'
  | 'charge_day'
  | 'request_id'
  | 'callback_url'
  | 'charge_count'
> &
  Partial<Pick<JobRow, 'idempotency_key' | 'request_digest'>>;

/** How long an Idempotency-Key names its job (docs/api.md §6). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;

/** Where a job's delivery to its result_url stands (docs/api.md §6, "Delivering the result"). */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** What a queued delivery carries: a webhook message, or a job's result for its result_url. */
export type DeliveryKind = 'webhook' | 'result';

/** Fields set when a job ends. */
export interface Finish {
  status: 'succeeded' | 'failed';
  result_file?: string;
  result_filename?: string;
  result_type?: string;
  result_size?: number;
  result_stored_bytes?: number;
  result_headers?: string;
  result_delivered_to?: string;
  expires_at?: string;
  error?: string;
}

/** A delivery to queue: a webhook message, or (kind result) a job's stored result for its result_url. */
export interface NewDelivery {
  id: string;
  /** Default webhook. A result delivery's url is the result_url as shown (no query); the URL itself stays sealed in the job. */
  kind?: DeliveryKind;
  job_id: string;
  account_id: number;
  url: string;
  body: string;
  next_attempt_at: number;
  created_at: string;
}

/** What else happens in the transaction that ends a job: the refund (http/allowance.ts, requestsRefunded), the webhook. */
export interface EndEffects {
  /** Requests given back: true for the job's whole charge, a number for that many (a pipeline's steps that never ran), false or 0 for none. */
  refund: boolean | number;
  /** Builds the webhook message from the ended row (undefined: none). */
  delivery: (row: JobRow) => NewDelivery | undefined;
}

/** A claimed delivery. */
export interface DeliveryRow {
  id: string;
  kind: DeliveryKind;
  job_id: string;
  account_id: number;
  url: string;
  body: string;
  attempts: number;
}

/** Which due deliveries a claim takes. */
export interface DeliveryFilter {
  kind?: DeliveryKind;
  /** Accounts whose deliveries this caller already has enough of in flight. */
  excludeAccounts?: number[];
}

/** How a job waiting for its result's delivery ends, in the transaction that records the last attempt. */
export interface DeliveryEnd {
  finish: Finish & { delivery_status: 'delivered' | 'failed' };
  effects: EndEffects;
}

/** The outcome of one delivery attempt. */
export interface DeliveryOutcome {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

/** Told to every process sharing the store (PostgreSQL NOTIFY; in-process only for SQLite). */
export type JobEvent = { type: 'queued' } | { type: 'canceled'; id: string };

/** Everything the service stores; see the header comment. */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** True when other hosts may share it: worker liveness is then judged by leases alone, never by pid. */
  readonly multiHost: boolean;

  findAccountByName(name: string): Promise<Account | undefined>;
  findAccountById(id: number): Promise<Account | undefined>;
  /** Returns the account, creating it with `plan` (and a new webhook secret) if it does not exist. */
  ensureAccount(name: string, plan: Plan, webhookSecret: string, now: string): Promise<Account>;
  setPlan(name: string, plan: Plan): Promise<boolean>;
  /** The stored (sealed) webhook secret of an account. */
  sealedWebhookSecret(accountId: number): Promise<string | null | undefined>;
  setSealedWebhookSecret(name: string, sealed: string): Promise<boolean>;

  /** Accounts by name, each with its count of `day`. */
  listAccounts(day: string): Promise<AccountUsage[]>;

  /** Inserts a key; false if its hash or prefix is taken. */
  insertKey(key: NewKey): Promise<boolean>;
  /** Every key, or those of one account. */
  listKeys(account?: string): Promise<KeyListing[]>;
  findKey(prefix: string): Promise<KeyListing | undefined>;
  /** Revokes a key now (also one in its grace period); false if there is no such working key. */
  revokeKey(prefix: string, now: string): Promise<boolean>;
  /**
   * In one transaction: stores `successor` with the account, name, scopes and expiry of the
   * key `prefix` (which must not be revoked), and ends that key at `graceUntil`. False if
   * there is no such key (or the successor's hash or prefix is taken).
   */
  rotateKey(prefix: string, successor: NewKey, graceUntil: string): Promise<boolean>;
  /** The account of the key with this hash unless it was revoked at or before `now` (expiry is the caller's check). */
  keyOwner(hash: Buffer, now: string): Promise<KeyOwner | undefined>;
  touchKey(keyId: number, now: string): Promise<void>;

  insertToken(token: NewToken): Promise<void>;
  /** The token with this hash and its key's owner, unless the key was revoked at or before `now`. */
  tokenOwner(hash: Buffer, now: string): Promise<TokenOwner | undefined>;
  /** Counts one use of a token if it has uses left (one statement); false if it has none. */
  useToken(tokenId: number): Promise<boolean>;

  /**
   * `count` requests (default one; a pipeline counts one per step) of `operation` for `accountId` on `day`
   * if the count stays within `cap`: the count after it, or undefined (refused, nothing counted). The day's count and its per-operation count move together
   * (one statement on PostgreSQL, one transaction on SQLite), so usage reports add up to the allowance.
   */
  charge(accountId: number, day: string, cap: number, operation: string, count?: number): Promise<number | undefined>;
  /** Gives back `count` requests (default one) charged on `day`. */
  refund(accountId: number, day: string, operation: string, count?: number): Promise<void>;
  usedOn(accountId: number, day: string): Promise<number>;
  /** The counters of `from`..`to` (inclusive, YYYY-MM-DD). */
  usageBetween(accountId: number, from: string, to: string): Promise<UsageCounters>;

  /** Bytes stored now: inputs of unfinished jobs plus results not yet expired. */
  storageUsed(): Promise<number>;
  /** Inserts a queued job unless storage would pass `limit` (false), and tells workers. */
  /**
   * Inserts a queued job unless the stored jobs would pass `limit` (false). A job with an
   * idempotency key whose account already has a job under that key, created within
   * IDEMPOTENCY_WINDOW_MS of this one, is not inserted: that job is returned instead (an older
   * holder gives the key up). Decided in the same serialized transaction as the insert, so two
   * processes or hosts submitting together get one job.
   */
  insertJob(job: NewJob, limit: number): Promise<boolean | JobRow>;
  getJob(id: string): Promise<JobRow | undefined>;
  getAccountJob(id: string, accountId: number): Promise<JobRow | undefined>;
  /** Atomically takes the oldest queued job for `workerId` with a lease until `leaseUntil`. */
  claimNext(workerId: string, leaseUntil: number, now: Date): Promise<JobRow | undefined>;
  /** Extends leases; returns the ids still running under `workerId` (the rest were canceled or taken away). */
  renewLeases(workerId: string, ids: string[], leaseUntil: number): Promise<Set<string>>;
  /** Ends a job `workerId` still owns, with its refund and webhook in the same transaction. */
  finishJob(id: string, workerId: string, finish: Finish, effects: EndEffects, now: Date): Promise<JobRow | undefined>;
  /** Puts a job `workerId` owns back in the queue (shutdown, busy pool); the attempt is not counted. */
  requeue(id: string, workerId: string): Promise<boolean>;
  /** Queues again, uncounted, jobs held by `workerId` that it does not run (a claim whose answer the connection lost); their ids. */
  releaseStrays(workerId: string, running: string[]): Promise<string[]>;
  /** Cancels a queued or running job and tells its worker (a delivery it waited for is then failed); the row after, or undefined if it had ended. */
  cancelJob(id: string, now: Date): Promise<JobRow | undefined>;
  deleteJob(id: string): Promise<void>;
  /** Running jobs whose lease passed `now`, or (one host only) whose worker `isDead` says is gone. */
  orphanedJobs(now: number, isDead?: (workerId: string) => boolean): Promise<JobRow[]>;
  /** Queues an orphan again if still held by the dead worker. */
  requeueOrphan(row: JobRow): Promise<boolean>;
  /** Fails an orphan (second interruption) if still held by the dead worker, with refund and webhook. */
  failOrphan(row: JobRow, error: string, effects: EndEffects, now: Date): Promise<JobRow | undefined>;
  /** Detaches results past expires_at and returns their file names (each name to exactly one caller). */
  expireResults(now: Date): Promise<string[]>;
  pruneJobs(before: Date): Promise<number>;
  referencedFiles(): Promise<{ inputs: Set<string>; results: Set<string> }>;

  /**
   * Hands a running job `workerId` owns over to delivery: its result (stored, sealed) recorded, the
   * worker released (the job stays running, with delivery_status pending, and is no orphan), its
   * inputs no longer counted (the worker deletes them), and the result delivery queued, in one transaction. The row after, or undefined if the worker no longer owns it.
   */
  awaitDelivery(id: string, workerId: string, stored: Finish, delivery: NewDelivery): Promise<JobRow | undefined>;
  /**
   * Records `attempts` on a job waiting for its result's delivery; with `end`, ends it (delivered or
   * failed, with its refund and webhook) in the same transaction. The row after, or undefined when the
   * job no longer waits (canceled, or ended by another attempt).
   */
  recordDelivery(jobId: string, attempts: number, end: DeliveryEnd | undefined, now: Date): Promise<JobRow | undefined>;

  /** Leases up to `limit` due deliveries (of `filter`) to `workerId` (never the same one to two callers). */
  claimDeliveries(
    workerId: string,
    now: number,
    leaseUntil: number,
    limit: number,
    filter?: DeliveryFilter,
  ): Promise<DeliveryRow[]>;
  completeDelivery(id: string, workerId: string, outcome: DeliveryOutcome): Promise<void>;
  pruneDeliveries(before: Date): Promise<void>;

  /** Listens for job events from every process sharing the store; returns an unsubscribe function. */
  subscribe(listener: (event: JobEvent) => void): () => void;
  close(): Promise<void>;
}
