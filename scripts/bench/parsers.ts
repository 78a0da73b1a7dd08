// The hand-written parsers of untrusted bytes against the maintained library
// that would replace each, side by side in one process on this machine: why
// each is kept (the figures go in the files' headers).
// - PNG decode of a 16 MP stamp: pngjs (sync, the only whole-image API) vs
//   pdf/png.ts decodePngAsync: wall time and the longest event-loop stall;
// - image sizes of hostile headers: image-size vs files/jpx-size.ts (SIZ) and
//   files/tiff-directories.ts (every directory);
// - page count of tracemonkey.pdf: files/pdf-page-count.ts in-process vs a
//   qpdf --show-pages process (what the service asks when the walk declines).
//   node --import tsx scripts/bench/parsers.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { imageSize as libraryImageSize } from 'image-size';
import { PNG } from 'pngjs';
import * as hostile from '../../test/helpers/hostile.js';
import { imageSize } from '../../src/files/image-size.js';
import { quickPageCount } from '../../src/files/pdf-page-count.js';
import { decodePngAsync } from '../../src/pdf/png.js';
import { CORPUS, Report, median } from './lib.js';

const report = new Report();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parsers-'));

/** Wall ms of `work` and the longest event-loop stall while it ran (ms). */
async function timed(work: () => Promise<unknown>): Promise<{ ms: number; stall: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  let last = started;
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 1);
    last = now;
  }, 1);
  await work();
  await new Promise((r) => setTimeout(r, 2));
  clearInterval(tick);
  delay.disable();
  return { ms: performance.now() - started, stall: Math.max(stall, delay.max / 1e6) };
}

// 1. PNG: a 4000×4000 RGBA stamp with noise (so it inflates to 64 MB of samples).
const side = 4000;
const png = new PNG({ width: side, height: side });
for (let i = 0; i < png.data.length; i++) png.data[i] = (i * 2654435761) >>> 24;
const pngBytes = PNG.sync.write(png, { deflateLevel: 1 });
const lib = { ms: [] as number[], stall: [] as number[] };
const own = { ms: [] as number[], stall: [] as number[] };
for (let i = 0; i < ROUNDS; i++) {
  const a = await timed(async () => PNG.sync.read(pngBytes));
  const b = await timed(() => decodePngAsync(pngBytes));
  lib.ms.push(a.ms);
  lib.stall.push(a.stall);
  own.ms.push(b.ms);
  own.stall.push(b.stall);
}
report.info(
  `PNG ${side}×${side} RGBA (${(pngBytes.length / 1e6).toFixed(1)} MB) decode, median wall`,
  `pngjs ${median(lib.ms).toFixed(0)} ms, pdf/png.ts ${median(own.ms).toFixed(0)} ms`,
);
report.info(
  '  longest event-loop stall',
  `pngjs ${median(lib.stall).toFixed(0)} ms, pdf/png.ts ${median(own.stall).toFixed(0)} ms`,
);

// 2. Image sizes the decoder would allocate, from hostile headers.
const jp2 = path.join(scratch, 'lying.jp2');
fs.writeFileSync(jp2, hostile.jp2Lying(12000, 12000));
const tiff = path.join(scratch, 'huge.tiff');
fs.writeFileSync(tiff, hostile.tiffHuge(12000, 12000));
const say = (s: { width?: number; height?: number } | undefined) => (s?.width ? `${s.width}×${s.height}` : 'none');
const safe = (f: () => { width?: number; height?: number }) => {
  try {
    return say(f());
  } catch {
    return 'error';
  }
};
report.info(
  'JP2 whose ihdr box says 16×16, SIZ 12000×12000',
  `image-size ${safe(() => libraryImageSize(fs.readFileSync(jp2)))}, files/jpx-size.ts ${say(await imageSize(jp2, 'jp2'))}`,
);
report.info(
  'TIFF 12000×12000 (directory read where it lies)',
  `image-size ${safe(() => libraryImageSize(fs.readFileSync(tiff)))}, files/tiff-directories.ts ${say(await imageSize(tiff, 'tiff'))}`,
);

// 3. Page count: in-process walk vs a qpdf process.
const tracemonkey = path.join(CORPUS, 'tracemonkey.pdf');
const walk: number[] = [];
const qpdf: number[] = [];
for (let i = 0; i < ROUNDS * 3; i++) {
  let started = performance.now();
  await quickPageCount(tracemonkey);
  walk.push(performance.now() - started);
  started = performance.now();
  await promisify(execFile)('qpdf', ['--show-pages', tracemonkey]);
  qpdf.push(performance.now() - started);
}
report.info(
  'page count of tracemonkey.pdf, median',
  `pdf-page-count.ts ${median(walk).toFixed(2)} ms in-process, qpdf --show-pages ${median(qpdf).toFixed(1)} ms (a process)`,
);
fs.rmSync(scratch, { recursive: true, force: true });
report.finish();
