// Page count without a process, for the common case: an unencrypted PDF
// whose trailer, cross-reference data and page tree can be read directly
// (classic xref tables, xref streams and object streams). The count is the
// number of leaves found by walking /Kids from the catalog's /Pages (never
// the /Count a file declares, which may lie). Anything unusual (encryption,
// damage, odd syntax, a loop, a cap reached) returns undefined and the caller
// asks qpdf, which walks the tree itself, repairs and reports errors.
// Why in-process at all: a qpdf process per input was most of the service's
// overhead on small requests (scripts/bench/foundation.ts): tracemonkey.pdf
// counts in 4 ms here against 35 ms for `qpdf --show-pages`
// (scripts/bench/parsers.ts). A general PDF library would parse the whole
// document, which is what the bounds below exist to avoid.
// Bounds: the bytes read from the file, the bytes any inflate may
// produce, the xref rows and the objects visited are all capped, so a small
// hostile upload costs at most a few MiB of memory and a few ms of CPU per
// await; the walk gives up (undefined) the moment a cap is reached.
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import type { ByteSource } from '../core/contract.js';

/** Positional reads: the file, or the upload's bytes already in memory. */
interface Handle {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  /** The whole file, when it is in memory: reads are views of it where they can be, not file reads. */
  bytes?: ByteSource;
}

/** Hard limits of the in-process reader (exported for tests). */
export const QUICK_COUNT_LIMITS = {
  /** Bytes of compressed stream data read for one xref or object stream. */
  streamBytes: 1024 * 1024,
  /** Bytes one inflate may produce (zlib stops there: no allocation beyond it). */
  inflatedBytes: 4 * 1024 * 1024,
  /** Inflated bytes over the whole walk. */
  totalInflatedBytes: 16 * 1024 * 1024,
  /** Bytes of a classic xref table (about 50,000 objects). */
  xrefTableBytes: 1024 * 1024,
  /** Rows of all xref streams together. */
  xrefRows: 200_000,
  /** Bytes read for one object's dictionary. */
  objectBytes: 256 * 1024,
  /** Objects in one object stream. */
  objectStreamEntries: 100_000,
  /** Cross-reference sections (incremental updates). */
  sections: 32,
} as const;

class Budget {
  inflated = 0;
  objects = 0;
  constructor(readonly maxObjects: number) {}
}

/** Thrown internally when a cap is reached or the syntax is not the plain kind this reader handles. */
class GiveUp extends Error {}

async function readAt(handle: Handle, position: number, length: number): Promise<Buffer> {
  if (handle.bytes) {
    // Buffer.subarray would count a negative offset from the end; a file read refuses it.
    if (!(position >= 0)) throw new GiveUp('negative offset');
    return handle.bytes.subarray(position, position + length);
  }
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

interface XrefInfo {
  /** Object number → byte offset (type 1) or [stream object, index] (type 2). */
  offsets: Map<number, number | [number, number]>;
  trailer: string;
}

/**
 * Returns the number of pages in the page tree, or undefined when the fast
 * path does not apply. The walk stops after `maxPages + 1` leaves (enough to
 * refuse the file), so its cost is bounded by the page limit too. `bytes`:
 * the whole file when the caller already holds it (read from there instead).
 */
export async function quickPageCount(
  file: string,
  maxPages = 100_000,
  bytes?: ByteSource,
): Promise<number | undefined> {
  // Every page costs at least one object read; nodes and the catalog a few more.
  return withPlainObjects(file, bytes, 2 * (maxPages + 1) + 64, async (reader, rootNumber) => {
    const catalog = await reader.read(rootNumber);
    const pagesRef = catalog && /\/Pages\s+(\d+)\s+0\s+R/.exec(catalog);
    if (!pagesRef) return undefined;
    return countLeaves(reader, Number(pagesRef[1]), maxPages);
  });
}

/** What a walk over a plain file's objects may read (pdf-structure.ts walks the same objects for its graph checks). */
export interface PlainObjects {
  /** The object's text between "obj" and "endobj" (a stream's: its dictionary), or undefined when it cannot be read. */
  read(number: number): Promise<string | undefined>;
  /** A stream object's dictionary and the first `maxBytes` of its raw data (its /Length resolved), or undefined. */
  readStream(number: number, maxBytes: number): Promise<RawStream | undefined>;
}

/** A stream's dictionary text, its declared /Length and a prefix of its raw (still encoded) data. */
export interface RawStream {
  dict: string;
  length: number;
  head: Buffer;
}

/**
 * Opens `file` (or its held `bytes`) for a bounded walk when it is plainly
 * readable and unencrypted, and runs `walk` with its catalog's number. Any
 * cap, odd syntax or encryption gives undefined, as does `walk` throwing.
 * `maxObjects`: object reads allowed over the whole walk.
 */
export async function withPlainObjects<T>(
  file: string,
  bytes: ByteSource | undefined,
  maxObjects: number,
  walk: (reader: PlainObjects, rootNumber: number) => Promise<T | undefined>,
): Promise<T | undefined> {
  let opened: fs.FileHandle | undefined;
  try {
    let handle: Handle;
    let size: number;
    if (bytes) {
      handle = { read: () => Promise.reject(new GiveUp('in memory')), bytes };
      size = bytes.length;
    } else {
      handle = opened = await fs.open(file, 'r');
      size = (await opened.stat()).size;
    }
    const tail = (await readAt(handle, Math.max(0, size - 1024), 1024)).toString('latin1');
    const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!startxref) return undefined;
    const budget = new Budget(maxObjects);
    const xref = await readXrefChain(handle, Number(startxref[1]), size, budget);
    if (!xref || /\/Encrypt\b/.test(xref.trailer)) return undefined;
    const root = /\/Root\s+(\d+)\s+0\s+R/.exec(xref.trailer);
    if (!root) return undefined;
    return await walk(new ObjectReader(handle, xref, size, budget), Number(root[1]));
  } catch {
    return undefined;
  } finally {
    await opened?.close();
  }
}

/**
 * Walks /Kids depth-first. A node is an object with /Kids (as qpdf decides);
 * anything else is a page. A repeated object (a loop, or a page listed twice)
 * gives up: qpdf's verdict decides those files.
 */
async function countLeaves(reader: PlainObjects, rootNumber: number, maxPages: number): Promise<number | undefined> {
  const seen = new Set<number>();
  const stack = [rootNumber];
  let leaves = 0;
  let isRoot = true;
  while (stack.length > 0) {
    const number = stack.pop()!;
    if (seen.has(number)) return undefined;
    seen.add(number);
    const text = await reader.read(number);
    if (text === undefined) return undefined;
    if (!/\/Kids\b/.test(text)) {
      if (isRoot) return undefined; // a root that is a page: unusual, let qpdf judge
      leaves++;
      if (leaves > maxPages) return leaves;
      continue;
    }
    isRoot = false;
    const kids = /\/Kids\s*\[([\d\sR]*)\]/.exec(text);
    if (!kids) return undefined; // indirect or odd /Kids
    const refs = [...kids[1].matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]));
    // Reversed onto the stack so pages are visited in order (only the count matters, but it keeps the walk predictable).
    for (let i = refs.length - 1; i >= 0; i--) stack.push(refs[i]);
  }
  return leaves;
}

async function readXrefChain(
  handle: Handle,
  start: number,
  size: number,
  budget: Budget,
): Promise<XrefInfo | undefined> {
  const offsets = new Map<number, number | [number, number]>();
  let trailer: string | undefined;
  let position: number | undefined = start;
  const rows = { left: QUICK_COUNT_LIMITS.xrefRows };
  const visited = new Set<number>();
  for (let section = 0; position !== undefined && section < QUICK_COUNT_LIMITS.sections; section++) {
    if (position <= 0 || position >= size || visited.has(position)) return undefined;
    visited.add(position);
    const head = await readAt(handle, position, 64);
    const sectionTrailer = head.toString('latin1').startsWith('xref')
      ? await readXrefTable(handle, position, size, offsets)
      : await readXrefStream(handle, position, size, offsets, budget, rows);
    if (!sectionTrailer) return undefined;
    trailer ??= sectionTrailer; // the newest trailer wins
    const prev = /\/Prev\s+(\d+)/.exec(sectionTrailer);
    position = prev ? Number(prev[1]) : undefined;
  }
  if (position !== undefined) return undefined; // more sections than the cap
  return trailer ? { offsets, trailer } : undefined;
}

/** Classic table; older sections never override newer entries. */
async function readXrefTable(
  handle: Handle,
  position: number,
  size: number,
  offsets: XrefInfo['offsets'],
): Promise<string | undefined> {
  // Read enough for the table: grow until "trailer" and its dictionary end are seen.
  for (let length = 4096; ; length *= 4) {
    const text = (await readAt(handle, position, Math.min(length, QUICK_COUNT_LIMITS.xrefTableBytes))).toString(
      'latin1',
    );
    const trailerAt = text.indexOf('trailer');
    const end = trailerAt >= 0 ? text.indexOf('startxref', trailerAt) : -1;
    if (end < 0) {
      if (position + length >= size || length >= QUICK_COUNT_LIMITS.xrefTableBytes) return undefined;
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
async function readXrefStream(
  handle: Handle,
  position: number,
  size: number,
  offsets: XrefInfo['offsets'],
  budget: Budget,
  rows: { left: number },
): Promise<string | undefined> {
  const object = await readStreamObject(handle, position, size, budget);
  if (!object || !/\/Type\s*\/XRef\b/.test(object.dict)) return undefined;
  const w = /\/W\s*\[\s*(\d)\s+(\d)\s+(\d)\s*\]/.exec(object.dict);
  if (!w) return undefined;
  const widths = [Number(w[1]), Number(w[2]), Number(w[3])];
  const rowLength = widths[0] + widths[1] + widths[2];
  if (rowLength === 0) return undefined;
  const sizeMatch = /\/Size\s+(\d+)/.exec(object.dict);
  const index = /\/Index\s*\[([\d\s]+)\]/.exec(object.dict);
  const ranges = index ? index[1].trim().split(/\s+/).map(Number) : [0, Number(sizeMatch?.[1] ?? 0)];
  const data = object.data;
  // The declared rows must fit the inflated data and the row budget before any row is read.
  let declared = 0;
  for (let r = 1; r < ranges.length; r += 2) declared += ranges[r];
  if (declared * rowLength > data.length || declared > rows.left) return undefined;
  rows.left -= declared;
  const field = (base: number, k: number) => {
    let value = 0;
    let offset = base;
    for (let j = 0; j < k; j++) offset += widths[j];
    for (let b = 0; b < widths[k]; b++) value = value * 256 + data[offset + b];
    return value;
  };
  let row = 0;
  for (let r = 0; r + 1 < ranges.length; r += 2) {
    for (let i = 0; i < ranges[r + 1]; i++, row++) {
      const base = row * rowLength;
      const type = widths[0] === 0 ? 1 : field(base, 0);
      const number = ranges[r] + i;
      if (offsets.has(number)) continue;
      if (type === 1) offsets.set(number, field(base, 1));
      else if (type === 2) offsets.set(number, [field(base, 1), field(base, 2)]);
    }
  }
  return object.dict;
}

interface StreamObject {
  dict: string;
  data: Buffer;
}

/** Inflates at most the budget allows; zlib stops at maxOutputLength, so a bomb never allocates past it. */
function boundedInflate(raw: Buffer, budget: Budget): Buffer {
  const room = Math.min(QUICK_COUNT_LIMITS.inflatedBytes, QUICK_COUNT_LIMITS.totalInflatedBytes - budget.inflated);
  if (room <= 0) throw new GiveUp('inflate budget used up');
  // Throws RangeError when the output would pass `room`.
  const data = zlib.inflateSync(raw, { maxOutputLength: room });
  budget.inflated += data.length;
  return data;
}

/** Reads "N 0 obj << … >> stream … endstream" at `position`, inflating Flate data (no other filters; predictors 1, 12). */
async function readStreamObject(
  handle: Handle,
  position: number,
  size: number,
  budget: Budget,
): Promise<StreamObject | undefined> {
  const head = (await readAt(handle, position, 4096)).toString('latin1');
  const start = /^\s*\d+\s+\d+\s+obj\s*/.exec(head);
  if (!start) return undefined;
  const streamAt = head.indexOf('stream', start[0].length);
  if (streamAt < 0) return undefined;
  const dict = head.slice(start[0].length, streamAt);
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (!length) return undefined;
  if (Number(length[1]) > QUICK_COUNT_LIMITS.streamBytes) return undefined;
  if (/\/DecodeParms/.test(dict) && !/\/Predictor\s+(1|12)\b/.test(dict)) return undefined;
  let dataStart = position + streamAt + 'stream'.length;
  const eol = await readAt(handle, dataStart, 2);
  dataStart += eol[0] === 0x0d && eol[1] === 0x0a ? 2 : 1;
  const raw = await readAt(handle, dataStart, Math.max(0, Math.min(Number(length[1]), size - dataStart)));
  let data = /\/Filter\s*\/FlateDecode/.test(dict)
    ? boundedInflate(raw, budget)
    : /\/Filter/.test(dict)
      ? undefined
      : raw;
  if (!data) return undefined;
  if (/\/Predictor\s+12/.test(dict)) {
    const columns = Number(/\/Columns\s+(\d+)/.exec(dict)?.[1] ?? 1);
    if (columns < 1 || columns > 64) return undefined;
    data = undoPngUpPredictor(data, columns);
  }
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
      else throw new GiveUp('unsupported predictor');
    }
  }
  return out;
}

/** Object dictionaries by number (direct or inside an object stream), each object stream inflated once. */
class ObjectReader implements PlainObjects {
  private readonly streams = new Map<
    number,
    { data: Buffer; n: number; first: number; header: number[] } | undefined
  >();

  constructor(
    private readonly handle: Handle,
    private readonly xref: XrefInfo,
    private readonly size: number,
    private readonly budget: Budget,
  ) {}

  async read(number: number): Promise<string | undefined> {
    if (++this.budget.objects > this.budget.maxObjects) throw new GiveUp('object budget used up');
    const where = this.xref.offsets.get(number);
    if (where === undefined) return undefined;
    if (typeof where === 'number') return this.readDirect(number, where);
    const [streamNumber, index] = where;
    const stream = await this.objectStream(streamNumber);
    if (!stream || index >= stream.n || stream.header[2 * index] !== number) return undefined;
    const begin = stream.first + stream.header[2 * index + 1];
    const end = index + 1 < stream.n ? stream.first + stream.header[2 * index + 3] : stream.data.length;
    return stream.data.toString('latin1', begin, end);
  }

  async readStream(number: number, maxBytes: number): Promise<RawStream | undefined> {
    if (++this.budget.objects > this.budget.maxObjects) throw new GiveUp('object budget used up');
    const where = this.xref.offsets.get(number);
    if (typeof where !== 'number') return undefined; // streams are never inside object streams
    const head = (await readAt(this.handle, where, 4096)).toString('latin1');
    const start = /^\s*\d+\s+\d+\s+obj\s*/.exec(head);
    const streamAt = start ? head.indexOf('stream', start[0].length) : -1;
    if (!start || streamAt < 0) return undefined;
    const dict = head.slice(start[0].length, streamAt);
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    const indirect = /\/Length\s+(\d+)\s+\d+\s+R/.exec(dict);
    const declared = direct
      ? Number(direct[1])
      : indirect
        ? Number((await this.read(Number(indirect[1])))?.trim())
        : NaN;
    let dataStart = where + streamAt + 'stream'.length;
    const eol = await readAt(this.handle, dataStart, 2);
    dataStart += eol[0] === 0x0d && eol[1] === 0x0a ? 2 : 1;
    // A /Length past the end of the file is what the tools will find there at most.
    const length = Math.max(0, Math.min(Number.isFinite(declared) ? declared : 0, this.size - dataStart));
    if (!Number.isFinite(declared)) return undefined;
    return { dict, length, head: await readAt(this.handle, dataStart, Math.min(length, maxBytes)) };
  }

  private async readDirect(number: number, where: number): Promise<string | undefined> {
    // A page-tree node lists every kid before /Count may appear: read on until its end.
    const pattern = new RegExp(`^\\s*${number}\\s+\\d+\\s+obj\\b([\\s\\S]*?)(endobj|stream)`);
    for (let length = 4096; length <= QUICK_COUNT_LIMITS.objectBytes; length *= 8) {
      const bytes = await readAt(this.handle, where, length);
      // Only up to the object's end becomes a string: a 4 KiB string per object was most of this reader's garbage.
      const end = bytes.indexOf('endobj', 0, 'latin1');
      const text = bytes.toString('latin1', 0, end >= 0 ? end + 6 : bytes.length);
      const match = pattern.exec(text);
      if (match) return match[1];
      if (where + length >= this.size) return undefined;
    }
    return undefined;
  }

  private async objectStream(number: number) {
    if (this.streams.has(number)) return this.streams.get(number);
    const offset = this.xref.offsets.get(number);
    let parsed: { data: Buffer; n: number; first: number; header: number[] } | undefined;
    if (typeof offset === 'number') {
      const stream = await readStreamObject(this.handle, offset, this.size, this.budget);
      if (stream && /\/Type\s*\/ObjStm\b/.test(stream.dict)) {
        const n = Number(/\/N\s+(\d+)/.exec(stream.dict)?.[1]);
        const first = Number(/\/First\s+(\d+)/.exec(stream.dict)?.[1]);
        if (n > 0 && n <= QUICK_COUNT_LIMITS.objectStreamEntries && first > 0 && first <= stream.data.length) {
          const header = stream.data.toString('latin1', 0, first).trim().split(/\s+/).map(Number);
          if (header.length >= 2 * n) parsed = { data: stream.data, n, first, header };
        }
      }
    }
    this.streams.set(number, parsed);
    return parsed;
  }
}
