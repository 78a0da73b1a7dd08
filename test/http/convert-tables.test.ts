// PDF → XLSX and CSV through HTTP: a generated document with known tables
// (ruled with merged and wrapped cells, aligned by tab stops, one spanning two
// pages with a repeated header) printed to PDF by the service's LibreOffice,
// converted back, and every cell checked by openpyxl, Python's csv module and
// LibreOffice's own XLSX import; tracemonkey's Table 1; bad inputs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { out } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { wordRecall } from '../helpers/recall.js';
import { cellAccuracy, csvCells, readCsv, readXlsx, sheetCells, type ReadSheet } from '../helpers/sheets.js';
import { ALIGNED, RULED, SPANNING, TABLES_IN_ORDER, tablesDocument, type TruthTable } from '../helpers/table-docs.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let scratch: string;
let tablesPdf: string;

beforeAll(async () => {
  server = await startTestServer({ LIBREOFFICE_POOL_SIZE: '1', MAX_OUTPUT_FILES: '2' });
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-tables-test-'));
  const res = await server.post(
    'convert',
    form({ file: await filePart(await tablesDocument(path.join(scratch, 'tables.odt'))), to: 'pdf' }),
    key,
  );
  expect(res.status).toBe(200);
  tablesPdf = await saveBody(res, 'tables.pdf');
}, 120_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function convert(file: string, to: string, name: string): Promise<{ file: string; res: Response }> {
  const res = await server.post('convert', form({ file: await filePart(file), to }), key);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(200);
  return { file: await saveBody(res, name), res };
}

const asText = (truth: TruthTable): TruthTable => ({
  ...truth,
  cells: truth.cells.map((c) => ({ ...c, value: c.text })),
});

describe('convert to=xlsx', () => {
  let sheets: ReadSheet[];
  let res: Response;
  let xlsx: string;
  beforeAll(async () => {
    const got = await convert(tablesPdf, 'xlsx', 'tables.xlsx');
    res = got.res;
    xlsx = got.file;
    sheets = await readXlsx(got.file);
  }, 120_000);

  it('one sheet per table named p<page>-t<n>, the spanning table joined into one', () => {
    expect(res.headers.get('content-type')).toContain('spreadsheetml.sheet');
    expect(res.headers.get('x-tables')).toBe('3');
    expect(sheets.map((s) => s.name)).toEqual(['p1-t1', 'p1-t2', expect.stringMatching(/^p[12]-t[123]$/)]);
  });

  it('every cell at its place with its typed value and span (openpyxl)', () => {
    TABLES_IN_ORDER.forEach((truth, i) => {
      const { matched, total, misses } = cellAccuracy(truth, sheetCells(sheets[i]));
      expect(misses, sheets[i].name).toEqual([]);
      expect(matched).toBe(total);
    });
    // Nothing more than the table: the spanning table's repeated header is not a row.
    expect(Math.max(...sheets[2].cells.map((c) => c.row))).toBe(SPANNING.rows - 1);
  });

  it('number formats show the value as the PDF did; header rows bold', () => {
    const format = (row: number, column: number) =>
      sheets[0].cells.find((c) => c.row === row && c.column === column)?.format;
    expect(format(1, 1)).toBe('#,##0.00');
    expect(format(1, 2)).toBe('0.0%');
    expect(format(2, 1)).toBe('0.00;(0.00)');
    expect(format(3, 1)).toMatch(/\$.*#,##0/);
    expect(sheets[0].cells.filter((c) => c.row === 0).every((c) => c.bold)).toBe(true);
    expect(sheets[0].cells.filter((c) => c.row === 1).some((c) => c.bold)).toBe(false);
  });

  it('LibreOffice opens the workbook and shows the same cells', async () => {
    const profile = path.join(scratch, 'lo-profile');
    const dir = path.join(scratch, 'lo');
    // Sheet -1: every sheet to its own CSV, cells as formatted (so the number formats are checked too).
    await out('soffice', [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1',
      '--outdir',
      dir,
      xlsx,
    ]);
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(3);
    for (const [i, truth] of [RULED, ALIGNED].entries()) {
      const rows = await readCsv(path.join(dir, `tables-${sheets[i].name}.csv`));
      const { misses } = cellAccuracy(asText(truth), csvCells(rows, asText(truth)));
      expect(misses, sheets[i].name).toEqual([]);
    }
  }, 120_000);
});

describe('convert to=csv', () => {
  it('one RFC 4180 UTF-8 CSV per table; several → ZIP; bounded by MAX_OUTPUT_FILES', async () => {
    // This server allows 2 output files: three tables are refused before anything is written.
    const refused = await server.post('convert', form({ file: await filePart(tablesPdf), to: 'csv' }), key);
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).code).toBe('resource_limit');
  });

  it('tables as the PDF shows them (Python csv)', async () => {
    const other = await startTestServer();
    try {
      const res = await other.post('convert', form({ file: await filePart(tablesPdf), to: 'csv' }), other.newKey());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      const zip = await saveBody(res, 'tables.zip');
      const dir = path.join(scratch, 'csv');
      await out('unzip', ['-q', '-d', dir, zip]);
      const names = fs.readdirSync(dir).sort();
      expect(names.slice(0, 2)).toEqual(['tables-p1-t1.csv', 'tables-p1-t2.csv']);
      for (const [i, truth] of TABLES_IN_ORDER.entries()) {
        const text = fs.readFileSync(path.join(dir, names[i]), 'utf8');
        expect(text.endsWith('\r\n')).toBe(true);
        const rows = await readCsv(path.join(dir, names[i]));
        const { misses } = cellAccuracy(asText(truth), csvCells(rows, asText(truth)));
        expect(misses, names[i]).toEqual([]);
      }
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('real documents and bad input', () => {
  it("tracemonkey's Figure 13 (trace statistics set out as a table) comes out as a typed table", async () => {
    const { file } = await convert(corpus('tracemonkey.pdf'), 'xlsx', 'tracemonkey.xlsx');
    const sheet = (await readXlsx(file)).find((s) => s.name === 'p12-t1');
    expect(sheet).toBeDefined();
    const row = (r: number) =>
      sheet!.cells
        .filter((c) => c.row === r)
        .sort((a, b) => a.column - b.column)
        .map((c) => c.value);
    expect(row(0)).toEqual([
      'Loops',
      'Trees',
      'Traces',
      'Aborts',
      'Flushes',
      'Trees/Loop',
      'Traces/Tree',
      'Traces/Loop',
      'Speedup',
    ]);
    expect(row(1)).toEqual(['3d-cube', 25, 27, 29, 3, 0, 1.1, 1.1, 1.2, '2.20x']);
    // 26 SunSpider benchmarks under the header.
    expect(Math.max(...sheet!.cells.map((c) => c.row))).toBe(26);
  }, 120_000);

  it('a PDF without tables gives its text lines, one sheet per page (X-Tables: 0)', async () => {
    const { file, res } = await convert(corpus('multipage.pdf'), 'xlsx', 'multipage.xlsx');
    expect(res.headers.get('x-tables')).toBe('0');
    const sheets = await readXlsx(file);
    expect(sheets.map((s) => s.name)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
  }, 120_000);

  it('ocr=auto: a scanned page is recognized first (X-OCR-Pages), its lines become the sheet', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(corpus('linn.pdf')), to: 'xlsx', ocr: 'auto' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ocr-pages')).toBe('1');
    const [sheet] = await readXlsx(await saveBody(res, 'linn.xlsx'));
    const text = sheet.cells.map((c) => String(c.value)).join(' ');
    expect(wordRecall(fs.readFileSync(corpus('linn.txt'), 'utf8'), text)).toBeGreaterThan(0.9);
    const without = await server.post('convert', form({ file: await filePart(corpus('linn.pdf')), to: 'xlsx' }), key);
    expect(without.headers.get('x-ocr-pages')).toBeNull();
  }, 180_000);

  it('an encrypted PDF without its password: 422 password_required', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(corpus('encrypted-rc4-20-pages-user-user.pdf')), to: 'xlsx' }),
      key,
    );
    expect(res.status).toBe(422);
    expect((await problemOf(res)).code).toBe('password_required');
  });
});
