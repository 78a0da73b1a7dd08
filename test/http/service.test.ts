import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/db.js';
import { createKey, revokeKey } from '../../src/store/keys.js';
import { secondsToReset } from '../../src/store/usage.js';
import { liveChildren } from '../../src/tools/run.js';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';
import { crashOperation, sleepOperation } from '../helpers/test-operations.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPERATION_TIMEOUT: '1' }, { operations: [sleepOperation, crashOperation] });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

async function account(key: string) {
  return (await get('/v1/account', { Authorization: `Bearer ${key}` })).json();
}

describe('authentication', () => {
  it.each([
    [{}],
    [{ Authorization: 'Basic dXNlcjpwYXNz' }],
    [{ Authorization: 'Bearer' }],
    [{ Authorization: 'Bearer a b' }],
  ])('401 missing_api_key for %j', async (headers) => {
    const res = await get('/v1/account', headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="pdf"');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({
      code: 'missing_api_key',
      status: 401,
      type: 'https://pdf-service.dev/problems/missing_api_key',
    });
  });

  it('401 invalid_api_key for unknown and revoked keys', async () => {
    const unknown = await get('/v1/account', {
      Authorization: 'Bearer pdf_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer realm="pdf", error="invalid_token"');
    expect((await unknown.json()).code).toBe('invalid_api_key');
    const { store, dataKey } = server.services;
    const created = await createKey(store, dataKey, 'to-revoke', 'free');
    expect((await get('/v1/account', { Authorization: `Bearer ${created.key}` })).status).toBe(200);
    await revokeKey(store, created.prefix);
    const revoked = await get('/v1/account', { Authorization: `Bearer ${created.key}` });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).code).toBe('invalid_api_key');
  });

  it('keys look like pdf_live_ + 43 base62 characters and are stored only as hashes', async () => {
    const key = server.newKey('free');
    expect(key).toMatch(/^pdf_live_[0-9A-Za-z]{43}$/);
    const dbBytes = fs.readFileSync(`${server.dataDir}/pdf-service.db`);
    const wal = fs.existsSync(`${server.dataDir}/pdf-service.db-wal`)
      ? fs.readFileSync(`${server.dataDir}/pdf-service.db-wal`)
      : Buffer.alloc(0);
    expect(dbBytes.includes(key) || wal.includes(key)).toBe(false);
  });
});

describe('request ids, 404 and 405', () => {
  it('echoes a sane X-Request-Id and replaces an insane one', async () => {
    const sane = await get('/healthz', { 'X-Request-Id': 'abc-123' });
    expect(sane.headers.get('x-request-id')).toBe('abc-123');
    const insane = await get('/healthz', { 'X-Request-Id': 'a b\tc<script>' });
    expect(insane.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const none = await get('/nope');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('404 not_found for unknown paths (after auth under /v1)', async () => {
    const key = server.newKey();
    expect((await get('/nope')).status).toBe(404);
    const noKey = await get('/v1/nothing-here');
    expect(noKey.status).toBe(401);
    const res = await get('/v1/nothing-here', { Authorization: `Bearer ${key}`, 'X-Request-Id': 'rid-404' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', request_id: 'rid-404' });
    const op = await server.post('no-such-operation', form({}), key);
    expect(op.status).toBe(404);
  });

  it('405 method_not_allowed with Allow', async () => {
    const key = server.newKey();
    const res = await fetch(`${server.url}/v1/pdf/merge`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).code).toBe('method_not_allowed');
    const del = await fetch(`${server.url}/healthz`, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toContain('GET');
  });
});

describe('daily allowance', () => {
  it('free plan: RateLimit headers, counts POSTs only, 429 with Retry-After at the limit', async () => {
    const key = server.newKey('free');
    const before = await get('/v1/account', { Authorization: `Bearer ${key}` });
    expect(before.headers.get('ratelimit-policy')).toBe('"daily";q=100;w=86400');
    expect(before.headers.get('ratelimit')).toMatch(/^"daily";r=100;t=\d+$/);
    expect(await before.json()).toMatchObject({ plan: 'free', daily_limit: 100, used_today: 0, remaining: 100 });
    // A 4xx still counts: the request was admitted and processed.
    const bad = await server.post('split', form({}), key);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('ratelimit')).toMatch(/^"daily";r=99;t=\d+$/);
    const body = await account(key);
    expect(body).toMatchObject({ used_today: 1, remaining: 99 });
    expect(body.resets_at).toMatch(/T00:00:00.000Z$/);
    // Exhaust the allowance directly in the database, then one more request.
    const db = openDatabase(server.dataDir);
    db.prepare(`UPDATE daily_usage SET count = 100`).run();
    db.close();
    const over = await server.post('split', form({ file: await filePart(corpus('trivial.pdf')) }), key);
    expect(over.status).toBe(429);
    expect((await over.json()).code).toBe('quota_exceeded');
    const retry = Number(over.headers.get('retry-after'));
    expect(Math.abs(retry - secondsToReset(new Date()))).toBeLessThanOrEqual(2);
    expect(over.headers.get('ratelimit')).toMatch(/^"daily";r=0;t=\d+$/);
    // GET does not count and still works.
    expect((await account(key)).used_today).toBe(100);
  });

  it('pro plan shows its limit; enterprise carries no RateLimit fields', async () => {
    const pro = await get('/v1/account', { Authorization: `Bearer ${server.newKey('pro')}` });
    expect(pro.headers.get('ratelimit-policy')).toBe('"daily";q=10000;w=86400');
    const key = server.newKey('enterprise');
    const ent = await server.post('unlock', form({ file: await filePart(corpus('trivial.pdf')) }), key);
    expect(ent.status).toBe(200);
    expect(ent.headers.get('ratelimit')).toBeNull();
    expect(ent.headers.get('ratelimit-policy')).toBeNull();
    expect(await account(key)).toMatchObject({ plan: 'enterprise', daily_limit: null, remaining: null, used_today: 1 });
  });

  it('all keys of an account share its allowance', async () => {
    const name = `shared-${Date.now()}`;
    const a = server.newKey('free', name);
    const b = server.newKey('free', name);
    await server.post('split', form({}), a);
    await server.post('split', form({}), b);
    expect((await account(a)).used_today).toBe(2);
  });

  it('500 processing_failed reveals nothing internal and is refunded', async () => {
    const key = server.newKey('free');
    const res = await server.post('test-crash', form({}), key);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'processing_failed', status: 500, detail: 'The operation failed.' });
    expect(JSON.stringify(body)).not.toMatch(/qpdf|internal-secret-path|\/tmp/);
    expect(res.headers.get('ratelimit')).toMatch(/r=100;/);
    expect((await account(key)).used_today).toBe(0);
  });

  it('504 timeout kills the whole process group and stays charged (API.md §3)', async () => {
    const key = server.newKey('free');
    const started = Date.now();
    // 33 s: a duration no other test sleeps, so the machine-wide check below sees only this test's processes
    // (jobs.test.ts and run.test.ts run `sleep 30` in parallel files).
    const res = await server.post('test-sleep', form({ seconds: '33' }), key);
    expect(res.status).toBe(504);
    // Stopped at the deadline, not when `sleep 33` ended by itself (holds on a machine of any speed).
    expect(Date.now() - started).toBeLessThan(33_000);
    expect((await res.json()).code).toBe('timeout');
    expect((await account(key)).used_today).toBe(1);
    expect(liveChildren()).toEqual([]);
    // No `sleep 33` (child or grandchild) survives anywhere.
    await eventually(
      () =>
        !fs
          .readdirSync('/proc')
          .some((pid) => /^\d+$/.test(pid) && safeRead(`/proc/${pid}/cmdline`).includes('sleep\u000033')),
      3000,
    );
  });
});

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

describe('overload', () => {
  it('503 server_busy with Retry-After when the queue is full, refunded', async () => {
    const busy = await startTestServer(
      { CONCURRENCY: '1', QUEUE_LIMIT: '0', OPERATION_TIMEOUT: '3' },
      { operations: [sleepOperation] },
    );
    try {
      const key = busy.newKey('free');
      const slow = busy.post('test-sleep', form({ seconds: '2' }), key);
      await eventually(() => busy.services.pool.stats().inUse === 1);
      const res = await busy.post('unlock', form({ file: await filePart(corpus('trivial.pdf')) }), key);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).code).toBe('server_busy');
      await slow;
      const usage = await (
        await fetch(`${busy.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })
      ).json();
      expect(usage.used_today).toBe(0);
    } finally {
      await busy.close();
    }
  });
});

describe('health, OpenAPI, docs, metrics', () => {
  it('GET /healthz lists tool versions without auth', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(body.tools.qpdf).toMatch(/^\d+\.\d+/);
    expect(body.tools.ghostscript).toMatch(/^\d+\.\d+/);
  });

  it('GET /healthz is 503 when a required tool has gone missing', async () => {
    const original = server.services.tools;
    server.services.tools = [
      ...original,
      { name: 'gone', binary: 'gone', path: '/nonexistent/gone', version: '1.0', usable: true, required: true },
    ];
    try {
      const res = await get('/healthz');
      expect(res.status).toBe(503);
      expect((await res.json()).status).toBe('degraded');
    } finally {
      server.services.tools = original;
    }
  });

  it('GET /docs renders a page with locally served assets', async () => {
    const page = await get('/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const js = await get('/docs/swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect((await js.text()).length).toBeGreaterThan(100_000);
    expect((await get('/docs/init.js')).status).toBe(200);
  });

  it('GET /metrics exposes Prometheus text', async () => {
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('pdf_pool_slots');
    expect(text).toMatch(/pdf_event_loop_delay_seconds\{quantile="0.99"\} \d/);
    // The delay is how late the loop ran its 10 ms samples, not the 10 ms between them: a loop
    // left idle for 200 ms reads a median well under 10 ms (it read 0.0100 when the interval was counted).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const idle = await (await get('/metrics')).text();
    const median = Number(/pdf_event_loop_delay_seconds\{quantile="0.5"\} ([\d.]+)/.exec(idle)?.[1]);
    expect(median).toBeLessThan(0.005);
    expect(text).toMatch(/pdf_requests_total\{operation="[\w-]+",status="\d+"\} \d+/);
  });

  it('metrics can be turned off', async () => {
    const off = await startTestServer({ METRICS_ENABLED: 'false' });
    try {
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
