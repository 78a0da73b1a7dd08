// X-Request-Id on every response: the client's if it is sane, else a new one.
import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(log: Logger): Middleware {
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const id = SANE_ID.test(given) ? given : crypto.randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = log.child({ request_id: id });
    ctx.set('X-Request-Id', id);
    await next();
  };
}
