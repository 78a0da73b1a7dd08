// Hostile inputs against a real server process: for each class the
// exact status and problem code, no 504 (an answer well inside the operation
// timeout), the server's RSS growth while it ran under 64 MiB, /healthz
// answering while the request runs (latencies recorded, not asserted: speed is
// the benchmark's business, scripts/bench/hostile.ts), and no work directory
// left behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as hostile from '../helpers/hostile.js';
import { expectContained, expectProblem, startHostileServer, type HostileServer } from '../helpers/contained.js';
import { filePart, } from '../helpers/server.js';

const MiB = 1024 * 1024;
let hostileServer: HostileServer;
let base: string;
let call: HostileServer['call'];
let observe: HostileServer['observe'];

beforeAll(async () => {
  hostileServer = await startHostileServer();
  ({ base, call, observe } = hostileServer);
}, 120_000);

afterAll(async () => {
  await hostileServer?.close();
});

function pdftotext(pdf: Buffer): string {
  const file = path.join(base, `out-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('hostile inputs', () => {
  it('xref-stream bomb (256 MiB inflated): split answers from the real pages, the server does not inflate it', async () => {
    const o = await observe('split', {
      file: await filePart(await hostile.xrefStreamBomb(256 * MiB), 'bomb.pdf'),
      mode: 'every',
      pages_per_file: '1',
    });
    expect(o.status).toBe(200);
    expectContained(o);
  }, 120_000);

  it('xref row-count bomb (/Size 17 million): merge is 422 invalid_pdf', async () => {
    const file = await filePart(hostile.xrefRowBomb(), 'rows.pdf');
    const o = await observe('merge', { files: [file, file] });
    expectProblem(o, 422, 'invalid_pdf');
  }, 60_000);

  it('content-stream bomb (256 MiB inflated): watermark never grows the server', async () => {
    // The child's memory cap (TOOL_MEMORY_LIMIT, the per-child caps) decides larger bombs
    // (422 resource_limit); at this size qpdf finishes under it, and the server process itself must stay flat.
    const o = await observe('watermark', {
      file: await filePart(await hostile.contentStreamBomb(256 * MiB), 'content.pdf'),
      text: 'X',
    });
    expect(o.status).toBe(200);
    expectContained(o);
  }, 120_000);

  it('PNG bomb (1×1 declared, 256 MiB of IDAT data): watermark image is 422 invalid_document', async () => {
    const o = await observe('watermark', {
      file: await filePart(hostile.textPdf(1), 'a.pdf'),
      image: await filePart(await hostile.pngBomb(256 * MiB), 'bomb.png'),
    });
    expectProblem(o, 422, 'invalid_document');
    expect(o.problem?.detail).toMatch(/larger than its header declares/);
  }, 60_000);

  it('JP2 whose ihdr says 16×16 and whose codestream says 12000×12000: images to-pdf is 413 (image too large)', async () => {
    const o = await observe('images', { files: await filePart(hostile.jp2Lying(), 'lying.jp2'), mode: 'to-pdf' });
    expectProblem(o, 413, 'file_too_large');
    expect(o.problem?.detail).toMatch(/12000×12000 pixels/);
  }, 60_000);

  it('TIFF of 12000×12000 (144 MP): images to-pdf is 413 (image too large)', async () => {
    const o = await observe('images', { files: await filePart(hostile.tiffHuge(), 'huge.tiff'), mode: 'to-pdf' });
    expectProblem(o, 413, 'file_too_large');
    expect(o.problem?.detail).toMatch(/12000×12000 pixels/);
  }, 60_000);

  for (const [operation, fields] of [
    ['split', { mode: 'every', pages_per_file: '1' }],
    ['watermark', { text: 'X' }],
    ['convert', { to: 'png' }],
    ['compress', { level: 'medium' }],
    ['extract-text', {}],
    ['protect', { user_password: 'a' }],
  ] as const) {
    it(`page-tree loop: ${operation} is 422 invalid_pdf`, async () => {
      const o = await observe(operation, { file: await filePart(hostile.pageTreeLoop(), 'loop.pdf'), ...fields });
      expectProblem(o, 422, 'invalid_pdf');
    }, 60_000);
  }

  for (const [operation, fields] of [
    ['split', { mode: 'every', pages_per_file: '1' }],
    ['extract-text', {}],
    ['watermark', { text: 'X' }],
    ['convert', { to: 'png' }],
  ] as const) {
    it(`lying /Count (1 declared, 50 real, MAX_PAGES 20): ${operation} is 413 too_many_pages`, async () => {
      const o = await observe(operation, { file: await filePart(hostile.lyingCount(50), 'lying.pdf'), ...fields });
      expectProblem(o, 413, 'too_many_pages');
    }, 60_000);
  }

  it('lying /Count under the limit: split every=1 gives one file per real page', async () => {
    const o = await observe('split', {
      file: await filePart(hostile.lyingCount(7), 'lying.pdf'),
      mode: 'every',
      pages_per_file: '1',
    });
    expect(o.status).toBe(200);
    const zip = path.join(base, 'parts.zip');
    fs.writeFileSync(zip, o.body);
    const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(entries).toHaveLength(7);
    expectContained(o);
  }, 60_000);

  it('a PDF with no pages: split is 422 invalid_pdf, not a 1-entry ZIP', async () => {
    const o = await observe('split', {
      file: await filePart(hostile.noPages(), 'empty.pdf'),
      mode: 'every',
      pages_per_file: '1',
    });
    expectProblem(o, 422, 'invalid_pdf');
  }, 60_000);

  it('200k nested arrays (qpdf nulls the page out): compress is 422 invalid_pdf, not a 500', async () => {
    const o = await observe('compress', {
      file: await filePart(hostile.nestedArrays(), 'nested.pdf'),
      level: 'medium',
    });
    expectProblem(o, 422, 'invalid_pdf');
  }, 60_000);

  for (const [operation, fields] of [
    ['compress', { level: 'medium' }],
    ['convert', { to: 'pdfa' }],
  ] as const) {
    it(`PostScript+PDF polyglot: ${operation} output has the PDF's text, never what the PostScript paints`, async () => {
      const o = await observe(operation, { file: await filePart(hostile.psPdfPolyglot(), 'polyglot.pdf'), ...fields });
      expect(o.status).toBe(200);
      const text = pdftotext(o.body);
      expect(text).toContain('HELLOPDF');
      expect(text).not.toContain(hostile.POLYGLOT_MARKER);
      expectContained(o);
    }, 60_000);
  }

  it('70,000 inline images: images extract is 422 resource_limit (MAX_OUTPUT_FILES) before anything is written', async () => {
    const o = await observe('images', { file: await filePart(hostile.inlineImages(), 'inline.pdf'), mode: 'extract' });
    expectProblem(o, 422, 'resource_limit');
    expect(o.problem?.detail).toMatch(/MAX_OUTPUT_FILES/);
  }, 120_000);

  it('a PDF drawing a JPX image whose dictionary says 16×16 and whose codestream says 12000×12000: images extract format=png is 413', async () => {
    const o = await observe('images', {
      file: await filePart(hostile.pdfWithLyingJpx(), 'jpx.pdf'),
      mode: 'extract',
      format: 'png',
    });
    expectProblem(o, 413, 'file_too_large');
    expect(o.problem?.detail).toMatch(/12000×12000 pixels/);
  }, 60_000);

  it('the same JPX in a PDF: ocr refuses it (413) before rasterizing', async () => {
    const o = await observe('ocr', { file: await filePart(hostile.pdfWithLyingJpx(), 'jpx.pdf'), output: 'txt' });
    expectProblem(o, 413, 'file_too_large');
  }, 60_000);
});
