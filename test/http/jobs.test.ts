// Asynchronous jobs (API.md §6), end to end through HTTP with the real tools.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRoutes } from '../../src/routes/index.js';
import { webhookSecret } from '../../src/store/accounts.js';
import { BACKENDS, backendEnv, rawSql, stopPostgresCluster } from '../helpers/backends.js';
import { liveChildren } from '../../src/tools/run.js';
import { startJobs } from '../../src/jobs/index.js';
import {
  download,
  filesUnder,
  getJob,
  processesUnder,
  startReceiver,
  verifyStandardWebhook,
  waitForJob,
  type JobObject,
} from '../helpers/jobs.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { sleepOperation } from '../helpers/test-operations.js';

afterAll(stopPostgresCluster);

type Fields = Record<string, string | [Blob, string] | Array<[Blob, string]>>;

/** A minimal valid request per operation name; every route in operationRoutes must have one. */
const SAMPLES: Record<string, () => Promise<Fields>> = {
  merge: async () => ({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('tracemonkey.pdf'))] }),
  split: async () => ({ file: await filePart(corpus('tracemonkey.pdf')), ranges: '1-2,3-' }),
  protect: async () => ({ file: await filePart(corpus('trivial.pdf')), user_password: 'secret' }),
  unlock: async () => ({
    file: await filePart(corpus('encrypted-aes256-user-view-owner-master.pdf')),
    password: 'view',
  }),
  compress: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  watermark: async () => ({ file: await filePart(corpus('trivial.pdf')), text: 'DRAFT' }),
  images: async () => ({ file: await filePart(corpus('multipage.pdf')) }),
  convert: async () => ({ file: await filePart(corpus('tracemonkey.pdf')), to: 'txt' }),
  ocr: async () => ({ file: await filePart(corpus('typewriter.png')), output: 'txt' }),
  'extract-text': async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  redact: async () => ({ file: await filePart(corpus('tracemonkey.pdf')), terms: 'TraceMonkey' }),
  sign: async () => ({
    file: await filePart(corpus('trivial.pdf')),
    certificate: await filePart(testP12()),
    certificate_password: 'jobs-p12',
  }),
  verify: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  rotate: async () => ({ file: await filePart(corpus('trivial.pdf')), angle: '90' }),
  organize: async () => ({ file: await filePart(corpus('tracemonkey.pdf')), order: '3-1,blank' }),
  'page-numbers': async () => ({ file: await filePart(corpus('trivial.pdf')), format: 'Page {n} of {total}' }),
  metadata: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  repair: async () => ({ file: await filePart(corpus('multipage.pdf')) }),
  flatten: async () => ({ file: await filePart(corpus('multipage.pdf')) }),
  compare: async () => ({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('tracemonkey.pdf'))] }),
  inspect: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  attachments: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  sanitize: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  linearize: async () => ({ file: await filePart(corpus('tracemonkey.pdf')) }),
  pipeline: async () => ({
    file: await filePart(corpus('trivial.pdf')),
    steps: JSON.stringify([{ operation: 'rotate', options: { angle: 90 } }, { operation: 'compress' }]),
  }),
  forms: async () => ({ file: await filePart(corpus('trivial.pdf')) }),
  bookmarks: async () => ({
    file: await filePart(corpus('multipage.pdf')),
    bookmarks: '[{"title":"Start","page":1,"children":[{"title":"End","page":2}]}]',
  }),
  crop: async () => ({ file: await filePart(corpus('trivial.pdf')), box: '10,10,200,200' }),
  resize: async () => ({ file: await filePart(corpus('trivial.pdf')), paper: 'a5' }),
  'n-up': async () => ({ file: await filePart(corpus('multipage.pdf')), per_sheet: '2' }),
  booklet: async () => ({ file: await filePart(corpus('multipage.pdf')) }),
  overlay: async () => ({
    file: await filePart(corpus('multipage.pdf')),
    overlay: await filePart(corpus('trivial.pdf')),
  }),
  'remove-blank': async () => ({ file: await filePart(corpus('multipage.pdf')) }),
};

let p12: string | undefined;
/** A self-signed PKCS#12 (openssl, test side) for the sign sample. */
function testP12(): string {
  if (p12) return p12;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-p12-'));
  const [keyPem, certPem, out] = ['k.pem', 'c.pem', 'c.p12'].map((n) => path.join(dir, n));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyPem,
      '-out',
      certPem,
      '-days',
      '30',
      '-subj',
      '/CN=Job Signer',
    ],
    { stdio: 'pipe' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', keyPem, '-in', certPem, '-out', out, '-passout', 'pass:jobs-p12'],
    { stdio: 'pipe' },
  );
  p12 = out;
  return out;
}

/** What must be equal between the synchronous and the asynchronous result (PDF bytes differ by IDs and dates). */
function summarize(file: string, contentType: string, password?: string): unknown {
  if (contentType.startsWith('application/pdf')) {
    return { pages: pageCountOf(file, password), text: password ? '' : textOf(file) };
  }
  if (contentType.startsWith('application/zip')) {
    const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    return { names };
  }
  if (contentType.startsWith('text/') || contentType.includes('json')) return fs.readFileSync(file, 'utf8');
  return { bytes: Math.round(fs.statSync(file).size / 1024) };
}

async function submit(
  server: TestServer,
  operation: string,
  fields: Fields,
  key: string,
  headers: Record<string, string> = {},
) {
  return server.post(operation, form(fields), key, headers);
}

async function accepted(server: TestServer, operation: string, fields: Fields, key: string): Promise<JobObject> {
  const res = await submit(server, operation, { ...fields, async: 'true' }, key);
  if (res.status !== 202) throw new Error(`${operation}: ${res.status} ${await res.text()}`);
  return (await res.json()) as JobObject;
}

async function usedToday(server: TestServer, key: string): Promise<number> {
  const res = await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { used_today: number }).used_today;
}

const jobsDir = (server: TestServer, area: 'inputs' | 'results') => path.join(server.dataDir, 'jobs', area);

// The same suite on both store backends: SQLite (the default) and PostgreSQL (DATABASE_URL, a private cluster).
describe.each(BACKENDS)('jobs (%s)', (backend) => {
  /** A test server on this backend (each its own database). */
  const start = async (...[env = {}, ...rest]: Parameters<typeof startTestServer>) =>
    startTestServer({ ...env, ...(await backendEnv(backend)) }, ...rest);

  let server: TestServer;
  /** No embedded worker: jobs stay queued (409, storage, encryption at rest). */
  let idle: TestServer;
  let key: string;

  beforeAll(async () => {
    server = await start(
      { WEBHOOK_ALLOW_PRIVATE: 'true', CONCURRENCY: '2' },
      { operations: [sleepOperation] },
      { timings: { pollMs: 50, heartbeatMs: 100 }, retryDelaysMs: [300, 300, 300] },
    );
    idle = await start({ EMBEDDED_WORKER: 'false', JOB_STORAGE_LIMIT: String(3 * 1024 * 1024) });
    key = await server.addKey();
  });
  afterAll(async () => {
    await server?.close();
    await idle?.close();
  });

  describe('every operation as a job', () => {
    it('has a sample for every route', () => {
      const missing = operationRoutes.map((r) => r.name).filter((name) => !SAMPLES[name]);
      expect(missing, 'add a sample request for these operations').toEqual([]);
    });

    for (const name of Object.keys(SAMPLES)) {
      it.runIf(operationRoutes.some((r) => r.name === name))(
        `${name}: async result equals the sync result`,
        async () => {
          const sync = await submit(server, name, await SAMPLES[name](), key);
          expect(sync.status, await sync.clone().text()).toBe(200);
          const syncType = sync.headers.get('content-type')!;
          const syncFile = await saveBody(sync);

          const res = await submit(server, name, await SAMPLES[name](), key, { Prefer: 'respond-async' });
          expect(res.status).toBe(202);
          const job = (await res.json()) as JobObject;
          expect(res.headers.get('location')).toBe(`/v1/jobs/${job.id}`);
          expect(job.id).toMatch(/^job_[0-9A-Za-z]{22}$/);
          expect(job.operation).toBe(name);
          const done = await waitForJob(server.url, job.id, key, 90_000);
          expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
          const result = await download(server.url, job.id, key);
          expect(result.status).toBe(200);
          expect(result.headers.get('content-type')).toBe(syncType);
          expect(result.headers.get('content-disposition')).toBe(sync.headers.get('content-disposition'));
          expect(Number(result.headers.get('content-length'))).toBe(done.result!.size);
          const asyncFile = await saveBody(result);
          expect(fs.statSync(asyncFile).size).toBe(done.result!.size);
          const password = name === 'protect' ? 'secret' : undefined;
          expect(summarize(asyncFile, syncType, password)).toEqual(summarize(syncFile, syncType, password));
        },
      );
    }
  });

  describe('the job object and its routes', () => {
    it('returns exactly the API.md fields, with a result once done', async () => {
      const job = await accepted(
        server,
        'split',
        { file: await filePart(corpus('tracemonkey.pdf'), 'paper.pdf'), mode: 'every', pages_per_file: '5' },
        key,
      );
      expect(Object.keys(job).sort()).toEqual([
        'created_at',
        'delivery',
        'error',
        'finished_at',
        'id',
        'operation',
        'result',
        'started_at',
        'status',
      ]);
      expect(['queued', 'running']).toContain(job.status);
      expect(job.result).toBeNull();
      // No result_url: nothing to deliver.
      expect((job as unknown as { delivery: unknown }).delivery).toBeNull();
      const done = await waitForJob(server.url, job.id, key);
      expect(done.status).toBe('succeeded');
      expect(Date.parse(done.started_at!)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
      expect(Date.parse(done.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done.started_at!));
      expect(done.error).toBeNull();
      expect(done.result).toMatchObject({
        url: `/v1/jobs/${job.id}/result`,
        filename: 'paper-pages.zip',
        content_type: 'application/zip',
      });
      expect(Date.parse(done.result!.expires_at) - Date.parse(done.finished_at!)).toBeGreaterThan(3500_000);
      const zip = await saveBody(await download(server.url, job.id, key), 'r.zip');
      expect(execFileSync('zipinfo', ['-1', zip], { encoding: 'utf8' }).trim().split('\n')).toEqual([
        'paper-1.pdf',
        'paper-2.pdf',
        'paper-3.pdf',
      ]);
    });

    it('validates before 202: bad option, unknown field, wrong type and bad async value are synchronous 4xx', async () => {
      const bad = await submit(
        server,
        'split',
        { file: await filePart(corpus('trivial.pdf')), mode: 'sideways', async: 'true' },
        key,
      );
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe('invalid_request');
      const unknown = await submit(
        server,
        'unlock',
        { file: await filePart(corpus('trivial.pdf')), pasword: 'x' },
        key,
        { Prefer: 'respond-async' },
      );
      expect(unknown.status).toBe(400);
      const png = await submit(
        server,
        'unlock',
        { file: await filePart(corpus('typewriter.png'), 'x.pdf'), async: 'true' },
        key,
      );
      expect(png.status).toBe(415);
      const weird = await submit(server, 'unlock', { file: await filePart(corpus('trivial.pdf')), async: 'yes' }, key);
      expect(weird.status).toBe(400);
      expect((await weird.json()).field).toBe('async');
    });

    it("a job that fails for the client's reason carries the problem and keeps the charge", async () => {
      const k = await server.addKey('free');
      const job = await accepted(server, 'unlock', { file: await filePart(corpus('invalid.pdf')) }, k);
      expect(await usedToday(server, k)).toBe(1);
      const done = await waitForJob(server.url, job.id, k);
      expect(done.status).toBe('failed');
      expect(done.error).toMatchObject({
        status: 422,
        code: 'invalid_pdf',
        type: 'https://pdf-service.dev/problems/invalid_pdf',
        title: 'Invalid PDF',
      });
      expect(done.error!.request_id).toEqual(expect.any(String));
      expect(done.result).toBeNull();
      expect(await usedToday(server, k)).toBe(1);
      const result = await download(server.url, job.id, k);
      expect(result.status).toBe(404);
    });

    it('409 job_not_finished while queued; job routes are not charged', async () => {
      const k = await idle.addKey('free');
      const job = await accepted(idle, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, k);
      expect(job.status).toBe('queued');
      expect(await usedToday(idle, k)).toBe(1);
      const res = await download(idle.url, job.id, k);
      expect(res.status).toBe(409);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect((await res.json()).code).toBe('job_not_finished');
      for (let i = 0; i < 3; i++) expect((await getJob(idle.url, job.id, k)).status).toBe(200);
      expect(await usedToday(idle, k)).toBe(1);
      expect((await getJob(idle.url, job.id, k)).headers.get('ratelimit')).toMatch(/r=99;/);
    });

    it("needs a key, and another account's job is 404 on every route", async () => {
      const job = await accepted(server, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, key);
      await waitForJob(server.url, job.id, key);
      expect((await fetch(`${server.url}/v1/jobs/${job.id}`)).status).toBe(401);
      const other = await server.addKey();
      const auth = { Authorization: `Bearer ${other}` };
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/result'],
        ['DELETE', ''],
      ]) {
        const res = await fetch(`${server.url}/v1/jobs/${job.id}${suffix}`, { method, headers: auth });
        expect(res.status, `${method} ${suffix}`).toBe(404);
        expect((await res.json()).code).toBe('not_found');
      }
      expect((await getJob(server.url, 'job_doesnotexist0000000000', key)).status).toBe(404);
      expect((await getJob(server.url, job.id, key)).status).toBe(200);
    });

    it('DELETE of a finished job deletes it and its result', async () => {
      const job = await accepted(server, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, key);
      await waitForJob(server.url, job.id, key);
      const before = filesUnder(jobsDir(server, 'results')).filter((f) => f.includes(job.id));
      expect(before).toHaveLength(1);
      const res = await fetch(`${server.url}/v1/jobs/${job.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(204);
      expect(filesUnder(jobsDir(server, 'results')).filter((f) => f.includes(job.id))).toEqual([]);
      expect((await getJob(server.url, job.id, key)).status).toBe(404);
      expect((await download(server.url, job.id, key)).status).toBe(404);
    });

    it('DELETE of a queued job cancels it and deletes its input', async () => {
      const k = await idle.addKey();
      const job = await accepted(idle, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, k);
      expect(filesUnder(jobsDir(idle, 'inputs')).filter((f) => f.includes(job.id))).toHaveLength(1);
      const res = await fetch(`${idle.url}/v1/jobs/${job.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${k}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as JobObject).status).toBe('canceled');
      expect(filesUnder(jobsDir(idle, 'inputs')).filter((f) => f.includes(job.id))).toEqual([]);
      expect(((await (await getJob(idle.url, job.id, k)).json()) as JobObject).status).toBe('canceled');
    });

    it('is in the OpenAPI document', async () => {
      const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      expect(Object.keys(doc.paths['/v1/jobs/{id}']).sort()).toEqual(['delete', 'get']);
      expect(Object.keys(doc.paths['/v1/jobs/{id}/result'])).toEqual(['get']);
    });
  });

  describe('cancel and failure of a running job', () => {
    it('cancels a running job: its processes are killed and no file is left', async () => {
      // A child that runs 60 s on any machine (a big split would finish early on a fast one).
      const job = await accepted(
        server,
        'test-sleep',
        { file: await filePart(corpus('trivial.pdf')), seconds: '60' },
        key,
      );
      await waitForJob(server.url, job.id, key, 30_000, ['running']);
      await eventually(() => liveChildren().length > 0, 10_000);
      const pids = liveChildren();
      await new Promise((r) => setTimeout(r, 500));
      const res = await fetch(`${server.url}/v1/jobs/${job.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as JobObject).status).toBe('canceled');
      await eventually(() => liveChildren().length === 0, 5000);
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
      await eventually(() => server.leftovers().length === 0, 5000);
      expect(filesUnder(jobsDir(server, 'inputs'))).toEqual([]);
      expect(filesUnder(jobsDir(server, 'results')).filter((f) => f.includes(job.id))).toEqual([]);
      const after = (await (await getJob(server.url, job.id, key)).json()) as JobObject;
      expect(after.status).toBe('canceled');
      // The slot is free again.
      await eventually(() => server.jobs.worker!.running === 0, 5000);
    });

    it('cancels a running OCR job: OCRmyPDF and its Tesseract children are killed, no file is left', async () => {
      const job = await accepted(server, 'ocr', { file: await filePart(corpus('multipage.pdf')), mode: 'force' }, key);
      // Mid-OCR: OCRmyPDF and a tesseract of it working in the job's directory, seen in one snapshot
      // (tesseracts come and go page by page: a second look could miss the one the first saw).
      let before: number[] = [];
      await eventually(() => {
        before = processesUnder(server.tmpDir);
        return before.length > 1 && before.some((pid) => commandOf(pid).startsWith('tesseract'));
      }, 60_000);
      const res = await fetch(`${server.url}/v1/jobs/${job.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as JobObject).status).toBe('canceled');
      await eventually(() => processesUnder(server.tmpDir).length === 0, 5000);
      // Dead, or a zombie waiting for whoever adopted it (Tesseract's parent died first) to reap it.
      await eventually(() => before.every((pid) => !runs(pid)), 5000);
      await eventually(() => server.leftovers().length === 0, 5000);
      expect(filesUnder(jobsDir(server, 'inputs'))).toEqual([]);
      expect(filesUnder(jobsDir(server, 'results')).filter((f) => f.includes(job.id))).toEqual([]);
      await eventually(() => server.jobs.worker!.running === 0, 5000);
    });

    it('a job canceled from another process is stopped by its worker at the next heartbeat', async () => {
      const job = await accepted(
        server,
        'test-sleep',
        { file: await filePart(corpus('trivial.pdf')), seconds: '60' },
        key,
      );
      await waitForJob(server.url, job.id, key, 30_000, ['running']);
      await eventually(() => liveChildren().length > 0, 10_000);
      // What DELETE does in a process that does not run the job: only the row changes.
      await rawSql(server.services.store, `UPDATE jobs SET status = 'canceled', worker_id = NULL WHERE id = ?`, [
        job.id,
      ]);
      await eventually(() => liveChildren().length === 0 && server.jobs.worker!.running === 0, 5000);
      await eventually(() => server.leftovers().length === 0, 5000);
      await eventually(() => filesUnder(jobsDir(server, 'inputs')).length === 0, 5000);
    });

    it('a job past its time limit fails with 504 timeout and stays charged (API.md §3)', async () => {
      const slow = await start({ OPERATION_TIMEOUT: '1' }, { operations: [sleepOperation] });
      try {
        const k = await slow.addKey('free');
        const job = await accepted(
          slow,
          'test-sleep',
          { file: await filePart(corpus('trivial.pdf')), seconds: '30' },
          k,
        );
        expect(await usedToday(slow, k)).toBe(1);
        const done = await waitForJob(slow.url, job.id, k, 30_000);
        expect(done.status).toBe('failed');
        expect(done.error).toMatchObject({ status: 504, code: 'timeout' });
        expect(await usedToday(slow, k)).toBe(1);
        await eventually(() => slow.leftovers().length === 0 && liveChildren().length === 0, 5000);
      } finally {
        await slow.close();
      }
    });
  });

  describe('storage', () => {
    it('inputs and results are encrypted at rest (no %PDF on disk)', async () => {
      const k = await idle.addKey();
      const job = await accepted(idle, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, k);
      const input = filesUnder(jobsDir(idle, 'inputs')).find((f) => f.includes(job.id))!;
      const bytes = fs.readFileSync(path.join(jobsDir(idle, 'inputs'), input));
      expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
      expect(bytes.subarray(0, 4).toString()).toBe('PJE1');
      expect(bytes.length).toBeGreaterThan(fs.statSync(corpus('trivial.pdf')).size);
      expect(fs.statSync(path.join(jobsDir(idle, 'inputs'), input)).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(idle.dataDir, 'data.key')).mode & 0o777).toBe(0o600);

      const done = await accepted(server, 'merge', await SAMPLES.merge(), key);
      await waitForJob(server.url, done.id, key);
      const result = filesUnder(jobsDir(server, 'results')).find((f) => f.includes(done.id))!;
      const stored = fs.readFileSync(path.join(jobsDir(server, 'results'), result));
      expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
      expect(stored.includes(Buffer.from('Trace-based'))).toBe(false);
    });

    it('a tampered result is never served as good data', async () => {
      const job = await accepted(server, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, key);
      await waitForJob(server.url, job.id, key);
      const name = filesUnder(jobsDir(server, 'results')).find((f) => f.includes(job.id))!;
      const file = path.join(jobsDir(server, 'results'), name);
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 20] ^= 1;
      fs.writeFileSync(file, bytes);
      // Authentication fails on the last chunk: the connection is cut instead of ending cleanly.
      const outcome = await download(server.url, job.id, key)
        .then((res) => res.arrayBuffer())
        .then(
          () => 'complete',
          () => 'cut',
        );
      expect(outcome).toBe('cut');
    });

    it('refuses a job with 503 server_busy when JOB_STORAGE_LIMIT would be passed, and refunds it', async () => {
      const k = await idle.addKey('free');
      // tracemonkey is ~1 MB: with the 3 MiB limit and the inputs already queued by other tests, the third one does not fit.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await submit(idle, 'unlock', { file: await filePart(corpus('tracemonkey.pdf')), async: 'true' }, k);
        statuses.push(res.status);
        if (res.status === 503) {
          const body = await res.json();
          expect(body.code).toBe('server_busy');
          expect(body.detail).toContain('JOB_STORAGE_LIMIT');
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(1);
      expect(statuses.slice(-1)).toEqual([503]);
      expect(await usedToday(idle, k)).toBe(statuses.filter((s) => s === 202).length);
      const storedBytes = filesUnder(jobsDir(idle, 'inputs')).reduce(
        (n, f) => n + fs.statSync(path.join(jobsDir(idle, 'inputs'), f)).size,
        0,
      );
      expect(storedBytes).toBeLessThanOrEqual(3 * 1024 * 1024);
    });

    it('results expire after JOB_RESULT_TTL: 410 result_expired and the file is deleted', async () => {
      const short = await start({ JOB_RESULT_TTL: '1' }, {}, { timings: { pollMs: 50 } });
      try {
        const k = await short.addKey();
        const job = await accepted(short, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, k);
        const done = await waitForJob(short.url, job.id, k);
        expect((await download(short.url, job.id, k)).status).toBe(200);
        await eventually(async () => (await download(short.url, job.id, k)).status === 410, 3000);
        const res = await download(short.url, job.id, k);
        expect((await res.json()).code).toBe('result_expired');
        expect(Date.parse(done.result!.expires_at)).toBeLessThanOrEqual(Date.now());
        await eventually(() => filesUnder(jobsDir(short, 'results')).length === 0, 5000);
      } finally {
        await short.close();
      }
    });
  });

  describe('webhooks', () => {
    it('posts a signed job.succeeded message, retrying a 500 with the same webhook-id', async () => {
      const receiver = await startReceiver((n) => (n === 1 ? 500 : 204));
      try {
        const job = await accepted(
          server,
          'unlock',
          { file: await filePart(corpus('trivial.pdf')), callback_url: receiver.url },
          key,
        );
        await eventually(() => receiver.received.length >= 2, 10_000);
        const [first, second] = receiver.received;
        const row = (await server.services.store.getJob(job.id))!;
        const secret = (await webhookSecret(server.services.store, server.services.dataKey, row.account_id))!;
        for (const delivery of [first, second]) {
          expect(verifyStandardWebhook(secret, delivery.headers, delivery.body)).toBe(true);
          expect(
            verifyStandardWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, delivery.headers, delivery.body),
          ).toBe(false);
          expect(delivery.headers['content-type']).toBe('application/json');
        }
        expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
        expect(second.body).toBe(first.body);
        const message = JSON.parse(second.body);
        expect(message.type).toBe('job.succeeded');
        expect(new Date(message.timestamp).toISOString()).toBe(message.timestamp);
        const current = (await (await getJob(server.url, job.id, key)).json()) as JobObject;
        expect(message.data).toEqual(current);
        await new Promise((r) => setTimeout(r, 800));
        expect(receiver.received).toHaveLength(2);
      } finally {
        await receiver.close();
      }
    });

    it('posts job.failed with the problem; does not retry a 4xx answer', async () => {
      const receiver = await startReceiver(() => 400);
      try {
        const job = await accepted(
          server,
          'unlock',
          { file: await filePart(corpus('invalid.pdf')), callback_url: receiver.url },
          key,
        );
        await eventually(() => receiver.received.length >= 1, 10_000);
        const message = JSON.parse(receiver.received[0].body);
        expect(message.type).toBe('job.failed');
        expect(message.data.id).toBe(job.id);
        expect(message.data.error.code).toBe('invalid_pdf');
        await new Promise((r) => setTimeout(r, 1000));
        expect(receiver.received).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });

    it('refuses private, loopback, link-local and non-https callback URLs when not allowed (400, field callback_url)', async () => {
      const k = await idle.addKey();
      for (const url of [
        'http://127.0.0.1:9/hook',
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://10.1.2.3/x',
        'https://192.168.1.1/x',
        'https://[::1]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://[fd00::1]/x',
        'https://localhost/x',
        'http://93.184.215.14/x',
        'ftp://93.184.215.14/x',
        'not a url',
        'https://no-such-host.invalid/x',
      ]) {
        const res = await submit(
          idle,
          'unlock',
          { file: await filePart(corpus('trivial.pdf')), async: 'true', callback_url: url },
          k,
        );
        expect(res.status, url).toBe(400);
        const body = await res.json();
        expect(body.code).toBe('invalid_request');
        expect(body.field).toBe('callback_url');
      }
      // A synchronous request may not carry one.
      const sync = await submit(
        idle,
        'unlock',
        { file: await filePart(corpus('trivial.pdf')), callback_url: 'https://93.184.215.14/x' },
        k,
      );
      expect(sync.status).toBe(400);
    });
  });

  describe('recovery', () => {
    it('a running job whose worker died is retried once, then failed with a clear error', async () => {
      const k = await idle.addKey('free');
      const retried = await accepted(idle, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, k);
      const doomed = await accepted(idle, 'unlock', { file: await filePart(corpus('trivial.pdf')) }, k);
      const dead = `${(await import('node:os')).hostname()}/999999999/dead`;
      // One host (SQLite): a dead pid is noticed even under a live lease. Several hosts (PostgreSQL): the lease alone decides.
      const lease = backend === 'sqlite' ? Date.now() + 60_000 : Date.now() - 1;
      const mark = `UPDATE jobs SET status = 'running', worker_id = ?, lease_until = ?, attempts = ?, started_at = created_at WHERE id = ?`;
      await rawSql(idle.services.store, mark, [dead, lease, 1, retried.id]);
      await rawSql(idle.services.store, mark, [dead, lease, 2, doomed.id]);
      const worker = startJobs(idle.services, { worker: true, timings: { pollMs: 50 } });
      try {
        const a = await waitForJob(idle.url, retried.id, k);
        expect(a.status).toBe('succeeded');
        const b = await waitForJob(idle.url, doomed.id, k);
        expect(b.status).toBe('failed');
        expect(b.error).toMatchObject({ status: 500, code: 'processing_failed' });
        expect(String(b.error!.detail)).toContain('interrupted twice');
        expect(await usedToday(idle, k)).toBe(1); // the failed one was refunded
        await eventually(
          () =>
            filesUnder(jobsDir(idle, 'inputs')).filter((f) => f.includes(doomed.id) || f.includes(retried.id))
              .length === 0,
          5000,
        );
      } finally {
        await worker.stop();
        idle.jobs.jobs.worker = undefined;
        // Leave the idle server idle: cancel what the temporary worker would otherwise have run.
        await rawSql(idle.services.store, `UPDATE jobs SET status = 'canceled' WHERE status IN ('queued', 'running')`);
      }
    });
  });
});

/** The command line of a process ('' once it is gone). */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0].split('/').pop() ?? '';
  } catch {
    return '';
  }
}

/** True while the process exists and is not a zombie. */
function runs(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
