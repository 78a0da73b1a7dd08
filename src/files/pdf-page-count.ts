// Page count without a process, for the common case: an unencrypted PDF
// whose trailer, cross-reference data and page-tree root can be read directly
// (classic xref tables, xref streams and object streams). Reads a few KiB,
// not the file. Anything unusual (encryption, damage, odd syntax) returns
// undefined and the caller asks qpdf, which also repairs and reports errors.
// Why: a qpdf process per input was most of the service's overhead on small
// requests (issue 2 benchmark).
import fs from 'node:fs/promises';
import zlib from 'node:zlib';

type Handle = fs.FileHandle;

async function readAt(handle: Handle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

interface XrefInfo {
  /** Object number → byte offset (type 1) or [stream object, index] (type 2). */
  offsets: Map<number, number | [number, number]>;
  trailer: string;
}

const MAX_SECTIONS = 32;

/** Returns the page count, or undefined when the fast path does not apply. */
export async function quickPageCount(file: string): Promise<number | undefined> {
  let handle: Handle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const { size } = await handle.stat();
    const tail = (await readAt(handle, Math.max(0, size - 1024), 1024)).toString('latin1');
    const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!startxref) return undefined;
    const xref = await readXrefChain(handle, Number(startxref[1]), size);
    if (!xref || /\/Encrypt\b/.test(xref.trailer)) return undefined;
    const root = /\/Root\s+(\d+)\s+0\s+R/.exec(xref.trailer);
    if (!root) return undefined;
    const catalog = await readObject(handle, xref, Number(root[1]), size);
    const pagesRef = catalog && /\/Pages\s+(\d+)\s+0\s+R/.exec(catalog);
    if (!pagesRef) return undefined;
    const pages = await readObject(handle, xref, Number(pagesRef[1]), size);
    const count = pages && /\/Type\s*\/Pages\b/.test(pages) ? /\/Count\s+(\d+)/.exec(pages) : null;
    return count ? Number(count[1]) : undefined;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

async function readXrefChain(handle: Handle, start: number, size: number): Promise<XrefInfo | undefined> {
  const offsets = new Map<number, number | [number, number]>();
  let trailer: string | undefined;
  let position: number | undefined = start;
  for (let section = 0; position !== undefined && section < MAX_SECTIONS; section++) {
    if (position <= 0 || position >= size) return undefined;
    const head = await readAt(handle, position, 64);
    let sectionTrailer: string;
    if (head.toString('latin1').startsWith('xref')) {
      const parsed = await readXrefTable(handle, position, size, offsets);
      if (!parsed) return undefined;
      sectionTrailer = parsed;
    } else {
      const parsed = await readXrefStream(handle, position, size, offsets);
      if (!parsed) return undefined;
      sectionTrailer = parsed;
    }
    trailer ??= sectionTrailer; // the newest trailer wins
    const prev = /\/Prev\s+(\d+)/.exec(sectionTrailer);
    position = prev ? Number(prev[1]) : undefined;
  }
  return trailer ? { offsets, trailer } : undefined;
}

/** Classic table; older sections never override newer entries. */
async function readXrefTable(handle: Handle, position: number, size: number, offsets: XrefInfo['offsets']): Promise<string | undefined> {
  // Read enough for the table: grow until "trailer" and its dictionary end are seen.
  let length = 4096;
  for (;;) {
    const text = (await readAt(handle, position, length)).toString('latin1');
    const trailerAt = text.indexOf('trailer');
    const end = trailerAt >= 0 ? text.indexOf('startxref', trailerAt) : -1;
    if (end < 0) {
      if (position + length >= size || length > 64 * 1024 * 1024) return undefined;
      length *= 4;
      continue;
    }
    const lines = text.slice(4, trailerAt);
    const re = /(\d+)\s+(\d+)\s*[\r\n]+((?:\d{10}\s\d{5}\s[nf]\s*[\r\n]*)*)/g;
    let match: RegExpExecArray | null;
    while ((match = re.exec(lines))) {
      const first = Number(match[1]);
      const entries = match[3].match(/\d{10}\s\d{5}\s[nf]/g) ?? [];
      if (entries.length !== Number(match[2])) return undefined;
      entries.forEach((entry, i) => {
        if (!offsets.has(first + i) && entry.endsWith('n')) offsets.set(first + i, Number(entry.slice(0, 10)));
      });
    }
    return text.slice(trailerAt, end);
  }
}

/** Cross-reference stream (PDF 1.5): /W widths, /Index ranges, Flate-compressed rows. */
async function readXrefStream(handle: Handle, position: number, size: number, offsets: XrefInfo['offsets']): Promise<string | undefined> {
  const object = await readStreamObject(handle, position, size);
  if (!object || !/\/Type\s*\/XRef\b/.test(object.dict)) return undefined;
  const w = /\/W\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(object.dict);
  if (!w) return undefined;
  const widths = [Number(w[1]), Number(w[2]), Number(w[3])];
  const rowLength = widths[0] + widths[1] + widths[2];
  const sizeMatch = /\/Size\s+(\d+)/.exec(object.dict);
  const index = /\/Index\s*\[([\d\s]+)\]/.exec(object.dict);
  const ranges = index ? index[1].trim().split(/\s+/).map(Number) : [0, Number(sizeMatch?.[1] ?? 0)];
  const data = object.data;
  let row = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    for (let i = 0; i < ranges[r + 1]; i++, row++) {
      const base = row * rowLength;
      if (base + rowLength > data.length) return undefined;
      const field = (k: number) => {
        let value = 0;
        const offset = base + widths.slice(0, k).reduce((a, b) => a + b, 0);
        for (let b = 0; b < widths[k]; b++) value = value * 256 + data[offset + b];
        return value;
      };
      const type = widths[0] === 0 ? 1 : field(0);
      const number = ranges[r] + i;
      if (offsets.has(number)) continue;
      if (type === 1) offsets.set(number, field(1));
      else if (type === 2) offsets.set(number, [field(1), field(2)]);
    }
  }
  return object.dict;
}

interface StreamObject {
  dict: string;
  data: Buffer;
}

/** Reads "N 0 obj << … >> stream … endstream" at `position`, inflating Flate data (no other filters or predictors). */
async function readStreamObject(handle: Handle, position: number, size: number): Promise<StreamObject | undefined> {
  const head = (await readAt(handle, position, 4096)).toString('latin1');
  const start = /^\s*\d+\s+\d+\s+obj\s*/.exec(head);
  if (!start) return undefined;
  const streamAt = head.indexOf('stream', start[0].length);
  if (streamAt < 0) return undefined;
  const dict = head.slice(start[0].length, streamAt);
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (!length) return undefined;
  if (/\/DecodeParms/.test(dict) && !/\/Predictor\s+(1|12)\b/.test(dict)) return undefined;
  let dataStart = position + streamAt + 'stream'.length;
  const eol = await readAt(handle, dataStart, 2);
  dataStart += eol[0] === 0x0d && eol[1] === 0x0a ? 2 : 1;
  const raw = await readAt(handle, dataStart, Math.min(Number(length[1]), size - dataStart));
  let data = /\/Filter\s*\/FlateDecode/.test(dict) ? zlib.inflateSync(raw) : /\/Filter/.test(dict) ? undefined : raw;
  if (!data) return undefined;
  const predictor = /\/Predictor\s+12/.test(dict);
  if (predictor) data = undoPngUpPredictor(data, Number(/\/Columns\s+(\d+)/.exec(dict)?.[1] ?? 1));
  return { dict, data };
}

/** PNG "Up" predictor rows (what xref streams use). */
function undoPngUpPredictor(data: Buffer, columns: number): Buffer {
  const rowLength = columns + 1;
  const rows = Math.floor(data.length / rowLength);
  const out = Buffer.alloc(rows * columns);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * rowLength];
    for (let c = 0; c < columns; c++) {
      const value = data[r * rowLength + 1 + c];
      const up = r > 0 ? out[(r - 1) * columns + c] : 0;
      if (filter === 2) out[r * columns + c] = (value + up) & 0xff;
      else if (filter === 0) out[r * columns + c] = value;
      else throw new Error('unsupported predictor');
    }
  }
  return out;
}

/** The dictionary text of object `number` (direct or inside an object stream). */
async function readObject(handle: Handle, xref: XrefInfo, number: number, size: number): Promise<string | undefined> {
  const where = xref.offsets.get(number);
  if (where === undefined) return undefined;
  if (typeof where === 'number') {
    // A page-tree root lists every kid before /Count may appear: read on until its end.
    const pattern = new RegExp(`^\\s*${number}\\s+\\d+\\s+obj\\b([\\s\\S]*?)(endobj|stream)`);
    for (let length = 4096; length <= 16 * 1024 * 1024; length *= 8) {
      const text = (await readAt(handle, where, length)).toString('latin1');
      const match = pattern.exec(text);
      if (match) return match[1];
      if (where + length >= size) return undefined;
    }
    return undefined;
  }
  const [streamNumber, index] = where;
  const streamOffset = xref.offsets.get(streamNumber);
  if (typeof streamOffset !== 'number') return undefined;
  const stream = await readStreamObject(handle, streamOffset, size);
  if (!stream || !/\/Type\s*\/ObjStm\b/.test(stream.dict)) return undefined;
  const n = Number(/\/N\s+(\d+)/.exec(stream.dict)?.[1]);
  const first = Number(/\/First\s+(\d+)/.exec(stream.dict)?.[1]);
  const header = stream.data.toString('latin1', 0, first).trim().split(/\s+/).map(Number);
  if (header.length < 2 * n || header[2 * index] !== number) return undefined;
  const begin = first + header[2 * index + 1];
  const end = index + 1 < n ? first + header[2 * index + 3] : stream.data.length;
  return stream.data.toString('latin1', begin, end);
}
