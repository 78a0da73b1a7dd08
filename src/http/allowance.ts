// Daily allowance (docs/api.md §3): RateLimit headers on every authenticated
// response of a limited plan; each POST /v1/pdf/* is charged before any work
// and refunded only when the server is at fault (refunding every 5xx let a
// client buy unlimited work with files made to time out, or with a result_url
// or time-stamp URL made to fail).
import type { Context, Middleware } from 'koa';
import {
  ClientClosedError,
  type ProblemError,
  QueueShareExceededError,
  QuotaExceededError,
  UpstreamFailedError,
} from '../core/errors.js';
import type { Store } from '../store/types.js';
import { dailyLimit } from '../store/plans.js';
import { charge, refund, secondsToReset, usedOn, utcDay } from '../store/usage.js';
import { problemStatus, toProblem } from './problem.js';

function setRateLimitHeaders(ctx: Context, limit: number, used: number): void {
  const now = new Date();
  ctx.set('RateLimit-Policy', `"daily";q=${limit};w=86400`);
  ctx.set('RateLimit', `"daily";r=${Math.max(0, limit - used)};t=${secondsToReset(now)}`);
}

/** Adds RateLimit headers without charging (GET endpoints, jobs). */
export function rateLimitHeaders(store: Store): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const account = ctx.state.account;
      const limit = account ? dailyLimit(account.plan) : null;
      if (account && limit !== null && !ctx.state.charge) {
        setRateLimitHeaders(ctx, limit, await usedOn(store, account.id, utcDay(new Date())).catch(() => 0));
      }
    }
  };
}

/**
 * The refund rule (docs/api.md §3): a request is refunded when it failed through the
 * server's fault (500 a bug or a missing tool, 503 overload or shutdown) or was turned
 * away by fair share before it ran (429 concurrency_limit), or by a scope only its body
 * could show (403 insufficient_scope: a pipeline's steps). A 504 timeout, a 422
 * resource_limit or invalid input stays charged: the input used the work up. So does a
 * 502 upstream_failed: the party that failed was the request's choice (its result_url,
 * timestamp_url, its certificate's OCSP/CRL addresses) and the work was done; refunding
 * it made any URL that answers 403 a source of free work. A client that went away (499)
 * stays charged too.
 */
export function isRefunded(status: number, code?: string): boolean {
  // insufficient_scope: a pipeline's steps are known only once its body is read (a single operation is refused before the charge).
  return status === 500 || status === 503 || code === 'concurrency_limit' || code === 'insufficient_scope';
}

/** True when `problem` is the server's fault (isRefunded), or a 502 of a party the server chose rather than the request (SIGN_TSA_URL…). */
export function isServerFault(problem: ProblemError): boolean {
  return (
    isRefunded(problemStatus(problem), problem.code) || (problem instanceof UpstreamFailedError && problem.serverChosen)
  );
}

/**
 * How many of a failed request's `charged` requests it gets back (docs/api.md §3, "Pipelines"):
 * all of them for the server's fault; otherwise none, except that a pipeline that failed at step
 * k (its problem's `step`) keeps the k+1 steps that ran and gets back those that never did.
 */
export function requestsRefunded(problem: ProblemError, charged: number, serverFault = isServerFault(problem)): number {
  if (serverFault) return charged;
  const step = problem.extensions.step;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) return 0;
  return Math.max(0, charged - (step + 1));
}

/** After a refunded 503 of an account's own burst, further ones of that account within this window are charged. */
export const OWN_BURST_WINDOW_MS = 60_000;

/**
 * The one exception to refunding 503s (API.md §3): a 503 server_busy whose
 * account itself held at least an equal share of the full work queue
 * (QueueShareExceededError, tools/pool.ts) is refunded once per
 * OWN_BURST_WINDOW_MS; repeats within the window are charged, so a burst
 * repeated on purpose is not free. Kept in memory per process, like the queue
 * it judges: a restart forgets it, which costs at most one more refund.
 */
export class OwnBurstRefunds {
  private readonly lastRefunded = new Map<number, number>();

  /** Whether this own-burst 503 of `accountId` is refunded (the first in its window); records it if so. */
  refunds(accountId: number, now = Date.now()): boolean {
    const last = this.lastRefunded.get(accountId);
    if (last !== undefined && now - last < OWN_BURST_WINDOW_MS) return false;
    if (this.lastRefunded.size >= 10_000) {
      for (const [id, at] of this.lastRefunded) if (now - at >= OWN_BURST_WINDOW_MS) this.lastRefunded.delete(id);
    }
    this.lastRefunded.set(accountId, now);
    return true;
  }
}

/** How a route is charged. */
export interface ChargeOptions {
  /**
   * The request's count is known only once its body is read (a pipeline: one per step). Then
   * only room for one is checked before the body is read, and the whole count is charged at
   * once afterwards: charging one up front and the rest later let concurrent pipelines hold
   * each other's room and be refused while the allowance still had space (measured: 31 of 50
   * pipelines of three steps admitted on a 100-request allowance, where 33 fit).
   */
  deferred?: boolean;
}

/** Charges one request (or a route's count, see ChargeOptions); refunds it when isRefunded says so (an own-burst 503 only as OwnBurstRefunds allows). */
export function chargeAllowance(
  store: Store,
  ownBursts = new OwnBurstRefunds(),
  options: ChargeOptions = {},
): Middleware {
  return async (ctx, next) => {
    const account = ctx.state.account!;
    const limit = dailyLimit(account.plan);
    const now = new Date();
    // requireScope named the operation; a route without one still counts, under "other".
    const operation = ctx.state.operation ?? 'other';
    const result = options.deferred
      ? await roomForOne(store, account.id, limit, now)
      : await charge(store, account.id, limit, operation, now);
    if (!result.admitted) {
      if (limit !== null) setRateLimitHeaders(ctx, limit, result.used);
      throw new QuotaExceededError(limit ?? 0, secondsToReset(now));
    }
    ctx.state.charge = result;
    let used = result.used;
    let refunded = false;
    /** Requests given back when it ends (all of them for the server's fault, a pipeline's steps that never ran). */
    let refundCount = 0;
    let refusedForQuota = false;
    // The requests this one counts so far: one, none yet (deferred), or one per step once a pipeline's steps are known (API.md §5j).
    let counted = options.deferred ? 0 : 1;
    ctx.state.chargeRequests = async (total: number) => {
      const extra = total - counted;
      if (extra <= 0) return;
      const more = await charge(store, account.id, limit, operation, now, extra);
      if (!more.admitted) {
        // All or nothing: what was counted is given back too, so a refused pipeline costs nothing.
        await refund(store, account.id, result.day, operation, counted);
        used = more.used - counted;
        counted = 0;
        refusedForQuota = true;
        throw new QuotaExceededError(limit ?? 0, secondsToReset(now));
      }
      counted += extra;
      used = more.used;
    };
    ctx.state.refundCharge = async () => {
      if (counted === 0) return;
      await refund(store, account.id, result.day, operation, counted);
      used -= counted;
      counted = 0;
    };
    let closed = false;
    try {
      await next();
      refunded = isRefunded(ctx.status);
      refundCount = refunded ? counted : 0;
    } catch (error) {
      if (error instanceof ClientClosedError) closed = true;
      else {
        const problem = toProblem(error);
        refunded =
          isServerFault(problem) && (!(error instanceof QueueShareExceededError) || ownBursts.refunds(account.id));
        refundCount = requestsRefunded(problem, counted, refunded);
      }
      throw error;
    } finally {
      if (refundCount > 0 && !ctx.state.chargeKept && counted > 0) {
        await refund(store, account.id, result.day, operation, refundCount);
        used -= refundCount;
      }
      // A deferred request that ended before its count was known (a 400, a 413, a client that left)
      // counts as one request, like any other that ends that way — when one still fits.
      if (options.deferred && counted === 0 && !refusedForQuota && (closed || !refunded)) {
        const one = await charge(store, account.id, limit, operation, now);
        if (one.admitted) used = one.used;
      }
      if (limit !== null) setRateLimitHeaders(ctx, limit, used);
    }
  };
}

/** Whether one more request fits today, without counting it (a deferred charge, see ChargeOptions). */
async function roomForOne(
  store: Store,
  accountId: number,
  limit: number | null,
  now: Date,
): Promise<{ admitted: boolean; used: number; day: string }> {
  const day = utcDay(now);
  const used = await usedOn(store, accountId, day);
  return { admitted: limit === null || used < limit, used, day };
}

declare module 'koa' {
  interface DefaultState {
    /** Set by the job runner when a 5xx response must not refund (it is refunded later). */
    chargeKept?: boolean;
    /** Makes the request count `total` requests, charging what is missing atomically (a pipeline: one per step); 429 quota_exceeded with nothing charged if they do not fit. */
    chargeRequests?: (total: number) => Promise<void>;
    /** Gives back everything this request was charged (a replayed idempotent submission). */
    refundCharge?: () => Promise<void>;
  }
}
