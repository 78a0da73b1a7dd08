// Independent readers of spreadsheets for the PDF → XLSX/CSV tests and the
// tables benchmark: openpyxl (python3-openpyxl) for XLSX cells, types and
// merges, Python's csv module for CSV, and cell accuracy against a
// ground-truth table (test/helpers/table-docs.ts).
import { out } from './async-tools.js';
import type { TruthTable, TruthValue } from './table-docs.js';

/** A cell as openpyxl reads it: 0-based position, value (dates as {date}), number format. */
export interface ReadCell {
  row: number;
  column: number;
  value: TruthValue;
  format: string;
  bold: boolean;
}

/** A worksheet as openpyxl reads it. */
export interface ReadSheet {
  name: string;
  cells: ReadCell[];
  /** Merged ranges, 0-based inclusive: [row0, col0, row1, col1]. */
  merged: Array<[number, number, number, number]>;
}

/** Debian's python (python3-openpyxl is installed for it; a python3 earlier on PATH may lack it). */
const DEBIAN_PYTHON = '/usr/bin/python3';

const OPENPYXL = `
import datetime, json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = []
for ws in wb.worksheets:
    cells = []
    for row in ws.iter_rows():
        for c in row:
            v = c.value
            if v is None or type(c).__name__ == 'MergedCell':
                continue
            if isinstance(v, datetime.datetime):
                v = {'date': v.date().isoformat()}
            cells.append({'row': c.row - 1, 'column': c.column - 1, 'value': v, 'format': c.number_format, 'bold': bool(c.font and c.font.b)})
    merged = [[r.min_row - 1, r.min_col - 1, r.max_row - 1, r.max_col - 1] for r in ws.merged_cells.ranges]
    out.append({'name': ws.title, 'cells': cells, 'merged': merged})
print(json.dumps(out))
`;

/** Every sheet of an XLSX, read by openpyxl. */
export async function readXlsx(file: string): Promise<ReadSheet[]> {
  return JSON.parse(await out(DEBIAN_PYTHON, ['-c', OPENPYXL, file])) as ReadSheet[];
}

/** Rows of a CSV file, read by Python's csv module (which also checks it decodes as UTF-8). */
export async function readCsv(file: string): Promise<string[][]> {
  const script =
    "import csv, json, sys\nwith open(sys.argv[1], newline='', encoding='utf-8') as f:\n    print(json.dumps(list(csv.reader(f, strict=True))))";
  return JSON.parse(await out(DEBIAN_PYTHON, ['-c', script, file])) as string[][];
}

const norm = (text: string) =>
  text
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** Does `got` hold `want` (text compared with whitespace collapsed, numbers to 1e-9, dates by day)? */
export function sameValue(want: TruthValue, got: TruthValue | undefined): boolean {
  if (got === undefined) return false;
  if (typeof want === 'number') return typeof got === 'number' && Math.abs(got - want) < 1e-9;
  if (typeof want === 'string') return typeof got === 'string' && norm(got) === norm(want);
  return typeof got === 'object' && got.date === want.date;
}

/** Fraction of `truth`'s cells found at their position with their value (and span) in `cellAt`. */
export function cellAccuracy(
  truth: TruthTable,
  cellAt: (row: number, column: number) => { value: TruthValue; rowSpan: number; colSpan: number } | undefined,
): { matched: number; total: number; misses: string[] } {
  const misses: string[] = [];
  let matched = 0;
  for (const cell of truth.cells) {
    const got = cellAt(cell.row, cell.column);
    if (got && sameValue(cell.value, got.value) && got.rowSpan === cell.rowSpan && got.colSpan === cell.colSpan)
      matched++;
    else
      misses.push(
        `(${cell.row},${cell.column}) want ${JSON.stringify(cell.value)} ${cell.rowSpan}x${cell.colSpan}, got ${JSON.stringify(got)}`,
      );
  }
  return { matched, total: truth.cells.length, misses };
}

/** cellAt for an openpyxl sheet: value and the merge the cell opens. */
export function sheetCells(
  sheet: ReadSheet,
): (row: number, column: number) => { value: TruthValue; rowSpan: number; colSpan: number } | undefined {
  return (row, column) => {
    const cell = sheet.cells.find((c) => c.row === row && c.column === column);
    if (!cell) return undefined;
    const merge = sheet.merged.find((m) => m[0] === row && m[1] === column);
    return {
      value: cell.value,
      rowSpan: merge ? merge[2] - merge[0] + 1 : 1,
      colSpan: merge ? merge[3] - merge[1] + 1 : 1,
    };
  };
}

/** cellAt for CSV rows: the text (spans are not in CSV: a cell counts as spanning as the truth says when the fields it covers are empty). */
export function csvCells(
  rows: string[][],
  truth: TruthTable,
): (row: number, column: number) => { value: TruthValue; rowSpan: number; colSpan: number } | undefined {
  return (row, column) => {
    const text = rows[row]?.[column];
    if (text === undefined) return undefined;
    const want = truth.cells.find((c) => c.row === row && c.column === column);
    const span = want ?? { rowSpan: 1, colSpan: 1 };
    for (let r = row; r < row + span.rowSpan; r++)
      for (let c = column; c < column + span.colSpan; c++)
        if ((r !== row || c !== column) && rows[r]?.[c] !== '') return { value: text, rowSpan: 1, colSpan: 1 };
    return { value: text, rowSpan: span.rowSpan, colSpan: span.colSpan };
  };
}
