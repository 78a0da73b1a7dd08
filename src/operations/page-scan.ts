// Looking at rendered pages: which are blank (API.md §5e: at most `threshold`
// of the pixels of a 72 dpi grey render darker than white, and no text), and
// which carry QR codes. Pages are rendered a batch at a time and the renders
// deleted after each, so a 2,000-page document never holds all its renders on
// disk; batches run side by side within the operation's share of the pool.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { PageTooLargeError } from '../core/errors.js';
import { quickPageBoxes } from '../files/pdf-page-boxes.js';
import { inkFraction } from '../files/pgm.js';
import { pageGeometry } from '../tools/pdfinfo.js';
import { renderGreyPages } from '../tools/pdftoppm.js';
import { pageTexts } from '../tools/pdftotext.js';
import { readQrCodes } from '../tools/zbarimg.js';
import type { PdfInput } from './pdf-input.js';

/** Pages rendered per pdftoppm run at most (~0.5 MB each at 72 dpi, ~1 MB at 100 dpi for A4). */
const BATCH_PAGES = 25;

/** Pixels one batch's renders may hold on disk at most (25 A4 pages at 100 dpi); a larger page is a batch of its own. */
const BATCH_PIXELS = 25_000_000;

/**
 * Each page's pixel count when its visible box is rendered at `dpi` (boxes read
 * in-process for a plain file, else by pdfinfo); a page above `maxPixels`
 * (MAX_RENDER_PIXELS) is refused before anything is rendered, as convert does.
 */
async function pagePixels(
  run: RunContext,
  file: string,
  pages: number,
  dpi: number,
  maxPixels: number,
): Promise<number[]> {
  const quick = await quickPageBoxes(file, pages);
  const boxes = quick
    ? quick.map((b) => {
        const c = b.crop ?? b.media;
        return [
          Math.max(c[0], b.media[0]),
          Math.max(c[1], b.media[1]),
          Math.min(c[2], b.media[2]),
          Math.min(c[3], b.media[3]),
        ];
      })
    : (await pageGeometry(run, file, pages)).map((g) => g.crop ?? g.box);
  return boxes.map(([x0, y0, x1, y1], i) => {
    const width = Math.ceil((Math.abs(x1 - x0) * dpi) / 72);
    const height = Math.ceil((Math.abs(y1 - y0) * dpi) / 72);
    if (width * height > maxPixels) {
      throw new PageTooLargeError(
        i + 1,
        width * height,
        maxPixels,
        Math.floor(72 * Math.sqrt(maxPixels / Math.max(1, Math.abs((x1 - x0) * (y1 - y0))))),
      );
    }
    return width * height;
  });
}

/** Consecutive pages grouped so that each group has at most BATCH_PAGES pages and BATCH_PIXELS pixels (exported for unit tests). */
export function batchesOf(pixels: number[]): [number, number][] {
  const batches: [number, number][] = [];
  let first = 1;
  let sum = 0;
  pixels.forEach((count, i) => {
    const page = i + 1;
    if (page > first && (page - first >= BATCH_PAGES || sum + count > BATCH_PIXELS)) {
      batches.push([first, page - 1]);
      first = page;
      sum = 0;
    }
    sum += count;
  });
  if (pixels.length > 0) batches.push([first, pixels.length]);
  return batches;
}

/**
 * QR codes are read from renders at this resolution: a 2 cm code is 79 px.
 * Measured with qrencode codes printed 2 cm wide: versions 1 to 4 (21–33
 * modules, up to a 62-character URL) all read at 100 dpi, while 72 dpi lost
 * versions 3 and 4; 150 dpi read the same codes for twice the CPU (57 against
 * 30 ms a page, render and zbarimg, 100 text pages; 23 ms once the render
 * lost its anti-aliasing, see renderGreyPages).
 */
export const QR_DPI = 100;

/** Blank pages render at 72 dpi (API.md §5e). */
export const BLANK_DPI = 72;

/** Runs `task` on each batch of pages, `run.pool.capacity` batches at once; results in page order. */
async function byBatch<T>(
  run: RunContext,
  batches: [number, number][],
  task: (first: number, last: number, dir: string) => Promise<T[]>,
): Promise<T[]> {
  const results: T[][] = new Array(batches.length);
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const k = next++;
      const dir = path.join(run.workdir, `scan-${batches[k][0]}`);
      try {
        results[k] = await task(batches[k][0], batches[k][1], dir);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(run.pool.capacity, batches.length)) }, worker));
  return results.flat();
}

/** For each page (index 0 = page 1): whether it is blank at `threshold`. */
export async function blankPages(
  run: RunContext,
  input: PdfInput,
  threshold: number,
  maxPixels: number,
): Promise<boolean[]> {
  return input.withPlainRetry(async (file) => {
    const batches = batchesOf(await pagePixels(run, file, input.pages, BLANK_DPI, maxPixels));
    const [texts, ink] = await Promise.all([
      pageTexts(run, file, { first: 1, last: input.pages, layout: false }),
      byBatch(run, batches, async (first, last, dir) => {
        const renders = await renderGreyPages(run, file, { first, last }, BLANK_DPI, dir);
        const fractions: number[] = [];
        for (let page = first; page <= last; page++) {
          const render = renders.get(page);
          fractions.push(render ? await inkFraction(render) : 1);
        }
        return fractions;
      }),
    ]);
    return ink.map((fraction, i) => fraction <= threshold && (texts[i] ?? '').trim() === '');
  });
}

/** For each page (index 0 = page 1): the texts of the QR codes it carries. */
export async function qrCodesByPage(run: RunContext, input: PdfInput, maxPixels: number): Promise<string[][]> {
  return input.withPlainRetry(async (file) =>
    byBatch(run, batchesOf(await pagePixels(run, file, input.pages, QR_DPI, maxPixels)), async (first, last, dir) => {
      const renders = await renderGreyPages(run, file, { first, last }, QR_DPI, dir);
      const images = [...renders.values()];
      const codes = await readQrCodes(run, images);
      const found: string[][] = [];
      for (let page = first; page <= last; page++) {
        const render = renders.get(page);
        found.push(render ? (codes.get(render) ?? []) : []);
      }
      return found;
    }),
  );
}
