// The tables of a laid-out document (src/layout/analyse.ts finds them for
// PDF → Word: ruled grids with merged cells, and text set out at tab stops)
// as plain grids of cell texts for spreadsheets. A table continued on the
// next page is joined to its start: the part must end its page and the
// continuation open the next, with as many columns, repeating the header row
// (dropped) or keeping the column widths within a point and a half.
import { lineText, type Line } from './facts.js';
import type { LayoutDocument, ParagraphBlock, TableBlock } from './model.js';

/** A cell: grid position and span, its text (lines of a cell joined, paragraphs on new lines), and whether it is all bold. */
export interface SheetCell {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  bold: boolean;
}

/** A table as a grid: where it starts (page, n-th table there), its size and cells. */
export interface SheetTable {
  page: number;
  index: number;
  rows: number;
  columns: number;
  /** Column widths in points (the first part's, for a table that spans pages). */
  columnWidths: number[];
  cells: SheetCell[];
  /** Leading rows that are headings (all bold, or repeated on the next page). */
  headerRows: number;
}

function paragraphText(p: ParagraphBlock): string {
  const text = p.runs
    .map((r) => r.text)
    .join('')
    .replace(/\t/g, ' ');
  if (p.bullet) return `${p.bullet} ${text}`;
  if (p.number) return `${p.number.prefix}${p.number.value}${p.number.suffix} ${text}`;
  return text;
}

function gridOf(block: TableBlock, page: number, index: number): SheetTable {
  const cells: SheetCell[] = [];
  block.rows.forEach((row, r) => {
    for (const cell of row) {
      const runs = cell.paragraphs.flatMap((p) => p.runs).filter((run) => /\S/.test(run.text));
      cells.push({
        row: r,
        column: cell.column,
        rowSpan: cell.rowSpan,
        colSpan: cell.colSpan,
        text: cell.paragraphs.map(paragraphText).join('\n').trim(),
        bold: runs.length > 0 && runs.every((run) => run.style.bold),
      });
    }
  });
  dropEmptyRows(cells);
  const rows = Math.max(0, ...cells.map((c) => c.row + c.rowSpan));
  const firstRow = cells.filter((c) => c.row === 0 && c.text !== '');
  const bodyBold = cells.filter((c) => c.row > 0 && c.text !== '').every((c) => c.bold);
  const headerRows = firstRow.length > 0 && firstRow.every((c) => c.bold) && !bodyBold ? 1 : 0;
  return { page, index, rows, columns: block.columnWidths.length, columnWidths: block.columnWidths, cells, headerRows };
}

/**
 * Removes rows without any text that no merged cell crosses: they hold no data (LibreOffice
 * draws such a row under a heading repeated on a new page), and a sheet is easier to use without.
 */
function dropEmptyRows(cells: SheetCell[]): void {
  const rows = Math.max(0, ...cells.map((c) => c.row + c.rowSpan));
  for (let r = rows - 1; r >= 0; r--) {
    const touching = cells.filter((c) => c.row <= r && c.row + c.rowSpan > r);
    if (touching.some((c) => c.text !== '' || c.rowSpan > 1)) continue;
    for (let i = cells.length - 1; i >= 0; i--) if (cells[i].row === r) cells.splice(i, 1);
    for (const c of cells) if (c.row > r) c.row--;
  }
}

const rowTexts = (table: SheetTable, row: number) =>
  table.cells
    .filter((c) => c.row === row)
    .sort((a, b) => a.column - b.column)
    .map((c) => `${c.column}:${c.colSpan}:${c.text}`)
    .join('|');

/** Appends `next` (a continuation) to `table`; a repeated header row is dropped. */
function join(table: SheetTable, next: SheetTable): void {
  const repeated = rowTexts(next, 0) === rowTexts(table, 0);
  const skip = repeated ? 1 : 0;
  if (repeated) table.headerRows = Math.max(table.headerRows, 1);
  for (const cell of next.cells) if (cell.row >= skip) table.cells.push({ ...cell, row: cell.row - skip + table.rows });
  table.rows += next.rows - skip;
}

/** Tables that are the first block of their page's body, and those that are the last. */
interface Edges {
  opening: Set<SheetTable>;
  ending: Set<SheetTable>;
}

/**
 * `next` goes on from `prev`, which belongs to `table`: `prev` is the last thing on its page's
 * body and `next` the first on the next page (text between them means two tables), with as
 * many columns, and it repeats the heading row or keeps the column widths.
 */
function continues(prev: SheetTable, next: SheetTable, table: SheetTable, edges: Edges): boolean {
  if (
    next.columns !== table.columns ||
    next.page !== prev.page + 1 ||
    !edges.ending.has(prev) ||
    !edges.opening.has(next)
  )
    return false;
  if (rowTexts(next, 0) === rowTexts(table, 0) && rowTexts(next, 0) !== '') return true;
  return next.columnWidths.every((w, i) => Math.abs(w - prev.columnWidths[i]) <= 1.5);
}

/** Every table of `doc` in reading order (pages, then bands, then columns), continuations joined. */
export function tablesOf(doc: LayoutDocument): SheetTable[] {
  const found: SheetTable[] = [];
  const edges: Edges = { opening: new Set(), ending: new Set() };
  for (const page of doc.pages) {
    let index = 0;
    const blocks = page.bands.flatMap((band) => band.content.flat());
    blocks.forEach((block, i) => {
      if (block.kind !== 'table') return;
      const table = gridOf(block, page.page, ++index);
      found.push(table);
      if (i === 0) edges.opening.add(table);
      if (i === blocks.length - 1) edges.ending.add(table);
    });
  }
  const out: SheetTable[] = [];
  // The table (in `out`) each found part ended up in, to go on from the part that ends a page.
  let owner: SheetTable | undefined;
  found.forEach((table, i) => {
    const prev = found[i - 1];
    if (prev && owner && continues(prev, table, owner, edges)) {
      join(owner, table);
      return;
    }
    owner = { ...table, cells: [...table.cells] };
    out.push(owner);
  });
  return out;
}

/** A page's text lines as rows (cells split where text stands at a tab stop): the sheet of a page in a document without tables. */
export function linesTable(page: number, lines: Line[]): SheetTable {
  const cells: SheetCell[] = [];
  const sorted = [...lines].sort((a, b) => a.base - b.base || a.bbox[0] - b.bbox[0]);
  let row = -1;
  let lastBase = -Infinity;
  let column = 0;
  for (const line of sorted) {
    if (Math.abs(line.base - lastBase) > Math.max(2, 0.3 * line.size)) {
      row++;
      column = 0;
      lastBase = line.base;
    }
    let group: Line['spans'] = [];
    const flush = () => {
      if (group.length === 0) return;
      cells.push({
        row,
        column: column++,
        rowSpan: 1,
        colSpan: 1,
        text: lineText(group).trim(),
        bold: group.every((s) => s.bold),
      });
      group = [];
    };
    for (const span of line.spans) {
      const prev = group[group.length - 1];
      if (prev && span.bbox[0] - prev.bbox[2] > prev.size * 1.2) flush();
      group.push(span);
    }
    flush();
  }
  const columns = Math.max(1, ...cells.map((c) => c.column + 1));
  return {
    page,
    index: 0,
    rows: row + 1,
    columns,
    columnWidths: [],
    cells: cells.filter((c) => c.text !== ''),
    headerRows: 0,
  };
}
