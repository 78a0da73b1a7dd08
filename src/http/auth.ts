// Bearer API keys (API.md §2). A malformed header is "missing"; a well-formed
// key that is unknown or revoked is "invalid".
import type { Middleware } from 'koa';
import { InvalidApiKeyError, MissingApiKeyError } from '../core/errors.js';
import type { Store } from '../store/types.js';
import { authenticate } from '../store/keys.js';

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

export function requireApiKey(store: Store): Middleware {
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get('Authorization'));
    if (!match) throw new MissingApiKeyError();
    const account = await authenticate(store, match[1]);
    if (!account) throw new InvalidApiKeyError();
    ctx.state.account = account;
    ctx.state.log = ctx.state.log?.child({ account: account.name });
    await next();
  };
}
