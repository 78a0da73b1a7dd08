// Daily allowance (API.md §3): RateLimit headers on every authenticated
// response of a limited plan; each POST /v1/pdf/* is charged before any work
// and refunded if it ends in a 5xx (server fault or overload).
import type { Context, Middleware } from 'koa';
import { ClientClosedError, QuotaExceededError } from '../errors.js';
import type { Db } from '../store/db.js';
import { dailyLimit } from '../store/plans.js';
import { charge, refund, secondsToReset, usedOn, utcDay } from '../store/usage.js';
import { toProblem } from './problem.js';

function setRateLimitHeaders(ctx: Context, limit: number, used: number): void {
  const now = new Date();
  ctx.set('RateLimit-Policy', `"daily";q=${limit};w=86400`);
  ctx.set('RateLimit', `"daily";r=${Math.max(0, limit - used)};t=${secondsToReset(now)}`);
}

/** Adds RateLimit headers without charging (GET endpoints, jobs). */
export function rateLimitHeaders(db: Db): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      const account = ctx.state.account;
      const limit = account ? dailyLimit(account.plan) : null;
      if (account && limit !== null && !ctx.state.charge) {
        setRateLimitHeaders(ctx, limit, usedOn(db, account.id, utcDay(new Date())));
      }
    }
  };
}

/** Charges one request; refunds it when the request ends in a server fault. */
export function chargeAllowance(db: Db): Middleware {
  return async (ctx, next) => {
    const account = ctx.state.account!;
    const limit = dailyLimit(account.plan);
    const now = new Date();
    const result = charge(db, account.id, limit, now);
    if (!result.admitted) {
      if (limit !== null) setRateLimitHeaders(ctx, limit, result.used);
      throw new QuotaExceededError(limit ?? 0, secondsToReset(now));
    }
    ctx.state.charge = result;
    let used = result.used;
    let serverFault = false;
    try {
      await next();
      serverFault = ctx.status >= 500;
    } catch (error) {
      serverFault = !(error instanceof ClientClosedError) && toProblem(error).status >= 500;
      throw error;
    } finally {
      if (serverFault && !ctx.state.chargeKept) {
        refund(db, account.id, result.day);
        used -= 1;
      }
      if (limit !== null) setRateLimitHeaders(ctx, limit, used);
    }
  };
}

declare module 'koa' {
  interface DefaultState {
    /** Set by the job runner when a 5xx response must not refund (it is refunded later). */
    chargeKept?: boolean;
  }
}
