// Unmatched paths and methods as problems: 404 not_found, 405 with Allow.
// Under /v1 the key is checked first: every /v1/* request needs one.
import type { Middleware } from 'koa';
import { MethodNotAllowedError, NotFoundError } from '../core/errors.js';
import type { Store } from '../store/types.js';
import { requireApiKey } from './auth.js';

export function unmatchedAsProblems(store: Store): Middleware {
  const auth = requireApiKey(store);
  return async (ctx, next) => {
    await next();
    if (ctx.body != null || (ctx.status !== 404 && ctx.status !== 405)) return;
    const status = ctx.status;
    const allow = ctx.response.get('Allow');
    if (ctx.path.startsWith('/v1/') && !ctx.state.account) await auth(ctx, async () => {});
    if (status === 405) throw new MethodNotAllowedError(allow.split(/,\s*/).filter(Boolean));
    throw new NotFoundError(`No route for ${ctx.method} ${ctx.path}.`);
  };
}
