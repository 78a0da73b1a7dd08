import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tesseractTimeoutOverride } from '../../src/tools/ocrmypdf.js';
import { liveChildren, observeRuns } from '../../src/tools/run.js';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { wordRecall } from '../helpers/recall.js';
import { problemOf } from '../helpers/problem.js';
import { makePdf, rgbaPng } from '../helpers/make-fixtures.js';
import zlib from 'node:zlib';

/** A PDF of `copies` × the pages of `source`, made with qpdf from the test side. */
function repeatedPages(source: string, copies: number): string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-repeat-')), `repeat-${copies}.pdf`);
  execFileSync('qpdf', [
    '--empty',
    '--pages',
    ...Array.from({ length: copies }, () => [source, '1-z']).flat(),
    '--',
    out,
  ]);
  return out;
}

let server: TestServer;
let key: string;
let scratch: string;
const linnTruth = fs.readFileSync(corpus('linn.txt'), 'utf8');

/** A fixture made from the test side with qpdf or Ghostscript. */
function fixture(name: string, tool: string, args: (out: string) => string[]): string {
  const out = path.join(scratch, name);
  execFileSync(tool, args(out), { stdio: 'pipe' });
  return out;
}

const pdfinfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-test-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('POST /v1/pdf/ocr', () => {
  it('makes a scan searchable (linn.pdf word recall ≥ 0.9)', async () => {
    expect(textOf(corpus('linn.pdf')).trim()).toBe('');
    const res = await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')) }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="linn-ocr.pdf"; filename*=UTF-8''linn-ocr.pdf`,
    );
    expect(res.headers.get('x-ocr-pages')).toBe('1');
    expect(res.headers.get('x-ocr-skipped-pages')).toBeNull();
    const file = await saveBody(res, 'linn-ocr.pdf');
    fs.copyFileSync(file, path.join(scratch, 'linn-ocr.pdf'));
    expect(pageCountOf(file)).toBe(1);
    expect(wordRecall(linnTruth, textOf(file))).toBeGreaterThanOrEqual(0.9);
  });

  it('output=txt returns the recognized text as <stem>.txt', async () => {
    const res = await server.post(
      'ocr',
      form({ file: await filePart(corpus('linn.pdf'), 'scan.pdf'), output: 'txt' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="scan.txt"');
    expect(wordRecall(linnTruth, await res.text())).toBeGreaterThanOrEqual(0.9);
  });

  it('accepts a PNG without a stated resolution (assumed 300 dpi)', async () => {
    const res = await server.post('ocr', form({ file: await filePart(corpus('typewriter.png')) }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('filename="typewriter-ocr.pdf"');
    const file = await saveBody(res);
    // 4000 × 2864 px at 300 dpi = 960 × 687.36 pt.
    expect(pdfinfo(file)).toMatch(/Page size:\s+960 x 687\.36 pts/);
    expect(textOf(file)).toMatch(/Linzensoep/);
  });

  it('accepts JPEG and multi-page TIFF, keeping their stated resolution', async () => {
    const gs = (device: string, input: string) => (out: string) => [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      `-sDEVICE=${device}`,
      '-r200',
      `-sOutputFile=${out}`,
      input,
    ];
    const jpeg = fixture('francais.jpg', 'gs', gs('jpeggray', corpus('francais.pdf')));
    const twoPages = fixture('two.pdf', 'qpdf', (out) => [
      '--empty',
      '--pages',
      corpus('francais.pdf'),
      corpus('francais.pdf'),
      '--',
      out,
    ]);
    const tiff = fixture('two.tif', 'gs', gs('tiffg4', twoPages));
    for (const [file, pages] of [
      [jpeg, 1],
      [tiff, 2],
    ] as const) {
      const res = await server.post('ocr', form({ file: await filePart(file), languages: 'fra' }), key);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ocr-pages')).toBe(String(pages));
      const out = await saveBody(res);
      expect(pageCountOf(out)).toBe(pages);
      // 600 px at the stated 200 dpi: the original 216 pt page (an assumed 300 dpi would make it 144 pt).
      expect(pdfinfo(out)).toMatch(/Page size:\s+216 x 216 pts/);
      for (let page = 1; page <= pages; page++)
        expect(textOf(out, ['-f', String(page), '-l', String(page)])).toMatch(/alcôve|bûches|capharnaüm/);
    }
  });

  it('refuses an image with an alpha channel with the reason (422 invalid_document)', async () => {
    const rgba = fixture('alpha.png', 'gs', (out) => [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=pngalpha',
      '-r72',
      `-sOutputFile=${out}`,
      corpus('francais.pdf'),
    ]);
    const problem = await problemOf(await server.post('ocr', form({ file: await filePart(rgba) }), key));
    expect([problem.status, problem.code]).toEqual([422, 'invalid_document']);
    expect(problem.detail).toMatch(/alpha channel/);
  });

  it('refuses a truncated image (422 invalid_document), not a 500', async () => {
    const truncated = fs.readFileSync(corpus('typewriter.png')).subarray(0, 3000);
    const problem = await problemOf(
      await server.post('ocr', form({ file: await filePart(truncated, 'cut.png') }), key),
    );
    expect([problem.status, problem.code]).toEqual([422, 'invalid_document']);
    expect(problem.detail).toMatch(/damaged or truncated/);
  });

  it('refuses decompression bombs with 413 before any OCR: PNG and TIFF headers, and a PDF image of 30000×30000 px', async () => {
    // A PNG whose header claims 30000×30000 (never decoded).
    const png = rgbaPng(1, 1, [0, 0, 0, 255]);
    png.writeUInt32BE(30000, 16);
    png.writeUInt32BE(30000, 20);
    // A little-endian TIFF whose only directory says 30000×30000 (ImageWidth, ImageLength as LONG).
    const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(2, 8);
    [256, 257].forEach((tag, i) => {
      const at = 10 + i * 12;
      tiff.writeUInt16LE(tag, at);
      tiff.writeUInt16LE(4, at + 2);
      tiff.writeUInt32LE(1, at + 4);
      tiff.writeUInt32LE(30000, at + 8);
    });
    // A PDF page drawing a 1-bit 30000×30000 image (~110 KB compressed, 900 megapixels).
    const side = 30000;
    const pdf = makePdf(
      [{ content: 'q 600 0 0 600 0 0 cm /Im0 Do Q' }],
      [
        {
          dict: `/Width ${side}/Height ${side}/ColorSpace/DeviceGray/BitsPerComponent 1/Filter/FlateDecode`,
          data: zlib.deflateSync(Buffer.alloc((side / 8) * side)),
        },
      ],
    );
    for (const [bytes, name] of [
      [png, 'bomb.png'],
      [tiff, 'bomb.tif'],
      [pdf, 'bomb.pdf'],
    ] as const) {
      // Refused before any OCR or rendering starts (checked by what ran, not by a clock).
      const started: string[] = [];
      const stop = observeRuns((file) => started.push(file));
      const problem = await problemOf(
        await server.post('ocr', form({ file: await filePart(bytes, name) }), key),
      ).finally(stop);
      expect(problem.status, name).toBe(413);
      expect(problem.code).toBe('file_too_large');
      expect(problem.detail).toContain('30000×30000');
      expect(
        started.filter((file) => ['ocrmypdf', 'tesseract', 'gs', 'mutool', 'pdftoppm'].includes(file)),
        name,
      ).toEqual([]);
    }
    // extract-text ocr=auto OCRs the page without text: the same guard applies.
    const auto = await problemOf(
      await server.post('extract-text', form({ file: await filePart(pdf, 'bomb.pdf'), ocr: 'auto' }), key),
    );
    expect(auto.status).toBe(413);
    expect(auto.detail).toContain('30000×30000');
  });

  it('deskew=true straightens skew.pdf before OCR', async () => {
    const res = await server.post('ocr', form({ file: await filePart(corpus('skew.pdf')), deskew: 'true' }), key);
    expect(res.status).toBe(200);
    const file = await saveBody(res);
    // The page image was replaced by the straightened one (the input's is JBIG2, which output=pdf otherwise keeps).
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })).not.toContain('jbig2');
    // Measured: 0.925 without deskew, 0.963 with it.
    expect(wordRecall(linnTruth, textOf(file))).toBeGreaterThanOrEqual(0.95);
  });

  it('rotate_pages=true turns a sideways page upright', async () => {
    const rotated = fixture('rotated.pdf', 'qpdf', (out) => ['--rotate=+90', corpus('linn.pdf'), out]);
    expect(pdfinfo(rotated)).toMatch(/Page rot:\s+90/);
    const res = await server.post(
      'ocr',
      form({ file: await filePart(rotated), rotate_pages: 'true', output: 'pdf' }),
      key,
    );
    expect(res.status).toBe(200);
    const file = await saveBody(res);
    expect(pdfinfo(file)).toMatch(/Page rot:\s+0/);
    expect(wordRecall(linnTruth, textOf(file))).toBeGreaterThanOrEqual(0.9);
  });

  it('languages=fra recognizes French diacritics', async () => {
    const res = await server.post(
      'ocr',
      form({ file: await filePart(corpus('francais.pdf')), languages: 'fra', output: 'txt' }),
      key,
    );
    expect(res.status).toBe(200);
    const text = (await res.text()).normalize('NFC');
    const words = ['île', 'intérieure', 'côté', 'alcôve', 'bûches', 'âtre', 'être', 'ambiguë'];
    expect(words.filter((w) => text.includes(w)).length).toBeGreaterThanOrEqual(6);
  });

  it('output=pdfa gives PDF/A-2b (XMP pdfaid) with the text layer', async () => {
    const res = await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')), output: 'pdfa' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = await saveBody(res);
    const bytes = fs.readFileSync(file, 'latin1');
    expect(bytes).toMatch(/pdfaid:part="2"/);
    expect(bytes).toMatch(/pdfaid:conformance="B"/);
    expect(wordRecall(linnTruth, textOf(file))).toBeGreaterThanOrEqual(0.9);
  });

  it('mode=skip-text keeps a page that has text (and says so); mode=force OCRs it', async () => {
    const page = fixture('tracemonkey-p1.pdf', 'qpdf', (out) => [
      '--empty',
      '--pages',
      corpus('tracemonkey.pdf'),
      '1',
      '--',
      out,
    ]);
    const original = textOf(page);
    const skip = await server.post('ocr', form({ file: await filePart(page), mode: 'skip-text' }), key);
    expect(skip.status).toBe(200);
    expect(skip.headers.get('x-ocr-pages')).toBe('0');
    expect(skip.headers.get('x-ocr-skipped-pages')).toBe('1');
    const kept = await saveBody(skip);
    expect(textOf(kept)).toBe(original);
    expect(execFileSync('pdffonts', [kept], { encoding: 'utf8' })).not.toContain('GlyphLessFont');

    const force = await server.post('ocr', form({ file: await filePart(page), mode: 'force' }), key);
    expect(force.status).toBe(200);
    expect(force.headers.get('x-ocr-pages')).toBe('1');
    expect(force.headers.get('x-ocr-skipped-pages')).toBeNull();
    const forced = await saveBody(force);
    // Rasterized: the only font left is OCRmyPDF's invisible text layer.
    expect(execFileSync('pdffonts', [forced], { encoding: 'utf8' })).toContain('GlyphLessFont');
    expect(wordRecall(original, textOf(forced))).toBeGreaterThanOrEqual(0.8);
  });

  it('mode=skip-text with output=txt returns the existing text of skipped pages', async () => {
    const page = path.join(scratch, 'tracemonkey-p1.pdf');
    const res = await server.post('ocr', form({ file: await filePart(page), output: 'txt' }), key);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(textOf(page).replace(/\f$/, ''));
  });

  it('mode=redo replaces an earlier OCR layer instead of adding a second one', async () => {
    const ocred = path.join(scratch, 'linn-ocr.pdf');
    const before = textOf(ocred);
    const res = await server.post('ocr', form({ file: await filePart(ocred), mode: 'redo' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ocr-pages')).toBe('1');
    const after = textOf(await saveBody(res));
    expect(wordRecall(linnTruth, after)).toBeGreaterThanOrEqual(0.9);
    // One layer, not two: about as many words as before.
    expect(after.split(/\s+/).length).toBeLessThan(before.split(/\s+/).length * 1.3);
  });

  it('a blank page is an empty page, not an error', async () => {
    const blank = fixture('blank.pdf', 'gs', (out) => [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=pdfwrite',
      `-sOutputFile=${out}`,
      '-c',
      'showpage',
    ]);
    const res = await server.post('ocr', form({ file: await filePart(blank), output: 'txt' }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ocr-pages')).toBe('1');
    expect((await res.text()).trim()).toBe('');
  });

  it('never answers 200 when Tesseract gave up on a page (its own timeout)', async () => {
    // OCRmyPDF itself exits 0 here with a text-less page; the service must not.
    // 10 ms: less than Tesseract needs to load its language model on any machine.
    tesseractTimeoutOverride.seconds = 0.01;
    try {
      for (const output of ['pdf', 'txt']) {
        const res = await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')), output }), key);
        const problem = await problemOf(res);
        expect(problem.status).toBe(504);
        expect(problem.code).toBe('timeout');
        expect(problem.pages).toEqual([1]);
      }
    } finally {
      delete tesseractTimeoutOverride.seconds;
    }
  });

  it('answers 504 and kills OCRmyPDF when OCR_TIMEOUT passes', async () => {
    const tight = await startTestServer({ OCR_TIMEOUT: '1' });
    try {
      // 40 pages to recognize against a 1 s limit: far more work than any machine does in that time.
      const res = await tight.post(
        'ocr',
        form({ file: await filePart(repeatedPages(corpus('linn.pdf'), 40), 'linn-40.pdf'), mode: 'force' }),
        tight.newKey(),
      );
      const problem = await problemOf(res);
      expect(problem.status).toBe(504);
      expect(problem.code).toBe('timeout');
      await eventually(() => liveChildren().length === 0);
    } finally {
      await tight.close();
    }
  });

  it('refuses an unknown language with 400 listing the installed ones', async () => {
    const problem = await problemOf(
      await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')), languages: 'eng+klingon' }), key),
    );
    expect(problem.status).toBe(400);
    expect(problem.code).toBe('invalid_request');
    expect(problem.field).toBe('languages');
    expect(problem.detail).toContain('klingon');
    for (const code of ['eng', 'deu', 'fra', 'spa', 'ita', 'por']) expect(problem.detail).toContain(code);
    expect(problem.detail).not.toMatch(/\bosd\b/);
    const malformed = await problemOf(
      await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')), languages: 'eng;rm' }), key),
    );
    expect(malformed.status).toBe(400);
  });

  it('refuses option combinations that cannot work', async () => {
    const redoDeskew = await problemOf(
      await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')), mode: 'redo', deskew: 'true' }), key),
    );
    expect([redoDeskew.status, redoDeskew.field]).toEqual([400, 'deskew']);
    const imagePassword = await problemOf(
      await server.post('ocr', form({ file: await filePart(corpus('typewriter.png')), password: 'x' }), key),
    );
    expect([imagePassword.status, imagePassword.field]).toEqual([400, 'password']);
    const badMode = await problemOf(
      await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')), mode: 'sometimes' }), key),
    );
    expect([badMode.status, badMode.field]).toEqual([400, 'mode']);
  });

  it('rejects an unrepairable PDF (422) and content that is not PDF or an image (415)', async () => {
    const invalid = await problemOf(
      await server.post('ocr', form({ file: await filePart(corpus('invalid.pdf')) }), key),
    );
    expect([invalid.status, invalid.code]).toEqual([422, 'invalid_pdf']);
    expect(invalid.detail).not.toContain('/');
    const text = await problemOf(
      await server.post('ocr', form({ file: await filePart(Buffer.from('just text\n'), 'a.pdf') }), key),
    );
    expect([text.status, text.code]).toEqual([415, 'unsupported_media_type']);
  });

  it('opens encrypted input with its password; reports missing and wrong passwords', async () => {
    const locked = fixture('linn-locked.pdf', 'qpdf', (out) => [
      '--encrypt',
      'sesame',
      'owner',
      '256',
      '--',
      corpus('linn.pdf'),
      out,
    ]);
    const missing = await problemOf(await server.post('ocr', form({ file: await filePart(locked) }), key));
    expect([missing.status, missing.code]).toEqual([422, 'password_required']);
    const wrong = await problemOf(
      await server.post('ocr', form({ file: await filePart(locked), password: 'nope' }), key),
    );
    expect([wrong.status, wrong.code]).toEqual([422, 'incorrect_password']);
    const ok = await server.post('ocr', form({ file: await filePart(locked), password: 'sesame', output: 'txt' }), key);
    expect(ok.status).toBe(200);
    expect(wordRecall(linnTruth, await ok.text())).toBeGreaterThanOrEqual(0.9);
  });

  it('OCRs an owner-only encrypted PDF without a password (decrypted first)', async () => {
    const ownerOnly = fixture('linn-owner.pdf', 'qpdf', (out) => [
      '--encrypt',
      '',
      'owner',
      '256',
      '--print=none',
      '--',
      corpus('linn.pdf'),
      out,
    ]);
    const res = await server.post('ocr', form({ file: await filePart(ownerOnly) }), key);
    expect(res.status).toBe(200);
    expect(wordRecall(linnTruth, textOf(await saveBody(res)))).toBeGreaterThanOrEqual(0.9);
  });

  it('leaves no temp files or processes behind', async () => {
    await eventually(() => server.leftovers().length === 0);
    expect(liveChildren()).toEqual([]);
  });
});
