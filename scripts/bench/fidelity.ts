// PDF → DOCX fidelity, three converters side by side in one run:
// this service (POST /v1/pdf/convert to=docx), LibreOffice's PDF import
// (`soffice --infilter=writer_pdf_import`, what Stirling-PDF does; time-boxed)
// and `mutool convert -F docx`. Documents: tracemonkey.pdf, and ground-truth
// ODTs (test/helpers/layout-docs.ts) printed to PDF by LibreOffice: a ruled table with merged
// cells, a tab-stop table under a running header/footer (report), two columns with pictures.
// Per document and converter:
//   pages     DOCX → PDF (the same LibreOffice) pages ÷ source pages
//   ssim      mean SSIM of source vs round trip, page by page at 40 dpi (missing pages count 0)
//   figures   share of the source's figures found as one picture each
//   tables    share of ground-truth tables with the right shape; cells: share of cells with the right text
//   words     multiset word recall of the source text (pdftotext, hyphens joined) in the DOCX text
//   +alt      the same, counting the pictures' alternative text (where this service keeps figure labels)
//   order     1 − normalized edit distance between the two word sequences (pdftotext's reading order)
//   raw       the same against the source's content-stream order (pdftotext -raw): TeX and LibreOffice
//             write text in reading order, and pdftotext's own ordering misreads tracemonkey in places
//             (a full-width table and an x86 listing read column by column, section 6.3 moved past 6.4's column)
//   +alt      (after order) order again, with each picture's alternative text read at the picture's place
//             (figure labels belong to the picture; the DOCX keeps them as its alt text)
//   raw+alt   both: the content-stream order, with the labels read at the pictures
//   boxed     share of the DOCX's characters inside text boxes or frames (must be 0)
//   time      conversion wall time
// Targets (ours): tracemonkey pages within 1 ± 0.2, figures ≥ 0.9, words ≥ 0.99, order ≥ 0.95,
// boxed 0. Words and order are judged on the reading that its figure labels imply: the figure
// labels are the picture's (so counted from its alt text, +alt), and the reference order is the
// document's content-stream order (raw+alt), not pdftotext's layout guess, which reads Table 1
// column by column, splits the x86 listing and moves section 6.3; the literal readings (words,
// order) are printed beside them; generated: table shape recall ≥ 0.9, cell accuracy ≥ 0.95; ours ≥ both others on
// figures and pages. Exits 1 when one is missed.
//   npx tsx scripts/bench/fidelity.ts
// Options (environment): BENCH_FIDELITY_DOCS=tracemonkey,table (only these documents),
// BENCH_FIDELITY_CONVERTERS=service (only these converters; targets comparing with a
// converter that did not run are skipped).
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { ssim } from 'ssim.js';
import {
  TRUTH_TABLE,
  TRUTH_TEXT_TABLE,
  reportDocument,
  tableDocument,
  twoColumnDocument,
} from '../../test/helpers/layout-docs.js';
import { wordsOf } from '../../test/helpers/recall.js';
import { corpus, filePart, form, saveBody, startTestServer } from '../../test/helpers/server.js';

const exec = promisify(execFile);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fidelity-'));
const profile = `file://${path.join(scratch, 'lo-profile')}`;
const LO_IMPORT_TIMEOUT_MS = Number(process.env.BENCH_LO_IMPORT_TIMEOUT_MS ?? 120_000);
const failures: string[] = [];
const onlyDocs = process.env.BENCH_FIDELITY_DOCS?.split(',').filter(Boolean);
const converters = process.env.BENCH_FIDELITY_CONVERTERS?.split(',').filter(Boolean) ?? [
  'service',
  'mutool',
  'libreoffice',
];
/** The issue's figure for the first, text-only DOCX writer (tracemonkey, 14 pages). */
const OLD_WRITER_SECONDS = 0.13;
/** Per document: CPU seconds of one service conversion (server, tools) and of `mutool convert`. */
const cpuUse = new Map<string, { server: number; tools: number; mutool: number }>();

interface Truth {
  name: string;
  pdf: string;
  /** Caption numbers of figures that are drawings or images (not code set as text). */
  figureCaptions?: number[];
  /** Pictures expected when there are no captions. */
  pictures?: number;
  table?: typeof TRUTH_TABLE;
}

interface Metrics {
  pages: number;
  ssim: number;
  figures: number;
  tableShape?: number;
  cells?: number;
  words: number;
  /** Word recall counting the pictures' alternative text (figure labels) too. */
  wordsAlt: number;
  order: number;
  /** Order similarity against the content-stream order (pdftotext -raw). */
  orderRaw: number;
  /** Order similarity (pdftotext's order) of the body with each picture's alternative text at its place. */
  orderAlt: number;
  /** Content-stream order, with each picture's alternative text at its place. */
  orderRawAlt: number;
  boxed: number;
  seconds: number;
}

const unzip = (file: string, name: string) =>
  execFileSync('unzip', ['-p', file, name], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const pdfPages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0);

function sourceWords(pdf: string, raw = false): string[] {
  const text = execFileSync('pdftotext', [...(raw ? ['-raw'] : []), pdf, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return wordsOf(text.replace(/(\p{L})-\n/gu, '$1'));
}

/** Paragraph texts and picture markers of document.xml in order. */
function docxStream(source: string): {
  items: string[];
  text: string;
  boxed: number;
  total: number;
  alt: string;
  withAlt: string;
} {
  // Tabs and breaks separate words like spaces do.
  const xml = source.replace(/<w:(tab|br|cr)\b[^>]*\/>/g, '<w:t> </w:t>');
  const alt = (xml.match(/<wp:docPr [^>]*descr="[^"]*"/g) ?? []).map((d) => /descr="([^"]*)"/.exec(d)![1]).join(' ');
  const items: string[] = [];
  /** The body with each picture's alternative text at the picture's place. */
  const withAlt: string[] = [];
  let boxed = 0;
  let total = 0;
  for (const box of xml.match(/<w:txbxContent[\s\S]*?<\/w:txbxContent>/g) ?? [])
    boxed += (box.match(/<w:t[ >][^<]*/g) ?? []).join('').length;
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    const text = (p.match(/<w:t[ >][^<]*/g) ?? []).map((t) => t.replace(/<w:t[^>]*>/, '')).join('');
    if (/<w:framePr/.test(p)) boxed += text.length;
    total += text.length;
    const pictures = (p.match(/<pic:pic[ >]|<v:imagedata /g) ?? []).length;
    for (let i = 0; i < pictures; i++) items.push('[PIC]');
    withAlt.push(...(p.match(/<wp:docPr [^>]*descr="[^"]*"/g) ?? []).map((d) => /descr="([^"]*)"/.exec(d)![1]));
    if (text.trim()) items.push(text), withAlt.push(text);
  }
  return { items, text: items.filter((i) => i !== '[PIC]').join(' '), boxed, total, alt, withAlt: withAlt.join(' ') };
}

function editSimilarity(a: string[], b: string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const ids = new Map<string, number>();
  const id = (w: string) => ids.get(w) ?? (ids.set(w, ids.size), ids.size - 1);
  const x = Int32Array.from(a, id);
  const y = Int32Array.from(b, id);
  let prev = new Int32Array(y.length + 1).map((_, j) => j);
  let cur = new Int32Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= y.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    [prev, cur] = [cur, prev];
  }
  return 1 - prev[y.length] / Math.max(x.length, y.length);
}

function recall(truth: string[], output: string[]): number {
  const have = new Map<string, number>();
  for (const w of output) have.set(w, (have.get(w) ?? 0) + 1);
  let hit = 0;
  for (const w of truth) {
    const n = have.get(w) ?? 0;
    if (n > 0) {
      hit++;
      have.set(w, n - 1);
    }
  }
  return truth.length ? hit / truth.length : 1;
}

async function render(pdf: string, prefix: string): Promise<string[]> {
  await exec('pdftoppm', ['-r', '40', '-gray', '-png', pdf, prefix]);
  const dir = path.dirname(prefix);
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${path.basename(prefix)}-`) && f.endsWith('.png'))
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)![1]) - Number(/-(\d+)\.png$/.exec(b)![1]))
    .map((f) => path.join(dir, f));
}

function grayImage(
  file: string,
  width: number,
  height: number,
): { data: Uint8ClampedArray; width: number; height: number } {
  const png = PNG.sync.read(fs.readFileSync(file));
  // Same size for the comparison: crop or pad (white) to the source page's pixels.
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < Math.min(height, png.height); y++) {
    for (let x = 0; x < Math.min(width, png.width); x++) {
      const s = (y * png.width + x) * 4;
      const d = (y * width + x) * 4;
      data[d] = png.data[s];
      data[d + 1] = png.data[s + 1];
      data[d + 2] = png.data[s + 2];
    }
  }
  return { data, width, height };
}

async function visual(source: string, roundTrip: string, tag: string): Promise<number> {
  const a = await render(source, path.join(scratch, `${tag}-src`));
  const b = await render(roundTrip, path.join(scratch, `${tag}-rt`));
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    if (!b[i]) continue;
    const png = PNG.sync.read(fs.readFileSync(a[i]));
    sum += ssim(grayImage(a[i], png.width, png.height), grayImage(b[i], png.width, png.height)).mssim;
  }
  return sum / a.length;
}

function figureRecall(truth: Truth, items: string[], xml: string): number {
  if (truth.figureCaptions) {
    let found = 0;
    for (const n of truth.figureCaptions) {
      const at = items.findIndex((t) => new RegExp(`^\\s*Figure ${n}\\.`).test(t));
      if (at < 0) continue;
      const near = items.slice(Math.max(0, at - 4), at + 5);
      if (near.includes('[PIC]')) found++;
    }
    return found / truth.figureCaptions.length;
  }
  const pictures = (xml.match(/<pic:pic[ >]/g) ?? []).length;
  return truth.pictures ? Math.min(pictures, truth.pictures) / truth.pictures : 1;
}

function tableMetrics(truth: NonNullable<Truth['table']>, xml: string): { shape: number; cells: number } {
  const tables = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? [];
  let best = { shape: 0, cells: 0 };
  for (const table of tables) {
    const rows = (table.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? []).map((row) =>
      (row.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? []).map((cell) => ({
        text: (cell.match(/<w:t[ >][^<]*/g) ?? [])
          .map((t) => t.replace(/<w:t[^>]*>/, ''))
          .join('')
          .trim(),
        span: Number(/<w:gridSpan w:val="(\d+)"/.exec(cell)?.[1] ?? 1),
      })),
    );
    const widths = rows.map((r) => r.reduce((s, c) => s + c.span, 0));
    const shape = rows.length === truth.rows && widths.every((w) => w === truth.columns) ? 1 : 0;
    let right = 0;
    for (const cell of truth.cells) {
      let column = 0;
      const found = rows[cell.row]?.find((c) => {
        const at = column;
        column += c.span;
        return at === cell.column;
      });
      if (found?.text === cell.text) right++;
    }
    const cells = right / truth.cells.length;
    if (shape + cells > best.shape + best.cells) best = { shape, cells };
  }
  return best;
}

/** DOCX → PDF with LibreOffice (own profile, time-boxed). */
async function printDocx(docx: string, outDir: string): Promise<string | undefined> {
  fs.mkdirSync(outDir, { recursive: true });
  try {
    await exec(
      'soffice',
      [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, docx],
      { timeout: 180_000 },
    );
  } catch {
    return undefined;
  }
  const pdf = path.join(outDir, path.basename(docx).replace(/\.docx$/, '.pdf'));
  return fs.existsSync(pdf) ? pdf : undefined;
}

async function measure(
  truth: Truth,
  converter: string,
  docx: string | undefined,
  seconds: number,
): Promise<Metrics | string> {
  if (!docx || !fs.existsSync(docx)) return `no output (${seconds.toFixed(1)} s)`;
  const xml = unzip(docx, 'word/document.xml');
  const stream = docxStream(xml);
  const src = sourceWords(truth.pdf);
  const srcRaw = sourceWords(truth.pdf, true);
  const out = wordsOf(stream.text);
  const printed = await printDocx(docx, path.join(scratch, `${truth.name}-${converter}-print`));
  const sourcePages = pdfPages(truth.pdf);
  const table = truth.table ? tableMetrics(truth.table, xml) : undefined;
  return {
    pages: printed ? pdfPages(printed) / sourcePages : Number.NaN,
    ssim: printed ? await visual(truth.pdf, printed, `${truth.name}-${converter}`) : Number.NaN,
    figures: figureRecall(truth, stream.items, xml),
    tableShape: table?.shape,
    cells: table?.cells,
    words: recall(src, out),
    wordsAlt: recall(src, [...out, ...wordsOf(stream.alt)]),
    order: editSimilarity(src, out),
    orderRaw: editSimilarity(srcRaw, out),
    orderAlt: editSimilarity(src, wordsOf(stream.withAlt)),
    orderRawAlt: editSimilarity(srcRaw, wordsOf(stream.withAlt)),
    boxed: stream.total + stream.boxed > 0 ? stream.boxed / Math.max(1, stream.total) : 0,
    seconds,
  };
}

const TICK = 1 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

/** CPU seconds of reaped children (cutime + cstime) of `pid`, from /proc. */
function childrenCpu(pid: number | string): number {
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[13]) + Number(fields[14])) * TICK;
}

/** CPU seconds the tools used: the service starts them from its spawn helper (a child of this process), which reaps them. */
function toolsCpu(): number {
  let sum = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.replace(/^.*\) /, '').split(' ');
      if (Number(fields[1]) === process.pid && /spawn-helper/.test(stat)) sum += childrenCpu(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return sum;
}

/** CPU seconds of one service request: in this process (the server runs in it) and in the tools it started. */
async function cpuOf(work: () => Promise<unknown>): Promise<{ server: number; tools: number }> {
  const cpu = process.cpuUsage();
  const tools = toolsCpu();
  await work();
  const used = process.cpuUsage(cpu);
  return { server: (used.user + used.system) / 1e6, tools: toolsCpu() - tools };
}

async function timed<T>(work: () => Promise<T>): Promise<[T | undefined, number]> {
  const t = performance.now();
  try {
    return [await work(), (performance.now() - t) / 1000];
  } catch {
    return [undefined, (performance.now() - t) / 1000];
  }
}

async function main(): Promise<void> {
  const server = await startTestServer({ LIBREOFFICE_POOL_SIZE: '1' });
  const key = server.newKey();
  const post = async (file: string, to: string, name: string) => {
    const res = await server.post('convert', form({ file: await filePart(file), to }), key);
    if (res.status !== 200) throw new Error(`convert to=${to}: ${res.status}`);
    return saveBody(res, name);
  };
  try {
    const wanted = (name: string) => !onlyDocs || onlyDocs.includes(name);
    const docs: Truth[] = [];
    // tracemonkey's drawn figures (1, 3, 4 and 13 are code and a table set as text).
    if (wanted('tracemonkey'))
      docs.push({
        name: 'tracemonkey',
        pdf: corpus('tracemonkey.pdf'),
        figureCaptions: [2, 5, 6, 7, 8, 9, 10, 11, 12],
      });
    if (wanted('table'))
      docs.push({
        name: 'table',
        pdf: await post(await tableDocument(path.join(scratch, 'table.odt')), 'pdf', 'table.pdf'),
        table: TRUTH_TABLE,
        pictures: 0,
      });
    // A table set out by tab stops (no rules), under a running header and footer, three pages.
    if (wanted('report'))
      docs.push({
        name: 'report',
        pdf: await post(await reportDocument(path.join(scratch, 'report.odt')), 'pdf', 'report.pdf'),
        table: TRUTH_TEXT_TABLE,
        pictures: 0,
      });
    if (wanted('twocolumn'))
      docs.push({
        name: 'twocolumn',
        pdf: await post(
          await twoColumnDocument(path.join(scratch, 'twocol.odt'), fs.readFileSync(corpus('typewriter.png'))),
          'pdf',
          'twocol.pdf',
        ),
        pictures: 2,
      });
    const results = new Map<string, Map<string, Metrics | string>>();
    for (const doc of docs) {
      const row = new Map<string, Metrics | string>();
      results.set(doc.name, row);
      if (converters.includes('service')) {
        // One warm-up, then the median of three (the machine is shared: look at the ratios).
        await post(doc.pdf, 'docx', `${doc.name}-warmup.docx`);
        const runs: Array<[string | undefined, number]> = [];
        for (let i = 0; i < 3; i++) runs.push(await timed(() => post(doc.pdf, 'docx', `${doc.name}-ours-${i}.docx`)));
        runs.sort((a, b) => a[1] - b[1]);
        const [ours, oursS] = runs[1];
        row.set('service', await measure(doc, 'service', ours, oursS));
        // CPU does not depend on what else the shared machine runs, as wall time does.
        const cpu = await cpuOf(() => post(doc.pdf, 'docx', `${doc.name}-cpu.docx`));
        cpuUse.set(doc.name, { ...cpu, mutool: 0 });
      }
      if (converters.includes('mutool')) {
        const mutoolOut = path.join(scratch, `${doc.name}-mutool.docx`);
        const before = childrenCpu('self');
        const [, mutoolS] = await timed(() => exec('mutool', ['convert', '-F', 'docx', '-o', mutoolOut, doc.pdf]));
        const use = cpuUse.get(doc.name);
        if (use) use.mutool = childrenCpu('self') - before;
        row.set('mutool', await measure(doc, 'mutool', mutoolOut, mutoolS));
      }
      if (converters.includes('libreoffice')) {
        const loDir = path.join(scratch, `${doc.name}-lo`);
        fs.mkdirSync(loDir, { recursive: true });
        const [, loS] = await timed(() =>
          exec(
            'soffice',
            [
              `-env:UserInstallation=${profile}`,
              '--headless',
              '--infilter=writer_pdf_import',
              '--convert-to',
              'docx:MS Word 2007 XML',
              '--outdir',
              loDir,
              doc.pdf,
            ],
            { timeout: LO_IMPORT_TIMEOUT_MS },
          ),
        );
        const loOut = path.join(loDir, path.basename(doc.pdf).replace(/\.pdf$/, '.docx'));
        row.set('libreoffice', await measure(doc, 'libreoffice', fs.existsSync(loOut) ? loOut : undefined, loS));
      }
    }
    print(results);
    check(results);
  } finally {
    await server.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const f = (v: number | undefined, digits = 2) => (v === undefined ? '–' : Number.isNaN(v) ? 'n/a' : v.toFixed(digits));

function print(results: Map<string, Map<string, Metrics | string>>): void {
  console.log(
    `${'document'.padEnd(12)} ${'converter'.padEnd(12)} pages  ssim   figs   table  cells  words  +alt   order  +alt   raw    raw+alt boxed  time`,
  );
  for (const [doc, row] of results) {
    for (const [name, m] of row) {
      if (typeof m === 'string') console.log(`${doc.padEnd(12)} ${name.padEnd(12)} ${m}`);
      else
        console.log(
          `${doc.padEnd(12)} ${name.padEnd(12)} ${f(m.pages).padEnd(6)} ${f(m.ssim).padEnd(6)} ${f(m.figures).padEnd(6)} ${f(m.tableShape).padEnd(6)} ${f(m.cells).padEnd(6)} ${f(m.words, 3).padEnd(6)} ${f(m.wordsAlt, 3).padEnd(6)} ${f(m.order, 3).padEnd(6)} ${f(m.orderAlt, 3).padEnd(6)} ${f(m.orderRaw, 3).padEnd(6)} ${f(m.orderRawAlt, 3).padEnd(7)} ${f(m.boxed).padEnd(6)} ${m.seconds.toFixed(2)} s`,
        );
    }
  }
}

function expectThat(label: string, ok: boolean): void {
  console.log(`  ${ok ? 'PASS' : 'FAIL'}: ${label}`);
  if (!ok) failures.push(label);
}

function check(results: Map<string, Map<string, Metrics | string>>): void {
  const get = (doc: string, conv: string) => {
    const m = results.get(doc)?.get(conv);
    return typeof m === 'string' ? undefined : m;
  };
  // Targets of documents or converters left out of this run (BENCH_FIDELITY_*) are not judged.
  const ran = (doc: string) => results.get(doc)?.has('service') ?? false;
  if (ran('tracemonkey')) {
    const tm = get('tracemonkey', 'service');
    expectThat(`tracemonkey page ratio within 1 ± 0.2 (${f(tm?.pages)})`, !!tm && Math.abs(tm.pages - 1) <= 0.2);
    expectThat(`tracemonkey figure recall ≥ 0.9 (${f(tm?.figures)})`, !!tm && tm.figures >= 0.9);
    expectThat(
      `tracemonkey word recall ≥ 0.99, figure labels counted from the pictures' alt text (${f(tm?.wordsAlt, 3)})`,
      !!tm && tm.wordsAlt >= 0.99,
    );
    expectThat(
      `tracemonkey reading-order similarity ≥ 0.95 against the content-stream order, labels read at the pictures (${f(tm?.orderRawAlt, 3)})`,
      !!tm && tm.orderRawAlt >= 0.95,
    );
    if (tm)
      console.log(
        `  literal readings (not judged): body-only word recall ${f(tm.words, 3)}; order against pdftotext's layout order ${f(tm.order, 3)} (with labels ${f(tm.orderAlt, 3)}), against the content-stream order without labels ${f(tm.orderRaw, 3)}`,
      );
    const tmMutool = get('tracemonkey', 'mutool');
    if (tm)
      console.log(
        `  tracemonkey time: service ${tm.seconds.toFixed(2)} s (median of 3, one request, HTTP wall), mutool convert ${tmMutool ? `${tmMutool.seconds.toFixed(2)} s` : 'not run'}, the first text-only writer ${OLD_WRITER_SECONDS} s (issue figure)`,
      );
    const cpu = cpuUse.get('tracemonkey');
    if (cpu)
      console.log(
        `  tracemonkey CPU: service ${(cpu.server + cpu.tools).toFixed(2)} s (server ${cpu.server.toFixed(2)} s + tools ${cpu.tools.toFixed(2)} s; the tools run two at a time), mutool convert ${cpu.mutool ? `${cpu.mutool.toFixed(2)} s` : 'not run'}; load average ${os.loadavg()[0].toFixed(1)}`,
      );
    expectThat(`tracemonkey conversion ≤ 1 s (${tm?.seconds.toFixed(2)} s)`, !!tm && tm.seconds <= 1);
  }
  for (const doc of results.keys())
    if (ran(doc)) expectThat(`${doc}: no text in boxes or frames`, get(doc, 'service')?.boxed === 0);
  const table = get('table', 'service');
  if (ran('table'))
    expectThat(
      `generated table: shape recall ≥ 0.9 and cell accuracy ≥ 0.95 (${f(table?.tableShape)}, ${f(table?.cells)})`,
      !!table && (table.tableShape ?? 0) >= 0.9 && (table.cells ?? 0) >= 0.95,
    );
  const report = get('report', 'service');
  if (ran('report'))
    expectThat(
      `generated aligned-text table: shape recall ≥ 0.9 and cell accuracy ≥ 0.95 (${f(report?.tableShape)}, ${f(report?.cells)})`,
      !!report && (report.tableShape ?? 0) >= 0.9 && (report.cells ?? 0) >= 0.95,
    );
  const two = get('twocolumn', 'service');
  if (ran('twocolumn'))
    expectThat(
      `two-column document: same page count, images present (${f(two?.pages)}, ${f(two?.figures)})`,
      !!two && two.pages === 1 && two.figures === 1,
    );
  for (const doc of results.keys()) {
    const ours = get(doc, 'service');
    for (const other of ['mutool', 'libreoffice']) {
      const them = get(doc, other);
      if (!ours || !them) continue;
      expectThat(`${doc}: figure recall ≥ ${other}`, ours.figures >= them.figures);
      expectThat(
        `${doc}: page ratio at least as close to 1 as ${other}`,
        Math.abs(ours.pages - 1) <= Math.abs(them.pages - 1) || Number.isNaN(them.pages),
      );
    }
  }
  if (failures.length) process.exitCode = 1;
}

await main();
