// Benchmark: the page and document operations, side by side in one
// run, medians. Targets:
// - rotate and organize of a 500-page PDF: service ≤ raw qpdf doing the same + 25 ms;
// - page-numbers of a 500-page PDF: ≤ 1.5 × the watermark of the same file;
// - metadata read of tracemonkey.pdf: ≤ 30 ms (whole HTTP request).
// Run: npx tsx scripts/bench/page-ops.ts (or npm run bench -- page-ops)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PdfWriter } from '../../src/pdf/writer.js';
import { filePart, form, startTestServer, type TestServer } from '../../test/helpers/server.js';
import { CORPUS, median, Report, sideBySide, timeCommand } from './lib.js';

const PAGES = 500;
const ROUNDS = 11;

/** A text PDF of `pages` letter pages, 40 lines of Helvetica each (as in watermark.ts). */
function textPdf(pages: number): Buffer {
  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const tree = pdf.reserve();
  const font = pdf.add('<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>');
  const kids: number[] = [];
  for (let p = 1; p <= pages; p++) {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `(Page ${p} line ${i + 1}: the quick brown fox jumps over the lazy dog 0123456789) Tj T*`,
    );
    const stream = pdf.add(
      '<</Filter/FlateDecode>>',
      zlib.deflateSync(Buffer.from(`BT /F1 11 Tf 14 TL 56 740 Td\n${lines.join('\n')}\nET\n`, 'latin1')),
    );
    kids.push(
      pdf.add(
        `<</Type/Page/Parent ${tree} 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 ${font} 0 R>>>>/Contents ${stream} 0 R>>`,
      ),
    );
  }
  pdf.set(tree, `<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${pages}>>`);
  pdf.set(catalog, `<</Type/Catalog/Pages ${tree} 0 R>>`);
  return pdf.toBuffer(catalog);
}

function service(
  server: TestServer,
  key: string,
  op: string,
  file: string,
  fields: Record<string, string>,
): () => Promise<number> {
  return async () => {
    const t = performance.now();
    const res = await server.post(op, form({ file: await filePart(file), ...fields }), key);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${op} answered ${res.status}: ${body.toString()}`);
    return performance.now() - t;
  };
}

const fmt = (values: number[]) => `median ${median(values).toFixed(1)} ms`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-ops-'));
  const input = path.join(dir, 'doc.pdf');
  fs.writeFileSync(input, textPdf(PAGES));
  const out = path.join(dir, 'raw-out.pdf');
  const server = await startTestServer();
  const key = server.newKey();
  const report = new Report();
  try {
    // Context for the "+ N ms" targets: the same bytes in and out through HTTP with next to no work
    // (unlock answers an unencrypted input unchanged).
    const floor = await sideBySide(ROUNDS, service(server, key, 'unlock', input, {}), () =>
      timeCommand('qpdf', ['--version']),
    );
    report.info(
      `HTTP floor: unlock of the unencrypted ${PAGES}-page file`,
      `${fmt(floor.a)} (a bare qpdf --version: ${fmt(floor.b)})`,
    );
    const rotate = await sideBySide(ROUNDS, service(server, key, 'rotate', input, { angle: '90' }), () =>
      timeCommand('qpdf', [input, '--rotate=+90:1-z', out]),
    );
    const rotateGap = median(rotate.a) - median(rotate.b);
    report.line(
      `rotate ${PAGES} pages: service vs raw qpdf --rotate`,
      `${fmt(rotate.a)} vs ${fmt(rotate.b)}: +${rotateGap.toFixed(1)} ms (target ≤ +25)`,
      rotateGap <= 25,
    );

    const reverse = await sideBySide(ROUNDS, service(server, key, 'organize', input, { order: `${PAGES}-1` }), () =>
      timeCommand('qpdf', [input, '--pages', '.', `${PAGES}-1`, '--', out]),
    );
    const reverseGap = median(reverse.a) - median(reverse.b);
    report.line(
      `organize ${PAGES} pages reversed: service vs raw qpdf --pages`,
      `${fmt(reverse.a)} vs ${fmt(reverse.b)}: +${reverseGap.toFixed(1)} ms (target ≤ +25)`,
      reverseGap <= 25,
    );

    // Dropping pages adds the pass that removes links to them (one qpdf JSON read; an update only when there is something to remove).
    const order = `${PAGES / 2 + 1}-${PAGES},1-100`;
    const drop = await sideBySide(ROUNDS, service(server, key, 'organize', input, { order }), () =>
      timeCommand('qpdf', [input, '--pages', '.', order, '--', out]),
    );
    const dropGap = median(drop.a) - median(drop.b);
    report.line(
      `organize ${PAGES} pages, 150 dropped: service vs raw qpdf --pages`,
      `${fmt(drop.a)} vs ${fmt(drop.b)}: +${dropGap.toFixed(1)} ms (target ≤ +25)`,
      dropGap <= 25,
    );

    const numbers = await sideBySide(
      ROUNDS,
      service(server, key, 'page-numbers', input, { format: 'Page {n} of {total}' }),
      service(server, key, 'watermark', input, { text: 'CONFIDENTIAL' }),
    );
    const ratio = median(numbers.a) / median(numbers.b);
    report.line(
      `page-numbers ${PAGES} pages vs watermark of the same file`,
      `${fmt(numbers.a)} vs ${fmt(numbers.b)}: ${ratio.toFixed(2)}× (target ≤ 1.5×)`,
      ratio <= 1.5,
    );

    const trace = path.join(CORPUS, 'tracemonkey.pdf');
    const traceFloor = await sideBySide(ROUNDS, service(server, key, 'unlock', trace, {}), () =>
      timeCommand('qpdf', ['--version']),
    );
    report.info('HTTP floor: unlock of tracemonkey.pdf (1 MB in, 1 MB out)', fmt(traceFloor.a));
    const meta = await sideBySide(ROUNDS * 2, service(server, key, 'metadata', trace, {}), () =>
      timeCommand('pdfinfo', [trace]),
    );
    report.line(
      'metadata read of tracemonkey.pdf (HTTP)',
      `${fmt(meta.a)} (raw pdfinfo ${fmt(meta.b)}; target ≤ 30 ms)`,
      median(meta.a) <= 30,
    );
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
