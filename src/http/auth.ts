// Bearer API keys and browser tokens (API.md §2, docs/api.md §2b). A malformed
// header is "missing"; a well-formed credential that is unknown, revoked,
// expired, used up or sent from another origin is "invalid", the detail saying
// which. Scopes are checked here too, before any upload is read (and before the
// allowance is charged), so a forbidden operation costs nothing and reads nothing.
import type { Middleware } from 'koa';
import { InsufficientScopeError, InvalidApiKeyError, MissingApiKeyError } from '../core/errors.js';
import type { Store } from '../store/types.js';
import { authenticate, type Caller, type Refusal } from '../store/keys.js';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

const REFUSAL_DETAIL: Record<Refusal, string> = {
  unknown: 'The API key is unknown or has been revoked.',
  expired: 'expired',
  origin: 'This token is bound to another origin.',
  used_up: 'This token has no uses left.',
};

/** The bearer credential of a request, or undefined when the header is absent or malformed. */
export function bearerOf(header: string): string | undefined {
  return BEARER.exec(header)?.[1];
}

export function requireApiKey(store: Store): Middleware {
  return async (ctx, next) => {
    const secret = bearerOf(ctx.get('Authorization'));
    if (!secret) throw new MissingApiKeyError();
    const caller = await authenticate(store, secret, ctx.get('Origin') || undefined);
    if (typeof caller === 'string') throw new InvalidApiKeyError(REFUSAL_DETAIL[caller]);
    ctx.state.account = caller.account;
    ctx.state.caller = caller;
    ctx.state.log = ctx.state.log?.child({ account: caller.account.name, key_prefix: caller.keyPrefix });
    await next();
  };
}

/** Whether `caller` may call every one of `operations`. */
export function allows(caller: Caller, operations: string[]): string | undefined {
  if (caller.scopes === null) return undefined;
  return operations.find((op) => !caller.scopes!.includes(op));
}

/**
 * Admits the request only if the caller's scopes include `operation` (a pipeline would name
 * each of its steps' operations). Also names the operation for the allowance's per-operation count.
 */
export function requireScope(operation: string, check = true): Middleware {
  return async (ctx, next) => {
    ctx.state.operation = operation;
    const missing = check ? allows(ctx.state.caller!, [operation]) : undefined;
    if (missing) throw new InsufficientScopeError(missing);
    await next();
  };
}

declare module 'koa' {
  interface DefaultState {
    /** The key or token that authenticated the request. */
    caller?: Caller;
  }
}
