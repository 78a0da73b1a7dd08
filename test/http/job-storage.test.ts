// Job storage on both backends (STORAGE_URL=file:///… and s3://…), through real
// processes: an API-only replica (`serve --no-workers`) and `worker` processes
// sharing one database and one storage, the data key from DATA_KEY_FILE. The
// S3 side talks to a real S3-protocol server (s3rver) started here; the stored
// bytes are read back raw, independently of the service.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, filesUnder, largePdf, waitForJob, type JobObject } from '../helpers/jobs.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import {
  cli,
  startServeProcess,
  startWorkerProcess,
  type ServeProcess,
  type WorkerProcess,
} from '../helpers/process-server.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { corpus, eventually, filePart, form, saveBody } from '../helpers/server.js';
import { openJobStorage } from '../../src/jobs/storage.js';

/** One storage backend as the test sees it: settings, and the raw stored objects ("inputs/<name>"). */
interface Backend {
  name: string;
  env: () => Record<string, string>;
  list: () => Promise<string[]>;
  raw: (entry: string) => Promise<Buffer>;
  put: (entry: string, bytes: Buffer) => Promise<void>;
}

let base: string;
let s3: TestS3;
const keyFile = () => path.join(base, 'secrets', 'data.key');
const fileRoot = () => path.join(base, 'shared-volume', 'jobs');
const S3_PREFIX = 'tenant-a/jobs/';

const backends: Backend[] = [
  {
    name: 'file://',
    env: () => ({ STORAGE_URL: pathToFileURL(fileRoot()).href }),
    list: async () => filesUnder(fileRoot()),
    raw: async (entry) => fs.readFileSync(path.join(fileRoot(), entry)),
    put: async (entry, bytes) => fs.writeFileSync(path.join(fileRoot(), entry), bytes),
  },
  {
    name: 's3://',
    env: () => s3.env(S3_PREFIX),
    list: async () => (await s3.keys(S3_PREFIX)).map((k) => k.slice(S3_PREFIX.length)),
    raw: (entry) => s3.raw(S3_PREFIX + entry),
    put: (entry, bytes) => s3.put(S3_PREFIX + entry, bytes),
  },
];

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-storage-'));
  // The key lives outside DATA_DIR and outside the storage, like a mounted secret.
  fs.mkdirSync(path.dirname(keyFile()), { recursive: true });
  fs.writeFileSync(keyFile(), `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const isSealed = (bytes: Buffer) => bytes.subarray(0, 4).toString() === 'PJE1' && !bytes.includes(Buffer.from('%PDF'));

describe.each(backends)('job files on $name storage', (backend) => {
  let env: Record<string, string>;
  let api: ServeProcess;
  let worker: WorkerProcess | undefined;
  let key: string;

  const submit = async (file: string, op = 'unlock'): Promise<JobObject> => {
    const res = await fetch(`${api.url}/v1/pdf/${op}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form({ file: await filePart(file), async: 'true' }),
    });
    if (res.status !== 202) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as JobObject;
  };
  const entriesOf = async (id: string, area: string) =>
    (await backend.list()).filter((e) => e.startsWith(`${area}/`) && e.includes(id));

  beforeAll(async () => {
    const dir = path.join(base, backend.name.replace(/\W/g, ''));
    env = {
      DATA_DIR: path.join(dir, 'data'),
      TMP_DIR: path.join(dir, 'tmp'),
      LOG_LEVEL: 'info',
      CONCURRENCY: '2',
      DATA_KEY_FILE: keyFile(),
      ...backend.env(),
    };
    key = JSON.parse(cli(['keys', 'create', '--account', 'storage', '--plan', 'enterprise', '--json'], env)).key;
    api = await startServeProcess(env, ['--no-workers']);
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await api?.stop('SIGKILL');
  });

  it('an API-only replica stores the upload encrypted and leaves the job queued; a cancel deletes the input', async () => {
    const job = await submit(corpus('tracemonkey.pdf'));
    const [input] = await entriesOf(job.id, 'inputs');
    expect(input).toBeDefined();
    const sealed = await backend.raw(input);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed.includes(Buffer.from('Trace-based'))).toBe(false);
    expect(sealed.length).toBeGreaterThan(fs.statSync(corpus('tracemonkey.pdf')).size);
    // No worker in this process: the job waits.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await waitForJob(api.url, job.id, key, 1000, ['queued', 'running', 'succeeded'])).status).toBe('queued');
    expect((await download(api.url, job.id, key)).status).toBe(409);
    // The key is only in its file: not generated into DATA_DIR, not in the storage.
    expect(fs.existsSync(path.join(env.DATA_DIR, 'data.key'))).toBe(false);
    const secret = fs.readFileSync(keyFile(), 'utf8').trim();
    expect(sealed.includes(Buffer.from(secret, 'base64'))).toBe(false);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);

    const other = await submit(corpus('trivial.pdf'));
    expect(await entriesOf(other.id, 'inputs')).toHaveLength(1);
    const res = await fetch(`${api.url}/v1/jobs/${other.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(((await res.json()) as JobObject).status).toBe('canceled');
    expect(await entriesOf(other.id, 'inputs')).toEqual([]);
  });

  it('a worker process runs the queued job; its result is stored encrypted, downloads intact, and the input is deleted', async () => {
    const [queued] = (await backend.list()).filter((e) => e.startsWith('inputs/'));
    const id = /(job_[0-9A-Za-z]{22})/.exec(queued)![1];
    worker = await startWorkerProcess(env);
    const done = await waitForJob(api.url, id, key, 60_000);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const file = await saveBody(await download(api.url, id, key), 'result.pdf');
    expect(pageCountOf(file)).toBe(14);
    expect(textOf(file)).toContain('Trace-based');
    const [result] = await entriesOf(id, 'results');
    expect(isSealed(await backend.raw(result))).toBe(true);
    expect(await entriesOf(id, 'inputs')).toEqual([]);

    // DELETE of the finished job deletes its result.
    expect(
      (await fetch(`${api.url}/v1/jobs/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(204);
    expect(await entriesOf(id, 'results')).toEqual([]);
  });

  it('a 24 MiB input goes through in parts and comes back byte for byte', async () => {
    // unlock returns an unencrypted PDF unchanged: the download must equal the upload.
    const big = largePdf(path.join(base, `big-${backend.name.replace(/\W/g, '')}.pdf`), 24 * 1024 * 1024);
    const job = await submit(big);
    const [input] = await entriesOf(job.id, 'inputs');
    expect((await backend.raw(input)).length).toBeGreaterThan(24 * 1024 * 1024);
    const done = await waitForJob(api.url, job.id, key, 120_000);
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    const file = await saveBody(await download(api.url, job.id, key), 'big.pdf');
    expect(sha256(file)).toBe(sha256(big));
    expect(
      (await fetch(`${api.url}/v1/jobs/${job.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${key}` } }))
        .status,
    ).toBe(204);
    fs.rmSync(big);
  });

  it('results expire and are deleted; stray files are swept; a graceful worker stop exits 0', async () => {
    expect(await worker!.stop('SIGTERM')).toBe(0);
    // A stray file of a dead process of this host goes at the next sweep; one of another host is kept (it may be mid-submission there).
    const hostTag = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
    const deadPid = 4_194_305; // above Linux's largest possible pid
    const stray = `inputs/${deadPid}.${hostTag}-job_${'x'.repeat(22)}-in1-000000.enc`;
    const foreign = `inputs/1.00000000-job_${'y'.repeat(22)}-in1-000000.enc`;
    await backend.put(stray, Buffer.from('PJE1 leftover'));
    await backend.put(foreign, Buffer.from('PJE1 elsewhere'));

    worker = await startWorkerProcess({ ...env, JOB_RESULT_TTL: '1' });
    const job = await submit(corpus('trivial.pdf'));
    expect((await waitForJob(api.url, job.id, key, 60_000)).status).toBe('succeeded');
    await eventually(async () => (await download(api.url, job.id, key)).status === 410, 10_000);
    // Nothing is left but the other host's file: no input, no result, no orphan.
    await eventually(async () => (await backend.list()).length === 1, 10_000);
    expect(await backend.list()).toEqual([foreign]);
  });
});

describe('an S3 store that is down', () => {
  it('refuses submissions and downloads with 503 (refunded) and keeps queued jobs until it is back', async () => {
    const dir = path.join(base, 'outage');
    const env = {
      DATA_DIR: path.join(dir, 'data'),
      TMP_DIR: path.join(dir, 'tmp'),
      LOG_LEVEL: 'info',
      CONCURRENCY: '1',
      DATA_KEY_FILE: keyFile(),
      ...s3.env('outage/'),
    };
    const key = JSON.parse(cli(['keys', 'create', '--account', 'outage', '--plan', 'pro', '--json'], env)).key;
    const api = await startServeProcess(env, ['--no-workers']);
    let worker: WorkerProcess | undefined;
    const submit = async () =>
      fetch(`${api.url}/v1/pdf/unlock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
        body: form({ file: await filePart(corpus('trivial.pdf')), async: 'true' }),
      });
    const usedToday = async () =>
      (
        (await (await fetch(`${api.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
          used_today: number;
        }
      ).used_today;
    try {
      const finished = (await (await submit()).json()) as JobObject;
      worker = await startWorkerProcess(env);
      expect((await waitForJob(api.url, finished.id, key, 60_000)).status).toBe('succeeded');
      await worker.stop('SIGTERM');
      const waiting = (await (await submit()).json()) as JobObject;
      expect(await usedToday()).toBe(2);

      await s3.pause();
      const refused = await submit();
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { code: string }).code).toBe('server_busy');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await usedToday()).toBe(2);
      expect((await download(api.url, finished.id, key)).status).toBe(503);
      // A worker cannot read the input: the job goes back to the queue instead of failing.
      worker = await startWorkerProcess(env);
      await new Promise((r) => setTimeout(r, 3000));
      expect(
        (await waitForJob(api.url, waiting.id, key, 1000, ['queued', 'running', 'succeeded', 'failed', 'canceled']))
          .status,
      ).not.toBe('failed');

      await s3.resume();
      expect((await waitForJob(api.url, waiting.id, key, 60_000)).status).toBe('succeeded');
      expect((await download(api.url, finished.id, key)).status).toBe(200);
    } finally {
      await s3.resume().catch(() => undefined);
      await worker?.stop('SIGKILL');
      await api.stop('SIGKILL');
    }
  });
});

describe('the S3 backend on its own', () => {
  const open = () => {
    Object.assign(process.env, s3.env('direct/'));
    return openJobStorage(
      { DATA_DIR: base, STORAGE_URL: 's3://pdf-jobs/direct/', S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1' },
      crypto.randomBytes(32),
    );
  };

  it('a source that fails after several parts leaves no object behind', async () => {
    const storage = open();
    try {
      async function* failing() {
        for (let i = 0; i < 12; i++) yield crypto.randomBytes(1024 * 1024);
        throw new Error('source broke');
      }
      await expect(
        storage.write('inputs', storage.newName('job_direct', 'in1'), Readable.from(failing())),
      ).rejects.toThrow('source broke');
      expect(await s3.keys('direct/')).toEqual([]);
    } finally {
      storage.close();
    }
  });

  it('an altered object fails authentication instead of being served', async () => {
    const storage = open();
    try {
      const name = storage.newName('job_direct', 'result');
      await storage.write('results', name, Readable.from([crypto.randomBytes(300 * 1024)]));
      const bytes = await s3.raw(`direct/results/${name}`);
      bytes[bytes.length - 20] ^= 1;
      await s3.put(`direct/results/${name}`, bytes);
      const stream = await storage.open('results', name);
      await expect(
        (async () => {
          for await (const _ of stream);
        })(),
      ).rejects.toThrow(/authentication/);
      await storage.remove('results', name);
      expect(await s3.keys('direct/')).toEqual([]);
      await expect(storage.open('results', name)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      storage.close();
    }
  });
});
