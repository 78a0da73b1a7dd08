// Ghostscript's bbox device (gs 10.00.0, Debian bookworm): the bounding box of
// everything each page really paints (text, images, vector paths), computed
// by the renderer. Boxes are in the page's visible space as gs turns it by
// /Rotate: origin at the turned MediaBox's bottom-left, y up, pt. Measured on
// a page rotated 90° with an offset MediaBox: the box of a filled rectangle
// matched its drawn position to 0.02 pt. Inputs are PdfInput.gsSafe() copies.
import { ProcessingFailedError } from '../core/errors.js';
import type { RunContext } from '../core/contract.js';
import { runTool } from './failures.js';
import { GS, GS_FAILURES, assertPdfAtByteZero } from './gs-input.js';

/**
 * Pages per gs run: the device writes its two lines a page (~110 bytes) to
 * stderr, of which the runner keeps the last 8 KiB, so 30 pages fit with room
 * for warnings.
 */
const PAGES_PER_RUN = 30;

/** Arguments for the bbox device over pages first..last of `file` (exported for unit tests). */
export function bboxArgs(file: string, first: number, last: number): string[] {
  return ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', `-dFirstPage=${first}`, `-dLastPage=${last}`, '-sDEVICE=bbox', file];
}

/** Parses gs's "%%HiResBoundingBox: x0 y0 x1 y1" lines, one per page; an empty page (all zeros) → null (exported for unit tests). */
export function parseBoxes(output: string): (number[] | null)[] {
  const boxes: (number[] | null)[] = [];
  for (const match of output.matchAll(/^%%HiResBoundingBox: (\S+) (\S+) (\S+) (\S+)/gm)) {
    const box = match.slice(1, 5).map(Number);
    boxes.push(box.every((v) => Number.isFinite(v)) && box[2] > box[0] && box[3] > box[1] ? box : null);
  }
  return boxes;
}

/** The drawn box of every page of `file` (`pages` pages), in page order. */
export async function drawnBoxes(ctx: RunContext, file: string, pages: number): Promise<(number[] | null)[]> {
  await assertPdfAtByteZero(file);
  const boxes: (number[] | null)[] = [];
  for (let first = 1; first <= pages; first += PAGES_PER_RUN) {
    const last = Math.min(pages, first + PAGES_PER_RUN - 1);
    const result = await runTool(ctx, GS_FAILURES, GS, bboxArgs(file, first, last));
    const found = parseBoxes(result.stderr);
    if (found.length !== last - first + 1)
      throw new ProcessingFailedError(
        'Finding what the pages draw failed.',
        new Error(`gs bbox gave ${found.length} boxes for pages ${first}-${last}`),
      );
    boxes.push(...found);
  }
  return boxes;
}
