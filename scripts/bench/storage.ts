// Job storage target, side by side in one run (real processes: `serve --no-workers`
// and one `worker` per backend, sharing a database, the data key from DATA_KEY_FILE):
//   a 100 MiB job input through S3 storage keeps the worker's RSS growth < 64 MiB.
// Printed for context: the same job on file:// storage, and the throughput of each
// phase on both backends (upload → 202, job, download), as medians and s3/file ratios.
// The S3 server is s3rver (npm) in this process, on loopback: a functional stand-in,
// not a model of MinIO's or AWS's speed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { largePdf } from '../../test/helpers/jobs.js';
import {
  cli,
  startServeProcess,
  startWorkerProcess,
  type ServeProcess,
  type WorkerProcess,
} from '../../test/helpers/process-server.js';
import { startS3 } from '../../test/helpers/s3.js';
import { ROOT, Report, median } from './lib.js';

const MiB = 1024 * 1024;
const SIZE = 100 * MiB;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const report = new Report();

spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.json')],
  { stdio: 'ignore' },
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-storage-'));
const s3 = await startS3();
const keyFile = path.join(work, 'data.key');
fs.writeFileSync(keyFile, crypto.randomBytes(32).toString('base64'), { mode: 0o600 });
const input = largePdf(path.join(work, 'input.pdf'), SIZE);
const inputHash = crypto.createHash('sha256').update(fs.readFileSync(input)).digest('hex');

interface Backend {
  name: 'file' | 's3';
  api: ServeProcess;
  worker: WorkerProcess;
  key: string;
  baselineKb: number;
  peakKb: number;
  upload: number[];
  job: number[];
  download: number[];
}

async function start(name: Backend['name'], storage: Record<string, string>): Promise<Backend> {
  const env = {
    DATA_DIR: path.join(work, name, 'data'),
    TMP_DIR: path.join(work, name, 'tmp'),
    DATA_KEY_FILE: keyFile,
    LOG_LEVEL: 'info',
    CONCURRENCY: '1',
    ...storage,
  };
  const key = JSON.parse(cli(['keys', 'create', '--account', 'bench', '--plan', 'enterprise', '--json'], env))
    .key as string;
  const api = await startServeProcess(env, ['--no-workers']);
  const worker = await startWorkerProcess(env);
  const backend: Backend = { name, api, worker, key, baselineKb: 0, peakKb: 0, upload: [], job: [], download: [] };
  // Warm-up: every module the job path loads (S3 client, tools) is resident before the baseline is taken.
  await runJob(backend, path.join(ROOT, 'test/corpus/trivial.pdf'), false);
  backend.baselineKb = worker.memory().rssKb;
  return backend;
}

/** Upload → 202, wait for success, download; times in ms; checks the bytes came back unchanged. */
async function runJob(b: Backend, file: string, record = true): Promise<void> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  form.append('async', 'true');
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, b.worker.memory().rssKb)), 20);
  try {
    let t = performance.now();
    const res = await fetch(`${b.api.url}/v1/pdf/unlock`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${b.key}` },
      body: form,
    });
    if (res.status !== 202) throw new Error(`${b.name}: submit ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const uploadMs = performance.now() - t;
    t = performance.now();
    for (;;) {
      const job = (await (
        await fetch(`${b.api.url}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${b.key}` } })
      ).json()) as { status: string; error: unknown };
      if (job.status === 'succeeded') break;
      if (job.status !== 'queued' && job.status !== 'running')
        throw new Error(`${b.name}: job ${job.status} ${JSON.stringify(job.error)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const jobMs = performance.now() - t;
    t = performance.now();
    const download = await fetch(`${b.api.url}/v1/jobs/${id}/result`, {
      headers: { Authorization: `Bearer ${b.key}` },
    });
    const hash = crypto.createHash('sha256');
    for await (const chunk of download.body!) hash.update(chunk);
    const downloadMs = performance.now() - t;
    if (record && hash.digest('hex') !== inputHash) throw new Error(`${b.name}: the result differs from the input`);
    await fetch(`${b.api.url}/v1/jobs/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${b.key}` } });
    if (record) {
      b.upload.push(uploadMs);
      b.job.push(jobMs);
      b.download.push(downloadMs);
      b.peakKb = Math.max(b.peakKb, peak);
    }
  } finally {
    clearInterval(sampler);
  }
}

const backends: Backend[] = [];
try {
  backends.push(await start('file', { STORAGE_URL: pathToFileURL(path.join(work, 'file', 'jobs')).href }));
  backends.push(await start('s3', s3.env('bench/')));
  // Alternated, so both backends see the same machine noise.
  for (let i = 0; i < ROUNDS; i++) for (const b of i % 2 ? [...backends].reverse() : backends) await runJob(b, input);

  const [file, s3b] = backends;
  const mibps = (ms: number[]) => SIZE / MiB / (median(ms) / 1000);
  for (const phase of ['upload', 'job', 'download'] as const) {
    report.info(
      `100 MiB job, ${{ upload: 'upload → 202', job: '202 → succeeded', download: 'download' }[phase]}`,
      `file ${median(file[phase]).toFixed(0)} ms (${mibps(file[phase]).toFixed(0)} MiB/s) · s3 ${median(s3b[phase]).toFixed(0)} ms (${mibps(s3b[phase]).toFixed(0)} MiB/s) · s3/file ${(median(s3b[phase]) / median(file[phase])).toFixed(2)}`,
    );
  }
  for (const b of backends)
    report.info(
      `worker RSS on ${b.name}://`,
      `baseline ${(b.baselineKb / 1024).toFixed(0)} MiB, peak ${(b.peakKb / 1024).toFixed(0)} MiB, growth ${((b.peakKb - b.baselineKb) / 1024).toFixed(1)} MiB`,
    );
  const growth = (s3b.peakKb - s3b.baselineKb) / 1024;
  report.line(
    '100 MiB input through S3: worker RSS growth < 64 MiB',
    `${growth.toFixed(1)} MiB over ${ROUNDS} jobs (file:// ${((file.peakKb - file.baselineKb) / 1024).toFixed(1)} MiB), ratio to target ${(growth / 64).toFixed(2)}`,
    growth < 64,
  );
} finally {
  for (const b of backends) {
    await b.worker.stop();
    await b.api.stop();
  }
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
}
report.finish();
process.exit();
