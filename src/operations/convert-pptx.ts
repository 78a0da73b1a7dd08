// PDF → PPTX: every page a slide at its size. Text from mutool's page facts
// (the same extractor as PDF → Word) becomes one text box per line piece (a
// line is cut where text stands at a tab stop, so table columns keep their
// x); figure regions (layout/figures.ts: vector drawings and images with
// their labels) are drawn without their text as pictures, the labels laid
// over them as text boxes, so every word stays editable and findable. Labels
// whose text does not read (a font without a Unicode mapping) stay drawn in
// the picture, their text boxes laid over it nearly transparent.
// Shapes follow MuPDF's reading order, a figure placed before the first text
// below its top edge.
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { soleJpeg } from '../layout/analyse.js';
import { lineText, parsePage, union, type Line, type RawPage, type RawSpan } from '../layout/facts.js';
import { findFigures } from '../layout/figures.js';
import { fontFamily } from '../layout/fonts.js';
import type { Box, Media } from '../layout/model.js';
import { layoutFacts, renderRegions, type RegionJob } from '../tools/mutool.js';
import { writePptx, type Slide, type SlideShape } from '../writers/pptx.js';
import { bodySizeOf } from './convert-layout.js';

const CHUNK_PAGES = 40;
/** Resolution of figure pictures: sharp on a projector, and a third fewer pixels to draw than the 200 dpi of PDF → Word. */
const FIGURE_DPI = 150;

function colorOf(value: number): string | undefined {
  const rgb = value & 0xffffff;
  return rgb === 0 ? undefined : rgb.toString(16).toUpperCase().padStart(6, '0');
}

/** A line cut where text stands at a tab stop (a gap over 1.2 em): each piece one text box. */
function pieces(line: Line): RawSpan[][] {
  const out: RawSpan[][] = [];
  for (const span of line.spans) {
    const prev = out[out.length - 1]?.at(-1);
    if (prev && span.bbox[0] - prev.bbox[2] <= prev.size * 1.2) out[out.length - 1].push(span);
    else out.push([span]);
  }
  return out;
}

function textShape(spans: RawSpan[], line: Line): Extract<SlideShape, { kind: 'text' }> {
  const runs: Array<Extract<SlideShape, { kind: 'text' }>['runs'][number]> = [];
  let prev: RawSpan | undefined;
  for (const span of spans) {
    const gap = prev ? span.bbox[0] - prev.bbox[2] : 0;
    const text =
      prev && gap > prev.size * 0.15 && !/\s$/.test(prev.text) && !/^\s/.test(span.text) ? ` ${span.text}` : span.text;
    const small = span.size < line.size * 0.85;
    const vertical = small
      ? span.base < line.base - 1
        ? 'superscript'
        : span.base > line.base + 1
          ? 'subscript'
          : undefined
      : undefined;
    runs.push({
      text,
      style: {
        font: fontFamily(span.font, span.mono),
        size: vertical ? line.size : span.size,
        bold: span.bold,
        italic: span.italic,
        mono: span.mono,
        color: colorOf(span.color),
        vertical,
      },
    });
    prev = span;
  }
  return { kind: 'text', box: spans.map((s) => s.bbox).reduce(union), runs };
}

/**
 * Text that a font without a Unicode mapping produced ("?>9@AJ.B<?><#3$4(56#" for the labels of
 * tracemonkey's Figure 12): more than a third of its characters are neither letters, digits nor spaces.
 */
function garbled(text: string): boolean {
  const symbols = text.replace(/[\p{L}\p{N}\s.,:;()%+-]/gu, '').length;
  return text.length >= 20 && symbols > text.length / 3;
}

/** The slide for one page; figures registered through `addFigure` (returns the media index; `withText` keeps the figure's text drawn). */
function slideOf(
  page: RawPage,
  lines: Line[],
  bodySize: number,
  addFigure: (bbox: Box, jpeg?: string, withText?: boolean) => number,
): Slide {
  // Labels of a figure whose text does not read (a font without a Unicode mapping): the picture keeps them as drawn.
  const drawnLabels = new Set<Line>();
  const figures = findFigures(page.draws, lines, page, bodySize).map((figure) => {
    const alt = [...figure.lines].map((l) => lineText(l.spans).trim()).join(' ');
    const unreadable = garbled(alt);
    if (unreadable) for (const line of figure.lines) drawnLabels.add(line);
    const media = addFigure(
      figure.bbox,
      figure.lines.size === 0 ? soleJpeg(figure.bbox, page.draws) : undefined,
      unreadable,
    );
    return { kind: 'picture' as const, box: figure.bbox, media, alt };
  });
  const shapes: SlideShape[] = [];
  const waiting = [...figures].sort((a, b) => a.box[1] - b.box[1]);
  for (const line of lines) {
    for (let i = 0; i < waiting.length; i++) {
      if (waiting[i].box[1] <= line.bbox[1] + 1) shapes.push(...waiting.splice(i--, 1));
    }
    for (const piece of pieces(line))
      if (piece.some((s) => /\S/.test(s.text)))
        shapes.push({ ...textShape(piece, line), hidden: drawnLabels.has(line) });
  }
  shapes.push(...waiting);
  return { width: page.width, height: page.height, shapes };
}

/**
 * Converts pages 1..`pages` of `source` (unencrypted) to a PPTX at `output`; figure pictures are drawn into the workdir.
 * `ocrPages`: pages whose text is an OCR layer over a scan (invisible in the PDF): their text boxes are kept but not painted.
 */
export async function pdfToPptx(
  run: RunContext,
  source: string,
  pages: number,
  output: string,
  maxPixels: number,
  ocrPages: ReadonlySet<number> = new Set(),
): Promise<void> {
  const slides: Slide[] = [];
  const media: Media[] = [];
  let bodySize: number | undefined;
  for (let first = 1; first <= pages; first += CHUNK_PAGES) {
    const last = Math.min(pages, first + CHUNK_PAGES - 1);
    // Two processes per chunk, as for PDF → Word: the walk over every character is the slow part.
    const middle = last - first >= 3 ? Math.floor((first + last) / 2) : last;
    const halves = await Promise.all([
      layoutFacts(run, source, first, middle),
      ...(middle < last ? [layoutFacts(run, source, middle + 1, last)] : []),
    ]);
    const chunk = halves.flat().map(parsePage);
    bodySize ??= bodySizeOf(chunk);
    const jobs: RegionJob[] = [];
    for (const { page, lines } of chunk) {
      const addFigure = (bbox: Box, jpeg?: string, withText = false) => {
        const ext = jpeg ? 'jpeg' : 'png';
        const out = path.join(run.workdir, `slide-figure-${media.length + 1}.${ext}`);
        const box: Box = [Math.max(0, bbox[0] - 1), Math.max(0, bbox[1] - 1), bbox[2] + 1, bbox[3] + 1];
        const pixels = ((box[2] - box[0]) * (box[3] - box[1]) * FIGURE_DPI * FIGURE_DPI) / (72 * 72);
        // A region too large for the pixel cap is drawn at a lower resolution, not refused.
        const dpi =
          pixels > maxPixels ? Math.max(36, Math.floor(FIGURE_DPI * Math.sqrt(maxPixels / pixels))) : FIGURE_DPI;
        jobs.push(
          jpeg
            ? { page: page.page, bbox, dpi: 0, out, jpeg }
            : { page: page.page, bbox: box, dpi, out, noText: !withText },
        );
        media.push({ path: out, ext });
        return media.length - 1;
      };
      slides.push({ ...slideOf(page, lines, bodySize, addFigure), hiddenText: ocrPages.has(page.page) });
    }
    await renderRegions(run, source, jobs);
  }
  await writePptx(slides, media, output);
}
