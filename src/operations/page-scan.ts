// Looking at rendered pages: which are blank (API.md §5e: at most `threshold`
// of the pixels of a 72 dpi grey render darker than white, and no text), and
// which carry QR codes. Pages are rendered a batch at a time and the renders
// deleted after each, so a 2,000-page document never holds all its renders on
// disk; batches run side by side within the operation's share of the pool.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { inkFraction } from '../files/pgm.js';
import { renderGreyPages } from '../tools/pdftoppm.js';
import { pageTexts } from '../tools/pdftotext.js';
import { readQrCodes } from '../tools/zbarimg.js';
import type { PdfInput } from './pdf-input.js';

/** Pages rendered per pdftoppm run (~0.5 MB each at 72 dpi, ~2 MB at 150 dpi for A4). */
const BATCH_PAGES = 25;

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
async function byBatch<T>(run: RunContext, pages: number, task: (first: number, last: number, dir: string) => Promise<T[]>): Promise<T[]> {
  const batches: [number, number][] = [];
  for (let first = 1; first <= pages; first += BATCH_PAGES) batches.push([first, Math.min(pages, first + BATCH_PAGES - 1)]);
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
export async function blankPages(run: RunContext, input: PdfInput, threshold: number): Promise<boolean[]> {
  return input.withPlainRetry(async (file) => {
    const [texts, ink] = await Promise.all([
      pageTexts(run, file, { first: 1, last: input.pages, layout: false }),
      byBatch(run, input.pages, async (first, last, dir) => {
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
export async function qrCodesByPage(run: RunContext, input: PdfInput): Promise<string[][]> {
  return input.withPlainRetry((file) =>
    byBatch(run, input.pages, async (first, last, dir) => {
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
