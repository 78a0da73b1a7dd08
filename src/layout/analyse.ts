// One page's facts → its bands of columns of blocks. Order of work: running
// headers/footers out, ruled tables, figure regions (with their labels), then
// the column gutters from the remaining text lines, bands split at elements
// that cross a gutter, and paragraphs rebuilt per column with the spacing,
// indents, alignment and line pitch of the source (so the page still fits).
import { findFigures } from './figures.js';
import { fontFamily } from './fonts.js';
import { centerInside, lineText, union, width, type Line, type RawPage, type RawSpan } from './facts.js';
import type { Band, Block, Box, Margins, PageLayout, ParagraphBlock, RunStyle, TableBlock, TextRun } from './model.js';
import { findRuledTables, tableBlock } from './tables.js';
import { findTextTables, type TextTable } from './text-tables.js';

/** What the analysis of one page needs from the whole document. */
export interface PageContext {
  bodySize: number;
  margins: Margins;
  isRunning(line: Line, page: RawPage): boolean;
  /** Registers a region of `page` to render as a picture (or to copy as the file's JPEG `jpeg`); returns its media index. */
  addFigure(page: number, bbox: Box, jpeg?: string): number;
}

type Element = { box: Box; line: Line } | { box: Box; block: Block };

const NUMBER_LABEL = /^\s*(\()?(\d{1,3})([.)])([ \t\u00a0]+)/;
const BULLET_GLYPH = /^\s*([•◦▪▫■□●○‣⁃])([ \t\u00a0]+|$)/;
const BULLET = /^\s*([•◦▪▫■□●○‣⁃–—*-]|\(?\d{1,3}[.)]|\[\d{1,3}\]|\(?[a-z][.)]|[ivx]{1,5}[.)])\s/;

/** Analyses one page. */
export function analysePage(page: RawPage, allLines: Line[], ctx: PageContext): PageLayout {
  // Rows of a ruled table that runs over pages repeat from page to page like a running header or
  // footer (its repeated heading row, rows that differ only in numbers): inside a grid they stay.
  const grids = findRuledTables(page.draws, allLines).tables.map((t) => t.bbox);
  let lines = allLines.filter((l) => !ctx.isRunning(l, page) || grids.some((g) => centerInside(l.bbox, g)));
  const { tables, used } = findRuledTables(page.draws, lines);
  const inTable = new Set<RawSpan>(tables.flatMap((t) => t.cells.flatMap((c) => c.spans)));
  lines = lines
    .map((l) => (l.spans.some((s) => inTable.has(s)) ? { ...l, spans: l.spans.filter((s) => !inTable.has(s)) } : l))
    .filter((l) => l.spans.length > 0);
  lines = lines.map((l) => ({ ...l, bbox: l.spans.map((s) => s.bbox).reduce(union) }));
  const figures = findFigures(
    page.draws.filter((d) => !used.has(d)),
    lines,
    page,
    ctx.bodySize,
  );
  const inFigure = new Set<Line>(figures.flatMap((f) => [...f.lines]));
  lines = lines.filter((l) => !inFigure.has(l));

  const elements: Element[] = lines.map((line) => ({ box: line.bbox, line }));
  for (const figure of figures) {
    const media = ctx.addFigure(
      page.page,
      figure.bbox,
      figure.lines.size === 0 ? soleJpeg(figure.bbox, page.draws) : undefined,
    );
    const alt = [...figure.lines]
      .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
      .map((l) => lineText(l.spans).trim())
      .join(' ');
    elements.push({
      box: figure.bbox,
      block: {
        kind: 'figure',
        media,
        width: width(figure.bbox),
        height: figure.bbox[3] - figure.bbox[1],
        spaceBefore: 0,
        align: 'left',
        alt,
      },
    });
  }
  for (const table of tables) {
    elements.push({ box: table.bbox, block: tableBlock(table, (spans, box) => cellParagraphs(spans, box, page)) });
  }

  const left = ctx.margins.left;
  const right = page.width - ctx.margins.right;
  const gutters = findGutters(lines, left, right);
  const bands: Band[] = [];
  let top = ctx.margins.top;
  for (const group of splitBands(elements, gutters)) {
    const edges = group.multi ? [left, ...gutters.flatMap((g) => [g[0], g[1]]), right] : [left, right];
    const columns: Band['columns'] = [];
    for (let i = 0; i < edges.length; i += 2)
      columns.push({ width: edges[i + 1] - edges[i], gap: i + 2 < edges.length ? edges[i + 2] - edges[i + 1] : 0 });
    const content: Block[][] = [];
    let bottom = top;
    for (let c = 0; c < columns.length; c++) {
      const members = group.elements.filter((e) => columnOf(e.box, gutters, group.multi) === c);
      const built = buildColumn(members, [edges[2 * c], edges[2 * c + 1]], top, page, ctx.bodySize);
      content.push(built.blocks);
      bottom = Math.max(bottom, built.bottom);
    }
    bands.push({ columns, content });
    top = bottom;
  }
  return { page: page.page, width: page.width, height: page.height, bands };
}

/** The JPEG XObject a region shows and nothing else (same box within a point, no other ink on it). */
export function soleJpeg(region: Box, draws: RawPage['draws']): string | undefined {
  const on = draws.filter(
    (d) => centerInside(d.bbox, region) && !(d.kind === 'fill' && d.color?.every((c) => c > 0.98)),
  );
  const image = on.length === 1 ? on[0] : undefined;
  if (!image?.jpeg || image.bbox.some((v, i) => Math.abs(v - region[i]) > 2)) return undefined;
  return image.jpeg;
}

/**
 * Gutters between text columns. A column shows itself by its left edge: many
 * lines starting at one x in the middle of the page, more of them than lines
 * running across that x (code listings and captions may cross, a few). The
 * gutter runs from the right ends of the lines to its left up to that edge.
 */
export function findGutters(lines: Line[], left: number, right: number): Array<[number, number]> {
  const span = right - left;
  if (span < 100 || lines.length < 8) return [];
  const starts = new Map<number, number>();
  for (const l of lines) {
    const x = Math.round(l.bbox[0]);
    if (x > left + 0.3 * span && x < left + 0.75 * span) starts.set(x, (starts.get(x) ?? 0) + 1);
  }
  const gutters: Array<[number, number]> = [];
  for (const [x] of [...starts].sort((a, b) => b[1] - a[1])) {
    if (gutters.some(([, g1]) => Math.abs(g1 - x) < 30)) continue;
    const aligned = lines.filter((l) => Math.abs(l.bbox[0] - x) < 2.5);
    if (aligned.length < 5) break;
    // Only what lies beside the column counts: full-width figures above or below it do not.
    const y0 = Math.min(...aligned.map((l) => l.bbox[1]));
    const y1 = Math.max(...aligned.map((l) => l.bbox[3]));
    const beside = lines.filter((l) => l.bbox[3] > y0 && l.bbox[1] < y1);
    const crossing = beside.filter((l) => l.bbox[0] < x - 6 && l.bbox[2] > x + 2).length;
    const before = beside.filter((l) => l.bbox[2] <= x - 2 && l.bbox[2] > x - 0.35 * span).map((l) => l.bbox[2]);
    // Table columns also align, but their lines are short.
    const widths = aligned.map((l) => width(l.bbox)).sort((a, b) => a - b);
    if (before.length < 5 || aligned.length < 3 * crossing || widths[Math.floor(widths.length / 2)] < 0.2 * span)
      continue;
    const g0 = Math.min(Math.max(...before), x - 6);
    gutters.push([g0, x - 0.5]);
  }
  return gutters.sort((a, b) => a[0] - b[0]);
}

function crosses(box: Box, gutters: Array<[number, number]>): boolean {
  return gutters.some(([g0, g1]) => box[0] < g0 - 1 && box[2] > g1 + 1);
}

function columnOf(box: Box, gutters: Array<[number, number]>, multi: boolean): number {
  if (!multi) return 0;
  const center = (box[0] + box[2]) / 2;
  return gutters.filter(([g0]) => center > g0).length;
}

/**
 * Lines that are cells of a full-width table set as aligned text (no rules):
 * MuPDF cuts such a row at every wide gap, so no piece crosses the gutter and
 * the row would be torn into the two columns. A row shows itself as one
 * baseline carrying many short pieces on both sides of a gutter, where two
 * text columns carry one (or two, a code comment) on each side.
 */
function tableRows(elements: Element[], gutters: Array<[number, number]>): Set<Element> {
  const rows = new Set<Element>();
  if (gutters.length === 0) return rows;
  const lines = elements
    .filter((e): e is { box: Box; line: Line } => 'line' in e)
    .sort((a, b) => a.line.base - b.line.base);
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (
      j < lines.length &&
      Math.abs(lines[j].line.base - lines[i].line.base) < Math.max(1.5, 0.2 * lines[i].line.size)
    )
      j++;
    const row = lines.slice(i, j);
    i = j;
    if (row.length < 4) continue;
    // At least two short pieces on each of two sides: a text line (long) on either side is a column's.
    const perSide = new Map<number, number>();
    for (const e of row)
      perSide.set(columnOf(e.box, gutters, true), (perSide.get(columnOf(e.box, gutters, true)) ?? 0) + 1);
    const sides = [...perSide.values()].filter((n) => n >= 2).length;
    if (sides >= 2 && row.every((e) => width(e.box) < 12 * e.line.size)) for (const e of row) rows.add(e);
  }
  return rows;
}

/** Elements in y order, cut into bands: runs of column content, and runs of full-width content. */
function splitBands(
  elements: Element[],
  gutters: Array<[number, number]>,
): Array<{ multi: boolean; elements: Element[] }> {
  const sorted = [...elements].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const rows = tableRows(elements, gutters);
  const bands: Array<{ multi: boolean; elements: Element[] }> = [];
  for (const element of sorted) {
    const multi = gutters.length > 0 && !crosses(element.box, gutters) && !rows.has(element);
    const last = bands[bands.length - 1];
    if (last && last.multi === multi) last.elements.push(element);
    else bands.push({ multi, elements: [element] });
  }
  // Column content with nothing beside it, between full-width parts (the short lines of a
  // full-width code listing), is full-width too.
  const merged: typeof bands = [];
  bands.forEach((band, i) => {
    const oneSided = band.multi && new Set(band.elements.map((e) => columnOf(e.box, gutters, true))).size === 1;
    // A page may open with full-width content whose first short lines cross no gutter.
    const prevSingle = i > 0 ? !bands[i - 1].multi : bands.length > 1;
    const nextSingle = i === bands.length - 1 || !bands[i + 1].multi;
    const asSingle = oneSided && prevSingle && nextSingle;
    const last = merged[merged.length - 1];
    if (asSingle || !band.multi) {
      if (last && !last.multi) last.elements.push(...band.elements);
      else merged.push({ multi: false, elements: [...band.elements] });
    } else merged.push(band);
  });
  return merged;
}

/** Lines on one baseline (split by MuPDF at wide gaps) joined again. */
function joinBaselines(lines: Line[]): Line[] {
  const sorted = [...lines].sort((a, b) => a.base - b.base || a.bbox[0] - b.bbox[0]);
  const out: Line[] = [];
  for (const line of sorted) {
    const prev = out[out.length - 1];
    if (prev && Math.abs(prev.base - line.base) < Math.max(2, 0.3 * line.size) && line.bbox[0] >= prev.bbox[2] - 1) {
      out[out.length - 1] = {
        ...prev,
        bbox: union(prev.bbox, line.bbox),
        spans: [...prev.spans, ...line.spans],
        size: Math.max(prev.size, line.size),
      };
    } else out.push(line);
  }
  return out;
}

/** Words of `text` that would be a line's first word (to test whether it fit on the line before). */
function firstWordWidth(line: Line): number {
  const span = line.spans[0];
  const word = span.text.trimStart().split(/\s/)[0] ?? '';
  return ((span.bbox[2] - span.bbox[0]) * word.length) / Math.max(1, span.text.length);
}

const allBold = (l: Line) => l.spans.every((s) => s.bold || !/\S/.test(s.text));

/** The line has a gap wider than any justified word space (text set at a tab stop). */
function tabbed(line: Line): boolean {
  return line.spans.some((s, i) => i > 0 && s.bbox[0] - line.spans[i - 1].bbox[2] > line.spans[i - 1].size * 1.2);
}

/**
 * A line opening with a number ("300. ACM Press") that goes on the paragraph rather than starting a
 * list item: it sits further in than the paragraph's first line (a hanging reference), or the line
 * before stops mid-sentence (a page range "291–", a comma).
 */
function continues(current: Line[], line: Line): boolean {
  const text = lineText(line.spans);
  if (!/^\s*\(?\d/.test(text)) return false;
  const prevText = lineText(current[current.length - 1].spans).trimEnd();
  return line.bbox[0] > current[0].bbox[0] + 2 || /[–—,-]$/.test(prevText);
}

/** Groups a column's lines into paragraphs. */
function paragraphsOf(lines: Line[], column: [number, number]): Line[][] {
  const paragraphs: Line[][] = [];
  let current: Line[] = [];
  for (const line of lines) {
    const prev = current[current.length - 1];
    let fresh = !prev;
    if (prev) {
      const pitch = current.length >= 2 ? prev.base - current[current.length - 2].base : prev.size * 1.2;
      const gap = line.base - prev.base;
      const text = lineText(line.spans);
      fresh =
        Math.abs(line.size - prev.size) > 0.6 ||
        gap > Math.max(pitch * 1.3, prev.size * 1.45) ||
        gap < 0 ||
        (BULLET.test(text) && !continues(current, line)) ||
        // A row of cells or a code line with its comment: one line, one paragraph.
        tabbed(prev) ||
        tabbed(line) ||
        // A bold run-in title ends where the regular text starts, unless the line goes on mid-word or mid-sentence.
        (allBold(prev) !== allBold(line) && !/^\p{Ll}/u.test(text.trimStart())) ||
        prev.bbox[2] + firstWordWidth(line) + prev.size * 0.5 < column[1] - 2 ||
        (line.bbox[0] - prev.bbox[0] > 6 && !BULLET.test(lineText(current[0].spans)) && current.length > 1) ||
        (current.length === 1 && line.bbox[0] - prev.bbox[0] > 6 && !BULLET.test(lineText(prev.spans)));
    }
    if (fresh && current.length) {
      paragraphs.push(current);
      current = [];
    }
    current.push(line);
  }
  if (current.length) paragraphs.push(current);
  return paragraphs;
}

function colorOf(value: number): string | undefined {
  const rgb = value & 0xffffff;
  return rgb === 0 ? undefined : rgb.toString(16).toUpperCase().padStart(6, '0');
}

function runsOf(lines: Line[], page: RawPage, left: number, tabs: number[]): TextRun[] {
  const runs: TextRun[] = [];
  const push = (text: string, style: RunStyle, link?: string) => {
    const last = runs[runs.length - 1];
    if (last && last.link === link && sameStyle(last.style, style)) last.text += text;
    else runs.push({ text, style, link });
  };
  lines.forEach((line, i) => {
    let prev: RawSpan | undefined;
    for (const span of line.spans) {
      const style: RunStyle = {
        font: fontFamily(span.font, span.mono),
        size: span.size,
        bold: span.bold,
        italic: span.italic,
        mono: span.mono,
        color: colorOf(span.color),
        vertical:
          span.size < line.size * 0.85
            ? span.base < line.base - 1
              ? 'superscript'
              : span.base > line.base + 1
                ? 'subscript'
                : undefined
            : undefined,
      };
      if (style.vertical) style.size = line.size;
      const link = page.links.find((l) => centerInside(span.bbox, l.bbox))?.uri;
      let text = span.text;
      const gap = prev ? span.bbox[0] - prev.bbox[2] : 0;
      if (prev && gap > prev.size * 1.2) {
        // A gap wider than any justified word space: the text stands at a fixed x (a tab stop).
        text = `\t${text.trimStart()}`;
        tabs.push(Math.round(span.bbox[0] - left));
      } else if (prev && gap > prev.size * 0.15 && !/\s$/.test(prev.text) && !/^\s/.test(text)) text = ` ${text}`;
      push(text, style, link);
      prev = span;
    }
    const next = lines[i + 1];
    if (!next) return;
    const last = runs[runs.length - 1];
    // Hyphenation at the line end is undone when the next line goes on with a lower-case letter.
    const nextText = lineText(next.spans).trimStart();
    if (/\p{L}-$/u.test(last.text) && /^\p{Ll}/u.test(nextText)) last.text = last.text.slice(0, -1);
    // Before a capital the hyphen may be the word's own ("Non-Euclidean"): kept, but no space.
    else if (/\p{L}-$/u.test(last.text) && /^\p{Lu}/u.test(nextText)) return;
    else if (!/\s$/.test(last.text)) last.text += ' ';
  });
  if (runs.length) runs[runs.length - 1].text = runs[runs.length - 1].text.replace(/\s+$/, '');
  return runs.filter((r) => r.text.length > 0);
}

function sameStyle(a: RunStyle, b: RunStyle): boolean {
  return (
    a.font === b.font &&
    Math.abs(a.size - b.size) < 0.3 &&
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.color === b.color &&
    a.vertical === b.vertical
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A paragraph block for `lines` inside the column `[x0, x1]`. */
function paragraphBlock(
  lines: Line[],
  column: [number, number],
  page: RawPage,
  bodySize: number,
  pitchFor: (size: number) => number,
): ParagraphBlock {
  const pitches = lines.slice(1).map((l, i) => l.base - lines[i].base);
  const size = median(lines.map((l) => l.size));
  const lineHeight = pitches.length ? median(pitches) : pitchFor(size);
  const [c0, c1] = column;
  const body = lines.length > 1 ? lines.slice(1) : lines;
  let align: ParagraphBlock['align'] = 'left';
  const centred =
    lines.every((l) => Math.abs((l.bbox[0] + l.bbox[2]) / 2 - (c0 + c1) / 2) < 4) && lines[0].bbox[0] > c0 + 8;
  if (lines.length >= 2 && lines.slice(0, -1).every((l) => l.bbox[2] >= c1 - 3)) align = 'justify';
  else if (centred) align = 'center';
  else if (lines.every((l) => l.bbox[2] >= c1 - 3) && lines[0].bbox[0] > c0 + 20) align = 'right';
  const indentLeft =
    align === 'center' || align === 'right' ? 0 : Math.max(0, Math.min(...body.map((l) => l.bbox[0])) - c0);
  const indentFirst = align === 'center' || align === 'right' ? 0 : lines[0].bbox[0] - c0 - indentLeft;
  const tabs: number[] = [];
  const runs = runsOf(lines, page, c0, tabs);
  const text = runs.map((r) => r.text).join('');
  let heading = 0;
  const bold = lines.every(allBold);
  if (text.length < 150 && lines.length <= 3 && /\p{L}/u.test(text)) {
    if (size >= bodySize * 1.6) heading = 1;
    else if (size >= bodySize * 1.3) heading = 2;
    else if (size >= bodySize * 1.1 && bold) heading = 3;
    else if (bold && size >= bodySize * 0.95 && lines.length === 1) heading = 4;
  }
  // A bullet glyph and the gap after it become a real list item (Word/ODF draw the bullet).
  const bullet = BULLET_GLYPH.exec(runs[0]?.text ?? '');
  if (bullet && heading === 0 && runs.length > 0) {
    runs[0].text = runs[0].text.slice(bullet[0].length);
    // The bullet may be a run of its own (a symbol font): the gap after it opens the next one.
    let gap = bullet[2];
    if (runs[0].text === '' && runs.length > 1) {
      runs.shift();
      gap = /^[ \t\u00a0]*/.exec(runs[0].text)![0];
      runs[0].text = runs[0].text.slice(gap.length);
    }
    if (runs[0].text === '') runs.shift();
    // The first tab stop was the gap after the bullet: the list's own tab stands for it.
    if (gap.includes('\t')) tabs.shift();
  }
  // "3." / "3)" / "(3)" and the gap after it: a numbered list item (the number stays exactly the source's).
  const numbered = !bullet && heading === 0 ? NUMBER_LABEL.exec(runs[0]?.text ?? '') : null;
  let number: ParagraphBlock['number'];
  if (numbered && (numbered[1] === '(') === (numbered[3] === ')') && runs[0].text.length > numbered[0].length) {
    number = { value: Number(numbered[2]), prefix: numbered[1] ?? '', suffix: numbered[3] };
    runs[0].text = runs[0].text.slice(numbered[0].length);
    if (numbered[4].includes('\t')) tabs.shift();
  }
  return {
    kind: 'paragraph',
    runs,
    heading,
    ...(number ? { number } : {}),
    align: tabs.length ? 'left' : align,
    lineHeight,
    spaceBefore: 0,
    indentLeft,
    indentFirst,
    tabs: [...new Set(tabs)].sort((a, b) => a - b),
    ...(bullet && heading === 0 ? { bullet: bullet[1] } : {}),
  };
}

/** Blocks of one column from its elements; `top` is where the band starts. */
function buildColumn(
  elements: Element[],
  column: [number, number],
  top: number,
  page: RawPage,
  bodySize: number,
): { blocks: Block[]; bottom: number } {
  let lineElements = joinBaselines(
    elements.filter((e): e is { box: Box; line: Line } => 'line' in e).map((e) => e.line),
  );
  const others = elements.filter((e): e is { box: Box; block: Block } => 'block' in e);
  for (const table of findTextTables(lineElements)) {
    const inTable = new Set(table.lines);
    lineElements = lineElements.filter((l) => !inTable.has(l));
    others.push({ box: table.bbox, block: textTableBlock(table, page) });
  }
  // The usual pitch of each text size in this column, for one-line paragraphs.
  const pitchBySize = new Map<number, number>();
  for (let i = 1; i < lineElements.length; i++) {
    const a = lineElements[i - 1];
    const b = lineElements[i];
    const gap = b.base - a.base;
    if (Math.abs(a.size - b.size) < 0.3 && gap > a.size && gap < a.size * 1.5) pitchBySize.set(Math.round(a.size), gap);
  }
  const pitchFor = (size: number) => pitchBySize.get(Math.round(size)) ?? size * 1.2;
  // Paragraphs are built between the non-text blocks, which keep their place by y.
  type Item = { y: number; block: Block; top: number; bottom: number };
  const items: Item[] = others.map((e) => ({ y: e.box[1], block: e.block, top: e.box[1], bottom: e.box[3] }));
  const cuts = others.map((e) => e.box[1]).sort((a, b) => a - b);
  const segments = new Map<number, Line[]>();
  for (const line of lineElements) {
    const key = cuts.filter((c) => c <= line.bbox[1]).length;
    segments.set(key, [...(segments.get(key) ?? []), line]);
  }
  for (const segment of segments.values()) {
    for (const lines of paragraphsOf(segment, column)) {
      const block = paragraphBlock(lines, column, page, bodySize, pitchFor);
      const first = lines[0];
      const last = lines[lines.length - 1];
      items.push({
        y: first.bbox[1],
        block,
        top: first.base - 0.8 * block.lineHeight,
        bottom: last.base + 0.2 * block.lineHeight,
      });
    }
  }
  items.sort((a, b) => a.y - b.y);
  let cursor = top;
  for (const item of items) {
    const block = item.block;
    // Word processors set text a little differently (rounded sizes, other wraps): large gaps
    // give back some room, so a column that runs a line longer still fits its page.
    const gap = Math.max(0, item.top - cursor);
    block.spaceBefore = gap > 24 ? 24 + (gap - 24) * 0.6 : gap;
    if (block.kind === 'figure') {
      const [c0, c1] = column;
      const el = others.find((e) => e.block === block)!;
      const centre = (el.box[0] + el.box[2]) / 2;
      block.align =
        Math.abs(centre - (c0 + c1) / 2) < 10 ? 'center' : el.box[0] - c0 < c1 - el.box[2] ? 'left' : 'right';
    }
    if (block.kind === 'table') {
      const el = others.find((e) => e.block === block)!;
      block.indentLeft = Math.max(0, el.box[0] - column[0]);
    }
    cursor = Math.max(cursor, item.bottom);
  }
  return { blocks: items.map((i) => i.block), bottom: cursor };
}

/** The model's table for an aligned-text table: rows at the source's pitch, no borders. */
function textTableBlock(table: TextTable, page: RawPage): TableBlock {
  const { bases } = table;
  // The cells' margins (about 3 pt a side) come out of the outer columns' room, not the text's.
  const xs = table.xs.map((x, i) => (i === 0 ? x - 3 : i === table.xs.length - 1 ? x + 3 : x));
  const pitches = bases.slice(1).map((b, i) => b - bases[i]);
  const pitch = median(pitches);
  const rowHeights = bases.map((_, r) => pitches[r] ?? pitch);
  // Each column's alignment from its one-column cells: numbers line up on the right, names on the left.
  const alignOf = (column: number): ParagraphBlock['align'] => {
    const boxes = table.rows.flatMap((cells) =>
      cells.filter((c) => c.column === column && c.colSpan === 1).map((c) => c.spans.map((s) => s.bbox).reduce(union)),
    );
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    if (boxes.length < 2 || spread(boxes.map((b) => b[0])) < 1.5) return 'left';
    return spread(boxes.map((b) => b[2])) < 1.5 ? 'right' : 'center';
  };
  const aligns = xs.slice(1).map((_, c) => alignOf(c));
  const rows: TableBlock['rows'] = table.rows.map((cells, r) =>
    cells.map((cell) => {
      const box: Box = [xs[cell.column], bases[r] - pitch, xs[cell.column + cell.colSpan], bases[r] + 0.3 * pitch];
      // One source line per row: the row keeps the source's pitch (a taller line would push the page's end over).
      const align = cell.colSpan > 1 ? 'center' : aligns[cell.column];
      const paragraphs = cellParagraphs(cell.spans, box, page).map((p) => ({
        ...p,
        align,
        indentLeft: 0,
        indentFirst: 0,
        lineHeight: Math.min(p.lineHeight, pitch),
      }));
      return { column: cell.column, colSpan: cell.colSpan, rowSpan: 1, paragraphs };
    }),
  );
  return {
    kind: 'table',
    columnWidths: xs.slice(1).map((x, i) => x - xs[i]),
    rowHeights,
    rows,
    spaceBefore: 0,
    indentLeft: 0,
    borderless: true,
  };
}

/** Paragraphs of one table cell from the spans inside it. */
function cellParagraphs(spans: RawSpan[], box: Box, page: RawPage): ParagraphBlock[] {
  if (spans.length === 0) return [];
  const lines: Line[] = [];
  for (const span of [...spans].sort((a, b) => a.base - b.base || a.bbox[0] - b.bbox[0])) {
    const prev = lines[lines.length - 1];
    if (prev && Math.abs(prev.base - span.base) < 2) {
      prev.spans.push(span);
      prev.bbox = union(prev.bbox, span.bbox);
    } else lines.push({ bbox: span.bbox, spans: [span], block: 0, base: span.base, size: span.size });
  }
  const column: [number, number] = [box[0] + 2, box[2] - 2];
  return paragraphsOf(lines, column).map((group) => {
    const block = paragraphBlock(group, column, page, 0, (size) => size * 1.2);
    return { ...block, heading: 0, spaceBefore: 0 };
  });
}
