// PDF → XLSX / CSV: the tables the PDF → Word layout analysis finds
// (convert-layout.ts: ruled grids with merged cells, text at tab stops),
// read as grids (layout/sheet-tables.ts), continuations across pages joined.
// Figures are not drawn (a spreadsheet takes none), which keeps tracemonkey
// under half a second. A document without any table gives its text lines,
// one sheet per page, so the answer is never an empty workbook.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunContext, ZipEntry } from '../core/contract.js';
import { checkOutputCount } from '../files/zip.js';
import type { Line } from '../layout/facts.js';
import { linesTable, tablesOf, type SheetTable } from '../layout/sheet-tables.js';
import { tableCsv } from '../writers/csv.js';
import { writeXlsx } from '../writers/xlsx.js';
import { layoutPdf } from './convert-layout.js';

/** The tables of `source` (unencrypted), or, when it has none, each page's lines as a table; `found` says which. */
export async function readTables(
  run: RunContext,
  source: string,
  pages: number,
  maxPixels: number,
): Promise<{ tables: SheetTable[]; found: boolean }> {
  const linesByPage = new Map<number, Line[]>();
  const doc = await layoutPdf(run, source, pages, maxPixels, {
    figures: false,
    onPage: (page, lines) => linesByPage.set(page.page, lines),
  });
  const tables = tablesOf(doc);
  if (tables.length > 0) return { tables, found: true };
  return { tables: [...linesByPage].map(([page, lines]) => linesTable(page, lines)), found: false };
}

/** A table's sheet or file name part: `p<page>-t<n>` (or `p<page>` for a page's lines). */
export const tableName = (table: SheetTable) => (table.index > 0 ? `p${table.page}-t${table.index}` : `p${table.page}`);

/** Writes the workbook: one sheet per table. */
export async function tablesToXlsx(tables: SheetTable[], output: string): Promise<void> {
  await writeXlsx(
    tables.map((table) => ({ name: tableName(table), table })),
    output,
  );
}

/** Writes one CSV per table into `dir`; `maxFiles` (MAX_OUTPUT_FILES) is checked before any is written. */
export async function tablesToCsv(
  tables: SheetTable[],
  dir: string,
  stem: string,
  maxFiles: number,
): Promise<ZipEntry[]> {
  checkOutputCount(tables.length, maxFiles);
  return Promise.all(
    tables.map(async (table) => {
      const name = tables.length === 1 ? `${stem}.csv` : `${stem}-${tableName(table)}.csv`;
      const file = path.join(dir, `table-${tableName(table)}.csv`);
      await fs.writeFile(file, tableCsv(table), { mode: 0o600 });
      return { path: file, name };
    }),
  );
}
