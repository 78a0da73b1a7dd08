// PDF → PPTX through HTTP: tracemonkey.pdf as slides, opened and printed back
// to PDF by LibreOffice Impress (an independent reader), then checked with
// poppler: one slide per page at the page size, the page's words on it (word
// recall against pdftotext of the source, page by page, so a word on the
// wrong slide counts as missing), figures as pictures, text as text boxes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { out } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { wordRecall } from '../helpers/recall.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let scratch: string;
let pptx: string;
let printed: string;
const TRACEMONKEY = corpus('tracemonkey.pdf');

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-pptx-test-'));
  const res = await server.post('convert', form({ file: await filePart(TRACEMONKEY), to: 'pptx' }), key);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('presentationml.presentation');
  expect(res.headers.get('content-disposition')).toContain('tracemonkey.pptx');
  pptx = await saveBody(res, 'tracemonkey.pptx');
  const dir = path.join(scratch, 'printed');
  await out('soffice', [
    `-env:UserInstallation=file://${path.join(scratch, 'lo-profile')}`,
    '--headless',
    '--convert-to',
    'pdf',
    '--outdir',
    dir,
    pptx,
  ]);
  printed = path.join(dir, 'tracemonkey.pdf');
}, 180_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const pageText = (file: string, page: number) => out('pdftotext', ['-f', String(page), '-l', String(page), file, '-']);

describe('convert to=pptx', () => {
  it('LibreOffice prints it back: 14 slides at the page size', async () => {
    const info = await out('pdfinfo', [printed]);
    expect(info).toMatch(/Pages:\s+14\n/);
    expect(info).toMatch(/Page size:\s+612 x 792 pts/);
  });

  it("every page's words on its own slide (recall >= 0.98 overall, >= 0.95 per page)", async () => {
    let truth = '';
    let got = '';
    for (let page = 1; page <= 14; page++) {
      const want = await pageText(TRACEMONKEY, page);
      const have = await pageText(printed, page);
      // Per page: a word placed on another slide is missing here.
      expect(wordRecall(want, have), `page ${page}`).toBeGreaterThanOrEqual(0.95);
      truth += want;
      got += have;
    }
    expect(wordRecall(truth, got)).toBeGreaterThanOrEqual(0.98);
  });

  it('text in place: the title line prints where the PDF has it', async () => {
    const bbox = async (file: string) => {
      const html = await out('pdftotext', ['-f', '1', '-l', '1', '-bbox', file, '-']);
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>Trace-based<\/word>/.exec(html);
      expect(m, file).not.toBeNull();
      return [Number(m![1]), Number(m![2])];
    };
    const [sx, sy] = await bbox(TRACEMONKEY);
    const [px, py] = await bbox(printed);
    expect(Math.abs(px - sx)).toBeLessThan(6);
    expect(Math.abs(py - sy)).toBeLessThan(6);
  });

  it("Figure 12's labels, whose font has no Unicode mapping, stay drawn in the picture, their text nearly transparent over it", async () => {
    const slide13 = await out('unzip', ['-p', pptx, 'ppt/slides/slide13.xml']);
    expect((slide13.match(/<a:alpha val="1000"\/>/g) ?? []).length).toBeGreaterThan(20);
    const slide1 = await out('unzip', ['-p', pptx, 'ppt/slides/slide1.xml']);
    expect(slide1).not.toContain('<a:alpha');
  });

  it('text as editable text boxes, figures as pictures, shapes in reading order', async () => {
    const slide3 = await out('unzip', ['-p', pptx, 'ppt/slides/slide3.xml']);
    expect((slide3.match(/txBox="1"/g) ?? []).length).toBeGreaterThan(50);
    const media = (await out('unzip', ['-Z1', pptx])).split('\n').filter((n) => n.startsWith('ppt/media/'));
    expect(media.length).toBeGreaterThanOrEqual(9);
    // Page 1 reads title, authors, then the abstract (its first text shapes in that order).
    const slide1 = await out('unzip', ['-p', pptx, 'ppt/slides/slide1.xml']);
    const order = ['Trace-based', 'Andreas', 'Abstract'].map((w) => slide1.indexOf(w));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("pages of another size are scaled to fit the first page's slide; ocr=auto text over a scan is kept but not painted", async () => {
    const mixed = path.join(scratch, 'mixed.pdf');
    // tracemonkey's first page (612 × 792 pt, text), then a 718.5 × 300 pt scan (multipage.pdf p. 3).
    await out('qpdf', ['--empty', '--pages', TRACEMONKEY, '1', corpus('multipage.pdf'), '3', '--', mixed]);
    const res = await server.post('convert', form({ file: await filePart(mixed), to: 'pptx', ocr: 'auto' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ocr-pages')).toBe('1');
    const file = await saveBody(res, 'mixed.pptx');
    const presentation = await out('unzip', ['-p', file, 'ppt/presentation.xml']);
    const [, cx, cy] = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(presentation)!.map(Number);
    const slide2 = await out('unzip', ['-p', file, 'ppt/slides/slide2.xml']);
    const boxes = [...slide2.matchAll(/<a:off x="(-?\d+)" y="(-?\d+)"\/><a:ext cx="(\d+)" cy="(\d+)"\/>/g)].map((m) =>
      m.slice(1).map(Number),
    );
    expect(boxes.length).toBeGreaterThan(1);
    for (const [x, y, w, h] of boxes) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + w).toBeLessThanOrEqual(cx + 12700);
      expect(y + h).toBeLessThanOrEqual(cy + 12700);
    }
    expect(slide2).toContain('<p:pic>');
    // The recognized words are there, 99 % transparent (the scan shows them already).
    expect(slide2).toMatch(/<a:alpha val="1000"\/>/);
    const slide1 = await out('unzip', ['-p', file, 'ppt/slides/slide1.xml']);
    expect(slide1).not.toContain('<a:alpha');
  }, 180_000);

  it('options of other targets are refused; ocr only with xlsx/csv/pptx', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(corpus('trivial.pdf')), to: 'pptx', dpi: '100' }),
      key,
    );
    expect(res.status).toBe(400);
    const ocr = await server.post(
      'convert',
      form({ file: await filePart(corpus('trivial.pdf')), to: 'docx', ocr: 'auto' }),
      key,
    );
    expect(ocr.status).toBe(400);
    expect((await problemOf(ocr)).detail).toContain('ocr');
    const languages = await server.post(
      'convert',
      form({ file: await filePart(corpus('trivial.pdf')), to: 'xlsx', languages: 'eng' }),
      key,
    );
    expect(languages.status).toBe(400);
    expect((await problemOf(languages)).detail).toContain('ocr=auto');
  });
});
