// The daily allowance (API.md §3): one atomic UPSERT per request, so every
// process sharing the database sees one counter, and a refund for requests
// that end in a server fault.
import type { Db } from './db.js';

/** "YYYY-MM-DD" of the UTC day containing `now`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Next 00:00 UTC after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Whole seconds until the next 00:00 UTC (at least 1). */
export function secondsToReset(now: Date): number {
  return Math.max(1, Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000));
}

export interface Charge {
  admitted: boolean;
  /** Requests counted today after this charge (or the current count if refused). */
  used: number;
  day: string;
}

/**
 * Counts one request for `accountId` if it is below `limit` (null: unlimited).
 * One statement: the row is created or incremented only while below the limit,
 * and SQLite's write lock makes that atomic across processes.
 */
export function charge(db: Db, accountId: number, limit: number | null, now = new Date()): Charge {
  const day = utcDay(now);
  const cap = limit ?? Number.MAX_SAFE_INTEGER;
  if (cap <= 0) return { admitted: false, used: usedOn(db, accountId, day), day };
  const row = db
    .prepare(
      `INSERT INTO daily_usage (account_id, day, count) VALUES (?, ?, 1)
       ON CONFLICT (account_id, day) DO UPDATE SET count = count + 1 WHERE count < ?
       RETURNING count`,
    )
    .get(accountId, day, cap) as { count: number } | undefined;
  if (row) return { admitted: true, used: row.count, day };
  return { admitted: false, used: usedOn(db, accountId, day), day };
}

/** Gives back one request charged on `day` (server fault or overload). */
export function refund(db: Db, accountId: number, day: string): void {
  db.prepare('UPDATE daily_usage SET count = count - 1 WHERE account_id = ? AND day = ? AND count > 0').run(accountId, day);
}

export function usedOn(db: Db, accountId: number, day: string): number {
  const row = db.prepare('SELECT count FROM daily_usage WHERE account_id = ? AND day = ?').get(accountId, day) as { count: number } | undefined;
  return row?.count ?? 0;
}
