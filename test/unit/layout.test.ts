// The layout analysis on synthetic page facts (no tools): column gutters,
// ruled tables with merged cells, aligned-text tables, figures with their labels,
// hyphenation, bullets, accents.
import { describe, expect, it } from 'vitest';
import { analysePage, findGutters, type PageContext } from '../../src/layout/analyse.js';
import { composeAccents, type Line, type RawDraw, type RawPage, type RawSpan } from '../../src/layout/facts.js';
import { joinBrokenWords } from '../../src/layout/hyphens.js';
import type { Box, ParagraphBlock, TableBlock } from '../../src/layout/model.js';
import { findRuledTables } from '../../src/layout/tables.js';

function span(text: string, x0: number, base: number, x1 = x0 + text.length * 5, size = 10): RawSpan {
  return {
    font: 'ABCDEF+Times-Roman',
    size,
    bold: false,
    italic: false,
    mono: false,
    color: 0,
    text,
    bbox: [x0, base - 8, x1, base + 2],
    base,
  };
}
function line(...spans: RawSpan[]): Line {
  const bbox: Box = [
    Math.min(...spans.map((s) => s.bbox[0])),
    Math.min(...spans.map((s) => s.bbox[1])),
    Math.max(...spans.map((s) => s.bbox[2])),
    Math.max(...spans.map((s) => s.bbox[3])),
  ];
  return { bbox, spans, block: 1, base: spans[0].base, size: spans[0].size };
}
const stroke = (bbox: Box): RawDraw => ({ kind: 'stroke', bbox, color: [0], width: 0.5 });
const page = (lines: Line[], draws: RawDraw[] = []): RawPage => ({
  page: 1,
  width: 612,
  height: 792,
  lines,
  draws,
  links: [],
});
const figures: Box[] = [];
const ctx: PageContext = {
  bodySize: 10,
  margins: { top: 72, right: 72, bottom: 72, left: 72 },
  isRunning: () => false,
  addFigure: (_page, bbox) => figures.push(bbox) - 1,
};

/** Two justified columns of `rows` lines: 72–296 and 316–540. */
function twoColumns(rows: number): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i < rows; i++) {
    lines.push(line(span(`left words of line ${i} here`, 72, 100 + i * 12, 296)));
    lines.push(line(span(`right words of line ${i} here`, 316, 100 + i * 12, 540)));
  }
  return lines;
}

describe('layout analysis', () => {
  it('finds the gutter between two columns, none in a single column', () => {
    const gutters = findGutters(twoColumns(20), 72, 540);
    expect(gutters).toHaveLength(1);
    expect(gutters[0][0]).toBeCloseTo(296, 0);
    expect(gutters[0][1]).toBeCloseTo(315.5, 0);
    const single = Array.from({ length: 30 }, (_, i) =>
      line(span(`a full width line number ${i}`, 72, 100 + i * 12, 540)),
    );
    expect(findGutters(single, 72, 540)).toEqual([]);
  });

  it('lays out a full-width title over two columns, column text as justified paragraphs', () => {
    const title = line(span('A Title Across The Page', 200, 80, 420, 18));
    const layout = analysePage(page([title, ...twoColumns(20)]), [title, ...twoColumns(20)], ctx);
    expect(layout.bands.map((b) => b.columns.length)).toEqual([1, 2]);
    const [left, right] = layout.bands[1].content;
    expect(left).toHaveLength(1);
    expect(right).toHaveLength(1);
    const p = left[0] as ParagraphBlock;
    expect(p.align).toBe('justify');
    expect(p.lineHeight).toBeCloseTo(12, 5);
    expect((layout.bands[0].content[0][0] as ParagraphBlock).heading).toBe(1);
  });

  it('reads a ruled grid with a missing rule as merged cells', () => {
    // 3 columns × 2 rows; no rule between the two right cells of row 0: they merge.
    const xs = [100, 200, 300, 400];
    const ys = [100, 120, 140];
    const draws = [
      ...ys.map((y) => stroke([100, y - 0.25, 400, y + 0.25])),
      stroke([99.75, 100, 100.25, 140]),
      stroke([199.75, 100, 200.25, 140]),
      stroke([299.75, 120, 300.25, 140]),
      stroke([399.75, 100, 400.25, 140]),
    ];
    const cells = [
      line(span('A', 105, 115)),
      line(span('merged', 210, 115)),
      line(span('C', 105, 135)),
      line(span('D', 205, 135)),
      line(span('E', 305, 135)),
    ];
    const { tables } = findRuledTables(draws, cells);
    expect(tables).toHaveLength(1);
    expect(tables[0].xs).toEqual(xs);
    const merged = tables[0].cells.find((c) => c.row === 0 && c.column === 1);
    expect(merged).toMatchObject({ colSpan: 2, rowSpan: 1 });
    expect(merged!.spans.map((s) => s.text)).toEqual(['merged']);
    const layout = analysePage(page(cells, draws), cells, ctx);
    const table = layout.bands[0].content[0].find((b) => b.kind === 'table') as TableBlock;
    expect(table.rows.map((r) => r.length)).toEqual([2, 3]);
  });

  it('takes a drawing and the labels inside it as one figure; joins a hyphenated line end', () => {
    figures.length = 0;
    const draws = [stroke([100, 300, 180, 360]), stroke([200, 300, 280, 360]), stroke([180, 330, 200, 331])];
    const label = line(span('Node', 120, 330, 150, 6));
    const text = [line(span('a trace com-', 72, 400, 540)), line(span('piled once', 72, 412, 200))];
    const layout = analysePage(page([label, ...text], draws), [label, ...text], ctx);
    expect(figures).toHaveLength(1);
    const blocks = layout.bands[0].content[0];
    expect(blocks.map((b) => b.kind)).toEqual(['figure', 'paragraph']);
    expect(blocks[0].kind === 'figure' && blocks[0].alt).toBe('Node');
    expect((blocks[1] as ParagraphBlock).runs.map((r) => r.text).join('')).toBe('a trace compiled once');
  });

  it('a full-width table set out by aligned text across the gutter stays one table, rows in order, beside two text columns', () => {
    const rows = ['Name Loops Trees Speedup', 'alpha 25 27 2.20x', 'beta 5 8 2.86x', 'gamma 10 25 1.18x'].map(
      (row, r) => {
        const [name, a, b, c] = row.split(' ');
        const base = 80 + r * 10;
        return line(
          span(name, 72, base, 120),
          span(a, 200, base, 215),
          span(b, 330, base, 345),
          span(c, 480, base, 505),
        );
      },
    );
    const text = twoColumns(20).map((l) => ({
      ...l,
      bbox: [l.bbox[0], l.bbox[1] + 60, l.bbox[2], l.bbox[3] + 60] as Box,
      base: l.base + 60,
      spans: l.spans.map((s) => ({
        ...s,
        base: s.base + 60,
        bbox: [s.bbox[0], s.bbox[1] + 60, s.bbox[2], s.bbox[3] + 60] as Box,
      })),
    }));
    const layout = analysePage(page([...rows, ...text]), [...rows, ...text], ctx);
    const tables = layout.bands.flatMap((b) => b.content.flat()).filter((b): b is TableBlock => b.kind === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0].borderless).toBe(true);
    const cells = tables[0].rows.map((row) =>
      row.map((c) => c.paragraphs.map((p) => p.runs.map((r) => r.text).join('')).join('')),
    );
    expect(cells).toEqual([
      ['Name', 'Loops', 'Trees', 'Speedup'],
      ['alpha', '25', '27', '2.20x'],
      ['beta', '5', '8', '2.86x'],
      ['gamma', '10', '25', '1.18x'],
    ]);
    // The text below still has its two columns.
    expect(layout.bands.some((b) => b.columns.length === 2)).toBe(true);
  });

  it('a bullet glyph becomes a list item; a word hyphenated across a column break is joined; TeX accents compose', () => {
    const lines = [line(span('•', 90, 100, 94), span('First item of the list', 102, 100, 300))];
    const layout = analysePage(page(lines), lines, ctx);
    const item = layout.bands[0].content[0][0] as ParagraphBlock;
    expect(item.bullet).toBe('•');
    expect(item.runs.map((r) => r.text).join('')).toBe('First item of the list');

    const para = (text: string): ParagraphBlock => ({
      kind: 'paragraph',
      runs: [{ text, style: { font: 'Times', size: 10, bold: false, italic: false, mono: false } }],
      heading: 0,
      align: 'left',
      lineHeight: 12,
      spaceBefore: 0,
      indentLeft: 0,
      indentFirst: 0,
      tabs: [],
    });
    const a = para('optimizing direct threaded code by selec-');
    const b = para('tive inlining. In Proceedings');
    joinBrokenWords([
      {
        page: 1,
        width: 612,
        height: 792,
        bands: [
          {
            columns: [
              { width: 200, gap: 20 },
              { width: 200, gap: 0 },
            ],
            content: [[a], [b]],
          },
        ],
      },
    ]);
    expect(a.runs[0].text).toBe('optimizing direct threaded code by selective');
    expect(b.runs[0].text).toBe('inlining. In Proceedings');

    expect(composeAccents('a na¨ıve caf´e')).toBe('a naïve café');
  });
});
