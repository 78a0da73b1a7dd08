// Builds hostile inputs from a script (no binary blobs in the repository),
// one function per class: decompression bombs aimed at the
// server's own parsing, files that lie about their size or page count, page
// trees that loop, deeply nested data, a PostScript+PDF polyglot and files
// that multiply work. Each returns the bytes of a small file.
import zlib from 'node:zlib';

/** One indirect object: number and body (without "obj"/"endobj"); `stream` appended raw with its /Length. */
export interface PdfObject {
  num: number;
  body: string;
  stream?: Buffer;
}

/** Writes a PDF with a classic xref table (or none, for an xref-stream file: see xrefStreamPdf). */
export function buildPdf(
  objects: PdfObject[],
  { root = 1, prefix = '' }: { root?: number; prefix?: string } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from(`${prefix}%PDF-1.7\n%\xe2\xe3\xcf\xd3\n`, 'latin1')];
  let length = parts[0].length;
  const offsets = new Map<number, number>();
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  for (const object of objects) {
    offsets.set(object.num, length);
    if (object.stream) {
      push(
        Buffer.from(`${object.num} 0 obj\n<< ${object.body} /Length ${object.stream.length} >>\nstream\n`, 'latin1'),
      );
      push(object.stream);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    } else {
      push(Buffer.from(`${object.num} 0 obj\n${object.body}\nendobj\n`, 'latin1'));
    }
  }
  const size = Math.max(...offsets.keys()) + 1;
  const xrefAt = length;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let i = 1; i < size; i++)
    xref += offsets.has(i) ? `${String(offsets.get(i)).padStart(10, '0')} 00000 n \n` : '0000000000 65535 f \n';
  xref += `trailer\n<< /Size ${size} /Root ${root} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A plain n-page PDF with `text` on every page (the base of several variants). */
export function textPdf(pages = 1, text = 'HELLOPDF'): Buffer {
  const content = Buffer.from(`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`);
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i} 0 R`).join(' ');
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>` },
    { num: 3, body: FONT },
    ...Array.from({ length: pages }, (_, i) => ({
      num: 4 + i,
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${4 + pages} 0 R >>`,
    })),
    { num: 4 + pages, body: '', stream: content },
  ]);
}

/** Deflate of `bytes` bytes of `fill` (async: the zlib stream is drained). */
export async function deflatedRun(bytes: number, fill = 0x20): Promise<Buffer> {
  const chunk = Buffer.alloc(Math.min(bytes, 16 * 1024 * 1024), fill);
  const stream = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  stream.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  for (let left = bytes; left > 0; ) {
    const n = Math.min(left, chunk.length);
    if (!stream.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
      await new Promise((r) => stream.once('drain', r));
    left -= n;
  }
  stream.end();
  await done;
  return Buffer.concat(parts);
}

/** A 1-page PDF whose only cross-reference is an xref stream built from `rows` (type, field2, field3) with /W [1 4 2]. */
function xrefStreamPdf(
  objects: PdfObject[],
  xrefData: (xrefNum: number, offsets: Map<number, number>) => { data: Buffer; dict: string },
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0].length;
  const offsets = new Map<number, number>();
  for (const object of objects) {
    offsets.set(object.num, length);
    const b = object.stream
      ? Buffer.concat([
          Buffer.from(`${object.num} 0 obj\n<< ${object.body} /Length ${object.stream.length} >>\nstream\n`, 'latin1'),
          object.stream,
          Buffer.from('\nendstream\nendobj\n'),
        ])
      : Buffer.from(`${object.num} 0 obj\n${object.body}\nendobj\n`, 'latin1');
    parts.push(b);
    length += b.length;
  }
  const xrefNum = Math.max(...offsets.keys()) + 1;
  offsets.set(xrefNum, length);
  const { data, dict } = xrefData(xrefNum, offsets);
  parts.push(
    Buffer.from(
      `${xrefNum} 0 obj\n<< /Type /XRef ${dict} /Root 1 0 R /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
  );
  parts.push(Buffer.from(`\nendstream\nendobj\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const ONE_PAGE: PdfObject[] = [
  { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
  { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
  {
    num: 3,
    body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  },
  { num: 4, body: FONT },
  { num: 5, body: '', stream: Buffer.from('BT /F1 24 Tf 72 700 Td (HELLOPDF) Tj ET') },
];

function xrefRows(offsets: Map<number, number>, size: number): Buffer {
  const rows = Buffer.alloc(size * 7);
  for (let i = 0; i < size; i++) {
    const offset = offsets.get(i);
    rows[i * 7] = offset === undefined ? 0 : 1;
    rows.writeUInt32BE(offset ?? 0, i * 7 + 1);
    rows.writeUInt16BE(offset === undefined ? 65535 : 0, i * 7 + 5);
  }
  return rows;
}

/** Xref stream whose data inflates to `inflated` bytes (valid rows first, then zeros). */
export async function xrefStreamBomb(inflated = 512 * 1024 * 1024): Promise<Buffer> {
  const zeros = await deflatedRun(inflated, 0);
  return xrefStreamPdf(ONE_PAGE, (xrefNum, offsets) => {
    const size = xrefNum + 1;
    return { data: prependRows(xrefRows(offsets, size), zeros), dict: `/Size ${size} /W [1 4 2]` };
  });
}

/** A zlib stream of `rows` followed by the (already deflated) zero run: re-deflated as one stream, rows then zeros. */
function prependRows(rows: Buffer, deflatedZeros: Buffer): Buffer {
  // Inflating the zero run here would allocate it; instead deflate rows with a sync flush and splice the raw
  // deflate blocks of the zero run (minus its zlib header and trailer) after them. The Adler-32 then no longer
  // matches, which zlib reports only at the very end: readers inflate the whole bomb first.
  const head = zlib.deflateSync(rows, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const body = deflatedZeros.subarray(2, deflatedZeros.length - 4);
  return Buffer.concat([head, body, Buffer.alloc(4)]);
}

/** Xref stream declaring `rows` rows (/Size) whose data holds only the real ones: an old reader walked them all. */
export function xrefRowBomb(rows = 17_000_000): Buffer {
  return xrefStreamPdf(ONE_PAGE, (xrefNum, offsets) => {
    const size = xrefNum + 1;
    return { data: zlib.deflateSync(xrefRows(offsets, size)), dict: `/Size ${rows} /W [1 4 2] /Index [0 ${rows}]` };
  });
}

/** One page whose content stream inflates to `inflated` bytes of spaces. */
export async function contentStreamBomb(inflated = 1024 * 1024 * 1024): Promise<Buffer> {
  const data = await deflatedRun(inflated, 0x20);
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
    { num: 4, body: '/Filter /FlateDecode', stream: data },
  ]);
}

function crc32(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A PNG declared `width`×`height` (8-bit gray) whose IDAT inflates to `inflated` bytes. */
export async function pngBomb(inflated = 512 * 1024 * 1024, width = 1, height = 1): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', await deflatedRun(inflated, 0)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG 2000 codestream (SOC + SIZ + a truncated rest) whose SIZ says `width`×`height`. */
export function jpxCodestream(width: number, height: number): Buffer {
  const siz = Buffer.alloc(2 + 2 + 38 + 3);
  siz.writeUInt16BE(0xff51, 0);
  siz.writeUInt16BE(41, 2); // Lsiz: 38 + 3 × 1 component
  siz.writeUInt16BE(0, 4); // Rsiz
  siz.writeUInt32BE(width, 6);
  siz.writeUInt32BE(height, 10);
  siz.writeUInt32BE(0, 14);
  siz.writeUInt32BE(0, 18);
  siz.writeUInt32BE(width, 22); // one tile
  siz.writeUInt32BE(height, 26);
  siz.writeUInt32BE(0, 30);
  siz.writeUInt32BE(0, 34);
  siz.writeUInt16BE(1, 38); // Csiz
  siz[40] = 7; // 8-bit
  siz[41] = 1;
  siz[42] = 1;
  // COD (5 decomposition levels, 1 layer) and QCD (no quantization), then EOC: no tile data at all.
  const cod = Buffer.from([0xff, 0x52, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x01, 0x00, 0x05, 0x04, 0x04, 0x00, 0x01]);
  // QCD without quantization: guard bits 1, one exponent byte for each of the 3 × 5 + 1 subbands.
  const qcd = Buffer.concat([Buffer.from([0xff, 0x5c, 0x00, 0x13, 0x20]), Buffer.alloc(16, 0x48)]);
  return Buffer.concat([Buffer.from([0xff, 0x4f]), siz.subarray(0, 43), cod, qcd, Buffer.from([0xff, 0xd9])]);
}

function box(type: string, content: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}

/** A JP2 file whose ihdr box says 16×16 and whose codestream SIZ says `width`×`height`. */
export function jp2Lying(width = 12000, height = 12000): Buffer {
  const ihdr = Buffer.alloc(14);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.writeUInt16BE(1, 8);
  ihdr[10] = 7;
  ihdr[11] = 7;
  const colr = Buffer.from([1, 0, 0, 0, 0, 0, 17]); // enumerated, greyscale
  return Buffer.concat([
    Buffer.from([0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]),
    box('ftyp', Buffer.from('jp2 \0\0\0\0jp2 ', 'latin1')),
    box('jp2h', Buffer.concat([box('ihdr', ihdr), box('colr', colr)])),
    box('jp2c', jpxCodestream(width, height)),
  ]);
}

/** A PDF drawing one JPX image whose dictionary says 16×16 and whose codestream says `width`×`height`. */
export function pdfWithLyingJpx(width = 12000, height = 12000): Buffer {
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      num: 3,
      body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    },
    {
      num: 4,
      body: '/Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /JPXDecode',
      stream: jpxCodestream(width, height),
    },
    { num: 5, body: '', stream: Buffer.from('q 100 0 0 100 72 600 cm /Im1 Do Q') },
  ]);
}

/** A baseline TIFF header declaring `width`×`height` 8-bit gray, with one strip of no data. */
export function tiffHuge(width = 12000, height = 12000): Buffer {
  const entries: Array<[number, number, number, number]> = [
    [256, 4, 1, width],
    [257, 4, 1, height],
    [258, 3, 1, 8],
    [259, 3, 1, 1],
    [262, 3, 1, 1],
    [273, 4, 1, 8 + 2 + 9 * 12 + 4],
    [277, 3, 1, 1],
    [278, 4, 1, height],
    [279, 4, 1, 16],
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    ifd.writeUInt16LE(tag, 2 + i * 12);
    ifd.writeUInt16LE(type, 4 + i * 12);
    ifd.writeUInt32LE(count, 6 + i * 12);
    if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
    else ifd.writeUInt32LE(value, 10 + i * 12);
  });
  const head = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  return Buffer.concat([head, ifd, Buffer.alloc(16)]);
}

/** Catalog → Pages → a node whose /Kids point back at the root: a loop in the page tree. */
export function pageTreeLoop(): Buffer {
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>' },
    { num: 3, body: '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>' },
    { num: 4, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
  ]);
}

/** `real` pages under a root whose /Count says 1. */
export function lyingCount(real = 50): Buffer {
  const kids = Array.from({ length: real }, (_, i) => `${3 + i} 0 R`).join(' ');
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count 1 >>` },
    ...Array.from({ length: real }, (_, i) => ({
      num: 3 + i,
      body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    })),
  ]);
}

/** A page-tree root with no kids. */
export function noPages(): Buffer {
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [] /Count 0 >>' },
  ]);
}

/** A page carrying `depth` nested arrays in its dictionary. */
export function nestedArrays(depth = 200_000): Buffer {
  const pdf = textPdf(1);
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return Buffer.from(
    pdf.toString('latin1').replace('/Type /Page /Parent 2 0 R', `/Type /Page /Parent 2 0 R /Deep ${nested}`),
    'latin1',
  );
}

/** The text a polyglot's PostScript paints (must never appear in an output). */
export const POLYGLOT_MARKER = 'POSTSCRIPTRAN';

/**
 * PostScript that paints POLYGLOT_MARKER and quits, followed (within the first
 * KiB) by a PDF whose page says HELLOPDF. Ghostscript reading the file as it
 * is runs the PostScript.
 */
export function psPdfPolyglot(): Buffer {
  const ps = `%!PS-Adobe-3.0\n/Helvetica findfont 30 scalefont setfont 72 400 moveto (${POLYGLOT_MARKER}) show showpage quit\n`;
  return buildPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [4 0 R] /Count 1 >>' },
      { num: 3, body: FONT },
      {
        num: 4,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
      },
      { num: 5, body: '', stream: Buffer.from('BT /F1 24 Tf 72 700 Td (HELLOPDF) Tj ET') },
    ],
    { prefix: ps },
  );
}

/** One page drawing `count` 1×1 inline images. */
export function inlineImages(count = 70_000): Buffer {
  const one = 'q 1 0 0 1 0 0 cm BI /W 1 /H 1 /BPC 8 /CS /G ID \x80 EI Q\n';
  const content = Buffer.from(one.repeat(count), 'latin1');
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
    { num: 4, body: '/Filter /FlateDecode', stream: zlib.deflateSync(content) },
  ]);
}
