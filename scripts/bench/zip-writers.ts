// The two ways to write a ZIP, side by side in one process (rounds
// alternating): files/zip.ts (by hand, zlib's native CRC, entries read ahead)
// against yazl (its JavaScript CRC), on what split answers with — the 14 pages
// of tracemonkey.pdf, stored. Why the request path keeps files/zip.ts while
// the DOCX/ODT writers use yazl (docs/architecture.md, "One ZIP writer").
//   node --import tsx scripts/bench/zip-writers.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yazl from 'yazl';
import { zipEntries } from '../../src/files/zip.js';
import { CORPUS, Report, median } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const report = new Report();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-writers-'));
await promisify(execFile)('qpdf', [
  '--split-pages',
  path.join(CORPUS, 'tracemonkey.pdf'),
  path.join(dir, 'page-%d.pdf'),
]);
const entries = fs.readdirSync(dir).map((f) => ({ path: path.join(dir, f), name: f }));
const bytes = entries.reduce((sum, e) => sum + fs.statSync(e.path).size, 0);

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _ of stream as AsyncIterable<Buffer>);
}
const byHand = async () => drain((await zipEntries(entries, 1000)).stream);
const withYazl = async () => {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addFile(e.path, e.name, { compress: false });
  zip.end();
  await drain(zip.outputStream);
};

const wall = { hand: [] as number[], yazl: [] as number[] };
const cpu = { hand: [] as number[], yazl: [] as number[] };
for (let i = 0; i < ROUNDS + 10; i++) {
  const order: Array<['hand' | 'yazl', () => Promise<void>]> =
    i % 2
      ? [
          ['hand', byHand],
          ['yazl', withYazl],
        ]
      : [
          ['yazl', withYazl],
          ['hand', byHand],
        ];
  for (const [name, write] of order) {
    const started = performance.now();
    const used = process.cpuUsage();
    await write();
    if (i >= 10) {
      wall[name].push(performance.now() - started);
      cpu[name].push(process.cpuUsage(used).user / 1000);
    }
  }
}
fs.rmSync(dir, { recursive: true, force: true });
report.info(
  `ZIP of ${entries.length} split pages (${(bytes / 1e6).toFixed(2)} MB), median wall`,
  `files/zip.ts ${median(wall.hand).toFixed(2)} ms, yazl ${median(wall.yazl).toFixed(2)} ms, yazl/hand ${(median(wall.yazl) / median(wall.hand)).toFixed(2)}`,
);
report.info(
  '  median main-thread CPU',
  `files/zip.ts ${median(cpu.hand).toFixed(2)} ms, yazl ${median(cpu.yazl).toFixed(2)} ms, yazl/hand ${(median(cpu.yazl) / median(cpu.hand)).toFixed(2)}`,
);
report.finish();
