// The visual half of compare: each aligned page pair rendered by MuPDF at
// VISUAL_DPI and compared as pixels (pixels.ts), a chunk of pairs at a time so
// the renderings on disk stay small (about 1.5 MB a letter page), the old and
// the new document rendered side by side. 72 dpi: one pixel per pt, so a 1 pt
// line covers at least one pixel by half (more than PIXEL_THRESHOLD) all along
// its length. Pairs whose rendering would exceed MAX_RENDER_PIXELS, or
// IN_PROCESS_PIXELS (the renderings are read into this process: 16 M pixels
// is 48 MB a page, and an A0 page is 8.7 M at 72 dpi), are skipped and
// reported (X-Compare-Visual-Skipped).
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, yieldToEventLoop } from '../../core/deadline.js';
import { renderPpm } from '../../tools/mutool.js';
import type { RunContext } from '../../core/contract.js';
import type { PagePairs, Rect, TextMasks } from './changes.js';
import { diffRasters, parsePpm } from './pixels.js';
import type { PageSize } from './words.js';

/** Rendering resolution of the pixel diff. */
export const VISUAL_DPI = 72;
/** Most pixels of one rendering read into the server process. */
export const IN_PROCESS_PIXELS = 16_000_000;
/** Page pairs rendered per round. */
const PAIRS_PER_CHUNK = 16;

/** One page pair that differs in pixels (contract: API §5f). */
export interface VisualChange {
  page_old: number;
  page_new: number;
  changed_ratio: number;
  boxes: Rect[];
}

/** A document as the pixel diff sees it. */
export interface RenderSide {
  file: string;
  sizes: PageSize[];
}

/** The visual changes of `pairs`, and the pairs skipped for their size. */
export async function diffPairsVisually(
  run: RunContext,
  old: RenderSide,
  nu: RenderSide,
  pairs: PagePairs,
  masks: TextMasks,
  maxPixels: number,
): Promise<{ visual: VisualChange[]; skipped: PagePairs }> {
  const pixelsOf = (size: PageSize) =>
    Math.ceil((size.width * VISUAL_DPI) / 72) * Math.ceil((size.height * VISUAL_DPI) / 72);
  const limit = Math.min(maxPixels, IN_PROCESS_PIXELS);
  const skipped = pairs.filter(([p, q]) => pixelsOf(old.sizes[p - 1]) > limit || pixelsOf(nu.sizes[q - 1]) > limit);
  const todo = pairs.filter((pair) => !skipped.includes(pair));
  const visual: VisualChange[] = [];
  for (let start = 0; start < todo.length; start += PAIRS_PER_CHUNK) {
    const chunk = todo.slice(start, start + PAIRS_PER_CHUNK);
    const dir = path.join(run.workdir, `compare-render-${start}`);
    const [oldFiles, newFiles] = await Promise.all([
      renderRuns(
        run,
        old.file,
        chunk.map(([p]) => p),
        path.join(dir, 'old'),
      ),
      renderRuns(
        run,
        nu.file,
        chunk.map(([, q]) => q),
        path.join(dir, 'new'),
      ),
    ]);
    for (const [p, q] of chunk) {
      const [a, b] = await Promise.all([fs.readFile(oldFiles.get(p)!), fs.readFile(newFiles.get(q)!)]);
      const scale = VISUAL_DPI / 72;
      const mask = [...(masks.old.get(p) ?? []), ...(masks.new.get(q) ?? [])].map((v) => v * scale);
      const diff = diffRasters(parsePpm(a), parsePpm(b), mask);
      if (diff.boxes.length > 0) {
        const pt = (v: number) => Math.round((v / scale) * 100) / 100;
        visual.push({
          page_old: p,
          page_new: q,
          changed_ratio: Math.round(diff.changedRatio * 1e6) / 1e6,
          boxes: diff.boxes.map((box) => box.map(pt) as Rect),
        });
      }
      await yieldToEventLoop();
    }
    await fs.rm(dir, { recursive: true, force: true });
    checkDeadline(run);
  }
  return { visual, skipped };
}

/** Renders `pages` (ascending, maybe with gaps) of `file` in one MuPDF run ("3,5,7-9"). */
async function renderRuns(run: RunContext, file: string, pages: number[], dir: string): Promise<Map<number, string>> {
  const ranges: Array<[number, number]> = [];
  for (const page of pages) {
    const last = ranges.at(-1);
    if (last && page === last[1] + 1) last[1] = page;
    else if (!last || page > last[1]) ranges.push([page, page]);
  }
  return renderPpm(run, file, ranges.map(([a, b]) => (a === b ? String(a) : `${a}-${b}`)).join(','), VISUAL_DPI, dir);
}
