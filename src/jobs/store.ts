// The durable job queue: every SQL statement on the jobs table. Workers claim
// a job with one conditional UPDATE inside an IMMEDIATE transaction, so two
// processes sharing the database can never both run it; a running job carries
// its worker's id and a lease that the worker renews, and a job whose lease ran
// out (its worker died) is queued again once, then failed.
import crypto from 'node:crypto';
import type { Db } from '../store/db.js';

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
  request_id: string | null;
  callback_url: string | null;
  worker_id: string | null;
  lease_until: number | null;
  result_file: string | null;
  result_filename: string | null;
  result_type: string | null;
  result_size: number | null;
  result_stored_bytes: number | null;
  /** JSON of extra response headers (X-Compressed-Size, …). */
  result_headers: string | null;
  expires_at: string | null;
  /** JSON problem document. */
  error: string | null;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** "job_" + 22 base62 characters (~131 bits), unbiased. */
export function newJobId(): string {
  let out = '';
  while (out.length < 22) {
    for (const byte of crypto.randomBytes(32)) {
      if (byte < 248 && out.length < 22) out += BASE62[byte % 62];
    }
  }
  return `job_${out}`;
}

/** Bytes stored now: inputs of unfinished jobs plus results not yet expired. */
export function storageUsed(db: Db): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN status IN ('queued', 'running') THEN stored_bytes ELSE 0 END), 0)
            + COALESCE(SUM(CASE WHEN result_file IS NOT NULL THEN result_stored_bytes ELSE 0 END), 0) AS used
       FROM jobs WHERE status IN ('queued', 'running') OR result_file IS NOT NULL`,
    )
    .get() as { used: number };
  return row.used;
}

/** Inserts a queued job unless that would take storage past `limit`; false when full. */
export function insertJob(db: Db, job: Omit<JobRow, 'status' | 'attempts' | 'started_at' | 'finished_at' | 'worker_id' | 'lease_until' | 'result_file' | 'result_filename' | 'result_type' | 'result_size' | 'result_stored_bytes' | 'result_headers' | 'expires_at' | 'error'>, limit: number): boolean {
  const insert = db.transaction(() => {
    if (storageUsed(db) + job.stored_bytes > limit) return false;
    db.prepare(
      `INSERT INTO jobs (id, account_id, operation, status, created_at, fields, inputs, stored_bytes, charge_day, request_id, callback_url)
       VALUES (@id, @account_id, @operation, 'queued', @created_at, @fields, @inputs, @stored_bytes, @charge_day, @request_id, @callback_url)`,
    ).run(job);
    return true;
  });
  // IMMEDIATE: the usage sum and the insert see the same database.
  return insert.immediate();
}

/** The job, whoever owns it (workers, internal use). */
export function getJob(db: Db, id: string): JobRow | undefined {
  return db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
}

/** The job if it belongs to `accountId` (others' jobs are "not found"). */
export function getAccountJob(db: Db, id: string, accountId: number): JobRow | undefined {
  return db.prepare('SELECT * FROM jobs WHERE id = ? AND account_id = ?').get(id, accountId) as JobRow | undefined;
}

/** Atomically takes the oldest queued job for `workerId`. */
export function claimNext(db: Db, workerId: string, leaseUntil: number, now = new Date()): JobRow | undefined {
  // A plain read first: idle workers poll often and should not take the write lock each time.
  if (!db.prepare(`SELECT 1 FROM jobs WHERE status = 'queued' LIMIT 1`).get()) return undefined;
  const claim = db.transaction(
    () =>
      db
        .prepare(
          `UPDATE jobs SET status = 'running', worker_id = ?, lease_until = ?, attempts = attempts + 1, started_at = ?
           WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, rowid LIMIT 1) AND status = 'queued'
           RETURNING *`,
        )
        .get(workerId, leaseUntil, now.toISOString()) as JobRow | undefined,
  );
  return claim.immediate();
}

/** Extends the lease of `ids`; returns those still running under `workerId` (the rest were canceled or taken away). */
export function renewLeases(db: Db, workerId: string, ids: string[], leaseUntil: number): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = db
    .prepare(
      `UPDATE jobs SET lease_until = ? WHERE worker_id = ? AND status = 'running' AND id IN (SELECT value FROM json_each(?)) RETURNING id`,
    )
    .all(leaseUntil, workerId, JSON.stringify(ids)) as Array<{ id: string }>;
  return new Set(rows.map((r) => r.id));
}

/** Fields set when a job ends. */
export interface Finish {
  status: 'succeeded' | 'failed';
  result_file?: string;
  result_filename?: string;
  result_type?: string;
  result_size?: number;
  result_stored_bytes?: number;
  result_headers?: string;
  expires_at?: string;
  error?: string;
}

/** Ends a job that `workerId` still owns; undefined if it was canceled or taken away meanwhile. */
export function finishJob(db: Db, id: string, workerId: string, finish: Finish, now = new Date()): JobRow | undefined {
  return db
    .prepare(
      `UPDATE jobs SET status = @status, finished_at = @now, worker_id = NULL, lease_until = NULL,
         result_file = @result_file, result_filename = @result_filename, result_type = @result_type, result_size = @result_size,
         result_stored_bytes = @result_stored_bytes, result_headers = @result_headers, expires_at = @expires_at, error = @error
       WHERE id = @id AND worker_id = @worker AND status = 'running'
       RETURNING *`,
    )
    .get({
      result_file: null,
      result_filename: null,
      result_type: null,
      result_size: null,
      result_stored_bytes: null,
      result_headers: null,
      expires_at: null,
      error: null,
      ...finish,
      now: now.toISOString(),
      id,
      worker: workerId,
    }) as JobRow | undefined;
}

/** Puts a job `workerId` owns back in the queue (shutdown, busy pool); the attempt is not counted. */
export function requeue(db: Db, id: string, workerId: string): boolean {
  return (
    db
      .prepare(
        `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL, started_at = NULL, attempts = MAX(0, attempts - 1)
         WHERE id = ? AND worker_id = ? AND status = 'running'`,
      )
      .run(id, workerId).changes === 1
  );
}

/** Cancels a queued or running job; returns the row after the change (or undefined if it had already ended). */
export function cancelJob(db: Db, id: string, now = new Date()): JobRow | undefined {
  return db
    .prepare(
      `UPDATE jobs SET status = 'canceled', finished_at = ?, worker_id = NULL, lease_until = NULL
       WHERE id = ? AND status IN ('queued', 'running') RETURNING *`,
    )
    .get(now.toISOString(), id) as JobRow | undefined;
}

/** Deletes a finished job's row. */
export function deleteJob(db: Db, id: string): void {
  db.prepare(`DELETE FROM jobs WHERE id = ? AND status IN ('succeeded', 'failed', 'canceled')`).run(id);
}

/**
 * Running jobs whose worker is gone: its lease ran out, or `isDead(workerId)`
 * says so (same host, pid no longer exists). The caller queues them again
 * (first attempt) or fails them (requeueOrphan / failOrphan).
 */
export function orphanedJobs(db: Db, now: number, isDead: (workerId: string) => boolean): JobRow[] {
  const rows = db.prepare(`SELECT * FROM jobs WHERE status = 'running'`).all() as JobRow[];
  return rows.filter((row) => (row.lease_until ?? 0) < now || (row.worker_id !== null && isDead(row.worker_id)));
}

/** Queues an orphaned job again if it is still owned by the dead worker. */
export function requeueOrphan(db: Db, row: JobRow): boolean {
  return (
    db
      .prepare(`UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL WHERE id = ? AND status = 'running' AND worker_id IS ?`)
      .run(row.id, row.worker_id).changes === 1
  );
}

/** Fails an orphaned job (second interruption); the row after the change, if it was still owned by the dead worker. */
export function failOrphan(db: Db, row: JobRow, error: string, now = new Date()): JobRow | undefined {
  return db
    .prepare(
      `UPDATE jobs SET status = 'failed', finished_at = ?, worker_id = NULL, lease_until = NULL, error = ?
       WHERE id = ? AND status = 'running' AND worker_id IS ? RETURNING *`,
    )
    .get(now.toISOString(), error, row.id, row.worker_id) as JobRow | undefined;
}

/** Results past expires_at: their file names, which are detached from the rows. */
export function expireResults(db: Db, now = new Date()): string[] {
  const rows = db
    .prepare(`UPDATE jobs SET result_file = NULL WHERE result_file IS NOT NULL AND expires_at <= ? RETURNING result_file AS file`)
    .all(now.toISOString()) as Array<{ file: string }>;
  return rows.map((r) => r.file);
}

/** Forgets finished jobs long after their results expired (rows would otherwise grow forever). */
export function pruneJobs(db: Db, before: Date): number {
  return db.prepare(`DELETE FROM jobs WHERE status IN ('succeeded', 'failed', 'canceled') AND result_file IS NULL AND finished_at < ?`).run(before.toISOString()).changes;
}

/** Every file name a job still needs, by area (for the sweep). */
export function referencedFiles(db: Db): { inputs: Set<string>; results: Set<string> } {
  const inputs = new Set<string>();
  for (const row of db.prepare(`SELECT inputs FROM jobs WHERE status IN ('queued', 'running')`).all() as Array<{ inputs: string }>) {
    for (const input of JSON.parse(row.inputs) as StoredInput[]) inputs.add(input.file);
  }
  const results = new Set((db.prepare(`SELECT result_file FROM jobs WHERE result_file IS NOT NULL`).all() as Array<{ result_file: string }>).map((r) => r.result_file));
  return { inputs, results };
}

/** The job object of API.md §6. */
export function jobView(row: JobRow): Record<string, unknown> {
  return {
    id: row.id,
    operation: row.operation,
    status: row.status,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    result:
      row.status === 'succeeded' && row.result_filename
        ? {
            url: `/v1/jobs/${row.id}/result`,
            filename: row.result_filename,
            content_type: row.result_type,
            size: row.result_size,
            expires_at: row.expires_at,
          }
        : null,
    error: row.error ? (JSON.parse(row.error) as Record<string, unknown>) : null,
  };
}
