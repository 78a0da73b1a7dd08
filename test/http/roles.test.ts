// Roles and graceful shutdown through real processes: `serve --no-workers`
// (API only) and `worker` on one database and one storage; SIGTERM stops
// claiming, lets running jobs and requests finish within SHUTDOWN_GRACE (or
// hands the jobs back to the queue), refuses new requests, and exits 0.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigPdf, processesUnder, waitForJob, type JobObject } from '../helpers/jobs.js';
import {
  cli,
  startServeProcess,
  startWorkerProcess,
  type ServeProcess,
  type WorkerProcess,
} from '../helpers/process-server.js';
import { corpus, eventually, filePart, form } from '../helpers/server.js';

let base: string;
let env: Record<string, string>;
let key: string;
let api: ServeProcess;
let big: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-roles-'));
  env = {
    DATA_DIR: path.join(base, 'data'),
    TMP_DIR: path.join(base, 'tmp'),
    STORAGE_URL: pathToFileURL(path.join(base, 'shared', 'jobs')).href,
    DATA_KEY: crypto.randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    CONCURRENCY: '1',
  };
  key = JSON.parse(cli(['keys', 'create', '--account', 'roles', '--plan', 'enterprise', '--json'], env)).key;
  api = await startServeProcess(env, ['--no-workers']);
  big = bigPdf(12); // 168 pages: split every=1 runs for a few seconds
});
afterAll(async () => {
  for (const w of workers) await w.stop('SIGKILL');
  await api?.stop('SIGKILL');
  fs.rmSync(base, { recursive: true, force: true });
});

async function submit(fields: Record<string, string | [Blob, string]>, op: string): Promise<string> {
  const res = await fetch(`${api.url}/v1/pdf/${op}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form({ ...fields, async: 'true' }),
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as JobObject).id;
}

function row(id: string): { status: string; attempts: number; worker_id: string | null; finished_at: string | null } {
  const db = new Database(path.join(env.DATA_DIR, 'pdf-service.db'), { readonly: true });
  try {
    return db.prepare('SELECT status, attempts, worker_id, finished_at FROM jobs WHERE id = ?').get(id) as ReturnType<
      typeof row
    >;
  } finally {
    db.close();
  }
}

async function worker(extra: Record<string, string> = {}): Promise<WorkerProcess> {
  const w = await startWorkerProcess({ ...env, ...extra });
  workers.push(w);
  return w;
}

const slowSplit = async () => submit({ file: await filePart(big), mode: 'every', pages_per_file: '1' }, 'split');

describe('worker role', () => {
  it('on SIGTERM a worker claims nothing more, finishes its running job within the grace period, then exits 0', async () => {
    const first = await worker({ SHUTDOWN_GRACE: '300' });
    const slow = await slowSplit();
    await eventually(() => row(slow).status === 'running', 30_000);
    const stopped = first.stop('SIGTERM');
    await eventually(() => first.log().includes('shutting down'), 10_000);
    // Submitted during the shutdown: the stopping worker must leave it alone.
    const queued = await submit({ file: await filePart(corpus('trivial.pdf')) }, 'unlock');
    expect(await stopped).toBe(0);
    const exitedAt = Date.now();
    const done = row(slow);
    expect(done.status).toBe('succeeded');
    expect(done.attempts).toBe(1);
    expect(Date.parse(done.finished_at!)).toBeLessThanOrEqual(exitedAt);
    expect(row(queued)).toMatchObject({ status: 'queued', attempts: 0 });

    await worker();
    expect((await waitForJob(api.url, queued, key, 60_000)).status).toBe('succeeded');
  });

  it('with SHUTDOWN_GRACE=0 a running job is handed back at once (its processes killed) and another worker runs it', async () => {
    // The worker of the previous test is idle; this one must get the job, so that one stops first.
    for (const w of workers) await w.stop('SIGTERM');
    const impatient = await worker({ SHUTDOWN_GRACE: '0' });
    const slow = await slowSplit();
    await eventually(() => row(slow).status === 'running', 30_000);
    await eventually(() => processesUnder(env.TMP_DIR).length > 0, 30_000);
    expect(await impatient.stop('SIGTERM')).toBe(0);
    // Back in the queue, the interrupted attempt not counted, nothing of it still running.
    expect(row(slow)).toMatchObject({ status: 'queued', attempts: 0, worker_id: null });
    await eventually(() => processesUnder(env.TMP_DIR).length === 0, 2000);

    await worker();
    expect((await waitForJob(api.url, slow, key, 120_000)).status).toBe('succeeded');
    expect(row(slow).attempts).toBe(1);
  });
});

describe('serve role', () => {
  it('on SIGTERM serve refuses new connections, answers 503 to a new request on an open one, finishes the request in progress, and exits 0', async () => {
    const server = await startServeProcess({ ...env, SHUTDOWN_GRACE: '300' }, ['--no-workers']);
    const { port } = new URL(server.url);
    // One raw keep-alive connection: a slow synchronous split, then (after SIGTERM) a second request on the same connection.
    const request = new Request(`${server.url}/v1/pdf/split`, {
      method: 'POST',
      body: form({ file: await filePart(big), mode: 'every', pages_per_file: '1' }),
    });
    const body = Buffer.from(await request.arrayBuffer());
    const head = `POST /v1/pdf/split HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: ${request.headers.get('content-type')}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(head);
    socket.write(body);
    await eventually(() => processesUnder(env.TMP_DIR).length > 0, 30_000);

    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    // The listener closes at once: a new connection is refused.
    await eventually(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = net.connect(Number(port), '127.0.0.1');
          probe.once('connect', () => (probe.destroy(), resolve(false)));
          probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
        }),
      10_000,
    );
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await closed;
    expect(await exited).toBe(0);

    const text = Buffer.concat(chunks).toString('latin1');
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    expect(text).toMatch(/content-type: application\/zip/i);
    const second = text.slice(text.lastIndexOf('HTTP/1.1 '));
    expect(second.startsWith('HTTP/1.1 503')).toBe(true);
    expect(second).toMatch(/connection: close/i);
    expect(second).toContain('"code":"server_busy"');
    expect(processesUnder(env.TMP_DIR)).toEqual([]);
  });

  it('refuses to start with a shared storage but no shared key, or an unknown storage scheme', async () => {
    const { DATA_KEY: _omitted, ...keyless } = env;
    await expect(startServeProcess({ ...keyless, STORAGE_URL: 's3://bucket/prefix' })).rejects.toThrow(
      /DATA_KEY or DATA_KEY_FILE/,
    );
    await expect(startServeProcess({ ...env, STORAGE_URL: 'ftp://host/jobs' })).rejects.toThrow(
      /STORAGE_URL: unsupported scheme/,
    );
    await expect(
      startServeProcess({ ...env, DATA_KEY: '', DATA_KEY_FILE: path.join(base, 'no-such-key') }),
    ).rejects.toThrow(/no-such-key/);
  });
});
