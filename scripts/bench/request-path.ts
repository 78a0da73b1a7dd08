// The request path of this tree against the baseline (main, or BASELINE_TREE;
// see baseline.ts), side by side in one run, rounds alternating between the two
// servers so that the load of the machine hits both the same:
// - 16 clients' 1-page merges: throughput, and the service's CPU per request;
// - merge 3× tracemonkey and split every=1 tracemonkey: median latency.
// Target: this tree within 5 % of the baseline on each (a refactor must not cost).
//   node --import tsx scripts/bench/request-path.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baselineTree } from './baseline.js';
import { CORPUS, Report, lightLoad, median, multipart, post, sideBySide, startBenchServer } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const OPS = Number(process.env.BENCH_THROUGHPUT_OPS ?? 300);
const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 30);
const CLIENTS = 16;

const smallBytes = fs.readFileSync(path.join(CORPUS, 'trivial.pdf'));
const pdfBytes = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
const report = new Report();
const current = await startBenchServer();
const baseline = await startBenchServer({}, baselineTree());
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
const ratioLine = (name: string, now: number[], base: number[], unit: string, higherIsBetter: boolean) => {
  const ratio = median(now) / median(base);
  const cost = higherIsBetter ? 1 - ratio : ratio - 1;
  report.line(
    name,
    `this ${median(now).toFixed(1)}${unit} [${now.map((v) => v.toFixed(0)).join(' ')}], baseline ${median(base).toFixed(1)}${unit} [${base.map((v) => v.toFixed(0)).join(' ')}], this/baseline ${ratio.toFixed(3)}`,
    cost <= 0.05,
  );
};

/** CPU ms of the server with its reaped children and its spawn helper's (utime, stime, cutime, cstime). */
function serviceCpu(serverPid: number): number {
  const cpu = (pid: number | string) => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const s = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return {
      parent: s[1],
      ms: (Number(s[11]) + Number(s[12]) + Number(s[13]) + Number(s[14])) * 10,
      helper: f.includes('(spawn-helper)'),
    };
  };
  let total = cpu(serverPid).ms;
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const c = cpu(d);
      if (c.helper && c.parent === String(serverPid)) total += c.ms;
    } catch {
      // gone
    }
  }
  return total;
}

try {
  for (const server of [current, baseline])
    for (let i = 0; i < 20; i++) await post(`${server.url}/v1/pdf/merge`, server.key, smallForm);
  const cpu = { now: [] as number[], base: [] as number[] };
  const measured = (server: typeof current, into: number[]) => async () => {
    const before = serviceCpu(server.pid);
    const rate = await lightLoad(`${server.url}/v1/pdf/merge`, server.key, smallForm, CLIENTS, OPS);
    into.push((serviceCpu(server.pid) - before) / OPS);
    return rate;
  };
  const rates = await sideBySide(ROUNDS, measured(current, cpu.now), measured(baseline, cpu.base), 1);
  ratioLine('16 clients 1-page merges (/s)', rates.a, rates.b, '/s', true);
  cpu.now.shift();
  cpu.base.shift(); // the warm-up rounds
  ratioLine('  service CPU per 1-page merge (ms)', cpu.now, cpu.base, ' ms', false);
  // Latency, and the service's CPU per request beside it: steadier than wall time when other work shares the machine.
  for (const [name, operation, form] of [
    ['merge 3× tracemonkey', 'merge', mergeForm],
    ['split every=1 tracemonkey', 'split', splitForm],
  ] as const) {
    const used = { now: [] as number[], base: [] as number[] };
    const timed = (server: typeof current, into: number[]) => async () => {
      const before = serviceCpu(server.pid);
      const ms = await post(`${server.url}/v1/pdf/${operation}`, server.key, form);
      into.push(serviceCpu(server.pid) - before);
      return ms;
    };
    const latency = await sideBySide(LATENCY_ROUNDS, timed(current, used.now), timed(baseline, used.base));
    ratioLine(`${name} (median ms)`, latency.a, latency.b, ' ms', false);
    ratioLine(
      `  service CPU per ${operation} (ms)`,
      used.now.slice(-LATENCY_ROUNDS),
      used.base.slice(-LATENCY_ROUNDS),
      ' ms',
      false,
    );
  }
  report.info(
    'load average at end',
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  );
} finally {
  await current.close();
  await baseline.close();
  report.finish();
}
