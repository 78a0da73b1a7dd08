// PDF → XLSX/CSV on a hostile shape: 2,000 tiny tables (167 pages). The
// workbook is written (one sheet per table, read back by openpyxl); CSV would
// be one file per table and is refused by MAX_OUTPUT_FILES before any is written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { problemOf } from '../helpers/problem.js';
import { readXlsx } from '../helpers/sheets.js';
import { tinyTablesDocument } from '../helpers/table-docs.js';
import { eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let scratch: string;
let pdf: string;

beforeAll(async () => {
  server = await startTestServer({ LIBREOFFICE_POOL_SIZE: '1', MAX_OUTPUT_FILES: '1000' });
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-tables-bounds-'));
  const res = await server.post(
    'convert',
    form({ file: await filePart(await tinyTablesDocument(path.join(scratch, 'tiny.odt'), 2000)), to: 'pdf' }),
    key,
  );
  expect(res.status).toBe(200);
  pdf = await saveBody(res, 'tiny.pdf');
}, 180_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

it('2,000 tiny tables: XLSX has a sheet per table; CSV is refused by MAX_OUTPUT_FILES', async () => {
  const res = await server.post('convert', form({ file: await filePart(pdf), to: 'xlsx' }), key);
  expect(res.status).toBe(200);
  const tables = Number(res.headers.get('x-tables'));
  // A tiny table that ends one page and one that opens the next look like one table continued (same columns, same first row).
  expect(tables).toBeGreaterThan(1800);
  const sheets = await readXlsx(await saveBody(res, 'tiny.xlsx'));
  expect(sheets).toHaveLength(tables);
  expect(sheets[0].cells.map((c) => c.value)).toEqual(['a', 'b', 1, 2]);

  const csv = await server.post('convert', form({ file: await filePart(pdf), to: 'csv' }), key);
  expect(csv.status).toBe(422);
  const problem = await problemOf(csv);
  expect(problem.code).toBe('resource_limit');
  expect(problem.detail).toContain('MAX_OUTPUT_FILES');
  // The request's work directory goes once the answer is sent.
  await eventually(() => server.leftovers().length === 0);
}, 180_000);
