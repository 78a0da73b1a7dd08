import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageInfo } from '../../src/files/image-info.js';
import { compactRanges } from '../../src/operations/ocr.js';
import { ocrmypdfArgs, parseSidecar, readTesseractLog, type OcrJob } from '../../src/tools/ocrmypdf.js';
import { pdftotextArgs } from '../../src/tools/pdftotext.js';
import { parseLanguageList } from '../../src/tools/tesseract.js';
import { wordRecall } from '../helpers/recall.js';

const job: OcrJob = {
  input: '/w/in.pdf',
  outputType: 'pdf',
  output: '/w/out.pdf',
  sidecar: '/w/side.txt',
  languages: ['eng', 'deu'],
  mode: 'skip-text',
  deskew: false,
  rotatePages: false,
  jobs: 2,
  tesseractTimeoutSeconds: 597,
};

describe('ocrmypdfArgs', () => {
  it('builds the server-safe command line', () => {
    expect(ocrmypdfArgs(job)).toEqual([
      '--output-type',
      'pdf',
      '--optimize',
      '0',
      '--jobs',
      '2',
      '--tesseract-timeout',
      '597',
      '--language',
      'eng+deu',
      '--skip-text',
      '--sidecar',
      '/w/side.txt',
      '--',
      '/w/in.pdf',
      '/w/out.pdf',
    ]);
  });
  it('maps modes, options, PDF/A, text-only and image DPI', () => {
    const args = ocrmypdfArgs({
      ...job,
      mode: 'force',
      deskew: true,
      rotatePages: true,
      outputType: 'pdfa',
      imageDpi: 300,
    });
    expect(args).toContain('--force-ocr');
    expect(args).toEqual(expect.arrayContaining(['--deskew', '--rotate-pages', '--image-dpi', '300']));
    expect(args.slice(0, 2)).toEqual(['--output-type', 'pdfa-2']);
    expect(ocrmypdfArgs({ ...job, mode: 'redo' })).toContain('--redo-ocr');
    const none = ocrmypdfArgs({ ...job, outputType: 'none' });
    expect(none.slice(0, 2)).toEqual(['--output-type', 'none']);
    expect(none.at(-1)).toBe('-');
  });
  it('loads the raster-limit plugin (an existing file) with the page pixel cap, before the input', () => {
    const args = ocrmypdfArgs({ ...job, maxPagePixels: 100_000_000 });
    const plugin = args[args.indexOf('--plugin') + 1];
    expect(plugin).toMatch(/ocrmypdf-raster-limit\.py$/);
    expect(fs.existsSync(plugin)).toBe(true);
    expect(args[args.indexOf('--max-page-pixels') + 1]).toBe('100000000');
    expect(args.indexOf('--max-page-pixels')).toBeLessThan(args.indexOf('--'));
  });
});

describe('parseSidecar', () => {
  it('gives one entry per page, expanding ranges skipped for having text', () => {
    const pages = parseSidecar('one\n\f[OCR skipped on page(s) 2-4]\f[skipped page]\f\ffive\n');
    expect(pages.map((p) => p.kind)).toEqual(['text', 'had-text', 'had-text', 'had-text', 'skipped', 'text', 'text']);
    expect(pages[0]).toEqual({ kind: 'text', text: 'one\n' });
    expect(parseSidecar('[OCR skipped on page(s) 1]')).toEqual([{ kind: 'had-text' }]);
  });
});

describe('readTesseractLog', () => {
  it('finds timed-out and empty pages by the page number prefix', () => {
    const log = readTesseractLog(
      'Start processing 2 pages concurrently\n    3 [tesseract] took too long to OCR - skipping\n   12 [tesseract] Empty page!!\n    1 Opened a file\n',
    );
    expect(log).toEqual({ timedOut: [3], empty: [12], timedOutSomewhere: false });
    expect(readTesseractLog('[tesseract] took too long to OCR - skipping').timedOutSomewhere).toBe(true);
  });
});

describe('parseLanguageList', () => {
  it('keeps language codes and drops the header and osd', () => {
    expect(
      parseLanguageList(
        'List of available languages in "/usr/share/tesseract-ocr/5/tessdata/" (4):\ndeu\neng\nosd\nchi_sim\n',
      ),
    ).toEqual(['chi_sim', 'deu', 'eng']);
  });
});

describe('pdftotextArgs', () => {
  it('asks for UTF-8 on stdout, a page span, and -layout when wanted', () => {
    expect(pdftotextArgs('/w/a.pdf', { first: 2, last: 5, layout: true })).toEqual([
      '-enc',
      'UTF-8',
      '-layout',
      '-f',
      '2',
      '-l',
      '5',
      '/w/a.pdf',
      '-',
    ]);
  });
});

describe('compactRanges', () => {
  it('writes runs of pages as ranges', () => {
    expect(compactRanges([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
    expect(compactRanges([4])).toBe('4');
  });
});

describe('wordRecall', () => {
  it('counts ground-truth words as a multiset, ignoring case and punctuation', () => {
    expect(wordRecall('The cat, the hat.', 'the CAT hat')).toBe(0.75);
    expect(wordRecall('état', 'État!')).toBe(1);
  });
});

describe('readImageInfo', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-info-'));
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('reads PNG pHYs (pixels per meter) and reports none without it', async () => {
    const phys = Buffer.alloc(9);
    phys.writeUInt32BE(11811, 0); // 300 dpi
    phys.writeUInt32BE(11811, 4);
    phys[8] = 1;
    const withDpi = write(
      'a.png',
      Buffer.concat([PNG_SIG, chunk('IHDR', Buffer.alloc(13)), chunk('pHYs', phys), chunk('IDAT', Buffer.alloc(2))]),
    );
    const info = await readImageInfo(withDpi, 'png');
    expect(Math.round(info.dpi!.x)).toBe(300);
    const without = write(
      'b.png',
      Buffer.concat([PNG_SIG, chunk('IHDR', Buffer.alloc(13)), chunk('IDAT', Buffer.alloc(2))]),
    );
    expect(await readImageInfo(without, 'png')).toEqual({ dpi: undefined, frames: 1 });
  });

  it('reads JPEG JFIF density in dpi', async () => {
    const app0 = Buffer.from([
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, 0x00, 0xc8, 0x00, 0xc8, 0x00, 0x00,
    ]);
    const file = write(
      'a.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xda, 0x00, 0x02])]),
    );
    expect(await readImageInfo(file, 'jpeg')).toEqual({ dpi: { x: 200, y: 200 }, frames: 1 });
  });

  it('reads TIFF resolution and counts its pages', async () => {
    // Little-endian TIFF: two directories; the first has XResolution = YResolution = 150/1, unit inch.
    const buf = Buffer.alloc(128);
    buf.write('II', 0, 'latin1');
    buf.writeUInt16LE(42, 2);
    buf.writeUInt32LE(8, 4);
    buf.writeUInt16LE(3, 8);
    const entry = (i: number, tag: number, type: number, value: number) => {
      const at = 10 + i * 12;
      buf.writeUInt16LE(tag, at);
      buf.writeUInt16LE(type, at + 2);
      buf.writeUInt32LE(1, at + 4);
      buf.writeUInt32LE(value, at + 8);
    };
    entry(0, 282, 5, 80);
    entry(1, 283, 5, 80);
    entry(2, 296, 3, 2);
    buf.writeUInt32LE(100, 10 + 3 * 12); // next directory
    buf.writeUInt32LE(150, 80);
    buf.writeUInt32LE(1, 84);
    buf.writeUInt16LE(0, 100); // second directory: no entries
    buf.writeUInt32LE(0, 102);
    expect(await readImageInfo(write('a.tif', buf), 'tiff')).toEqual({ dpi: { x: 150, y: 150 }, frames: 2 });
  });
});
