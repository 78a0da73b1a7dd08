// PDF → the layout model (src/layout/model.ts) that the DOCX and ODT writers
// share. Pages are read in chunks of CHUNK_PAGES through one `mutool run` each
// (text spans, vector/image boxes, links), analysed, and their figure regions
// drawn to PNG files at FIGURE_DPI by a second `mutool run` that renders only
// each region: memory stays bounded by a chunk, never the whole document, and
// pictures wait on disk until the package is zipped from them.
import path from 'node:path';
import { analysePage, type PageContext } from '../layout/analyse.js';
import { joinBrokenWords } from '../layout/hyphens.js';
import { parsePage, union, type Line, type RawPage } from '../layout/facts.js';
import type { Box, LayoutDocument, Margins } from '../layout/model.js';
import { findRunning, type RunningParts } from '../layout/running.js';
import { layoutFacts, renderRegions, type RegionJob } from '../tools/mutool.js';
import type { RunContext } from '../core/contract.js';

const CHUNK_PAGES = 40;
/** Print resolution for figures. */
const FIGURE_DPI = 200;

function median(values: number[], fallback: number): number {
  if (values.length === 0) return fallback;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The size most characters have (body text). */
export function bodySizeOf(sample: Array<{ lines: Line[] }>): number {
  const weight = new Map<number, number>();
  for (const { lines } of sample)
    for (const l of lines)
      for (const s of l.spans)
        weight.set(Math.round(s.size * 2) / 2, (weight.get(Math.round(s.size * 2) / 2) ?? 0) + s.text.length);
  return [...weight].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/** Margins: the distance from each edge to the body content (median over the sample pages left and right). */
function marginsOf(sample: Array<{ page: RawPage; lines: Line[] }>, running: RunningParts): Margins {
  const boxes: Array<{ box: Box; page: RawPage }> = [];
  for (const { page, lines } of sample) {
    const content = lines.filter((l) => !running.isRunning(l, page)).map((l) => l.bbox);
    if (content.length === 0) continue;
    boxes.push({ box: content.reduce(union), page });
  }
  const clamp = (v: number) => Math.max(18, Math.min(v, 144));
  return {
    left: clamp(
      median(
        boxes.map((b) => b.box[0]),
        72,
      ),
    ),
    // Top and bottom from the fullest page: a short last page says nothing about the margin.
    top: clamp(Math.min(...boxes.map((b) => b.box[1]), 72) - 2),
    right: clamp(
      median(
        boxes.map((b) => b.page.width - b.box[2]),
        72,
      ),
    ),
    // Room below the last line: sections start each page anyway, so slack costs nothing.
    bottom: clamp(Math.min(...boxes.map((b) => b.page.height - b.box[3]), 72) - 12),
  };
}

/** What a caller other than DOCX/ODT may ask of the layout. */
export interface LayoutOptions {
  /** Render figure regions to PNG (default yes; spreadsheets take only tables, so they skip the drawing). */
  figures?: boolean;
  /** Sees each page's facts (body lines without running header/footer) as it is analysed. */
  onPage?: (page: RawPage, lines: Line[]) => void;
}

/** Lays out pages 1..`pages` of `source` (an unencrypted PDF); figure PNGs go to the workdir. */
export async function layoutPdf(
  run: RunContext,
  source: string,
  pages: number,
  maxPixels: number,
  options: LayoutOptions = {},
): Promise<LayoutDocument> {
  const figures = options.figures ?? true;
  const doc: LayoutDocument = { margins: { top: 72, right: 72, bottom: 72, left: 72 }, pages: [], media: [] };
  let ctx: PageContext | undefined;
  for (let first = 1; first <= pages; first += CHUNK_PAGES) {
    const last = Math.min(pages, first + CHUNK_PAGES - 1);
    // Two processes per chunk (the machine's two cores): the JavaScript walk over every character is the slow part.
    const middle = last - first >= 3 ? Math.floor((first + last) / 2) : last;
    const halves = await Promise.all([
      layoutFacts(run, source, first, middle),
      ...(middle < last ? [layoutFacts(run, source, middle + 1, last)] : []),
    ]);
    const chunk = halves.flat().map(parsePage);
    if (!ctx) {
      const running = findRunning(chunk);
      doc.header = running.header;
      doc.footer = running.footer;
      doc.margins = marginsOf(chunk, running);
      ctx = { bodySize: bodySizeOf(chunk), margins: doc.margins, isRunning: running.isRunning, addFigure: () => 0 };
    }
    const jobs: RegionJob[] = [];
    const pageCtx: PageContext = {
      ...ctx,
      addFigure: (page, bbox, jpeg) => {
        if (!figures) return 0;
        if (jpeg) {
          // A photo stays the JPEG it is (its own bytes, shown at its size on the page), not a re-render.
          const out = path.join(run.workdir, `figure-${doc.media.length + 1}.jpeg`);
          jobs.push({ page, bbox, dpi: 0, out, jpeg });
          doc.media.push({ path: out, ext: 'jpeg' });
          return doc.media.length - 1;
        }
        const box: Box = [Math.max(0, bbox[0] - 1), Math.max(0, bbox[1] - 1), bbox[2] + 1, bbox[3] + 1];
        const pixels = ((box[2] - box[0]) * (box[3] - box[1]) * FIGURE_DPI * FIGURE_DPI) / (72 * 72);
        // A region too large for the pixel cap is drawn at a lower resolution, not refused.
        const dpi =
          pixels > maxPixels ? Math.max(36, Math.floor(FIGURE_DPI * Math.sqrt(maxPixels / pixels))) : FIGURE_DPI;
        const out = path.join(run.workdir, `figure-${doc.media.length + 1}.png`);
        jobs.push({ page, bbox: box, dpi, out });
        doc.media.push({ path: out, ext: 'png' });
        return doc.media.length - 1;
      },
    };
    for (const { page, lines } of chunk) {
      options.onPage?.(
        page,
        lines.filter((l) => !pageCtx.isRunning(l, page)),
      );
      doc.pages.push(analysePage(page, lines, pageCtx));
    }
    await renderRegions(run, source, jobs);
  }
  joinBrokenWords(doc.pages);
  return doc;
}
