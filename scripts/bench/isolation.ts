// The cost of isolating tools from each other (native/spawn-helper.c,
// "Isolation": per tool a PID and a mount namespace, a private /proc, a tmpfs
// view of the work root, no capabilities) on the request path, side by side in
// one run: two servers of this tree, TOOL_ISOLATION on and off, rounds
// alternating between them so that both see the same machine.
// Target: isolated within 5 % of unisolated for 16 clients' 1-page merges
// (throughput) and for merge 3× tracemonkey and split every=1 (median latency).
//   node --import tsx scripts/bench/isolation.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS, Report, lightLoad, median, multipart, post, sideBySide, startBenchServer } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const OPS = Number(process.env.BENCH_THROUGHPUT_OPS ?? 300);
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 30);
const CLIENTS = 16;

const smallBytes = fs.readFileSync(path.join(CORPUS, 'trivial.pdf'));
const pdfBytes = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
const report = new Report();
const isolated = await startBenchServer({ TOOL_ISOLATION: 'true' });
const plain = await startBenchServer({ TOOL_ISOLATION: 'false' });
const isolation = async (url: string) =>
  ((await (await fetch(`${url}/healthz`)).json()) as { isolation: string }).isolation;
report.info('isolation in force', `on: ${await isolation(isolated.url)}; off: ${await isolation(plain.url)}`);
report.info(
  'load average at start',
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' '),
);

const smallForm = multipart([
  { name: 'files', filename: 'a.pdf', value: smallBytes },
  { name: 'files', filename: 'b.pdf', value: smallBytes },
]);
const mergeForm = multipart([1, 2, 3].map((i) => ({ name: 'files', filename: `in-${i}.pdf`, value: pdfBytes })));
const splitForm = multipart([
  { name: 'file', filename: 'tracemonkey.pdf', value: pdfBytes },
  { name: 'mode', value: 'every' },
  { name: 'pages_per_file', value: '1' },
]);
const ratioLine = (name: string, on: number[], off: number[], unit: string, higherIsBetter: boolean) => {
  const ratio = median(on) / median(off);
  const cost = higherIsBetter ? 1 - ratio : ratio - 1;
  report.line(
    name,
    `isolated ${median(on).toFixed(1)}${unit} [${on.map((v) => v.toFixed(0)).join(' ')}], unisolated ${median(off).toFixed(1)}${unit} [${off.map((v) => v.toFixed(0)).join(' ')}], cost ${(cost * 100).toFixed(1)} %`,
    cost <= 0.05,
  );
};

/** CPU ms of a process with its reaped children (utime, stime, cutime, cstime). */
function cpuWithChildren(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
}
/** The server, its spawn helper, and every tool (and namespace init) the helper has reaped: CPU ms so far. */
function serviceCpu(serverPid: number): number {
  let total = cpuWithChildren(serverPid);
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.includes('(spawn-helper)') && stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(serverPid))
        total += cpuWithChildren(Number(d));
    } catch {
      // gone
    }
  }
  return total;
}
/** Runs `load` and returns its result with the service's CPU ms per request meanwhile. */
async function withCpu(serverPid: number, ops: number, load: () => Promise<number>, cpu: number[]): Promise<number> {
  const before = serviceCpu(serverPid);
  const result = await load();
  cpu.push((serviceCpu(serverPid) - before) / ops);
  return result;
}

try {
  for (const server of [isolated, plain])
    for (let i = 0; i < 20; i++) await post(`${server.url}/v1/pdf/merge`, server.key, smallForm);
  const cpu = { on: [] as number[], off: [] as number[] };
  const rates = await sideBySide(
    ROUNDS,
    () =>
      withCpu(
        isolated.pid,
        OPS,
        () => lightLoad(`${isolated.url}/v1/pdf/merge`, isolated.key, smallForm, CLIENTS, OPS),
        cpu.on,
      ),
    () =>
      withCpu(
        plain.pid,
        OPS,
        () => lightLoad(`${plain.url}/v1/pdf/merge`, plain.key, smallForm, CLIENTS, OPS),
        cpu.off,
      ),
    1,
  );
  ratioLine('16 clients 1-page merges (/s): isolated ≥ 0.95 × unisolated', rates.a, rates.b, '/s', true);
  // Steadier than a rate on a shared machine: the CPU the service (server, helper, tools) spent per request.
  cpu.on.shift();
  cpu.off.shift(); // the warm-up rounds
  ratioLine('  service CPU per 1-page merge (ms, server + helper + tools)', cpu.on, cpu.off, ' ms', false);
  const merge = await sideBySide(
    LATENCY_ROUNDS,
    () => post(`${isolated.url}/v1/pdf/merge`, isolated.key, mergeForm),
    () => post(`${plain.url}/v1/pdf/merge`, plain.key, mergeForm),
  );
  ratioLine('merge 3× tracemonkey (median ms): isolated ≤ 1.05 × unisolated', merge.a, merge.b, ' ms', false);
  const split = await sideBySide(
    LATENCY_ROUNDS,
    () => post(`${isolated.url}/v1/pdf/split`, isolated.key, splitForm),
    () => post(`${plain.url}/v1/pdf/split`, plain.key, splitForm),
  );
  ratioLine('split every=1 tracemonkey (median ms): isolated ≤ 1.05 × unisolated', split.a, split.b, ' ms', false);
  report.info(
    'load average at end',
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  );
} finally {
  await isolated.close();
  await plain.close();
  report.finish();
}
