// Benchmark: a 3-step pipeline (rotate → page-numbers → compress) on
// tracemonkey.pdf, side by side in one run, medians. Targets:
// - the pipeline ≤ 0.8 × the same three requests made one after the other by a client
//   on this machine (each result uploaded again to the next);
// - the pipeline ≤ the sum of the three raw tool commands + 15 ms: the commands that do
//   each step's work (qpdf --rotate, qpdf --overlay of the page-number stamp, the
//   Ghostscript pdfwrite pass), with the very arguments the service gave them.
// The replay of every child the service started for the pipeline (its checks and the
// compress graft included) is shown too, for context.
// Run: npx tsx scripts/bench/pipeline.ts (or npm run bench -- pipeline)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { observeRuns } from '../../src/tools/run.js';
import { filePart, form, startTestServer, type TestServer } from '../../test/helpers/server.js';
import { CORPUS, median, Report, timeCommand } from './lib.js';

const ROUNDS = 7;
const INPUT = path.join(CORPUS, 'tracemonkey.pdf');
const STEPS = [
  { operation: 'rotate', options: { angle: 90 } },
  { operation: 'page-numbers', options: {} },
  { operation: 'compress', options: {} },
];

async function post(
  server: TestServer,
  key: string,
  op: string,
  file: Buffer,
  fields: Record<string, string>,
): Promise<Buffer> {
  const res = await server.post(op, form({ file: await filePart(file, 'tracemonkey.pdf'), ...fields }), key);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${op} answered ${res.status}: ${body.toString()}`);
  return body;
}

/** A child the service started, with its work directory copied as it was then (so it can run again). */
interface Captured {
  file: string;
  args: string[];
}

/** Runs the pipeline once, copying the request's work directory at each child's start: the children can then be replayed as they ran. */
async function capture(server: TestServer, key: string, input: Buffer, mirror: string): Promise<Captured[]> {
  const children: Captured[] = [];
  const stop = observeRuns((file, args) => {
    const workdir = args.map((a) => /(\/[^\s=]*pdf-req-[^/\s]+)/.exec(a)?.[1]).find(Boolean);
    if (!workdir) return;
    fs.cpSync(workdir, mirror, { recursive: true, force: true });
    children.push({ file, args: args.map((a) => a.split(workdir).join(mirror)) });
  });
  try {
    await post(server, key, 'pipeline', input, { steps: JSON.stringify(STEPS) });
  } finally {
    stop();
  }
  return children;
}

const fmt = (values: number[]) => `median ${median(values).toFixed(0)} ms`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pipeline-'));
  const server = await startTestServer();
  const key = server.newKey();
  const report = new Report();
  const input = fs.readFileSync(INPUT);
  try {
    const children = await capture(server, key, input, dir);
    const core = [
      children.find((c) => c.file === 'qpdf' && c.args.some((a) => a.startsWith('--rotate'))),
      children.find(
        (c) => c.file === 'qpdf' && c.args.includes('--overlay') && c.args.some((a) => a.endsWith('stamp.pdf')),
      ),
      children.find((c) => c.file === 'gs'),
    ];
    if (core.some((c) => !c))
      throw new Error(`could not find the three step commands among: ${children.map((c) => c.file).join(' ')}`);
    const raw = async (list: Captured[]) => {
      let total = 0;
      for (const child of list) total += await timeCommand(child.file, child.args, dir);
      return total;
    };
    const pipeline = async () => {
      const t = performance.now();
      await post(server, key, 'pipeline', input, { steps: JSON.stringify(STEPS) });
      return performance.now() - t;
    };
    const separate = async () => {
      const t = performance.now();
      const rotated = await post(server, key, 'rotate', input, { angle: '90' });
      const numbered = await post(server, key, 'page-numbers', rotated, {});
      await post(server, key, 'compress', numbered, {});
      return performance.now() - t;
    };
    const runs = { pipeline: [] as number[], separate: [] as number[], raw: [] as number[], replay: [] as number[] };
    await pipeline();
    await separate();
    // Rotated order each round, so every variant sees the same machine noise.
    const variants: Array<[keyof typeof runs, () => Promise<number>]> = [
      ['pipeline', pipeline],
      ['separate', separate],
      ['raw', () => raw(core as Captured[])],
      ['replay', () => raw(children)],
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < variants.length; i++) {
        const [name, run] = variants[(i + round) % variants.length];
        runs[name].push(await run());
      }
    }
    const ratio = median(runs.pipeline) / median(runs.separate);
    report.line(
      '3-step pipeline vs 3 requests one after the other',
      `${fmt(runs.pipeline)} vs ${fmt(runs.separate)}: ${ratio.toFixed(2)}× (target ≤ 0.8×)`,
      ratio <= 0.8,
    );
    const gap = median(runs.pipeline) - median(runs.raw);
    report.line(
      '3-step pipeline vs the 3 raw step commands',
      `${fmt(runs.pipeline)} vs ${fmt(runs.raw)}: +${gap.toFixed(0)} ms (target ≤ +15)`,
      gap <= 15,
    );
    // What the pipeline adds over its own children run one after the other by hand (it runs some side by side).
    const own = median(runs.pipeline) - median(runs.replay);
    report.line(
      `3-step pipeline vs a replay of all ${children.length} children it started`,
      `${fmt(runs.pipeline)} vs ${fmt(runs.replay)}: ${own >= 0 ? '+' : ''}${own.toFixed(0)} ms (≤ +15)`,
      own <= 15,
    );
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
