// Targets — the request path's own cost — measured side by side in one run:
// - 16 concurrent 1-page merges: service throughput ≥ 0.9 of raw `qpdf --empty --pages`
//   run by xargs -P16 (no Node in the raw path) at the same concurrency;
// - server main-thread CPU per small merge ≤ 3 ms (/proc/<pid>/task/<pid>/stat over ≥ 500 requests);
// - event-loop delay p99 ≤ 5 ms under that load (monitorEventLoopDelay, via eld-probe.cjs);
// - merge 3× tracemonkey and split every=1: median ≤ raw qpdf + 10 ms.
// Rounds alternate service and raw, so both see the same machine; the load average is printed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CORPUS,
  Report,
  lightLoad,
  median,
  multipart,
  post,
  sideBySide,
  startBenchServer,
  timeCommand,
} from './lib.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OPS = Number(process.env.BENCH_THROUGHPUT_OPS ?? 300);
// 30, not 20: on this VM a run's tool time drifts by ±10 ms within a minute, and the medians of 20 moved with it.
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 30);
const CLIENTS = 16;
const TICK_MS = 1000 / 100; // USER_HZ on Linux

const small = path.join(CORPUS, 'trivial.pdf');
const smallBytes = fs.readFileSync(small);
const tracemonkey = path.join(CORPUS, 'tracemonkey.pdf');
const pdfBytes = fs.readFileSync(tracemonkey);
const report = new Report();
const probeFile = path.join(os.tmpdir(), `eld-probe-${process.pid}.json`);
// BENCH_SERVER_ROOT: benchmark another checkout's server (e.g. `git worktree add /tmp/before <commit>`), with this probe and client.
const server = await startBenchServer(
  { NODE_OPTIONS: `--require ${path.join(here, 'eld-probe.cjs')}`, ELD_PROBE_FILE: probeFile },
  process.env.BENCH_SERVER_ROOT ?? undefined,
);
const raw = path.join(server.work, 'raw');
fs.mkdirSync(raw, { recursive: true });
report.info(
  'load average at start',
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' '),
);

/** CPU ms of one thread (`/proc/<pid>/task/<tid>/stat`) or a whole process (`/proc/<pid>/stat`). */
function cpuMs(statPath: string): number {
  const stat = fs.readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
}
/** Children of the server named spawn-helper (absent before the spawn helper). */
function helperPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return (
          stat.includes('(spawn-helper)') && stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(server.pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}
/** How late the loop ran its 1 ms samples (p99 and max), and the p99 of the raw intervals (eld-probe.cjs). */
async function eventLoopDelay(): Promise<{ p50: number; p99: number; max: number; intervalP99: number }> {
  fs.rmSync(probeFile, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !fs.existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 20));
  return JSON.parse(fs.readFileSync(probeFile, 'utf8'));
}

const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms).toFixed(1)} ms`;
/**
 * The judged gap (median service − median qpdf), and beside it the median of each round's own
 * difference: the two runs of a round are back to back, so that one follows the machine's drift.
 */
function gapDetail(times: { a: number[]; b: number[] }): string {
  const paired = median(times.a.map((a, i) => a - times.b[i]));
  return `service ${median(times.a).toFixed(1)} ms, qpdf ${median(times.b).toFixed(1)} ms, ${signed(median(times.a) - median(times.b))} (round by round: ${signed(paired)})`;
}

const smallForm = multipart([
  { name: 'files', filename: 'a.pdf', value: smallBytes },
  { name: 'files', filename: 'b.pdf', value: smallBytes },
]);
const smallCopies = [1, 2].map((i) => {
  const target = path.join(raw, `small-${i}.pdf`);
  fs.copyFileSync(small, target);
  return target;
});

/**
 * OPS merges by 16 clients; requests per second. The clients are lightLoad's keep-alive sockets
 * with a prebuilt request: they share the 2 cores with the server, where a real client would not,
 * so they should take as little of them as they can (Node's http client took 0.55–0.70 ms a request).
 */
function serviceRate(): Promise<number> {
  return lightLoad(`${server.url}/v1/pdf/merge`, server.key, smallForm, CLIENTS, OPS);
}
/** The same OPS merges as plain qpdf commands, 16 at a time (xargs -P16, no shell, no Node). */
function rawRate(): Promise<number> {
  const out = fs.mkdtempSync(path.join(raw, 'tp-'));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const xargs = execFile(
      'xargs',
      ['-P', String(CLIENTS), '-I{}', 'qpdf', '--empty', '--pages', ...smallCopies, '--', path.join(out, '{}.pdf')],
      (error) => {
        if (error) return reject(error);
        const rate = OPS / ((performance.now() - started) / 1000);
        fs.rmSync(out, { recursive: true, force: true });
        resolve(rate);
      },
    );
    xargs.stdin!.end(`${Array.from({ length: OPS }, (_, i) => String(i)).join('\n')}\n`);
  });
}

try {
  // Warm-up: the first requests compile code paths and start the helper.
  for (let i = 0; i < 20; i++) await post(`${server.url}/v1/pdf/merge`, server.key, smallForm);
  const rates = { service: [] as number[], raw: [] as number[] };
  const loopP99: number[] = [];
  const loopMax: number[] = [];
  const loopIntervalP99: number[] = [];
  let mainCpu = 0;
  let processCpu = 0;
  let helperCpu = 0;
  let clientCpu = 0;
  const mainStat = `/proc/${server.pid}/task/${server.pid}/stat`;
  for (let round = 0; round < ROUNDS; round++) {
    const serviceRound = async () => {
      const helpers = helperPids();
      const before = {
        main: cpuMs(mainStat),
        all: cpuMs(`/proc/${server.pid}/stat`),
        helper: helpers.reduce((s, p) => s + cpuMs(`/proc/${p}/stat`), 0),
      };
      await eventLoopDelay(); // resets the histogram
      const clientBefore = process.cpuUsage();
      rates.service.push(await serviceRate());
      const used = process.cpuUsage(clientBefore);
      clientCpu += (used.user + used.system) / 1000;
      const loop = await eventLoopDelay();
      loopP99.push(loop.p99);
      loopMax.push(loop.max);
      loopIntervalP99.push(loop.intervalP99);
      mainCpu += cpuMs(mainStat) - before.main;
      processCpu += cpuMs(`/proc/${server.pid}/stat`) - before.all;
      helperCpu += helpers.reduce((s, p) => s + cpuMs(`/proc/${p}/stat`), 0) - before.helper;
    };
    if (round % 2 === 0) {
      await serviceRound();
      rates.raw.push(await rawRate());
    } else {
      rates.raw.push(await rawRate());
      await serviceRound();
    }
  }
  // The floor of that delay: 16 clients asking /healthz only (no tool, no file, no store write).
  await eventLoopDelay();
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const health = () =>
    new Promise<void>((resolve, reject) =>
      http
        .get(`${server.url}/healthz`, { agent: healthAgent }, (res) => res.resume().on('end', resolve))
        .on('error', reject),
    );
  let healthNext = 0;
  const healthStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (healthNext++ < 3000) await health();
    }),
  );
  const healthRate = 3000 / ((performance.now() - healthStarted) / 1000);
  const healthLoop = await eventLoopDelay();
  healthAgent.destroy();
  const requests = ROUNDS * OPS;
  const ratio = median(rates.service) / median(rates.raw);
  report.line(
    '16 clients 1-page merges: service ≥ 0.9 × raw qpdf',
    `service ${median(rates.service).toFixed(0)}/s [${rates.service.map((r) => r.toFixed(0)).join(' ')}], qpdf ${median(rates.raw).toFixed(0)}/s [${rates.raw.map((r) => r.toFixed(0)).join(' ')}], ratio ${ratio.toFixed(2)}`,
    ratio >= 0.9,
  );
  report.line(
    'server main-thread CPU per small merge ≤ 3 ms',
    `${(mainCpu / requests).toFixed(2)} ms over ${requests} requests`,
    mainCpu / requests <= 3,
  );
  report.info(
    'server process CPU per small merge (all threads)',
    `${(processCpu / requests).toFixed(2)} ms; spawn helper ${(helperCpu / requests).toFixed(2)} ms`,
  );
  report.info(
    "this benchmark's own HTTP client, CPU per request (same 2 cores)",
    `${(clientCpu / requests).toFixed(2)} ms`,
  );
  report.line(
    'event-loop delay p99 under that load ≤ 5 ms',
    `median of rounds ${median(loopP99).toFixed(1)} ms [${loopP99.map((v) => v.toFixed(1)).join(' ')}], max ${Math.max(...loopMax).toFixed(0)} ms; as Node's raw 1 ms intervals: p99 ${median(loopIntervalP99).toFixed(1)} ms`,
    median(loopP99) <= 5,
  );
  report.info(
    '  the same with 16 clients asking /healthz only (3,000 requests)',
    `p99 ${healthLoop.p99.toFixed(1)} ms at ${healthRate.toFixed(0)}/s: a loop kept busy by 16 waiting requests`,
  );

  const copies = [1, 2, 3].map((i) => {
    const target = path.join(raw, `in-${i}.pdf`);
    fs.copyFileSync(tracemonkey, target);
    return target;
  });
  const mergeForm = multipart([1, 2, 3].map((i) => ({ name: 'files', filename: `in-${i}.pdf`, value: pdfBytes })));
  const merge = await sideBySide(
    LATENCY_ROUNDS,
    () => post(`${server.url}/v1/pdf/merge`, server.key, mergeForm),
    () => timeCommand('qpdf', ['--empty', '--pages', ...copies, '--', path.join(raw, 'merged.pdf')]),
  );
  const mergeGap = median(merge.a) - median(merge.b);
  report.line('merge 3× tracemonkey: service ≤ qpdf + 10 ms (median)', gapDetail(merge), mergeGap <= 10);
  const splitForm = multipart([
    { name: 'file', filename: 'tracemonkey.pdf', value: pdfBytes },
    { name: 'mode', value: 'every' },
    { name: 'pages_per_file', value: '1' },
  ]);
  const split = await sideBySide(
    LATENCY_ROUNDS,
    () => post(`${server.url}/v1/pdf/split`, server.key, splitForm),
    () => {
      const out = fs.mkdtempSync(path.join(raw, 'split-'));
      return timeCommand('qpdf', [tracemonkey, '--split-pages=1', path.join(out, 'p-%d.pdf')]);
    },
  );
  const splitGap = median(split.a) - median(split.b);
  report.line('split every=1 tracemonkey: service ≤ qpdf + 10 ms (median)', gapDetail(split), splitGap <= 10);
  report.info(
    'load average at end',
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  );
} finally {
  await server.close();
  fs.rmSync(probeFile, { force: true });
  report.finish();
}
