// The page facts src/tools/mutool-layout.js prints (one JSON object per page),
// and small geometry helpers the analysis shares.
import type { Box } from './model.js';

export interface RawSpan {
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  mono: boolean;
  /** 0xRRGGBB as MuPDF reports a character's colour. */
  color: number;
  text: string;
  bbox: Box;
  /** Baseline y. */
  base: number;
}

export interface RawLine {
  bbox: Box;
  spans: RawSpan[];
  vertical: boolean;
}

export interface RawDraw {
  kind: 'fill' | 'stroke' | 'shade' | 'image';
  bbox: Box;
  color?: number[];
  width?: number;
  /** For an image kept as the file's own JPEG: its XObject name in the page's resources. */
  jpeg?: string;
}

export interface RawPage {
  page: number;
  width: number;
  height: number;
  /** Lines in MuPDF's order; `{ block: true }` marks the start of a structured-text block. */
  lines: Array<RawLine | { block: true }>;
  draws: RawDraw[];
  links: Array<{ bbox: Box; uri: string }>;
}

/** A text line as the analysis uses it: spans sorted by x, with its block number. */
export interface Line {
  bbox: Box;
  spans: RawSpan[];
  block: number;
  /** Baseline of the line's largest span. */
  base: number;
  size: number;
}

/** TeX sets accents as a spacing accent before the letter ("na¨ıve"): as combining marks they compose ("naïve"). */
const ACCENTS: Record<string, string> = {
  '¨': '\u0308',
  '´': '\u0301',
  '`': '\u0300',
  ˆ: '\u0302',
  '˜': '\u0303',
  '¸': '\u0327',
  ˇ: '\u030c',
  '˚': '\u030a',
};
const SPACING_ACCENT = /([¨´`ˆ˜¸ˇ˚])([ıȷ]|\p{L})/gu;

/** Text with spacing accents before a letter composed onto it (dotless i and j get their dot back first). */
export function composeAccents(text: string): string {
  if (!/[¨´`ˆ˜¸ˇ˚]/.test(text)) return text;
  return text.replace(SPACING_ACCENT, (_, accent: string, letter: string) =>
    `${letter === 'ı' ? 'i' : letter === 'ȷ' ? 'j' : letter}${ACCENTS[accent]}`.normalize('NFC'),
  );
}

/** Parses one JSON line of the extractor into lines with block numbers. */
export function parsePage(json: string): { page: RawPage; lines: Line[] } {
  const page = JSON.parse(json) as RawPage;
  const lines: Line[] = [];
  let block = 0;
  for (const item of page.lines) {
    if ('block' in item) {
      block++;
      continue;
    }
    if (item.vertical || item.spans.length === 0) {
      // Rotated text stays with whatever figure surrounds it; alone it is kept as a plain line.
      if (item.spans.length === 0) continue;
    }
    const spans = [...item.spans].sort((a, b) => a.bbox[0] - b.bbox[0]);
    for (const span of spans) span.text = composeAccents(span.text);
    const main = spans.reduce((m, s) => (s.size * s.text.length > m.size * m.text.length ? s : m), spans[0]);
    lines.push({ bbox: item.bbox, spans, block, base: main.base, size: main.size });
  }
  return { page, lines };
}

export const width = (b: Box) => b[2] - b[0];
export const height = (b: Box) => b[3] - b[1];
export const area = (b: Box) => Math.max(0, width(b)) * Math.max(0, height(b));
export const union = (a: Box, b: Box): Box => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];
export const grow = (b: Box, d: number): Box => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];
export const intersects = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
export const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
export const centerInside = (inner: Box, outer: Box) => {
  const x = (inner[0] + inner[2]) / 2;
  const y = (inner[1] + inner[3]) / 2;
  return x >= outer[0] && x <= outer[2] && y >= outer[1] && y <= outer[3];
};

/** The text of a line, spans joined with a space where the gap between them is a word gap. */
export function lineText(spans: RawSpan[]): string {
  let text = '';
  let prev: RawSpan | undefined;
  for (const span of spans) {
    if (prev && span.bbox[0] - prev.bbox[2] > prev.size * 0.15 && !text.endsWith(' ') && !span.text.startsWith(' '))
      text += ' ';
    text += span.text;
    prev = span;
  }
  return text;
}

/** Union-find grouping of items whose boxes (grown by `tolerance`) touch. */
export function clusterBoxes<T>(items: T[], boxOf: (item: T) => Box, tolerance: number): T[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const order = items.map((_, i) => i).sort((a, b) => boxOf(items[a])[0] - boxOf(items[b])[0]);
  // Sweep by x so the pairwise test stays near-linear for pages with thousands of paths.
  const active: number[] = [];
  for (const i of order) {
    const bi = grow(boxOf(items[i]), tolerance);
    for (let k = active.length - 1; k >= 0; k--) {
      const j = active[k];
      const bj = grow(boxOf(items[j]), tolerance);
      if (bj[2] < bi[0]) continue;
      if (intersects(bi, bj)) parent[find(i)] = find(j);
    }
    active.push(i);
    // Keep the active list bounded: drop boxes that end left of everything still to come.
    if (active.length > 64) {
      const x = bi[0];
      for (let k = active.length - 1; k >= 0; k--)
        if (grow(boxOf(items[active[k]]), tolerance)[2] < x) active.splice(k, 1);
    }
  }
  const groups = new Map<number, T[]>();
  items.forEach((item, i) => {
    const root = find(i);
    const group = groups.get(root) ?? [];
    group.push(item);
    groups.set(root, group);
  });
  return [...groups.values()];
}
