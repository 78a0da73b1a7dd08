import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionOf, pageCountOf, qpdfCheck, textOf } from '../helpers/pdf.js';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let dir: string;

/** A PDF from object bodies (index 0 = object 1); streams as [dict, data]. */
function buildPdf(objects: Array<string | [string, Buffer]>): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  objects.forEach((obj, i) => {
    offsets.push(length);
    if (typeof obj === 'string') push(Buffer.from(`${i + 1} 0 obj\n${obj}\nendobj\n`, 'latin1'));
    else {
      push(
        Buffer.from(`${i + 1} 0 obj\n${obj[0].replace(/>>\s*$/, ` /Length ${obj[1].length} >>`)}\nstream\n`, 'latin1'),
      );
      push(obj[1]);
      push(Buffer.from('\nendstream\nendobj\n'));
    }
  });
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A smooth colour gradient, `size`² RGB pixels, Flate-compressed (no predictor). */
function gradientImage(size: number): Buffer {
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      raw[i] = (x * 255) / size;
      raw[i + 1] = (y * 255) / size;
      raw[i + 2] = ((x + y) * 127) / size + Math.round(Math.sin(x / 7) * 20 + 20);
    }
  }
  return zlib.deflateSync(raw);
}

/**
 * Two pages: page 1 has a 300 dpi photo-like image, a form field, a URI link
 * and a link to page 2; page 2 has a TrimBox inside its MediaBox and a red
 * square outside the TrimBox. An outline points at both pages.
 */
function structuredPdf(): Buffer {
  const image = gradientImage(1200);
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R /Outlines 10 0 R /PageMode /UseOutlines /AcroForm << /Fields [7 0 R] /NeedAppearances true /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 5 0 R >> >> >> >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 12 0 R /Annots [7 0 R 8 0 R 9 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /TrimBox [100 100 512 692] /Resources << /Font << /F1 5 0 R >> >> /Contents 13 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    [
      '<< /Type /XObject /Subtype /Image /Width 1200 /Height 1200 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode >>',
      image,
    ],
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada) /Rect [72 40 300 70] /F 4 /P 3 0 R /DA (/Helv 12 Tf 0 g) >>',
    '<< /Type /Annot /Subtype /Link /Rect [72 690 400 730] /Border [0 0 0] /A << /S /URI /URI (https://example.com/) >> >>',
    '<< /Type /Annot /Subtype /Link /Rect [72 600 400 640] /Border [0 0 0] /Dest [4 0 R /Fit] >>',
    '<< /Type /Outlines /First 11 0 R /Last 14 0 R /Count 2 >>',
    '<< /Title (Photo page) /Parent 10 0 R /Next 14 0 R /Dest [3 0 R /Fit] >>',
    ['<< >>', Buffer.from('q 288 0 0 288 72 100 cm /Im1 Do Q BT /F1 24 Tf 72 700 Td (Compressible photo page) Tj ET')],
    ['<< >>', Buffer.from('1 0 0 rg 20 20 60 60 re f BT /F1 24 Tf 120 600 Td (Trimmed page) Tj ET')],
    '<< /Title (Trimmed page) /Parent 10 0 R /Prev 11 0 R /Dest [4 0 R /Fit] >>',
  ]);
}

/** An image-only PDF: page 1 of multipage.pdf (a colour photo) rendered at 300 dpi, embedded losslessly by img2pdf. */
function photoPdf(): string {
  const png = path.join(dir, 'photo.png');
  const pdf = path.join(dir, 'photo.pdf');
  execFileSync('mutool', ['draw', '-q', '-r', '300', '-o', png, corpus('multipage.pdf'), '1']);
  execFileSync('img2pdf', ['--imgsize', '300dpi', '-o', pdf, png]);
  return pdf;
}

/** One page with one 30000×30000 RGB image, 32 KB on disk: a uniform colour, Flate-compressed twice (the 2.7 GB raster streams through zlib in ~2 s). */
async function hugeImagePdfAsync(): Promise<Buffer> {
  const side = 30000;
  const deflate = zlib.createDeflate({ level: 1 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const band = Buffer.alloc(side * 3 * 100, 0x80);
  for (let i = 0; i < side / 100; i++) {
    if (!deflate.write(band)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const data = zlib.deflateSync(Buffer.concat(chunks), { level: 9 });
  const pt = (side / 300) * 72;
  return buildPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pt} ${pt}] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>`,
    [
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter [/FlateDecode /FlateDecode] >>`,
      data,
    ],
    ['<< >>', Buffer.from(`q ${pt} 0 0 ${pt} 0 0 cm /Im1 Do Q`)],
  ]);
}

function imagesOf(
  file: string,
): Array<{ page: number; type: string; width: number; color: string; enc: string; xppi: number }> {
  const lines = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return lines.map((line) => {
    const f = line.trim().split(/\s+/);
    return { page: Number(f[0]), type: f[2], width: Number(f[3]), color: f[5], enc: f[8], xppi: Number(f[12]) };
  });
}

/** pdfimages -list of an encrypted file. */
function imagesOfEncrypted(file: string, password: string): ReturnType<typeof imagesOf> {
  const plain = path.join(dir, `plain-${path.basename(file)}`);
  execFileSync('qpdf', [`--password=${password}`, '--decrypt', file, plain]);
  return imagesOf(plain);
}

async function compress(file: string | Buffer, fields: Record<string, string> = {}, name?: string): Promise<Response> {
  return server.post('compress', form({ file: await filePart(file, name), ...fields }), key);
}

function expectSizeHeaders(res: Response, body: Buffer, original: number): void {
  expect(Number(res.headers.get('x-original-size'))).toBe(original);
  expect(Number(res.headers.get('x-compressed-size'))).toBe(body.length);
  expect(Number(res.headers.get('content-length'))).toBe(body.length);
  expect(body.length).toBeLessThanOrEqual(original);
}

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-test-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('POST /v1/pdf/compress', () => {
  it('compresses tracemonkey.pdf (medium by default): smaller, same pages, text still text, qpdf --check clean', async () => {
    const original = fs.statSync(corpus('tracemonkey.pdf')).size;
    const res = await compress(corpus('tracemonkey.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="tracemonkey-compressed.pdf"; filename*=UTF-8''tracemonkey-compressed.pdf`,
    );
    expect(res.headers.get('x-compression-applied')).toBe('true');
    expect(res.headers.get('x-compression-level')).toBe('medium');
    const file = await saveBody(res, 'out.pdf');
    const body = fs.readFileSync(file);
    expectSizeHeaders(res, body, original);
    expect(body.length).toBeLessThan(original * 0.8);
    expect(pageCountOf(file)).toBe(14);
    expect(qpdfCheck(file)).toBe(true);
    const text = textOf(file);
    expect(text).toContain('Trace-based Just-in-Time Type Specialization');
    // Every word of the original's text layer is still extractable.
    const words = (t: string) => new Set(t.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w)));
    const before = words(textOf(corpus('tracemonkey.pdf')));
    const after = words(text);
    const missing = [...before].filter((w) => !after.has(w));
    expect(missing.length / before.size).toBeLessThan(0.01);
  });

  it('gives three different results for the three levels on an image-heavy PDF, high < medium < low', async () => {
    const photo = photoPdf();
    const original = fs.statSync(photo).size;
    const sizes: Record<string, number> = {};
    for (const level of ['low', 'medium', 'high']) {
      const res = await compress(photo, { level });
      expect(res.status).toBe(200);
      const file = await saveBody(res, `${level}.pdf`);
      const body = fs.readFileSync(file);
      expectSizeHeaders(res, body, original);
      expect(pageCountOf(file)).toBe(1);
      expect(qpdfCheck(file)).toBe(true);
      sizes[level] = body.length;
      const [image] = imagesOf(file);
      if (level === 'medium') expect(image.xppi).toBe(150);
      if (level === 'high') expect(image.xppi).toBe(96);
      if (level === 'low') expect(image.xppi).toBe(300);
    }
    expect(sizes.medium).toBeLessThan(sizes.low * 0.5);
    expect(sizes.high).toBeLessThan(sizes.medium * 0.8);
  });

  it('grayscale=true leaves no colour image', async () => {
    const photo = path.join(dir, 'photo.pdf');
    expect(imagesOf(photo).some((i) => i.color !== 'gray')).toBe(true);
    const res = await compress(photo, { grayscale: 'true' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-compression-applied')).toBe('true');
    const file = await saveBody(res);
    const images = imagesOf(file);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.color).toBe('gray');
  });

  it('keeps form fields, links, the outline and TrimBoxes, and draws what lies outside a TrimBox', async () => {
    const input = path.join(dir, 'structured.pdf');
    fs.writeFileSync(input, structuredPdf());
    expect(qpdfCheck(input)).toBe(true);
    const res = await compress(input, { level: 'medium' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-compression-level')).toBe('medium');
    const file = await saveBody(res, 'structured-out.pdf');
    expect(qpdfCheck(file)).toBe(true);
    expect(pageCountOf(file)).toBe(2);
    const outline = execFileSync('mutool', ['show', file, 'outline'], { encoding: 'utf8' });
    expect(outline).toMatch(/"Photo page"\s+#page=1/);
    expect(outline).toMatch(/"Trimmed page"\s+#page=2/);
    const json = JSON.parse(
      execFileSync('qpdf', ['--json=2', '--json-key=acroform', '--json-key=pages', '--json-key=qpdf', file], {
        encoding: 'utf8',
      }),
    );
    expect(json.acroform.fields.map((f: { fullname: string; value: string }) => [f.fullname, f.value])).toEqual([
      ['name', 'u:Ada'],
    ]);
    const objects = json.qpdf[1];
    const page1 = objects[`obj:${json.pages[0].object}`].value;
    const page2 = objects[`obj:${json.pages[1].object}`].value;
    const annots = (page1['/Annots'] as string[]).map((ref) => objects[`obj:${ref}`].value);
    expect(annots.map((a) => a['/Subtype']).sort()).toEqual(['/Link', '/Link', '/Widget']);
    const internal = annots.find((a) => a['/Dest']);
    expect(internal['/Dest'][0]).toBe(json.pages[1].object);
    expect(page2['/TrimBox']).toEqual([100, 100, 512, 692]);
    // The red square at 20..80 pt lies outside the TrimBox: it must still be drawn.
    const ppm = execFileSync('pdftoppm', ['-f', '2', '-l', '2', '-r', '18', file], { maxBuffer: 1 << 24 });
    const header = ppm.toString('latin1', 0, 20).split(/\s+/);
    const width = Number(header[1]);
    const height = Number(header[2]);
    const offset = ppm.length - width * height * 3;
    const pixel = (xPt: number, yPt: number) => {
      const x = Math.round((xPt / 612) * width);
      const y = Math.round(((792 - yPt) / 792) * height);
      return [...ppm.subarray(offset + (y * width + x) * 3, offset + (y * width + x) * 3 + 3)];
    };
    expect(pixel(50, 50)).toEqual([255, 0, 0]);
    expect(textOf(file, ['-f', '2', '-l', '2'])).toContain('Trimmed page');
  });

  it('keeps the outline of multipage.pdf and does not keep the replaced images', async () => {
    const res = await compress(corpus('multipage.pdf'));
    expect(res.status).toBe(200);
    const file = await saveBody(res);
    expect(pageCountOf(file)).toBe(6);
    expect(qpdfCheck(file)).toBe(true);
    const outline = execFileSync('mutool', ['show', file, 'outline'], { encoding: 'utf8' });
    for (const title of ['Chapter II', 'Huge Page', 'Wikipedia image', 'Indented image'])
      expect(outline).toContain(`"${title}"`);
    // One image per page as in the input (6 + one soft mask): no stale original left behind.
    expect(imagesOf(file).length).toBe(imagesOf(corpus('multipage.pdf')).length);
  });

  it('returns the input unchanged when nothing is gained, with the headers saying so', async () => {
    const res = await compress(corpus('trivial.pdf'), { level: 'high' });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(fs.readFileSync(corpus('trivial.pdf')))).toBe(true);
    expect(res.headers.get('x-original-size')).toBe(String(body.length));
    expect(res.headers.get('x-compressed-size')).toBe(String(body.length));
    expect(res.headers.get('x-compression-applied')).toBe('false');
    expect(res.headers.get('x-compression-level')).toBe('none');
  });

  it('falls back to the lossless pass when the lossy rewrite is larger (a small scan)', async () => {
    const original = fs.statSync(corpus('linn.pdf')).size;
    const res = await compress(corpus('linn.pdf'));
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expectSizeHeaders(res, body, original);
    expect(['low', 'none']).toContain(res.headers.get('x-compression-level'));
  });

  it('opens encrypted input with its password and returns it encrypted the same way', async () => {
    const enc = corpus('encrypted-rc4-20-pages-user-user.pdf');
    const ok = await compress(enc, { password: 'user' });
    expect(ok.status).toBe(200);
    const file = await saveBody(ok);
    expect(pageCountOf(file, 'user')).toBe(20);
    expect(encryptionOf(file, 'user')).toMatch(/R = 3/);
    // The lossy path too: an encrypted image-heavy file comes back smaller and encrypted (AES-256, same user password).
    const encPhoto = path.join(dir, 'photo-encrypted.pdf');
    execFileSync('qpdf', ['--encrypt', 'pw', 'owner-pw', '256', '--', path.join(dir, 'photo.pdf'), encPhoto]);
    const lossy = await compress(encPhoto, { password: 'pw' });
    expect(lossy.status).toBe(200);
    expect(lossy.headers.get('x-compression-level')).toBe('medium');
    const lossyFile = await saveBody(lossy);
    expect(fs.statSync(lossyFile).size).toBeLessThan(fs.statSync(encPhoto).size / 2);
    expect(encryptionOf(lossyFile, 'pw')).toMatch(/R = 6/);
    expect(pageCountOf(lossyFile, 'pw')).toBe(1);
    expect(imagesOfEncrypted(lossyFile, 'pw')[0].xppi).toBe(150);
    const ownerOnly = await compress(corpus('encrypted-aes256-owner-only.pdf'));
    expect(ownerOnly.status).toBe(200);
    expect(encryptionOf(await saveBody(ownerOnly))).toMatch(/R = 6/);
    const missing = await compress(enc);
    expect(missing.status).toBe(422);
    expect((await missing.json()).code).toBe('password_required');
    const wrong = await compress(enc, { password: 'nope' });
    expect(wrong.status).toBe(422);
    const body = await wrong.json();
    expect(body.code).toBe('incorrect_password');
    expect(JSON.stringify(body)).not.toContain('nope');
  });

  it('refuses bad input: corrupt PDF 422, image 415, unknown level 400, grayscale with low 400, unknown field 400', async () => {
    const corrupt = await compress(corpus('invalid.pdf'));
    expect(corrupt.status).toBe(422);
    const corruptBody = await corrupt.json();
    expect(corruptBody.code).toBe('invalid_pdf');
    expect(corruptBody.detail).not.toContain('/');
    const png = await compress(corpus('typewriter.png'), {}, 'scan.pdf');
    expect(png.status).toBe(415);
    expect((await png.json()).code).toBe('unsupported_media_type');
    const level = await compress(corpus('trivial.pdf'), { level: 'extreme' });
    expect(level.status).toBe(400);
    const levelBody = await level.json();
    expect(levelBody.code).toBe('invalid_request');
    expect(levelBody.detail).toContain('level');
    const gray = await compress(corpus('trivial.pdf'), { level: 'low', grayscale: 'true' });
    expect(gray.status).toBe(400);
    expect((await gray.json()).detail).toContain('grayscale');
    const typo = await compress(corpus('trivial.pdf'), { levle: 'high' });
    expect(typo.status).toBe(400);
  });

  it('processes a 30000×30000 px image within the operation limit, and keeps serving', async () => {
    const huge = path.join(dir, 'huge.pdf');
    fs.writeFileSync(huge, await hugeImagePdfAsync());
    // medium: one gs process (high runs two variants side by side), so a busy CI machine slows it less.
    const res = await compress(huge, { level: 'medium' });
    expect(res.status).toBe(200);
    const file = await saveBody(res);
    // gs's 96 dpi JPEG of it is larger than these 32 KB, so the input comes back, after real work.
    expect(Number(res.headers.get('x-compressed-size'))).toBeLessThanOrEqual(fs.statSync(huge).size);
    expect(res.headers.get('x-original-size')).toBe(String(fs.statSync(huge).size));
    expect(pageCountOf(file)).toBe(1);
    expect(qpdfCheck(file)).toBe(true);
    // Still serving.
    const after = await compress(corpus('trivial.pdf'));
    expect(after.status).toBe(200);
  }, 150_000);

  it('leaves no temp files behind', async () => {
    await eventually(() => server.leftovers().length === 0);
  });
});
