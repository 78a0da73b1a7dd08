import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { observeRuns } from '../../src/tools/run.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { pageCountOf } from '../helpers/pdf.js';
import { makeJpeg, makePdf, rgbaPng, tempFile, withExifOrientation } from '../helpers/make-fixtures.js';

let server: TestServer;
let key: string;
let jpeg: Buffer;
/** Page 1 draws the JPEG twice; page 2 a Flate image, a 4×4 image and the JPEG again. */
let pdf: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  jpeg = makeJpeg(40, 20);
  pdf = makePdf(
    [
      { content: 'q 100 0 0 50 0 0 cm /Im0 Do Q q 100 0 0 50 200 200 cm /Im0 Do Q' },
      { content: 'q 100 0 0 50 0 0 cm /Im1 Do Q q 10 0 0 10 300 300 cm /Im2 Do Q q 100 0 0 50 0 400 cm /Im0 Do Q' },
    ],
    [
      { dict: '/Width 40/Height 20/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode', data: jpeg },
      {
        dict: '/Width 16/Height 12/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode',
        data: zlib.deflateSync(Buffer.alloc(16 * 12 * 3, 90)),
      },
      { dict: '/Width 4/Height 4/ColorSpace/DeviceGray/BitsPerComponent 8', data: Buffer.alloc(16, 200) },
    ],
  );
});
afterAll(() => server.close());

/** Unzips a response body; returns entry names (in ZIP order) and the directory. */
async function unzipBody(res: Response): Promise<{ names: string[]; dir: string }> {
  const zip = await saveBody(res, 'out.zip');
  const bytes = fs.readFileSync(zip);
  // An empty ZIP is only the end-of-central-directory record (zipinfo exits 1 on it).
  if (bytes.length === 22 && bytes.readUInt32LE(0) === 0x06054b50) return { names: [], dir: '' };
  const names = execFileSync('zipinfo', ['-1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unzipped-'));
  if (names.length > 0) execFileSync('unzip', ['-q', zip, '-d', dir]);
  return { names, dir };
}

/** Images of a PDF as pdfimages -all writes them (independent check). */
function imagesOf(file: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imgs-'));
  execFileSync('pdfimages', ['-all', file, path.join(dir, 'i')]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((n) => path.join(dir, n));
}

function pageInfo(file: string): Array<{ size: string; rot: number }> {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100', file], { encoding: 'utf8' });
  const sizes = [...info.matchAll(/^Page\s+\d+\s+size:\s+(\S+ x \S+) pts/gm)].map((m) => m[1]);
  const rots = [...info.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
  return sizes.map((size, i) => ({ size, rot: rots[i] }));
}

describe('POST /v1/pdf/images mode=extract', () => {
  it('extracts each image object once, in page order, JPEG bytes unchanged, with X-Image-Count', async () => {
    const res = await server.post('images', form({ file: await filePart(pdf, 'doc.pdf') }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="doc-images.zip"');
    expect(res.headers.get('x-image-count')).toBe('3');
    const { names, dir } = await unzipBody(res);
    expect(names).toEqual(['doc-1.jpg', 'doc-2.png', 'doc-3.png']);
    expect(fs.readFileSync(path.join(dir, 'doc-1.jpg')).equals(jpeg)).toBe(true);
    const png = fs.readFileSync(path.join(dir, 'doc-2.png'));
    expect(png.readUInt32BE(16)).toBe(16); // native width
    expect(png.readUInt32BE(20)).toBe(12);
  });

  it('filters by min_size (width and height) and converts everything with format=png', async () => {
    const small = await server.post('images', form({ file: await filePart(pdf, 'doc.pdf'), min_size: '12' }), key);
    expect(small.headers.get('x-image-count')).toBe('2');
    expect((await unzipBody(small)).names).toEqual(['doc-1.jpg', 'doc-2.png']);
    // 16×12 passes 12 but not 13 (its height is below).
    const taller = await server.post('images', form({ file: await filePart(pdf, 'doc.pdf'), min_size: '13' }), key);
    expect((await unzipBody(taller)).names).toEqual(['doc-1.jpg']);
    const png = await server.post('images', form({ file: await filePart(pdf, 'doc.pdf'), format: 'png' }), key);
    expect((await unzipBody(png)).names).toEqual(['doc-1.png', 'doc-2.png', 'doc-3.png']);
  });

  it('answers an empty ZIP when there are no images', async () => {
    const res = await server.post('images', form({ file: await filePart(corpus('trivial.pdf')) }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-image-count')).toBe('0');
    expect((await unzipBody(res)).names).toEqual([]);
  });

  it('opens encrypted input with password and reports a missing one', async () => {
    const plain = tempFile('plain.pdf', pdf);
    const enc = path.join(path.dirname(plain), 'enc.pdf');
    execFileSync('qpdf', ['--encrypt', 'secret', 'owner', '256', '--', plain, enc]);
    const ok = await server.post('images', form({ file: await filePart(enc), password: 'secret' }), key);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-image-count')).toBe('3');
    const missing = await server.post('images', form({ file: await filePart(enc) }), key);
    expect(missing.status).toBe(422);
    expect((await missing.json()).code).toBe('password_required');
  });

  it('refuses a 30000×30000 image that would have to be decoded with 413, quickly', async () => {
    const side = 30000;
    // 1-bit, all zero: about 110 KB compressed, 900 megapixels.
    const huge = makePdf(
      [{ content: 'q 600 0 0 600 0 0 cm /Im0 Do Q' }],
      [
        {
          dict: `/Width ${side}/Height ${side}/ColorSpace/DeviceGray/BitsPerComponent 1/Filter/FlateDecode`,
          data: zlib.deflateSync(Buffer.alloc((side / 8) * side)),
        },
      ],
    );
    // "Quickly" means before anything decodes it: only listing commands may run (not a clock, which depends on the machine).
    const started: string[][] = [];
    const stop = observeRuns((file, args) => started.push([file, ...args]));
    const res = await server.post('images', form({ file: await filePart(huge, 'huge.pdf') }), key).finally(stop);
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.code).toBe('file_too_large');
    expect(body.detail).toContain('30000×30000');
    expect(started.filter((argv) => argv[0] === 'pdfimages' && !argv.includes('-list'))).toEqual([]);
    expect(started.filter((argv) => ['mutool', 'gs', 'pdftoppm'].includes(argv[0]))).toEqual([]);
  });

  it('rejects a damaged PDF with invalid_pdf', async () => {
    const res = await server.post('images', form({ file: await filePart(corpus('invalid.pdf')) }), key);
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe('invalid_pdf');
  });
});

describe('POST /v1/pdf/images mode=to-pdf', () => {
  it('makes one page per image in upload order: JPEG bytes kept, PNG alpha kept as a soft mask, EXIF rotation applied', async () => {
    const rotated = withExifOrientation(jpeg, 6);
    const files = [
      await filePart(jpeg, 'scan.jpg'),
      await filePart(rgbaPng(30, 20, [0, 128, 0, 100]), 'logo.png'),
      await filePart(rotated, 'phone.jpg'),
    ];
    const res = await server.post('images', form({ files }), key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="scan.pdf"');
    const out = await saveBody(res, 'out.pdf');
    expect(pageCountOf(out)).toBe(3);
    const pages = pageInfo(out);
    expect(pages.map((p) => p.rot)).toEqual([0, 0, 90]);
    // Page 1 is the 40×20 px JPEG at 72 dpi.
    expect(pages[0].size).toBe('40 x 20');
    const list = execFileSync('pdfimages', ['-list', out], { encoding: 'utf8' });
    expect(list).toMatch(/^\s+2\s+\d+\s+smask\s+30\s+20/m);
    const extracted = imagesOf(out);
    const jpgs = extracted.filter((f) => f.endsWith('.jpg')).map((f) => fs.readFileSync(f));
    expect(jpgs).toHaveLength(2);
    expect(jpgs[0].equals(jpeg)).toBe(true);
    expect(jpgs[1].equals(rotated)).toBe(true);
  });

  it('infers to-pdf from "files" and honours page_size and margin', async () => {
    const files = [await filePart(jpeg, 'a.jpg')];
    const a4 = await server.post('images', form({ files, page_size: 'a4', margin: '36' }), key);
    expect(a4.status).toBe(200);
    // Landscape image: the page turns to match.
    expect(pageInfo(await saveBody(a4, 'a4.pdf'))[0].size).toBe('841.89 x 595.276');
    const letter = await server.post('images', form({ files, mode: 'to-pdf', page_size: 'letter' }), key);
    expect(pageInfo(await saveBody(letter, 'letter.pdf'))[0].size).toBe('792 x 612');
    const fit = await server.post('images', form({ files, margin: '10' }), key);
    expect(pageInfo(await saveBody(fit, 'fit.pdf'))[0].size).toBe('60 x 40');
  });

  it('refuses a PDF among the images and an image as the PDF (415)', async () => {
    const pdfAsImage = await server.post(
      'images',
      form({ files: [await filePart(jpeg, 'a.jpg'), await filePart(corpus('trivial.pdf'), 'b.png')] }),
      key,
    );
    expect(pdfAsImage.status).toBe(415);
    expect((await pdfAsImage.json()).code).toBe('unsupported_media_type');
    const imageAsPdf = await server.post('images', form({ file: await filePart(jpeg, 'doc.pdf') }), key);
    expect(imageAsPdf.status).toBe(415);
  });

  it('refuses mirrored EXIF orientations and a PNG over the pixel limit', async () => {
    const mirrored = await server.post(
      'images',
      form({ files: [await filePart(withExifOrientation(jpeg, 2), 'm.jpg')] }),
      key,
    );
    expect(mirrored.status).toBe(422);
    expect((await mirrored.json()).detail).toContain('mirrored');
    // A PNG header claiming 30000×30000 (the data is never decoded).
    const bomb = rgbaPng(1, 1, [0, 0, 0, 255]);
    bomb.writeUInt32BE(30000, 16);
    bomb.writeUInt32BE(30000, 20);
    const res = await server.post('images', form({ files: [await filePart(bomb, 'bomb.png')] }), key);
    expect(res.status).toBe(413);
  });
});

describe('POST /v1/pdf/images mode and option checks', () => {
  it('needs exactly the part of the mode and no options of the other mode', async () => {
    const pdfPart = await filePart(pdf, 'doc.pdf');
    const imgPart = await filePart(jpeg, 'a.jpg');
    const cases: Array<[Record<string, string | [Blob, string] | Array<[Blob, string]>>, string]> = [
      [{}, 'file'],
      [{ file: pdfPart, files: [imgPart] }, 'files'],
      [{ files: [imgPart], mode: 'extract' }, 'file'],
      [{ file: pdfPart, mode: 'to-pdf' }, 'files'],
      [{ file: pdfPart, page_size: 'a4' }, 'page_size'],
      [{ files: [imgPart], format: 'png' }, 'format'],
      [{ files: [imgPart], min_size: '5' }, 'min_size'],
      [{ file: pdfPart, format: 'gif' }, 'format'],
      [{ file: pdfPart, min_size: '-1' }, 'min_size'],
      [{ files: [imgPart], margin: 'wide' }, 'margin'],
    ];
    for (const [fields, field] of cases) {
      const res = await server.post('images', form(fields), key);
      expect(res.status, JSON.stringify(Object.keys(fields))).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('invalid_request');
      expect(body.detail).toContain(field);
    }
  });

  it('leaves no temp files behind', async () => {
    await eventually(() => server.leftovers().length === 0);
  });
});
