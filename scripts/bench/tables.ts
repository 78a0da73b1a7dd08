// Benchmark for convert to=xlsx|csv|pptx, side by side in one run (the machine is shared):
//   npx tsx scripts/bench/tables.ts
// Targets; exits 1 if one is missed:
//   1. Cell accuracy on the generated suite (test/helpers/table-docs.ts: ruled with merges and
//      typed values, aligned by tab stops, spanning two pages) ≥ 0.99: cells whose value (typed,
//      read by openpyxl) and position match. Beside it, the peers' baselines on the same PDF:
//      `pdftotext -layout` lines split on runs of 2+ spaces (text compared, no types), and
//      LibreOffice's own PDF import (the only one it has is Draw/Writer's: table cells in the ODT).
//   2. tracemonkey.pdf → xlsx median ≤ 1 s, → pptx median ≤ 1.5 s (docx shown beside, same run).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cellAccuracy, readXlsx, sheetCells } from '../../test/helpers/sheets.js';
import { TABLES_IN_ORDER, tablesDocument, type TruthTable } from '../../test/helpers/table-docs.js';
import { corpus, filePart, form, startTestServer } from '../../test/helpers/server.js';

const exec = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tables-'));
const failures: string[] = [];

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
function check(label: string, ok: boolean): void {
  console.log(`  ${ok ? 'PASS' : 'FAIL'}: ${label}`);
  if (!ok) failures.push(label);
}
const norm = (t: string) =>
  t
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** Cells of `truth` found by text in a grid of rows (a baseline's table): the best-aligned start row wins. */
function textAccuracy(truth: TruthTable, grid: string[][]): number {
  let best = 0;
  for (let start = 0; start < grid.length; start++) {
    let matched = 0;
    for (const cell of truth.cells)
      if (norm(grid[start + cell.row]?.[cell.column] ?? '') === norm(cell.text)) matched++;
    best = Math.max(best, matched);
  }
  return best;
}

async function main(): Promise<void> {
  const server = await startTestServer({ LIBREOFFICE_POOL_SIZE: '1' });
  const key = server.newKey();
  const post = async (file: string, to: string) => {
    const t = performance.now();
    const res = await server.post('convert', form({ file: await filePart(file), to }), key);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${to}: ${res.status} ${body.toString().slice(0, 200)}`);
    return { ms: performance.now() - t, body };
  };
  try {
    const odt = await tablesDocument(path.join(scratch, 'tables.odt'));
    const pdf = path.join(scratch, 'tables.pdf');
    fs.writeFileSync(pdf, (await post(odt, 'pdf')).body);
    const total = TABLES_IN_ORDER.reduce((n, t) => n + t.cells.length, 0);

    // The service: typed cells read back by openpyxl.
    const xlsx = path.join(scratch, 'tables.xlsx');
    fs.writeFileSync(xlsx, (await post(pdf, 'xlsx')).body);
    const sheets = await readXlsx(xlsx);
    const service = TABLES_IN_ORDER.reduce(
      (n, truth, i) => n + (sheets[i] ? cellAccuracy(truth, sheetCells(sheets[i])).matched : 0),
      0,
    );

    // pdftotext -layout, split on runs of two or more spaces (Tabula-less peers' route).
    const layout = (await exec('pdftotext', ['-layout', pdf, '-'])).stdout;
    const grid = layout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => l.trim().split(/\s{2,}/));
    const pdftotext = TABLES_IN_ORDER.reduce((n, truth) => n + textAccuracy(truth, grid), 0);

    // LibreOffice: PDF import exists only for Draw/Writer (no Calc import: "no export filter" for xlsx);
    // the Writer import's tables, if any, as rows of cell texts.
    let libreoffice = 0;
    let loNote = '';
    try {
      const dir = path.join(scratch, 'lo');
      await exec(
        'soffice',
        [
          `-env:UserInstallation=file://${path.join(scratch, 'lo-profile')}`,
          '--headless',
          '--infilter=writer_pdf_import',
          '--convert-to',
          'odt',
          '--outdir',
          dir,
          pdf,
        ],
        { timeout: 300_000 },
      );
      const content = (
        await exec('unzip', ['-p', path.join(dir, 'tables.odt'), 'content.xml'], { maxBuffer: 256 << 20 })
      ).stdout;
      const rows = [...content.matchAll(/<table:table-row[^>]*>(.*?)<\/table:table-row>/gs)].map((m) =>
        [...m[1].matchAll(/<table:table-cell[^>]*>(.*?)<\/table:table-cell>/gs)].map((c) =>
          c[1].replace(/<[^>]+>/g, ''),
        ),
      );
      libreoffice = TABLES_IN_ORDER.reduce((n, truth) => n + textAccuracy(truth, rows), 0);
      loNote = `${rows.length} table rows in its ODT`;
    } catch (error) {
      loNote = `failed: ${(error as Error).message.split('\n')[0]}`;
    }
    console.log(`Cell accuracy on the generated suite (${total} cells in ${TABLES_IN_ORDER.length} tables):`);
    console.log(`  service xlsx (typed, openpyxl)      ${(service / total).toFixed(3)}`);
    console.log(`  pdftotext -layout, split on 2+ spaces ${(pdftotext / total).toFixed(3)} (text only)`);
    console.log(`  LibreOffice PDF import (Writer)     ${(libreoffice / total).toFixed(3)} (${loNote})`);
    check(`cell accuracy ${(service / total).toFixed(3)} ≥ 0.99`, service / total >= 0.99);

    const tracemonkey = corpus('tracemonkey.pdf');
    const times: Record<string, number[]> = { xlsx: [], pptx: [], docx: [] };
    for (let i = 0; i < RUNS; i++)
      for (const to of Object.keys(times)) times[to].push((await post(tracemonkey, to)).ms);
    const m = Object.fromEntries(Object.entries(times).map(([to, v]) => [to, median(v)]));
    console.log(
      `tracemonkey.pdf (median of ${RUNS}, same run): xlsx ${m.xlsx.toFixed(0)} ms, pptx ${m.pptx.toFixed(0)} ms, docx ${m.docx.toFixed(0)} ms; xlsx/docx ${(m.xlsx / m.docx).toFixed(2)}, pptx/docx ${(m.pptx / m.docx).toFixed(2)}; load ${os.loadavg()[0].toFixed(1)}`,
    );
    check(`xlsx ${m.xlsx.toFixed(0)} ms ≤ 1000 ms`, m.xlsx <= 1000);
    check(`pptx ${m.pptx.toFixed(0)} ms ≤ 1500 ms`, m.pptx <= 1500);
  } finally {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (failures.length) process.exitCode = 1;
}

void main();
