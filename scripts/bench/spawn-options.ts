// How to start a child without stopping the event loop. The
// same 400 `qpdf --version` children, 8 at a time, started three ways from a
// process whose heap is inflated past a server's size (~220 MiB RSS):
// execa (what run.ts used), child_process.spawn, and the spawn helper
// (run.ts today). Per child: main-thread CPU (/proc/self/task/<pid>/stat) and
// the event loop's worst stall (monitorEventLoopDelay). Target: the helper
// costs the main thread ≤ 1/3 of child_process.spawn's CPU per child.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { execa } from 'execa';
import { ProcessPool } from '../../src/tools/pool.js';
import { run } from '../../src/tools/run.js';
import type { RunContext } from '../../src/core/contract.js';
import { Report, median } from './lib.js';

const CHILDREN = Number(process.env.BENCH_CHILDREN ?? 400);
const PARALLEL = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const report = new Report();

// A server-sized heap: the fork in child_process.spawn copies page tables in proportion to it.
const ballast: unknown[] = [];
for (let i = 0; i < 600_000; i++) ballast.push({ i, s: `item-${i}`, a: [i, i + 1] });
report.info(
  'ballast',
  `RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB, load ${(await import('node:os')).loadavg()[0].toFixed(2)}`,
);

const mainStat = `/proc/${process.pid}/task/${process.pid}/stat`;
function mainCpuMs(): number {
  const stat = fs.readFileSync(mainStat, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const viaExeca = () =>
  execa('qpdf', ['--version'], {
    env: { PATH: '/usr/bin:/bin' },
    extendEnv: false,
    detached: true,
    cleanup: false,
    reject: false,
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    forceKillAfterDelay: false,
  }).then(() => undefined);
const viaSpawn = () =>
  new Promise<void>((resolve) => {
    const child = spawn('qpdf', ['--version'], {
      env: { PATH: '/usr/bin:/bin' },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.resume();
    child.on('close', () => resolve());
  });
const ctx: RunContext = {
  workdir: '/tmp',
  signal: new AbortController().signal,
  deadline: Date.now() + 3_600_000,
  timeoutMs: 3_600_000,
  pool: new ProcessPool(PARALLEL, 100_000),
};
const viaHelper = () => run(ctx, 'qpdf', ['--version'], { discardStdout: true }).then(() => undefined);

async function measure(start: () => Promise<void>): Promise<{ cpu: number; stall: number; wall: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu0 = mainCpuMs();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next++ < CHILDREN) await start();
    }),
  );
  const wall = performance.now() - t0;
  loop.disable();
  return { cpu: (mainCpuMs() - cpu0) / CHILDREN, stall: loop.max / 1e6, wall: wall / CHILDREN };
}

const ways = { execa: viaExeca, 'child_process.spawn': viaSpawn, 'spawn helper': viaHelper } as const;
const results: Record<string, Array<{ cpu: number; stall: number; wall: number }>> = {
  execa: [],
  'child_process.spawn': [],
  'spawn helper': [],
};
await viaHelper(); // start the helper outside the measurement
for (let round = 0; round < ROUNDS; round++) {
  const order = Object.keys(ways) as Array<keyof typeof ways>;
  if (round % 2) order.reverse();
  for (const name of order) results[name].push(await measure(ways[name]));
}
for (const [name, rows] of Object.entries(results)) {
  report.info(
    `${name}: per child`,
    `main-thread CPU ${median(rows.map((r) => r.cpu)).toFixed(2)} ms, worst loop stall ${median(rows.map((r) => r.stall)).toFixed(1)} ms, wall ${median(rows.map((r) => r.wall)).toFixed(2)} ms (${PARALLEL} at a time)`,
  );
}
const helperCpu = median(results['spawn helper'].map((r) => r.cpu));
const spawnCpu = median(results['child_process.spawn'].map((r) => r.cpu));
report.line(
  'spawn helper ≤ 1/3 of child_process.spawn main-thread CPU per child',
  `${helperCpu.toFixed(2)} vs ${spawnCpu.toFixed(2)} ms: ${(helperCpu / spawnCpu).toFixed(2)}`,
  helperCpu <= spawnCpu / 3,
);
ballast.length = 0;
report.finish();
