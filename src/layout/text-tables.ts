// Tables laid out by aligned text (no ruling lines): a run of at least three
// lines that each carry cells set apart by wide gaps (at tab stops) is a table
// when the cells line up: the x ranges the runs' spans cover, merged over all
// rows, leave clear vertical gutters, and every row but a title fills at least
// two of the columns those gutters make. A span that bridges a gutter (a wide
// heading) spans those columns.
import { union, type Line, type RawSpan } from './facts.js';
import type { Box } from './model.js';

/** A table found among a column's lines, with each cell's spans (text made later). */
export interface TextTable {
  lines: Line[];
  bbox: Box;
  /** Column edges: xs[c]..xs[c+1] is column c. */
  xs: number[];
  rows: Array<Array<{ column: number; colSpan: number; spans: RawSpan[] }>>;
  /** Baselines of the rows (row heights come from their distances). */
  bases: number[];
}

const MIN_ROWS = 3;
const MIN_COLUMNS = 3;

/** Wide gaps between spans: where text stands at a tab stop. */
function cellsOf(line: Line): RawSpan[][] {
  const cells: RawSpan[][] = [];
  line.spans.forEach((s, i) => {
    const prev = line.spans[i - 1];
    if (prev && s.bbox[0] - prev.bbox[2] <= prev.size * 1.2) cells[cells.length - 1].push(s);
    else cells.push([s]);
  });
  return cells;
}

const boxOf = (spans: RawSpan[]): Box => spans.map((s) => s.bbox).reduce(union);

/** Aligned-text tables among `lines` (one column's lines, top to bottom, one per baseline). */
export function findTextTables(lines: Line[]): TextTable[] {
  const tables: TextTable[] = [];
  let run: Line[] = [];
  const flush = () => {
    if (run.length >= MIN_ROWS) {
      const table = tableOf(run);
      if (table) tables.push(table);
    }
    run = [];
  };
  for (const line of lines) {
    const prev = run[run.length - 1];
    // Rows follow each other at about one line pitch.
    if (prev && (line.base - prev.base > 2.2 * Math.max(prev.size, line.size) || Math.abs(line.size - prev.size) > 1.5))
      flush();
    if (cellsOf(line).length >= 2) run.push(line);
    else flush();
  }
  flush();
  return tables;
}

function tableOf(lines: Line[]): TextTable | undefined {
  const cellBoxes = lines.map((l) => cellsOf(l).map((c) => ({ spans: c, box: boxOf(c) })));
  // Occupied x ranges over all rows; a cell bridging two ranges is judged after (a spanning heading).
  const ranges: Array<[number, number]> = [];
  const body = cellBoxes.filter((cells) => cells.length >= 3);
  if (body.length < MIN_ROWS) return undefined;
  for (const cells of body) for (const { box } of cells) ranges.push([box[0], box[2]]);
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  if (merged.length < MIN_COLUMNS) return undefined;
  const xs = [merged[0][0], ...merged.slice(1).map((m, i) => (merged[i][1] + m[0]) / 2), merged[merged.length - 1][1]];
  const columnAt = (x: number) => {
    for (let c = 0; c < merged.length - 1; c++) if (x < xs[c + 1]) return c;
    return merged.length - 1;
  };
  const rows: TextTable['rows'] = [];
  for (const cells of cellBoxes) {
    const row: TextTable['rows'][number] = [];
    for (const { spans, box } of cells) {
      const first = columnAt(box[0] + 0.5);
      const last = Math.max(first, columnAt(box[2] - 0.5));
      const clash = row.find((c) => c.column + c.colSpan > first);
      if (clash) {
        // Two cells in one column: the columns are not aligned after all.
        return undefined;
      }
      row.push({ column: first, colSpan: last - first + 1, spans });
    }
    rows.push(row);
  }
  // Most rows must fill most columns: short lists with a tab are not tables.
  const full = rows.filter((r) => r.length >= Math.min(merged.length, MIN_COLUMNS)).length;
  if (full < Math.max(MIN_ROWS, 0.6 * rows.length)) return undefined;
  return { lines, bbox: lines.map((l) => l.bbox).reduce(union), xs, rows, bases: lines.map((l) => l.base) };
}
