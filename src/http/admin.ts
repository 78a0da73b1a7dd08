// The admin API (docs/api.md §2b): accounts, keys, rotation and usage reports
// for operators, mounted only when ADMIN_TOKEN_FILE names the admin token. The
// token is compared in constant time (hashes of equal length, timingSafeEqual)
// and never logged; every call is logged with its action, account, key prefix
// and the caller's address, never a key. It shares the store with the
// command-line tool, so a key made by one is seen by the other.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ForbiddenError, InvalidRequestError, NotFoundError } from '../core/errors.js';
import { ensureAccount, findAccountByName, setPlan } from '../store/accounts.js';
import { createKeyFor, keyView, listKeys, revokeKey, rotateKey } from '../store/keys.js';
import { dailyLimit, PLAN_NAMES, type Plan } from '../store/plans.js';
import type { Store } from '../store/types.js';
import { usageReport, utcDay } from '../store/usage.js';
import { bearerOf } from './auth.js';
import { jsonBody } from './json-body.js';

/** Reads the admin token (one trailing newline ignored); refuses an empty or short one. */
export function loadAdminToken(file: string): string {
  const token = fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  if (token.length < 16)
    throw new Error('invalid configuration: ADMIN_TOKEN_FILE: the admin token must be at least 16 characters');
  return token;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/** 403 forbidden unless the request carries the admin token (an API key there is refused too). */
export function requireAdmin(token: string): Middleware {
  const expected = sha256(token);
  return async (ctx, next) => {
    const given = bearerOf(ctx.get('Authorization'));
    // Hashing first gives equal lengths, so the comparison time says nothing about the token.
    if (given === undefined || !crypto.timingSafeEqual(sha256(given), expected)) throw new ForbiddenError();
    await next();
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Reports span at most this many days (a year and a day). */
export const MAX_REPORT_DAYS = 366;

/** `from`..`to` checked: real dates, in order, at most MAX_REPORT_DAYS. */
export function reportRange(from: string, to: string): { from: string; to: string } {
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!DAY.test(value) || utcDay(new Date(`${value}T00:00:00Z`)) !== value)
      throw new InvalidRequestError(`${field} must be a date YYYY-MM-DD.`, field);
  }
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1) throw new InvalidRequestError('from must not be after to.', 'from');
  if (days > MAX_REPORT_DAYS) throw new InvalidRequestError(`A report covers at most ${MAX_REPORT_DAYS} days.`, 'from');
  return { from, to };
}

/** The last `days` UTC days up to today. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * 86_400_000)), to: utcDay(now) };
}

const accountName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^\s\u0000-\u001f]+$/, 'must be a name without spaces or control characters');
const plan = z.enum(PLAN_NAMES as [Plan, ...Plan[]]);

export interface AdminDeps {
  store: Store;
  dataKey: Buffer;
  log: Logger;
  /** The operations a key may be scoped to. */
  operations: string[];
}

/** Mounts /v1/admin/* on `router`, each route behind `admin`. */
export function mountAdmin(router: Router, admin: Middleware, deps: AdminDeps): void {
  const { store, log } = deps;
  // Who: the holder of the admin token, from this address (and request id); what: the action, its account and key prefix.
  const audit = (ctx: Context, action: string, account: string | null, keyPrefix: string | null = null) =>
    (ctx.state.log ?? log).info({ admin_action: action, account, key_prefix: keyPrefix, ip: ctx.ip }, 'admin action');
  const scopes = z
    .array(z.enum(deps.operations as [string, ...string[]]))
    .min(1)
    .max(deps.operations.length);
  const account = async (name: string) => (await findAccountByName(store, name)) ?? notFound(`No account "${name}".`);

  router.post('/v1/admin/accounts', admin, async (ctx) => {
    const body = await jsonBody(ctx, z.object({ account: accountName, plan }).strict());
    if (await findAccountByName(store, body.account))
      throw new InvalidRequestError(
        `The account "${body.account}" already exists (PATCH it to change its plan).`,
        'account',
      );
    const created = await ensureAccount(store, deps.dataKey, body.account, body.plan);
    audit(ctx, 'accounts.create', created.name);
    ctx.status = 201;
    ctx.body = accountView(created, 0);
  });

  router.patch('/v1/admin/accounts/:account', admin, async (ctx) => {
    const body = await jsonBody(ctx, z.object({ plan }).strict());
    const name = ctx.params.account;
    if (!(await setPlan(store, name, body.plan))) notFound(`No account "${name}".`);
    audit(ctx, 'accounts.set_plan', name);
    const updated = await account(name);
    ctx.body = accountView(updated, await store.usedOn(updated.id, utcDay(new Date())));
  });

  router.get('/v1/admin/accounts', admin, async (ctx) => {
    const rows = await store.listAccounts(utcDay(new Date()));
    audit(ctx, 'accounts.list', null);
    ctx.body = { accounts: rows.map((row) => accountView(row, row.used_today)) };
  });

  router.get('/v1/admin/accounts/:account/usage', admin, async (ctx) => {
    const owner = await account(ctx.params.account);
    const fallback = lastDays(30);
    const range = reportRange(queryText(ctx.query.from) ?? fallback.from, queryText(ctx.query.to) ?? fallback.to);
    audit(ctx, 'accounts.usage', owner.name);
    ctx.body = {
      account: owner.name,
      from: range.from,
      to: range.to,
      days: await usageReport(store, owner.id, range.from, range.to),
    };
  });

  router.post('/v1/admin/keys', admin, async (ctx) => {
    const body = await jsonBody(
      ctx,
      z
        .object({
          account: accountName,
          scopes: scopes.optional(),
          expires_at: z.iso.datetime({ offset: true }).optional(),
          name: z.string().min(1).max(100).optional(),
        })
        .strict(),
    );
    const owner = await account(body.account);
    const expiresAt = body.expires_at === undefined ? null : new Date(body.expires_at).toISOString();
    if (expiresAt !== null && Date.parse(expiresAt) <= Date.now())
      throw new InvalidRequestError('expires_at is in the past.', 'expires_at');
    const created = await createKeyFor(store, owner, {
      scopes: body.scopes ?? null,
      expires_at: expiresAt,
      name: body.name ?? null,
    });
    audit(ctx, 'keys.create', owner.name, created.prefix);
    ctx.status = 201;
    ctx.body = { key: created.key, ...keyView((await store.findKey(created.prefix))!) };
  });

  router.get('/v1/admin/keys', admin, async (ctx) => {
    const name = queryText(ctx.query.account);
    if (name !== undefined) await account(name);
    audit(ctx, 'keys.list', name ?? null);
    ctx.body = { keys: (await listKeys(store, name)).map(keyView) };
  });

  router.delete('/v1/admin/keys/:prefix', admin, async (ctx) => {
    const key = (await store.findKey(ctx.params.prefix)) ?? notFound('No such key.');
    if (!(await revokeKey(store, key.prefix))) notFound('This key is already revoked.');
    audit(ctx, 'keys.revoke', key.account, key.prefix);
    ctx.status = 204;
  });

  router.post('/v1/admin/keys/:prefix/rotate', admin, async (ctx) => {
    const body = await jsonBody(
      ctx,
      z
        .object({
          grace_seconds: z
            .number()
            .int()
            .min(0)
            .max(30 * 86_400)
            .default(3600),
        })
        .strict(),
    );
    const old = (await store.findKey(ctx.params.prefix)) ?? notFound('No such key.');
    const rotated =
      (await rotateKey(store, old.prefix, body.grace_seconds)) ?? notFound('This key is revoked or already rotated.');
    audit(ctx, 'keys.rotate', old.account, `${old.prefix}->${rotated.prefix}`);
    ctx.status = 201;
    ctx.body = {
      key: rotated.key,
      ...keyView((await store.findKey(rotated.prefix))!),
      replaces: old.prefix,
      old_key_expires_at: rotated.old_key_expires_at,
    };
  });
}

function notFound(detail: string): never {
  throw new NotFoundError(detail);
}

/** A query parameter given once, or undefined. */
function queryText(value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) throw new InvalidRequestError('A query parameter was given twice.');
  return value === undefined || value === '' ? undefined : value;
}

function accountView(a: { name: string; plan: Plan; created_at: string }, usedToday: number): Record<string, unknown> {
  return {
    account: a.name,
    plan: a.plan,
    daily_limit: dailyLimit(a.plan),
    used_today: usedToday,
    created_at: a.created_at,
  };
}

/** GET /v1/account/usage?days=30: the caller's own report, as the admin's. */
export function accountUsage(store: Store): Middleware {
  return async (ctx) => {
    const raw = queryText(ctx.query.days as string | string[] | undefined) ?? '30';
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_REPORT_DAYS)
      throw new InvalidRequestError(`days must be a whole number from 1 to ${MAX_REPORT_DAYS}.`, 'days');
    const owner = ctx.state.account!;
    const range = lastDays(Number(raw));
    ctx.body = {
      account: owner.name,
      from: range.from,
      to: range.to,
      days: await usageReport(store, owner.id, range.from, range.to),
    };
  };
}
