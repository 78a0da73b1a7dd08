// The daily allowance (API.md §3): one atomic upsert per request, so every
// process and host sharing the database sees one counter, and a refund for
// requests that end in a server fault. A refund the database cannot take right
// now (it is unreachable) is retried in the background until it can.
import type { Store } from './types.js';

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
 * Counts `count` requests (default one) for `accountId` if they stay within `limit` (null: unlimited).
 * One statement on either backend: the row is created or incremented only
 * while within the limit (see Store.charge); all or nothing.
 */
export async function charge(
  store: Store,
  accountId: number,
  limit: number | null,
  operation: string,
  now = new Date(),
  count = 1,
): Promise<Charge> {
  const day = utcDay(now);
  const cap = limit ?? Number.MAX_SAFE_INTEGER;
  const used = cap <= 0 ? undefined : await store.charge(accountId, day, cap, operation, count);
  if (used !== undefined) return { admitted: true, used, day };
  return { admitted: false, used: await store.usedOn(accountId, day), day };
}

/** Refunds owed but not yet written (database unreachable), per store. */
const owed = new WeakMap<Store, Array<{ accountId: number; day: string; operation: string; count: number }>>();

/** Gives back `count` requests (default one) charged on `day` (server fault or overload); retried later if the database is unreachable. */
export async function refund(
  store: Store,
  accountId: number,
  day: string,
  operation: string,
  count = 1,
): Promise<void> {
  if (count <= 0) return;
  try {
    await store.refund(accountId, day, operation, count);
  } catch {
    let list = owed.get(store);
    if (!list) {
      list = [];
      owed.set(store, list);
      retryRefunds(store, list);
    }
    list.push({ accountId, day, operation, count });
  }
}

function retryRefunds(
  store: Store,
  list: Array<{ accountId: number; day: string; operation: string; count: number }>,
): void {
  const timer = setTimeout(async () => {
    while (list.length > 0) {
      try {
        await store.refund(list[0].accountId, list[0].day, list[0].operation, list[0].count);
        list.shift();
      } catch {
        return retryRefunds(store, list);
      }
    }
    owed.delete(store);
  }, 1000);
  timer.unref();
}

export function usedOn(store: Store, accountId: number, day: string): Promise<number> {
  return store.usedOn(accountId, day);
}

/** One day of a usage report (docs/api.md §2b). */
export interface UsageDay {
  date: string;
  requests: number;
  by_operation: Record<string, number>;
}

/**
 * The report of `from`..`to` (YYYY-MM-DD, inclusive): one entry per day, days without use
 * included with zeros, from the allowance's own counters (so it matches what was charged).
 */
export async function usageReport(store: Store, accountId: number, from: string, to: string): Promise<UsageDay[]> {
  const counters = await store.usageBetween(accountId, from, to);
  const days = new Map<string, UsageDay>();
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) {
    const date = utcDay(new Date(t));
    days.set(date, { date, requests: 0, by_operation: {} });
  }
  for (const row of counters.totals) {
    const day = days.get(row.day);
    if (day) day.requests = row.count;
  }
  for (const row of counters.byOperation) {
    const day = days.get(row.day);
    if (day && row.count > 0) day.by_operation[row.operation] = row.count;
  }
  return [...days.values()];
}
