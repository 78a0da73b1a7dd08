// Hostile-input targets, this tree against the baseline (main, see
// baseline.ts), side by side in one run:
// - each bomb: answer time, server RSS growth, /healthz p99 while it runs
//   (targets for this tree: < 1 s or its cap, < 64 MiB, p99 < 100 ms);
// - the cost of the new safety on the ordinary path: merge 3× tracemonkey,
//   split every=1 and extract-text latency, medians, ratio this/baseline ≤ 1.05.
import fs from 'node:fs';
import path from 'node:path';
import * as hostile from '../../test/helpers/hostile.js';
import { attack, baselineTree, request, type Form } from './baseline.js';
import { CORPUS, Report, median, multipart, startBenchServer, } from './lib.js';

const MiB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
/** HOSTILE_PARTS=ordinary or =bombs runs one half. */
const PARTS = (process.env.HOSTILE_PARTS ?? 'ordinary,bombs').split(',');
const report = new Report();
const env = { MAX_PAGES: '20' };
const current = await startBenchServer(env);
const baseline = await startBenchServer(env, baselineTree());

const file = (name: string, value: Buffer, field = 'file') => ({ name: field, filename: name, value });
const fields = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));

const BOMBS: Array<[string, string, () => Promise<Form>]> = [
  [
    'xref-stream bomb 1 GiB → split',
    'split',
    async () =>
      multipart([
        file('b.pdf', await hostile.xrefStreamBomb(1024 * MiB)),
        ...fields({ mode: 'every', pages_per_file: '1' }),
      ]),
  ],
  [
    'xref row bomb 17M rows → merge',
    'merge',
    async () =>
      multipart([file('r.pdf', hostile.xrefRowBomb(), 'files'), file('r.pdf', hostile.xrefRowBomb(), 'files')]),
  ],
  [
    'content-stream bomb 1 GiB → watermark',
    'watermark',
    async () => multipart([file('c.pdf', await hostile.contentStreamBomb(1024 * MiB)), ...fields({ text: 'X' })]),
  ],
  [
    'PNG bomb 1 GiB → watermark image',
    'watermark',
    async () =>
      multipart([file('a.pdf', hostile.textPdf(1)), file('p.png', await hostile.pngBomb(1024 * MiB), 'image')]),
  ],
  [
    'JP2 12000² (ihdr 16²) → images to-pdf',
    'images',
    async () => multipart([file('j.jp2', hostile.jp2Lying(), 'files'), ...fields({ mode: 'to-pdf' })]),
  ],
  [
    'TIFF 12000² → images to-pdf',
    'images',
    async () => multipart([file('t.tiff', hostile.tiffHuge(), 'files'), ...fields({ mode: 'to-pdf' })]),
  ],
  [
    'page-tree loop → watermark',
    'watermark',
    async () => multipart([file('l.pdf', hostile.pageTreeLoop()), ...fields({ text: 'X' })]),
  ],
  [
    'page-tree loop → convert png',
    'convert',
    async () => multipart([file('l.pdf', hostile.pageTreeLoop()), ...fields({ to: 'png' })]),
  ],
  [
    'lying /Count (1 of 5000) → split',
    'split',
    async () => multipart([file('c.pdf', hostile.lyingCount(5000)), ...fields({ mode: 'every', pages_per_file: '1' })]),
  ],
  [
    '200k nested arrays → compress',
    'compress',
    async () => multipart([file('n.pdf', hostile.nestedArrays()), ...fields({ level: 'medium' })]),
  ],
  [
    'PS+PDF polyglot → compress',
    'compress',
    async () => multipart([file('p.pdf', hostile.psPdfPolyglot()), ...fields({ level: 'medium' })]),
  ],
  [
    '70k inline images → images extract',
    'images',
    async () => multipart([file('i.pdf', hostile.inlineImages()), ...fields({ mode: 'extract' })]),
  ],
  [
    'no pages → split',
    'split',
    async () => multipart([file('e.pdf', hostile.noPages()), ...fields({ mode: 'every', pages_per_file: '1' })]),
  ],
];

try {
  // The ordinary path first, on fresh servers: a bomb can leave the baseline's heap bloated (it inflates in-process).
  if (PARTS.includes('ordinary')) {
    const tracemonkey = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
    const ORDINARY: Array<[string, string, Form]> = [
      ['merge 3× tracemonkey', 'merge', multipart([0, 1, 2].map((i) => file(`t${i}.pdf`, tracemonkey, 'files')))],
      [
        'split every=1 tracemonkey',
        'split',
        multipart([file('t.pdf', tracemonkey), ...fields({ mode: 'every', pages_per_file: '1' })]),
      ],
      ['extract-text tracemonkey', 'extract-text', multipart([file('t.pdf', tracemonkey)])],
    ];
    for (const [name, operation, form] of ORDINARY) {
      const now: number[] = [];
      const main: number[] = [];
      for (let i = 0; i < ROUNDS + 2; i++) {
        // Alternate which server goes first; the first two rounds warm up.
        const order = i % 2 === 0 ? [current, baseline] : [baseline, current];
        for (const server of order) {
          const r = await request(`${server.url}/v1/pdf/${operation}`, server.key, form);
          if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status}`);
          if (i >= 2) (server === current ? now : main).push(r.ms);
        }
      }
      const ratio = median(now) / median(main);
      report.line(
        `${name}: within +5% of main`,
        `now ${median(now).toFixed(1)} ms, main ${median(main).toFixed(1)} ms, ratio ${ratio.toFixed(3)} (median of ${ROUNDS})`,
        ratio <= 1.05,
      );
    }
  }
  if (PARTS.includes('bombs')) {
    for (const [name, operation, build] of BOMBS) {
      const form = await build();
      const after = await attack(current, operation, form);
      const before = await attack(baseline, operation, form);
      const fmt = (r: typeof after) =>
        `${r.status} ${r.code || ''} ${(r.ms / 1000).toFixed(2)} s, RSS +${r.growth.toFixed(0)} MiB, healthz p99 ${r.p99.toFixed(0)} ms`;
      const ok = after.status > 0 && after.status < 500 && after.growth < 64 && after.p99 < 100;
      report.line(name, `now: ${fmt(after)} | main: ${fmt(before)}`, ok);
    }
  }
} finally {
  await current.close();
  await baseline.close();
}
report.finish();
