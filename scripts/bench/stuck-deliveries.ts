// Benchmark: a job behind two stuck result deliveries (docs/api.md §6, "Delivering
// the result"), on the service run as its own process (bin/pdf-service serve) with
// CONCURRENCY=2: as many worker slots as stuck jobs, so a delivery held in a worker
// slot would stop every other job. Two jobs of one account carry a result_url that
// answers 503 forever; once both wait for their next attempt, another account's
// ordinary job (compress of tracemonkey.pdf) is submitted and timed from the job
// object: queue wait = started_at − created_at, run = finished_at − started_at.
// The same job is timed first with no stuck delivery, then behind the two.
// Target: behind the stuck deliveries, the job starts within one ordinary job's
// time (median queue wait ≤ 1 × the median run time of an ordinary job).
// Printed for context: the same ratio without them, and for a job submitted right
// behind two jobs (both slots busy), ordinary ones or ones whose deliveries will
// stick, alternated: it waits for a slot while they run their operation, and no
// longer in either case.
// Run: npx tsx scripts/bench/stuck-deliveries.ts (or npm run bench -- stuck-deliveries)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CORPUS, median, multipart, ROOT, Report, startBenchServer } from './lib.js';

const ROUNDS = 5;
/** Give up on a job after this long (a delivery held in a worker slot would keep it queued for the whole retry schedule). */
const PATIENCE_MS = 60_000;

interface Job {
  id: string;
  status: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  delivery: { status: string; attempts: number } | null;
}

async function submit(base: string, key: string, body: { body: Buffer; contentType: string }): Promise<Job> {
  const res = await fetch(`${base}/v1/pdf/compress`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': body.contentType, Prefer: 'respond-async' },
    body: body.body,
  });
  if (res.status !== 202) throw new Error(`submit: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as Job;
}

async function poll(base: string, key: string, id: string, done: (job: Job) => boolean): Promise<Job | undefined> {
  const end = Date.now() + PATIENCE_MS;
  while (Date.now() < end) {
    const job = (await (
      await fetch(`${base}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as Job;
    if (done(job)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

const finished = (job: Job) => ['succeeded', 'failed', 'canceled'].includes(job.status);
/** Waiting for a delivery retry (a tree from before the delivery queue has no `delivery`: running is as far as it shows). */
const stuck = (job: Job) => job.status === 'running' && (job.delivery?.status === 'pending' || !('delivery' in job));

async function main(): Promise<void> {
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(503).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const failing = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/put?X-Amz-Signature=x`;
  // BENCH_ROOT=<another checkout> runs that tree's server instead (e.g. one from before this queue, for the figure it gave).
  const root = process.env.BENCH_ROOT ?? ROOT;
  const server = await startBenchServer({ FETCH_ALLOW_PRIVATE: 'true', CONCURRENCY: '2' }, root);
  const report = new Report();
  try {
    // A second account: the stuck jobs are the bench account's, the timed ones another's.
    const other = JSON.parse(
      execFileSync(
        process.execPath,
        [path.join(root, 'bin/pdf-service'), 'keys', 'create', '--account', 'other', '--plan', 'enterprise', '--json'],
        {
          env: { ...process.env, DATA_DIR: path.join(server.work, 'data'), TMP_DIR: path.join(server.work, 'tmp') },
          encoding: 'utf8',
        },
      ),
    ).key as string;
    const pdf = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
    const ordinary = multipart([{ name: 'file', filename: 'tracemonkey.pdf', value: pdf }]);
    const doomed = multipart([
      { name: 'file', filename: 'tracemonkey.pdf', value: pdf },
      { name: 'result_url', value: failing },
    ]);
    /** Times one ordinary job of the other account: [queue wait, run] in ms, or undefined if it never finished. */
    const timed = async (): Promise<[number, number] | undefined> => {
      const job = await poll(server.url, other, (await submit(server.url, other, ordinary)).id, finished);
      if (!job?.started_at || !job.finished_at || job.status !== 'succeeded') return undefined;
      const [created, started, ended] = [job.created_at, job.started_at, job.finished_at].map(Date.parse);
      return [started - created, ended - started];
    };
    await timed(); // warm-up: tools, caches

    const alone: Array<[number, number]> = [];
    for (let i = 0; i < ROUNDS; i++) alone.push((await timed())!);
    const run = median(alone.map(([, r]) => r));
    const aloneWait = median(alone.map(([w]) => w));

    // Two jobs whose deliveries will never succeed; wait until both have run and wait for a retry (5 s, then 30 s).
    const stuckJobs = [await submit(server.url, server.key, doomed), await submit(server.url, server.key, doomed)];
    for (const job of stuckJobs)
      if (!(await poll(server.url, server.key, job.id, stuck))) throw new Error(`job ${job.id} never reached delivery`);
    const behind: Array<[number, number] | undefined> = [];
    for (let i = 0; i < ROUNDS; i++) {
      behind.push(await timed());
      if (behind.at(-1) === undefined) break; // held behind the deliveries: more rounds would only wait as long
    }
    const stillStuck = await Promise.all(
      stuckJobs.map((job) => poll(server.url, server.key, job.id, (j) => j.status === 'running')),
    );
    const missing = behind.filter((t) => t === undefined).length;
    const behindWait = missing ? Number.POSITIVE_INFINITY : median(behind.map((t) => t![0]));

    // Right behind two jobs (both slots busy): ordinary ones, or ones whose deliveries will stick, alternated.
    const rightBehind = { ordinary: [] as number[], doomed: [] as number[] };
    for (let i = 0; i < (missing ? 0 : 2 * ROUNDS); i++) {
      const kind = i % 2 === 0 ? 'ordinary' : 'doomed';
      const ahead = kind === 'ordinary' ? ordinary : doomed;
      await submit(server.url, server.key, ahead);
      await submit(server.url, server.key, ahead);
      const t = await timed();
      if (t) rightBehind[kind].push(t[0]);
    }

    report.info(
      'ordinary job alone: median queue wait / median run',
      `${aloneWait} ms / ${run} ms = ${(aloneWait / run).toFixed(3)}`,
    );
    report.line(
      'behind two stuck deliveries: median queue wait / ordinary run',
      missing
        ? `the job never finished within ${PATIENCE_MS / 1000} s (queued behind the deliveries)`
        : `${behindWait} ms / ${run} ms = ${(behindWait / run).toFixed(3)} (target ≤ 1; ${stillStuck.filter(Boolean).length} of 2 still pending)`,
      behindWait <= run,
    );
    if (!missing) {
      const [plain, doomedWait] = [median(rightBehind.ordinary), median(rightBehind.doomed)];
      report.info(
        'right behind two ordinary jobs: median wait / run',
        `${plain} ms / ${run} ms = ${(plain / run).toFixed(3)} (${rightBehind.ordinary.length} of ${ROUNDS} finished)`,
      );
      report.info(
        'right behind two jobs whose deliveries will stick: median wait / run',
        `${doomedWait} ms / ${run} ms = ${(doomedWait / run).toFixed(3)} (${rightBehind.doomed.length} of ${ROUNDS} finished; ` +
          `${(doomedWait / plain).toFixed(2)}× the wait behind ordinary jobs)`,
      );
    }
  } finally {
    await server.close();
    await new Promise((r) => receiver.close(r));
  }
  report.finish();
}

await main();
