// Runaway structures refused up front (files/pdf-structure.ts), this tree
// against the baseline (main, see baseline.ts), side by side in one run:
// - the check's own cost: main-thread CPU per call on the corpus (held bytes),
//   and the request latency of extract-text, watermark and compress (low) of
//   tracemonkey.pdf, medians, ratio this/baseline;
// - each runaway class: answer, time, server RSS growth, /healthz p99 (target
//   for this tree: 422 in < 1 s; the baseline runs with OPERATION_TIMEOUT=30
//   so that its runaways end in a bounded time).
// Run: npx tsx scripts/bench/structure.ts (BENCH_ROUNDS, STRUCTURE_PARTS=cost,classes).
import fs from 'node:fs';
import path from 'node:path';
import { checkPdfStructure } from '../../src/files/pdf-structure.js';
import * as structure from '../../test/helpers/hostile-structure.js';
import { attack, baselineTree, request, type Form } from './baseline.js';
import { CORPUS, Report, median, multipart, startBenchServer, } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PARTS = (process.env.STRUCTURE_PARTS ?? 'cost,classes').split(',');
const report = new Report();

const file = (name: string, value: Buffer, field = 'file') => ({ name: field, filename: name, value });
const fields = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));

const CLASSES: Array<[string, string, () => Form]> = [
  [
    'Type3 cycle → compress medium',
    'compress',
    () => multipart([file('t.pdf', structure.type3Cycle()), ...fields({ level: 'medium' })]),
  ],
  [
    'Form XObject cycle → compress medium',
    'compress',
    () => multipart([file('f.pdf', structure.formCycle()), ...fields({ level: 'medium' })]),
  ],
  [
    'field tree 2^40 paths → extract-text',
    'extract-text',
    () => multipart([file('d.pdf', structure.fieldTreeDag(40))]),
  ],
  [
    'field tree 2^40 paths → watermark',
    'watermark',
    () => multipart([file('d.pdf', structure.fieldTreeDag(40)), ...fields({ text: 'X' })]),
  ],
  ['outline DAG 2^30 → extract-text', 'extract-text', () => multipart([file('o.pdf', structure.outlineDag(30))])],
  [
    'page tree 2^30 → watermark',
    'watermark',
    () => multipart([file('p.pdf', structure.pageTreeDag(30)), ...fields({ text: 'X' })]),
  ],
  ['Flate bomb 4 GiB → extract-text', 'extract-text', () => multipart([file('b.pdf', structure.flateBomb(4))])],
  [
    'double-Flate bomb 4 GiB (7 KB) → extract-text',
    'extract-text',
    () => multipart([file('b.pdf', structure.doubleFlateBomb(4))]),
  ],
  [
    'encrypted double-Flate bomb → extract-text',
    'extract-text',
    () =>
      multipart([file('b.pdf', structure.encrypted(structure.doubleFlateBomb(4))), ...fields({ password: 'user' })]),
  ],
];

if (PARTS.includes('cost')) {
  for (const name of ['tracemonkey.pdf', 'multipage.pdf', 'francais.pdf', 'linn.pdf', 'trivial.pdf']) {
    const bytes = fs.readFileSync(path.join(CORPUS, name));
    for (let i = 0; i < 5; i++) await checkPdfStructure('', bytes, 1000);
    const cpu: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = process.cpuUsage();
      await checkPdfStructure('', bytes, 1000);
      cpu.push(process.cpuUsage(started).user / 1000);
    }
    report.info(
      `check in-process: ${name} (${(bytes.length / 1024).toFixed(0)} KB)`,
      `median CPU ${median(cpu).toFixed(2)} ms per call`,
    );
  }
}

const env = { MAX_PAGES: '20' };
const current = await startBenchServer(env);
const baseline = await startBenchServer({ ...env, OPERATION_TIMEOUT: '30' }, baselineTree());
try {
  if (PARTS.includes('cost')) {
    const tracemonkey = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
    const ORDINARY: Array<[string, string, Form]> = [
      ['extract-text tracemonkey', 'extract-text', multipart([file('t.pdf', tracemonkey)])],
      ['watermark tracemonkey', 'watermark', multipart([file('t.pdf', tracemonkey), ...fields({ text: 'X' })])],
      ['compress low tracemonkey', 'compress', multipart([file('t.pdf', tracemonkey), ...fields({ level: 'low' })])],
    ];
    for (const [name, operation, form] of ORDINARY) {
      const now: number[] = [];
      const main: number[] = [];
      for (let i = 0; i < ROUNDS + 2; i++) {
        const order = i % 2 === 0 ? [current, baseline] : [baseline, current];
        for (const server of order) {
          const r = await request(`${server.url}/v1/pdf/${operation}`, server.key, form);
          if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status}`);
          if (i >= 2) (server === current ? now : main).push(r.ms);
        }
      }
      const ratio = median(now) / median(main);
      report.info(
        name,
        `now ${median(now).toFixed(1)} ms, main ${median(main).toFixed(1)} ms, ratio ${ratio.toFixed(3)} (median of ${ROUNDS})`,
      );
    }
  }
  if (PARTS.includes('classes')) {
    for (const [name, operation, build] of CLASSES) {
      const form = build();
      const after = await attack(current, operation, form);
      const before = await attack(baseline, operation, form);
      const fmt = (r: typeof after) =>
        `${r.status} ${r.code || ''} ${(r.ms / 1000).toFixed(2)} s, RSS +${r.growth.toFixed(0)} MiB, healthz p99 ${r.p99.toFixed(0)} ms`;
      report.line(
        name,
        `now: ${fmt(after)} | main: ${fmt(before)}`,
        after.status === 422 && after.ms < 1000 && after.growth < 64,
      );
    }
  }
} finally {
  await current.close();
  await baseline.close();
}
report.finish();
