// Keys for operators and browsers (docs/api.md §2b), two targets measured in one run:
// 1. Scope and expiry checks add ≤ 0.2 ms per request: the same request (a merge upload
//    refused at validation, so the whole path runs — auth, scope, charge, upload parse —
//    but no tool) with an unscoped key and with a scoped, expiring key, alternated on
//    one `serve` process; the difference of the medians.
// 2. The admin usage report of 90 days × 30 operations for one account answers in
//    ≤ 50 ms (median of 30 requests over HTTP) on SQLite and on PostgreSQL (a private
//    cluster, test/helpers/postgres.ts).
// Measured 2026-11-26 on the shared 2-core machine (load average 6.4 at start):
// unscoped 1.066 ms vs scoped+expiring 1.081 ms median (+0.015 ms, 2000 each);
// usage report median 5.0 ms SQLite, 6.4 ms PostgreSQL (max 12.3 / 55.5 ms over 30).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../test/helpers/postgres.js';
import { startServeProcess, type ServeProcess } from '../../test/helpers/process-server.js';
import { PgStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/types.js';
import { utcDay } from '../../src/store/usage.js';
import { CORPUS, Report, median, multipart, post, sideBySide } from './lib.js';

const report = new Report();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-keys-'));
const adminToken = crypto.randomBytes(24).toString('hex');
fs.writeFileSync(path.join(work, 'admin-token'), adminToken, { mode: 0o600 });
const dataKey = crypto.randomBytes(32).toString('base64');
const env = (name: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: path.join(work, name),
  TMP_DIR: path.join(work, `${name}-tmp`),
  DATA_KEY: dataKey,
  ADMIN_TOKEN_FILE: path.join(work, 'admin-token'),
  // info: startProcess waits for the "listening on" line; both keys pay the same access log.
  LOG_LEVEL: 'info',
  ...extra,
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
/** A JSON call to the admin API; the parsed answer and its time in ms. */
function adminCall(url: string, method: string, route: string, body?: unknown): Promise<{ ms: number; json: any }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      `${url}${route}`,
      {
        method,
        agent,
        headers: {
          Authorization: `Bearer ${adminToken}`,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const ms = performance.now() - started;
          if ((res.statusCode ?? 0) >= 300)
            return reject(new Error(`${method} ${route}: HTTP ${res.statusCode} ${text}`));
          resolve({ ms, json: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** 90 days × 30 operations of use for `account`, written through the allowance's own charge. */
async function seedUsage(store: Store, accountId: number): Promise<number> {
  let charges = 0;
  const today = Date.now();
  for (let d = 0; d < 90; d++) {
    const day = utcDay(new Date(today - d * 86_400_000));
    for (let op = 0; op < 30; op++) {
      for (let n = 0; n <= (d + op) % 3; n++) {
        await store.charge(accountId, day, Number.MAX_SAFE_INTEGER, `operation-${op}`);
        charges++;
      }
    }
  }
  return charges;
}

async function usageTarget(label: string, serve: ServeProcess, open: () => Promise<Store>): Promise<void> {
  await adminCall(serve.url, 'POST', '/v1/admin/accounts', { account: 'heavy', plan: 'enterprise' });
  const store = await open();
  const account = (await store.findAccountByName('heavy'))!;
  const charges = await seedUsage(store, account.id);
  await store.close();
  const from = utcDay(new Date(Date.now() - 89 * 86_400_000));
  const to = utcDay(new Date());
  const route = `/v1/admin/accounts/heavy/usage?from=${from}&to=${to}`;
  const first = await adminCall(serve.url, 'GET', route);
  const days = first.json.days as Array<{ requests: number; by_operation: Record<string, number> }>;
  const total = days.reduce((n, d) => n + d.requests, 0);
  const cells = days.reduce((n, d) => n + Object.keys(d.by_operation).length, 0);
  if (total !== charges || cells !== 90 * 30)
    throw new Error(`${label}: the report has ${total} requests in ${cells} cells, expected ${charges} in 2700`);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) times.push((await adminCall(serve.url, 'GET', route)).ms);
  const m = median(times);
  report.line(
    `usage report 90 days × 30 operations (${label}) ≤ 50 ms`,
    `median ${m.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms over 30 (${charges} charges, ${cells} cells)`,
    m <= 50,
  );
}

const cluster = await startPostgres();
const processes: ServeProcess[] = [];
try {
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );

  // 1. Scope and expiry checks, side by side on one SQLite server.
  const sqlite = await startServeProcess(env('sqlite', { EMBEDDED_WORKER: 'false', QUEUE_LIMIT: '10000' }));
  processes.push(sqlite);
  await adminCall(sqlite.url, 'POST', '/v1/admin/accounts', { account: 'bench', plan: 'enterprise' });
  const plain = (await adminCall(sqlite.url, 'POST', '/v1/admin/keys', { account: 'bench' })).json.key as string;
  const scoped = (
    await adminCall(sqlite.url, 'POST', '/v1/admin/keys', {
      account: 'bench',
      // Many scopes, merge last: the longest list walk the check can make.
      scopes: [
        'split',
        'compress',
        'protect',
        'unlock',
        'ocr',
        'extract-text',
        'watermark',
        'convert',
        'images',
        'rotate',
        'merge',
      ],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
  ).json.key as string;
  // One file where merge needs two: refused with 400 after auth, scope, charge and the upload parse.
  const oneFile = multipart([
    { name: 'files', filename: 'a.pdf', value: fs.readFileSync(path.join(CORPUS, 'trivial.pdf')) },
  ]);
  const url = `${sqlite.url}/v1/pdf/merge`;
  const { a, b } = await sideBySide(
    ROUNDS,
    () => post(url, plain, oneFile, 400),
    () => post(url, scoped, oneFile, 400),
    200,
  );
  const extra = median(b) - median(a);
  report.line(
    'scope and expiry checks add ≤ 0.2 ms per request',
    `unscoped median ${median(a).toFixed(3)} ms, scoped+expiring ${median(b).toFixed(3)} ms: ${extra >= 0 ? '+' : ''}${extra.toFixed(3)} ms (${ROUNDS} each, alternated)`,
    extra <= 0.2,
  );

  // 2. Usage reports on both backends.
  await usageTarget('SQLite', sqlite, async () => new SqliteStore(path.join(work, 'sqlite')));
  const databaseUrl = await cluster.createDatabase();
  const pg = await startServeProcess(env('pg', { DATABASE_URL: databaseUrl, EMBEDDED_WORKER: 'false' }));
  processes.push(pg);
  await usageTarget('PostgreSQL', pg, () => PgStore.open(databaseUrl, 2));
} finally {
  agent.destroy();
  for (const p of processes) await p.stop();
  cluster.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
report.finish();
