// Jobs survive kill -9 of the real server process (bin/pdf-service serve,
// compiled: run `npm run build` first, as scripts/test.sh does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigPdf, download, filesUnder, getJob, processesUnder, waitForJob, type JobObject } from '../helpers/jobs.js';
import { pageCountOf } from '../helpers/pdf.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { cli, startServeProcess, type ServeProcess } from '../helpers/process-server.js';
import { corpus, eventually, filePart, form, ROOT, saveBody } from '../helpers/server.js';

let base: string;
let env: Record<string, string>;
const servers: ServeProcess[] = [];
let key: string;
const workers: ChildProcess[] = [];

/** `bin/pdf-service worker` on `env`; resolves once it logged that it started. */
async function startWorker(extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/pdf-service'), 'worker'], {
    env: { ...process.env, ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('worker did not start')), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('job worker started')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-restart-'));
  // SHUTDOWN_GRACE=0: a SIGTERM hands running jobs back at once (what the second test checks).
  env = {
    DATA_DIR: path.join(base, 'data'),
    TMP_DIR: path.join(base, 'tmp'),
    LOG_LEVEL: 'info',
    CONCURRENCY: '1',
    SHUTDOWN_GRACE: '0',
  };
  key = JSON.parse(cli(['keys', 'create', '--account', 'restarter', '--plan', 'pro', '--json'], env)).key;
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  // stop() of process-server.ts waits for 'exit' unless exitCode is set, which a signal death never sets.
  await Promise.all(
    servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null).map((s) => s.stop('SIGKILL')),
  );
  fs.rmSync(base, { recursive: true, force: true });
});

describe('restart safety', () => {
  it('after kill -9 with jobs queued and running, every job succeeds once and no file is left over', async () => {
    // 560 pages: split every=1 runs for seconds here; the kill follows its start within milliseconds,
    // so a machine many times faster still kills it mid-run.
    const big = bigPdf(40);
    const first = await startServeProcess(env);
    servers.push(first);
    const submit = async (fields: Record<string, string | [Blob, string]>) => {
      const res = await fetch(`${first.url}/v1/pdf/${fields.op}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, Prefer: 'respond-async' },
        body: form(Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'op'))),
      });
      expect(res.status).toBe(202);
      return (await res.json()) as JobObject;
    };
    const jobs: Array<{ job: JobObject; pages: number }> = [];
    for (let i = 0; i < 3; i++)
      jobs.push({
        job: await submit({ op: 'split', file: await filePart(big), mode: 'every', pages_per_file: '1' }),
        pages: 560,
      });
    for (let i = 0; i < 3; i++)
      jobs.push({ job: await submit({ op: 'unlock', file: await filePart(corpus('tracemonkey.pdf')) }), pages: 14 });

    // The first split is running (its qpdf child busy), the rest queued.
    const running = await waitForJob(first.url, jobs[0].job.id, key, 30_000, ['running']);
    expect(running.status).toBe('running');
    const statuses = await Promise.all(
      jobs.map(async ({ job }) => ((await (await getJob(first.url, job.id, key)).json()) as JobObject).status),
    );
    expect(statuses.filter((s) => s === 'queued').length).toBeGreaterThanOrEqual(4);
    // A synchronous request in flight too: its work directory must not outlive the kill either.
    const sync = fetch(`${first.url}/v1/pdf/split`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form({ file: await filePart(big), mode: 'every', pages_per_file: '1' }),
    }).catch(() => undefined);
    await eventually(
      () => fs.readdirSync(env.TMP_DIR).some((name) => name.startsWith(`pdf-req-${first.pid}-`)),
      10_000,
    );
    await first.stop('SIGKILL');
    await sync;

    const second = await startServeProcess(env);
    servers.push(second);
    for (const { job, pages } of jobs) {
      const done = await waitForJob(second.url, job.id, key, 120_000);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      const res = await download(second.url, job.id, key);
      expect(res.status).toBe(200);
      const file = await saveBody(res, 'result.bin');
      if (done.result!.content_type === 'application/zip') {
        const { execFileSync } = await import('node:child_process');
        expect(execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(pages);
      } else {
        expect(pageCountOf(file)).toBe(pages);
      }
    }

    // Exactly one result per job; no input, work directory or tool process left.
    const results = filesUnder(path.join(env.DATA_DIR, 'jobs', 'results'));
    expect(results).toHaveLength(jobs.length);
    for (const { job } of jobs) expect(results.filter((name) => name.includes(job.id))).toHaveLength(1);
    // Inputs and work directories go right after the job is marked finished.
    await eventually(() => filesUnder(path.join(env.DATA_DIR, 'jobs', 'inputs')).length === 0, 5000);
    await eventually(
      () =>
        fs.readdirSync(env.TMP_DIR).filter((name) => name.startsWith('pdf-job-') || name.startsWith('pdf-req-'))
          .length === 0,
      5000,
    );
    expect(processesUnder(env.TMP_DIR)).toEqual([]);

    // The job that was running when the server died ran twice (retried once); the others once.
    const db = new Database(path.join(env.DATA_DIR, 'pdf-service.db'), { readonly: true });
    try {
      const attempts = db.prepare('SELECT id, attempts FROM jobs').all() as Array<{ id: string; attempts: number }>;
      const byId = Object.fromEntries(attempts.map((r) => [r.id, r.attempts]));
      expect(byId[jobs[0].job.id]).toBe(2);
      for (const { job } of jobs.slice(1)) expect(byId[job.id]).toBe(1);
    } finally {
      db.close();
    }
    await second.stop();
  });

  it('serve without a worker plus two `worker` processes: each job runs exactly once; SIGTERM hands a running job back', async () => {
    const api = await startServeProcess({ ...env, EMBEDDED_WORKER: 'false' });
    servers.push(api);
    const a = await startWorker();
    const b = await startWorker();
    const submit = async (fields: Record<string, string | [Blob, string]>, op: string) => {
      const res = await fetch(`${api.url}/v1/pdf/${op}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
        body: form({ ...fields, async: 'true' }),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as JobObject).id;
    };
    const big = bigPdf(40); // 560 pages: still running when its worker is stopped (SIGTERM follows its start at once)
    const slow = [await submit({ file: await filePart(big), mode: 'every', pages_per_file: '1' }, 'split')];
    const quick: string[] = [];
    for (let i = 0; i < 20; i++) quick.push(await submit({ file: await filePart(corpus('trivial.pdf')) }, 'unlock'));
    // Stop whichever worker runs the slow job, gracefully: the job goes back to the queue for the other one.
    // The owner is read straight from the row while it runs (a finished job no longer names its worker).
    const db = new Database(path.join(env.DATA_DIR, 'pdf-service.db'), { readonly: true });
    let owner = '';
    await eventually(() => {
      owner = String(
        db.prepare("SELECT worker_id FROM jobs WHERE id = ? AND status = 'running'").pluck().get(slow[0]) ?? '',
      );
      return owner !== '';
    }, 30_000);
    db.close();
    const ownerPid = Number(owner.split('/')[1]);
    const [stopped] = [a, b].filter((w) => w.pid === ownerPid);
    expect(stopped).toBeDefined();
    await new Promise<void>((resolve) => {
      stopped.once('exit', () => resolve());
      stopped.kill('SIGTERM');
    });
    for (const id of [...slow, ...quick])
      expect((await waitForJob(api.url, id, key, 120_000)).status).toBe('succeeded');
    const check = new Database(path.join(env.DATA_DIR, 'pdf-service.db'), { readonly: true });
    try {
      const rows = check
        .prepare(`SELECT id, attempts, status FROM jobs WHERE id IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify([...slow, ...quick])) as Array<{ attempts: number }>;
      expect(rows).toHaveLength(21);
      // A graceful stop does not count as an attempt; no job ran twice.
      for (const row of rows) expect(row.attempts).toBe(1);
    } finally {
      check.close();
    }
    await eventually(() => filesUnder(path.join(env.DATA_DIR, 'jobs', 'inputs')).length === 0, 5000);
  });
});
