// POST /v1/tokens (docs/api.md §2b): a server holding a key mints a short-lived
// browser token (pdf_tok_…) for a web page. The token narrows the key: its
// scopes are a subset of the key's, it ends at ttl_seconds (≤ 3600) or the
// key's own expiry, whichever is first, after max_uses requests, and with the
// key (revoked, or its rotation's grace over: the store joins every token to its
// key). When bound to an origin, a request whose Origin header differs is 401 —
// a browser cannot forge Origin, so a token copied out of one site's page is
// useless on another. Minting is not charged; the token's requests count
// against the key's account like the key's own. Stored by hash only.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { InsufficientScopeError } from '../core/errors.js';
import { mintToken } from '../store/keys.js';
import type { Store } from '../store/types.js';
import { allows } from './auth.js';
import { jsonBody } from './json-body.js';

/** Longest life of a token, seconds. */
export const MAX_TOKEN_TTL = 3600;

export function mintTokens(store: Store, log: Logger, operations: string[]): Middleware {
  const schema = z
    .object({
      ttl_seconds: z.number().int().min(1).max(MAX_TOKEN_TTL).default(600),
      scopes: z
        .array(z.enum(operations as [string, ...string[]]))
        .min(1)
        .max(operations.length)
        .optional(),
      max_uses: z.number().int().min(1).max(1_000_000).optional(),
      origin: z
        .string()
        .regex(/^https?:\/\/[^/\s]+$/, 'must be an origin (scheme://host[:port], no path)')
        .optional(),
    })
    .strict();
  return async (ctx) => {
    const caller = ctx.state.caller!;
    // A token cannot mint tokens: the page holding one could otherwise outlive its limits.
    if (caller.token) throw new InsufficientScopeError('tokens');
    const body = await jsonBody(ctx, schema);
    const scopes = body.scopes ? [...new Set(body.scopes)] : caller.scopes;
    if (scopes) {
      const missing = allows(caller, scopes);
      if (missing) throw new InsufficientScopeError(missing);
    }
    let expires = Date.now() + body.ttl_seconds * 1000;
    if (caller.keyExpiresAt !== null) expires = Math.min(expires, Date.parse(caller.keyExpiresAt));
    const expiresAt = new Date(expires).toISOString();
    const token = await mintToken(store, caller, {
      scopes,
      expiresAt,
      maxUses: body.max_uses ?? null,
      origin: body.origin ?? null,
    });
    log.info(
      {
        account: caller.account.name,
        key_prefix: caller.keyPrefix,
        ttl_seconds: body.ttl_seconds,
        origin: body.origin ?? null,
      },
      'browser token minted',
    );
    ctx.status = 201;
    ctx.body = { token, expires_at: expiresAt, scopes, max_uses: body.max_uses ?? null, origin: body.origin ?? null };
  };
}
