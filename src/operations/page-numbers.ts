// page-numbers: a number (or Bates-style label) on each selected page, as
// real text in the bundled fonts, through the watermark's stamping machinery
// (stamping.ts, pdf/stamp.ts): one stamp page per numbered page, each placed
// in the page's visible area as the reader sees it (qpdf fits stamp pages to
// the trim box and undoes /Rotate), then one qpdf overlay pass.
import { stemOf } from '../core/names.js';
import { embedFonts } from './stamp-fonts.js';
import type { FontFamily } from '../pdf/font-chain.js';
import { layoutText, layoutTexts } from '../pdf/fonts.js';
import { buildStampPages, type Mark, type Position } from '../pdf/stamp.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import { displaySize, stampDocument } from './stamping.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

export const NUMBER_POSITIONS = [
  'bottom-center',
  'bottom-left',
  'bottom-right',
  'top-left',
  'top-center',
  'top-right',
] as const;
export type NumberPosition = (typeof NUMBER_POSITIONS)[number];

export interface PageNumbersOptions {
  format: string;
  start: number;
  pages?: string;
  position: NumberPosition;
  margin: number;
  font: FontFamily;
  font_size: number;
  color: string;
  password?: string;
}

/** Placeholders of `format`: {n}, {total}, {n:W} (W digits, zero-padded). */
export const PLACEHOLDER = /\{(n|total|n:(\d{1,2}))\}/g;

/** Text of `format` for page number `n` of `total` (exported for unit tests). */
export function formatNumber(format: string, n: number, total: number): string {
  return format.replace(PLACEHOLDER, (_, name: string, width?: string) => {
    if (name === 'total') return String(total);
    return width === undefined ? String(n) : String(n).padStart(Number(width), '0');
  });
}

/** Why `format` is not acceptable, or undefined (exported for the route). */
export function formatProblem(format: string): string | undefined {
  const rest = format.replace(PLACEHOLDER, '');
  if (/[{}]/.test(rest)) return 'placeholders are {n}, {total} and {n:W} (W = 1..20 digits)';
  for (const m of format.matchAll(PLACEHOLDER))
    if (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 20)) return '{n:W} takes a width from 1 to 20';
  return undefined;
}

const STAMP_POSITION: Record<NumberPosition, Position> = {
  'bottom-center': 'bottom',
  'bottom-left': 'bottom-left',
  'bottom-right': 'bottom-right',
  'top-left': 'top-left',
  'top-center': 'top',
  'top-right': 'top-right',
};

export async function addPageNumbers(input: OperationInput<PageNumbersOptions>): Promise<OperationOutput> {
  const { files, options } = input;
  // The glyphs of every character the format can produce, checked before any tool runs.
  await layoutText(formatNumber(options.format, 1234567890, 1234567890), 'format', options.font);
  const color = [1, 3, 5].map((i) => Number.parseInt(options.color.slice(i, i + 2), 16)) as [number, number, number];
  const { output, pdf } = await stampDocument(input, files.file[0], async (geometry) => {
    const total = geometry.length;
    const pages = options.pages
      ? [...new Set(expandPageRanges(parsePageRanges(options.pages, total, 'pages')))].sort((a, b) => a - b)
      : geometry.map((_, i) => i + 1);
    const texts = pages.map((page) => formatNumber(options.format, options.start + page - 1, total).normalize('NFC'));
    const runs = await layoutTexts(texts, 'format', options.font);
    const fonts = await embedFonts(input.run, runs.flat());
    const marks: Mark[] = texts.map((text, i) => ({
      kind: 'text',
      text,
      runs: runs[i],
      fontSize: options.font_size,
      color,
    }));
    const stamp = buildStampPages(
      pages.map((page, i) => ({ size: displaySize(geometry[page - 1]), mark: i })),
      marks,
      { opacity: 1, rotation: 0, position: STAMP_POSITION[options.position], margin: options.margin },
      fonts,
    );
    return { stamp, groups: pages.map((page, i) => ({ pages: [page], stampPage: i + 1 })), layer: 'over' };
  });
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(pdf.name)}-numbered.pdf` };
}
