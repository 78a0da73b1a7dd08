// The admin API (docs/api.md §2b) through HTTP on SQLite and PostgreSQL: every
// call and its errors; the admin token (and only it) admits; the command-line
// tool and the API see each other's keys; rotation with two processes (an
// in-process server and a `serve` child process on the same store): the old key
// works on both during the grace period and on neither after it; usage reports
// from the allowance's counters; every admin action logged, never a key or the token.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase, stopPostgresCluster, type TestDatabase } from '../helpers/backends.js';
import { postUnfinished, usedToday } from '../helpers/keys.js';
import { startServeProcess, type ServeProcess } from '../helpers/process-server.js';
import { corpus, filePart, form, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { utcDay } from '../../src/store/usage.js';

const run = promisify(execFile);
afterAll(stopPostgresCluster);

/** The command-line tool on the same store (async: the in-process server keeps answering). */
async function cli(args: string[], env: Record<string, string>): Promise<string> {
  return (
    await run(process.execPath, [path.join(ROOT, 'bin/pdf-service'), ...args], { env: { ...process.env, ...env } })
  ).stdout;
}

describe.each(BACKENDS)('admin API (%s)', (backend) => {
  let db: TestDatabase;
  let server: TestServer;
  let replica: ServeProcess;
  let env: Record<string, string>;
  const adminToken = crypto.randomBytes(24).toString('base64url');
  const account = `admin-${backend}-acme`;

  const call = (base: string, method: string, route: string, body?: unknown, token = adminToken) =>
    fetch(`${base}${route}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const admin = (method: string, route: string, body?: unknown, token?: string) =>
    call(server.url, method, route, body, token);
  const accountOf = (key: string, base = server.url) =>
    fetch(`${base}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });

  it('starts an in-process server and a serve process on one store, with the admin token in a file', async () => {
    db = await createTestDatabase(backend);
    const tokenFile = path.join(db.dataDir, 'admin-token');
    fs.writeFileSync(tokenFile, `${adminToken}\n`, { mode: 0o600 });
    env = { ...db.env, ADMIN_TOKEN_FILE: tokenFile };
    server = await startTestServer(env);
    replica = await startServeProcess({
      ...env,
      DATA_DIR: db.dataDir,
      TMP_DIR: path.join(db.dataDir, 'replica-tmp'),
      LOG_LEVEL: 'info',
      EMBEDDED_WORKER: 'false',
    });
  });

  it('is off without ADMIN_TOKEN_FILE', async () => {
    const plain = await startTestServer(db.env);
    try {
      // An unknown path, and (as for any unknown path) the bearer is checked first: the admin token is no API key.
      expect(await (await call(plain.url, 'GET', '/v1/admin/accounts')).json()).toMatchObject({
        status: 401,
        code: 'invalid_api_key',
      });
      const key = await plain.addKey();
      expect((await call(plain.url, 'GET', '/v1/admin/accounts', undefined, key)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers only the admin token: none, a wrong one or an API key is 403 forbidden', async () => {
    expect((await fetch(`${server.url}/v1/admin/accounts`)).status).toBe(403);
    expect(await (await admin('GET', '/v1/admin/accounts', undefined, `${adminToken}x`)).json()).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    const key = await server.addKey('pro');
    expect(await (await admin('GET', '/v1/admin/accounts', undefined, key)).json()).toMatchObject({
      code: 'forbidden',
    });
    expect(await usedToday(server.url, key)).toBe(0);
  });

  it("creates accounts, changes a plan and lists them with today's use", async () => {
    const created = await admin('POST', '/v1/admin/accounts', { account, plan: 'free' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ account, plan: 'free', daily_limit: 100, used_today: 0 });
    expect(await (await admin('POST', '/v1/admin/accounts', { account, plan: 'free' })).json()).toMatchObject({
      status: 400,
      field: 'account',
    });
    expect(await (await admin('POST', '/v1/admin/accounts', { account: 'x', plan: 'gold' })).json()).toMatchObject({
      status: 400,
      field: 'plan',
    });
    expect((await admin('POST', '/v1/admin/accounts', '{')).status).toBe(400);
    const patched = await admin('PATCH', `/v1/admin/accounts/${account}`, { plan: 'pro' });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ account, plan: 'pro', daily_limit: 10_000 });
    expect((await admin('PATCH', '/v1/admin/accounts/nobody', { plan: 'pro' })).status).toBe(404);
    const listed = (await (await admin('GET', '/v1/admin/accounts')).json()) as {
      accounts: Array<{ account: string; plan: string; used_today: number }>;
    };
    expect(listed.accounts.find((a) => a.account === account)).toMatchObject({ plan: 'pro', used_today: 0 });
  });

  let scopedKey = '';
  let scopedPrefix = '';
  it('creates a scoped, named, expiring key (shown once) that may merge only; its errors', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await admin('POST', '/v1/admin/keys', {
      account,
      scopes: ['merge'],
      expires_at: expiresAt,
      name: 'partner',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      account,
      scopes: ['merge'],
      expires_at: expiresAt,
      name: 'partner',
      revoked_at: null,
    });
    scopedKey = body.key as string;
    scopedPrefix = body.prefix as string;
    expect(scopedKey.startsWith(scopedPrefix)).toBe(true);
    const merged = await server.post(
      'merge',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('trivial.pdf'))] }),
      scopedKey,
    );
    expect(merged.status).toBe(200);
    expect((await postUnfinished(server.url, '/v1/pdf/split', scopedKey)).body).toMatchObject({
      code: 'insufficient_scope',
    });

    expect((await admin('POST', '/v1/admin/keys', { account: 'nobody' })).status).toBe(404);
    expect(await (await admin('POST', '/v1/admin/keys', { account, scopes: ['teleport'] })).json()).toMatchObject({
      status: 400,
      field: 'scopes.0',
    });
    expect(
      await (await admin('POST', '/v1/admin/keys', { account, expires_at: '2001-01-01T00:00:00Z' })).json(),
    ).toMatchObject({ status: 400, field: 'expires_at' });
    expect(await (await admin('POST', '/v1/admin/keys', { account, secret: 1 })).json()).toMatchObject({ status: 400 });
  });

  it('lists keys without the key, and shares them with the command-line tool both ways', async () => {
    const listed = (await (await admin('GET', `/v1/admin/keys?account=${account}`)).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(listed.keys).toHaveLength(1);
    expect(listed.keys[0]).toMatchObject({ prefix: scopedPrefix, name: 'partner', scopes: ['merge'] });
    expect(JSON.stringify(listed)).not.toContain(scopedKey);
    expect(listed.keys[0].last_used_at).not.toBeNull();
    expect((await admin('GET', '/v1/admin/keys?account=nobody')).status).toBe(404);

    // A key the command-line tool made is listed (and usable) through the API …
    const made = await cli(['keys', 'create', '--account', account, '--plan', 'pro', '--json'], env);
    const cliKey = JSON.parse(made) as { key: string; prefix: string };
    const both = (await (await admin('GET', `/v1/admin/keys?account=${account}`)).json()) as {
      keys: Array<{ prefix: string }>;
    };
    expect(both.keys.map((k) => k.prefix)).toEqual([scopedPrefix, cliKey.prefix]);
    expect((await accountOf(cliKey.key)).status).toBe(200);
    // … and the tool lists the key the API made, with its scopes.
    const cliList = JSON.parse(await cli(['keys', 'list', '--json'], env)) as Array<{
      prefix: string;
      scopes: string[] | null;
    }>;
    expect(cliList.find((k) => k.prefix === scopedPrefix)).toMatchObject({ scopes: ['merge'] });
  });

  it('reports usage per day and operation, for the admin and for the account itself, from the allowance counters', async () => {
    const key = (await (await admin('POST', '/v1/admin/keys', { account })).json()) as { key: string };
    const one = await filePart(corpus('trivial.pdf'));
    expect((await server.post('merge', form({ files: [one, one] }), key.key)).status).toBe(200);
    expect((await server.post('split', form({ file: one, mode: 'extract', pages: '1' }), key.key)).status).toBe(200);
    const today = utcDay(new Date());
    const report = (await (
      await admin('GET', `/v1/admin/accounts/${account}/usage?from=${today}&to=${today}`)
    ).json()) as { days: unknown[] };
    // The scoped key's merge earlier, this merge and this split.
    expect(report.days).toEqual([{ date: today, requests: 3, by_operation: { merge: 2, split: 1 } }]);
    expect(await usedToday(server.url, key.key)).toBe(3);
    const own = (await (
      await fetch(`${server.url}/v1/account/usage?days=7`, { headers: { Authorization: `Bearer ${key.key}` } })
    ).json()) as { days: Array<{ date: string }> };
    expect(own.days).toHaveLength(7);
    expect(own.days.at(-1)).toEqual({ date: today, requests: 3, by_operation: { merge: 2, split: 1 } });
    expect(own.days[0]).toMatchObject({ requests: 0, by_operation: {} });
    expect(
      (await fetch(`${server.url}/v1/account/usage?days=0`, { headers: { Authorization: `Bearer ${key.key}` } }))
        .status,
    ).toBe(400);
    expect(
      await (await admin('GET', `/v1/admin/accounts/${account}/usage?from=${today}&to=2001-01-01`)).json(),
    ).toMatchObject({ status: 400, field: 'from' });
    expect((await admin('GET', `/v1/admin/accounts/${account}/usage?from=2026-02-30&to=${today}`)).status).toBe(400);
    expect((await admin('GET', '/v1/admin/accounts/nobody/usage')).status).toBe(404);
  });

  it('rotates a key: the old one works on both processes during the grace period, then on neither', async () => {
    const rotated = await call(replica.url, 'POST', `/v1/admin/keys/${scopedPrefix}/rotate`, { grace_seconds: 2 });
    expect(rotated.status).toBe(201);
    const body = (await rotated.json()) as {
      key: string;
      prefix: string;
      replaces: string;
      old_key_expires_at: string;
      scopes: string[];
      name: string;
    };
    expect(body).toMatchObject({ replaces: scopedPrefix, scopes: ['merge'], name: 'partner' });
    const graceEnds = Date.parse(body.old_key_expires_at);
    for (const base of [server.url, replica.url]) {
      expect((await accountOf(scopedKey, base)).status).toBe(200);
      expect((await accountOf(body.key, base)).status).toBe(200);
    }
    expect(Date.now()).toBeLessThan(graceEnds);
    // Rotating the old key again is refused: it already has a successor.
    expect((await admin('POST', `/v1/admin/keys/${scopedPrefix}/rotate`, {})).status).toBe(404);
    await new Promise((r) => setTimeout(r, graceEnds - Date.now() + 10));
    for (const base of [server.url, replica.url]) {
      expect(await (await accountOf(scopedKey, base)).json()).toMatchObject({ code: 'invalid_api_key' });
      expect((await accountOf(body.key, base)).status).toBe(200);
    }
    scopedPrefix = body.prefix;
    scopedKey = body.key;
  });

  it('revokes a key on every process at once; a second revoke is 404', async () => {
    const response = await call(replica.url, 'DELETE', `/v1/admin/keys/${scopedPrefix}`);
    expect(response.status).toBe(204);
    expect((await accountOf(scopedKey)).status).toBe(401);
    expect((await accountOf(scopedKey, replica.url)).status).toBe(401);
    expect((await admin('DELETE', `/v1/admin/keys/${scopedPrefix}`)).status).toBe(404);
    expect((await admin('DELETE', '/v1/admin/keys/pdf_live_nothere')).status).toBe(404);
  });

  it('logged each admin action with its account and key prefix, never a key or the admin token', async () => {
    const lines = replica
      .log()
      .split('\n')
      .filter((l) => l.includes('"admin action"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.admin_action)).toEqual(['keys.rotate', 'keys.revoke']);
    expect(lines[1]).toMatchObject({ account, key_prefix: scopedPrefix, ip: '127.0.0.1' });
    expect(lines[0].key_prefix).toMatch(/^pdf_live_\w{8}->pdf_live_\w{8}$/);
    expect(replica.log()).not.toContain(adminToken);
    expect(replica.log()).not.toContain(scopedKey);
  });

  it('stops', async () => {
    await replica.stop();
    await server.close();
    await db.close();
  });
});
