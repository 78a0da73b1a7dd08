// Several-host targets, measured side by side in one run with real
// processes on a private PostgreSQL cluster (test/helpers/postgres.ts):
// 1. Request overhead of PostgreSQL vs SQLite on small merges, 16 concurrent clients: ≤ +2 ms median per request.
// 2. Submit → running with an idle worker process (PostgreSQL, NOTIFY wakes it): p50 ≤ 50 ms, p99 ≤ 250 ms.
// 3. OCR jobs with 1 vs 2 worker processes (CONCURRENCY=1 each): throughput ≥ 1.8×.
// BENCH_OCR_JOBS (default 200) sets the job count of part 3; BENCH_PARTS=12 skips it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../test/helpers/postgres.js';
import {
  cli,
  startServeProcess,
  startWorkerProcess,
  type ServeProcess,
  type WorkerProcess,
} from '../../test/helpers/process-server.js';
import { PgStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { authenticate, createKey } from '../../src/store/keys.js';
import { charge } from '../../src/store/usage.js';
import type { Store } from '../../src/store/types.js';
import { CORPUS, Report, median, multipart, post, sideBySide } from './lib.js';

const report = new Report();
const parts = process.env.BENCH_PARTS ?? '123';
const OCR_JOBS = Number(process.env.BENCH_OCR_JOBS ?? 200);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function submitJob(url: string, key: string, form: { body: Buffer; contentType: string }): Promise<string> {
  const res = await fetch(`${url}/v1/pdf/${form === ocrForm ? 'ocr' : 'unlock'}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': form.contentType, Prefer: 'respond-async' },
    body: form.body,
  });
  if (res.status !== 202) throw new Error(`submit: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function waitDone(
  url: string,
  key: string,
  id: string,
): Promise<{ status: string; created_at: string; started_at: string; finished_at: string }> {
  for (;;) {
    const job = (await (
      await fetch(`${url}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as {
      status: string;
      created_at: string;
      started_at: string;
      finished_at: string;
    };
    if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'canceled') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const merge = multipart([
  { name: 'files', filename: 'a.pdf', value: fs.readFileSync(path.join(CORPUS, 'trivial.pdf')) },
  { name: 'files', filename: 'b.pdf', value: fs.readFileSync(path.join(CORPUS, 'trivial.pdf')) },
]);
const unlockForm = multipart([
  { name: 'file', filename: 't.pdf', value: fs.readFileSync(path.join(CORPUS, 'trivial.pdf')) },
]);
const ocrForm = multipart([
  { name: 'file', filename: 'typewriter.png', value: fs.readFileSync(path.join(CORPUS, 'typewriter.png')) },
  { name: 'output', value: 'txt' },
]);

/** 16 clients, `perClient` merges each; the latency of every request. */
async function mergeLoad(url: string, key: string, perClient: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = 0; i < perClient; i++) times.push(await post(`${url}/v1/pdf/merge`, key, merge));
    }),
  );
  return times;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-multihost-'));
const cluster = await startPostgres();
const processes: Array<ServeProcess | WorkerProcess> = [];
try {
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
  const dataKey = crypto.randomBytes(32).toString('base64');
  const pgEnv = (name: string) => ({
    DATA_DIR: path.join(work, name),
    TMP_DIR: path.join(work, `${name}-tmp`),
    DATA_KEY: dataKey,
    LOG_LEVEL: 'warn',
    QUEUE_LIMIT: '10000',
  });

  if (parts.includes('1')) {
    // What the store adds to each POST (authenticate + charge), in this process, sequentially: context for the HTTP figure below.
    const key = crypto.randomBytes(32);
    const perRequest = async (store: Store) => {
      const created = await createKey(store, key, 'micro', 'pro');
      const times: number[] = [];
      for (let i = 0; i < 2000; i++) {
        const t0 = performance.now();
        const caller = await authenticate(store, created.key);
        if (typeof caller === 'string') throw new Error(`key refused: ${caller}`);
        await charge(store, caller.account.id, 10_000_000, 'merge');
        times.push((performance.now() - t0) * 1000);
      }
      await store.close();
      return median(times.slice(200));
    };
    fs.mkdirSync(path.join(work, 'micro'));
    const sqliteUs = await perRequest(new SqliteStore(path.join(work, 'micro')));
    const pgUs = await perRequest(await PgStore.open(await cluster.createDatabase('bench_micro')));
    report.info(
      'store work per POST (authenticate + charge), median',
      `SQLite ${sqliteUs.toFixed(0)} µs, PostgreSQL ${pgUs.toFixed(0)} µs (local, TCP)`,
    );

    const sqliteEnv = { ...pgEnv('sqlite'), CONCURRENCY: '2' };
    const postgresEnv = {
      ...pgEnv('pg1'),
      CONCURRENCY: '2',
      DATABASE_URL: await cluster.createDatabase('bench_overhead'),
    };
    const sqliteKey = JSON.parse(
      cli(['keys', 'create', '--account', 'bench', '--plan', 'pro', '--json'], sqliteEnv),
    ).key;
    const postgresKey = JSON.parse(
      cli(['keys', 'create', '--account', 'bench', '--plan', 'pro', '--json'], postgresEnv),
    ).key;
    const sqlite = await startServeProcess({ ...sqliteEnv, LOG_LEVEL: 'info' });
    const postgres = await startServeProcess({ ...postgresEnv, LOG_LEVEL: 'info' });
    processes.push(sqlite, postgres);
    await mergeLoad(sqlite.url, sqliteKey, 4);
    await mergeLoad(postgres.url, postgresKey, 4);
    // One client first: the added latency without queueing behind 15 others (context for a loaded machine).
    const single = await sideBySide(
      100,
      () => post(`${sqlite.url}/v1/pdf/merge`, sqliteKey, merge),
      () => post(`${postgres.url}/v1/pdf/merge`, postgresKey, merge),
    );
    report.info(
      'merge, 1 client: PostgreSQL vs SQLite median',
      `SQLite ${median(single.a).toFixed(1)} ms, PostgreSQL ${median(single.b).toFixed(1)} ms, +${(median(single.b) - median(single.a)).toFixed(1)} ms`,
    );
    const a: number[] = [];
    const b: number[] = [];
    // Alternating rounds, so both backends see the same machine noise.
    for (let round = 0; round < 6; round++) {
      if (round % 2 === 0) {
        a.push(...(await mergeLoad(sqlite.url, sqliteKey, 5)));
        b.push(...(await mergeLoad(postgres.url, postgresKey, 5)));
      } else {
        b.push(...(await mergeLoad(postgres.url, postgresKey, 5)));
        a.push(...(await mergeLoad(sqlite.url, sqliteKey, 5)));
      }
    }
    const delta = median(b) - median(a);
    report.line(
      'merge at 16 clients: PostgreSQL vs SQLite median',
      `SQLite ${median(a).toFixed(1)} ms, PostgreSQL ${median(b).toFixed(1)} ms, +${delta.toFixed(1)} ms (${(median(b) / median(a)).toFixed(2)}×), n=${a.length}+${b.length}`,
      delta <= 2,
    );
    await sqlite.stop();
    await postgres.stop();
  }

  if (parts.includes('2')) {
    const env = {
      ...pgEnv('pg2'),
      DATABASE_URL: await cluster.createDatabase('bench_latency'),
      EMBEDDED_WORKER: 'false',
      CONCURRENCY: '1',
    };
    const key = JSON.parse(cli(['keys', 'create', '--account', 'bench', '--plan', 'enterprise', '--json'], env)).key;
    const api = await startServeProcess({ ...env, LOG_LEVEL: 'info' });
    const worker = await startWorkerProcess({ ...env, LOG_LEVEL: 'info', TMP_DIR: path.join(work, 'pg2-worker-tmp') });
    processes.push(api, worker);
    const latencies: number[] = [];
    for (let i = 0; i < 105; i++) {
      const id = await submitJob(api.url, key, unlockForm);
      const job = await waitDone(api.url, key, id);
      // Both stamps come from the database rows (same clock): accepted (row written) → claimed by the worker.
      if (i >= 5) latencies.push(Date.parse(job.started_at) - Date.parse(job.created_at));
      await new Promise((r) => setTimeout(r, 30)); // the worker is idle again before the next one
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    report.line(
      'submit → running, idle worker process (PostgreSQL) p50',
      `${p50} ms (target ≤ 50), n=${latencies.length}`,
      p50 <= 50,
    );
    report.line(
      'submit → running, idle worker process (PostgreSQL) p99',
      `${p99} ms (target ≤ 250), max ${Math.max(...latencies)} ms`,
      p99 <= 250,
    );
    await api.stop();
    await worker.stop();
  }

  if (parts.includes('3')) {
    const env = {
      ...pgEnv('pg3'),
      DATABASE_URL: await cluster.createDatabase('bench_throughput'),
      EMBEDDED_WORKER: 'false',
      CONCURRENCY: '1',
    };
    const key = JSON.parse(cli(['keys', 'create', '--account', 'bench', '--plan', 'enterprise', '--json'], env)).key;
    const api = await startServeProcess({ ...env, LOG_LEVEL: 'info', CONCURRENCY: '2' });
    processes.push(api);
    const run = async (workerCount: number): Promise<number> => {
      const ids: string[] = [];
      for (let i = 0; i < OCR_JOBS; i++) ids.push(await submitJob(api.url, key, ocrForm));
      const started = performance.now();
      const workers = await Promise.all(
        Array.from({ length: workerCount }, (_, i) =>
          startWorkerProcess({ ...env, LOG_LEVEL: 'info', TMP_DIR: path.join(work, `pg3-w${workerCount}-${i}`) }),
        ),
      );
      processes.push(...workers);
      const startedUp = performance.now() - started;
      for (const id of ids) {
        const job = await waitDone(api.url, key, id);
        if (job.status !== 'succeeded') throw new Error(`OCR job ${id} ${job.status}`);
      }
      const ms = performance.now() - started;
      for (const w of workers) await w.stop();
      report.info(
        `${OCR_JOBS} OCR jobs, ${workerCount} worker process(es)`,
        `${(ms / 1000).toFixed(1)} s (${((OCR_JOBS * 1000) / ms).toFixed(2)} jobs/s; worker start-up ${startedUp.toFixed(0)} ms included)`,
      );
      return ms;
    };
    const one = await run(1);
    const two = await run(2);
    report.line(
      `${OCR_JOBS} OCR jobs: 2 workers vs 1 (CONCURRENCY=1 each)`,
      `${(one / two).toFixed(2)}× (target ≥ 1.8×)`,
      one / two >= 1.8,
    );
    await api.stop();
  }
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await Promise.all(processes.map((p) => p.stop()));
  cluster.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
report.finish();
