// CORS (docs/api.md §2b): web pages of the CORS_ORIGINS allowlist may call the
// service; every other origin gets no CORS header at all, so the browser blocks
// it. Placed outside the problem middleware, so errors (401, 403, 429) carry the
// headers too and a page can read why it was refused. No credentials mode: the
// page sends its token in Authorization, never cookies.
import type { Middleware } from 'koa';

const ALLOWED_METHODS = 'GET, POST, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, Idempotency-Key, X-Request-Id';
const MAX_AGE_SECONDS = '600';
/** Exposed on every response; each X-… header the response carries is added to these. */
const EXPOSED = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'Content-Disposition', 'Location'];

export function cors(origins: string[]): Middleware {
  const allowed = new Set(origins);
  return async (ctx, next) => {
    if (allowed.size === 0) return next();
    // Caches must not give one origin's answer to another.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    if (!origin || !allowed.has(origin)) return next();
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      ctx.set('Access-Control-Max-Age', MAX_AGE_SECONDS);
      ctx.status = 204;
      return;
    }
    try {
      await next();
    } finally {
      ctx.set('Access-Control-Allow-Origin', origin);
      const own = Object.keys(ctx.response.headers).filter(
        (name) => /^x-/i.test(name) && !EXPOSED.some((e) => e.toLowerCase() === name.toLowerCase()),
      );
      ctx.set('Access-Control-Expose-Headers', [...EXPOSED, ...own].join(', '));
    }
  };
}
