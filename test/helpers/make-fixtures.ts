// Small fixtures built byte by byte on the test side (independent of the
// service's own PDF/PNG code): PDFs with chosen page boxes, rotations, text
// and images; PNGs with alpha; JPEGs (via Ghostscript) with an EXIF orientation.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export interface FixtureImage {
  /** Image dictionary entries without /Length, e.g. "/Width 8/Height 8/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode". */
  dict: string;
  data: Buffer;
}

export interface FixturePage {
  mediaBox?: [number, number, number, number];
  rotate?: number;
  /** Content stream (Helvetica is /F1, images are /Im<i> by index into `images`). */
  content?: string;
  /** Store the content stream Flate-compressed. */
  compress?: boolean;
  /** Extra /Resources entries, raw (e.g. "/Shading<</Sh0 <<…>>>>"). */
  resources?: string;
}

/**
 * A PDF with `pages`; `images` become shared XObjects available on every page
 * (/Im<i>), as do the form XObjects with the content streams `forms` (/Fm<i>,
 * BBox 0 0 1000 1000, Helvetica as /F1).
 */
export function makePdf(pages: FixturePage[], images: FixtureImage[] = [], forms: string[] = []): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
  const stream = (dict: string, data: Buffer) =>
    Buffer.concat([
      Buffer.from(`<<${dict}/Length ${data.length}>>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  add('<</Type/Catalog/Pages 2 0 R>>'); // 1
  add(''); // 2: pages, filled below
  add('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'); // 3
  const imageIds = images.map((image) => {
    add(stream(`/Type/XObject/Subtype/Image${image.dict}`, image.data));
    return objects.length;
  });
  // The forms' numbers are known before they are written, so each can name all of them (nesting).
  const formIds = forms.map((_, i) => objects.length + 1 + i);
  const xobjects =
    imageIds.map((id, i) => `/Im${i} ${id} 0 R`).join('') + formIds.map((id, i) => `/Fm${i} ${id} 0 R`).join('');
  for (const content of forms)
    add(
      stream(
        `/Type/XObject/Subtype/Form/BBox[0 0 1000 1000]/Resources<</Font<</F1 3 0 R>>/XObject<<${xobjects}>>>>`,
        Buffer.from(content, 'latin1'),
      ),
    );
  const kids = pages.map((page) => {
    const content0 = Buffer.from(page.content ?? '', 'latin1');
    add(page.compress ? stream('/Filter/FlateDecode', zlib.deflateSync(content0)) : stream('', content0));
    const content = objects.length;
    const box = page.mediaBox ?? [0, 0, 612, 792];
    add(
      `<</Type/Page/Parent 2 0 R/MediaBox[${box.join(' ')}]${page.rotate ? `/Rotate ${page.rotate}` : ''}/Resources<</Font<</F1 3 0 R>>/XObject<<${xobjects}>>${page.resources ?? ''}>>/Contents ${content} 0 R>>`,
    );
    return objects.length;
  });
  objects[1] = Buffer.from(
    `<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${kids.length}>>`,
    'latin1',
  );
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n', 'latin1')];
  const offsets: number[] = [];
  let offset = parts[0].length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(
    Buffer.from(`${xref}trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(parts);
}

/** Helvetica text at (x, y). */
export function textAt(text: string, x: number, y: number, size = 12): string {
  return `BT /F1 ${size} Tf ${x} ${y} Td (${text}) Tj ET\n`;
}

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGBA PNG of one colour with the given alpha (colour type 6, 8 bits). */
export function rgbaPng(width: number, height: number, rgba: [number, number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4).map((_, i) => rgba[i % 4])]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG rendered by Ghostscript from a one-page PDF of `pageWidth`×`pageHeight` pt at `dpi`. */
export function makeJpeg(pageWidth: number, pageHeight: number, dpi = 72, label = 'JPEG'): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-jpeg-'));
  try {
    const pdf = path.join(dir, 'in.pdf');
    fs.writeFileSync(
      pdf,
      makePdf([
        {
          mediaBox: [0, 0, pageWidth, pageHeight],
          content: `0.9 0.2 0.2 rg 0 0 ${pageWidth / 2} ${pageHeight} re f ${textAt(label, 2, 2, 8)}`,
        },
      ]),
    );
    const out = path.join(dir, 'out.jpg');
    execFileSync('gs', [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=jpeg',
      `-r${dpi}`,
      `-sOutputFile=${out}`,
      pdf,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The JPEG with an EXIF APP1 segment carrying `orientation` inserted after SOI. */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  // Big-endian TIFF header, one IFD with one entry: Orientation (0x0112), SHORT, count 1.
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** Writes `data` to a fresh temp file named `name` and returns its path. */
export function tempFile(name: string, data: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}
