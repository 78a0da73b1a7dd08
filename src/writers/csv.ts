// CSV (RFC 4180, UTF-8) for one table read from a PDF: CRLF line ends, every
// field quoted when it holds a quote, comma or line break. Values are the text
// the PDF shows ("(1,234)", "12.5%"), which is lossless; typing is the XLSX
// writer's job. A merged cell's text stands in its top-left field, the fields
// it covers stay empty. A text field that a spreadsheet would run as a formula
// (=, +, -, @ first, and not a number) gets a leading apostrophe (OWASP's
// advice for CSV injection), since the PDF is untrusted.
import type { SheetTable } from '../layout/sheet-tables.js';

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMERIC = /^[-+]?[\d.,\s]+%?$/;

function field(text: string): string {
  const safe = FORMULA_START.test(text) && !NUMERIC.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as CSV text. */
export function tableCsv(table: SheetTable): string {
  const grid: string[][] = Array.from({ length: table.rows }, () => Array<string>(table.columns).fill(''));
  for (const cell of table.cells)
    if (grid[cell.row] && cell.column < table.columns) grid[cell.row][cell.column] = cell.text;
  return grid.map((row) => `${row.map(field).join(',')}\r\n`).join('');
}
