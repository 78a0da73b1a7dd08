// Tables drawn with ruling lines: thin horizontal and vertical strokes (or
// hairline filled rectangles, as LibreOffice draws cell borders) that cluster
// into a grid. Grid lines are the distinct x of the vertical rules and the
// distinct y of the horizontal ones; a cell spans to the right or down while
// the rule between it and its neighbour is missing (merged cells).
import { centerInside, clusterBoxes, type Line, type RawDraw, type RawSpan } from './facts.js';
import type { Box, TableBlock } from './model.js';

/** A table found on a page, with the spans that belong to each cell (text made later). */
export interface FoundTable {
  bbox: Box;
  xs: number[];
  ys: number[];
  cells: Array<{ row: number; column: number; rowSpan: number; colSpan: number; spans: RawSpan[] }>;
}

const THIN = 2.5;

interface Rule {
  horizontal: boolean;
  /** Position across the rule (y for horizontal). */
  at: number;
  from: number;
  to: number;
  draw: RawDraw;
}

function ruleOf(draw: RawDraw): Rule | undefined {
  if (draw.kind !== 'stroke' && draw.kind !== 'fill') return undefined;
  const [x0, y0, x1, y1] = draw.bbox;
  const w = x1 - x0;
  const h = y1 - y0;
  if (h <= THIN && w > 4) return { horizontal: true, at: (y0 + y1) / 2, from: x0, to: x1, draw };
  if (w <= THIN && h > 4) return { horizontal: false, at: (x0 + x1) / 2, from: y0, to: y1, draw };
  return undefined;
}

/** Distinct positions (merged within `tolerance`), sorted. */
function distinct(values: number[], tolerance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) if (out.length === 0 || v - out[out.length - 1] > tolerance) out.push(v);
  return out;
}

/** Is there a rule at `at` (±tolerance) covering the middle of [from, to]? */
function covered(rules: Rule[], at: number, from: number, to: number): boolean {
  const mid = (from + to) / 2;
  const quarter = (to - from) / 4;
  return rules.some((r) => Math.abs(r.at - at) <= 2 && r.from <= mid - quarter + 1 && r.to >= mid + quarter - 1);
}

/** Finds ruled tables; returns them and the draws they used (so figures do not take them). */
export function findRuledTables(draws: RawDraw[], lines: Line[]): { tables: FoundTable[]; used: Set<RawDraw> } {
  const rules = draws.map(ruleOf).filter((r): r is Rule => r !== undefined);
  const used = new Set<RawDraw>();
  const tables: FoundTable[] = [];
  for (const group of clusterBoxes(rules, (r) => r.draw.bbox, 2)) {
    const h = group.filter((r) => r.horizontal);
    const v = group.filter((r) => !r.horizontal);
    if (h.length < 2 || v.length < 2) continue;
    const ys = distinct(
      h.map((r) => r.at),
      2,
    );
    const xs = distinct(
      v.map((r) => r.at),
      2,
    );
    if (ys.length < 2 || xs.length < 2) continue;
    const bbox: Box = [xs[0], ys[0], xs[xs.length - 1], ys[ys.length - 1]];
    // Cells: walk the grid; a cell grows right/down while the rule on that side is missing.
    const taken = ys.slice(1).map(() => xs.slice(1).map(() => false));
    const cells: FoundTable['cells'] = [];
    for (let r = 0; r < ys.length - 1; r++) {
      for (let c = 0; c < xs.length - 1; c++) {
        if (taken[r][c]) continue;
        let colSpan = 1;
        while (c + colSpan < xs.length - 1 && !taken[r][c + colSpan] && !covered(v, xs[c + colSpan], ys[r], ys[r + 1]))
          colSpan++;
        let rowSpan = 1;
        const openBelow = (row: number) => {
          for (let k = c; k < c + colSpan; k++)
            if (taken[row + 1]?.[k] !== false || covered(h, ys[row + 1], xs[k], xs[k + 1])) return false;
          return true;
        };
        while (r + rowSpan < ys.length - 1 && openBelow(r + rowSpan - 1)) rowSpan++;
        for (let rr = r; rr < r + rowSpan; rr++) for (let cc = c; cc < c + colSpan; cc++) taken[rr][cc] = true;
        cells.push({ row: r, column: c, rowSpan, colSpan, spans: [] });
      }
    }
    // A "grid" of one cell is a frame around something (a code listing, a figure), not a table.
    if (cells.length < 2) continue;
    const cellBox = (cell: FoundTable['cells'][number]): Box => [
      xs[cell.column],
      ys[cell.row],
      xs[cell.column + cell.colSpan],
      ys[cell.row + cell.rowSpan],
    ];
    let placed = 0;
    for (const line of lines) {
      for (const span of line.spans) {
        const cell = cells.find((c) => centerInside(span.bbox, cellBox(c)));
        if (cell) {
          cell.spans.push(span);
          placed++;
        }
      }
    }
    if (placed === 0) continue;
    for (const r of group) used.add(r.draw);
    tables.push({ bbox, xs, ys, cells });
  }
  // Cell shading: fills lying inside a table belong to it.
  for (const d of draws)
    if (
      d.kind === 'fill' &&
      tables.some((t) => centerInside(d.bbox, t.bbox) && d.bbox[2] - d.bbox[0] <= t.bbox[2] - t.bbox[0] + 1)
    )
      used.add(d);
  return { tables, used };
}

/** The model's table for `found`, cell paragraphs made by `paragraphs`. */
export function tableBlock(
  found: FoundTable,
  paragraphs: (spans: RawSpan[], box: Box) => TableBlock['rows'][number][number]['paragraphs'],
): TableBlock {
  const { xs, ys } = found;
  const rows: TableBlock['rows'] = ys.slice(1).map(() => []);
  for (const cell of found.cells) {
    const box: Box = [xs[cell.column], ys[cell.row], xs[cell.column + cell.colSpan], ys[cell.row + cell.rowSpan]];
    rows[cell.row].push({
      column: cell.column,
      colSpan: cell.colSpan,
      rowSpan: cell.rowSpan,
      paragraphs: paragraphs(cell.spans, box),
    });
  }
  for (const row of rows) row.sort((a, b) => a.column - b.column);
  return {
    kind: 'table',
    columnWidths: xs.slice(1).map((x, i) => x - xs[i]),
    rowHeights: ys.slice(1).map((y, i) => y - ys[i]),
    rows,
    spaceBefore: 0,
    indentLeft: 0,
  };
}
