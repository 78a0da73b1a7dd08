// ZIP output, streamed entry by entry from files on disk (never assembled in
// memory: at most READ_AHEAD bytes of entries are read ahead of the one being
// sent). Already-compressed formats are stored, with their CRC computed by
// zlib's native crc32 while streaming (yazl's JavaScript CRC was a third of
// the split overhead); text is deflated. Every entry uses a data descriptor,
// so nothing is read twice; for all-stored archives the exact length is known
// up front (Content-Length). Archives over 4 GiB or 65,535 entries (ZIP64)
// are refused, as is any result of more than MAX_OUTPUT_FILES entries: both
// are 422 resource_limit (the input asked for too much), never a 500.
// The one ZIP writer (split's and convert's answers, and the DOCX/ODT packages
// of writers/package.ts). Written here rather than on yazl: on split's answer,
// 14 pages of tracemonkey.pdf, yazl took 10.7 ms against 1.9 ms here (5.5×,
// its CRC is JavaScript; scripts/bench/zip-writers.ts), ~9 ms on a request
// whose median is ~80 ms.
import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ResourceLimitError } from '../core/errors.js';
import type { ZipEntry } from '../core/contract.js';

const STORED = /\.(pdf|png|jpe?g|tiff?|jp2|jb2|jbig2|ccitt|zip|docx|odt|gif|webp)$/i;
const LIMIT = 0xffffffff;
const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names

export interface ZipStream {
  stream: Readable;
  /** Exact byte size when every entry is stored, else undefined. */
  size: number | undefined;
}

interface Planned {
  entry: ZipEntry;
  name: Buffer;
  size: number;
  stored: boolean;
}

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Entries one ZIP can hold without ZIP64. */
const MAX_ENTRIES = 0xffff;

/**
 * Refuses a result of `count` files over MAX_OUTPUT_FILES (`limit`) with 422
 * resource_limit. Operations call it as soon as they know the count, before
 * writing the files; zipEntries calls it again for every ZIP.
 */
export function checkOutputCount(count: number, limit: number): void {
  if (count > limit) {
    throw new ResourceLimitError(
      `The result would have ${count} files; at most ${limit} are allowed (MAX_OUTPUT_FILES).`,
      'MAX_OUTPUT_FILES',
      { max_output_files: limit },
    );
  }
  if (count > MAX_ENTRIES) {
    throw new ResourceLimitError(
      `The result would have ${count} files; a ZIP archive holds at most ${MAX_ENTRIES}.`,
      'ZIP entries',
      { max_output_files: MAX_ENTRIES },
    );
  }
}

function tooLarge(): ResourceLimitError {
  return new ResourceLimitError('The result is too large for a ZIP archive (over 4 GiB).', 'ZIP size');
}

/** Starts a ZIP of `entries` (at most `maxEntries`, MAX_OUTPUT_FILES); its size is known when all are stored. */
export async function zipEntries(entries: ZipEntry[], maxEntries: number): Promise<ZipStream> {
  checkOutputCount(entries.length, maxEntries);
  const planned: Planned[] = await Promise.all(
    entries.map(async (entry) => ({
      entry,
      name: Buffer.from(entry.name, 'utf8'),
      size: (await fs.promises.stat(entry.path)).size,
      stored: entry.compress === undefined ? STORED.test(entry.name) : !entry.compress,
    })),
  );
  const allStored = planned.every((p) => p.stored);
  let size: number | undefined;
  if (allStored) {
    size = 22; // end of central directory
    for (const p of planned) size += 30 + p.name.length + p.size + 16 + 46 + p.name.length;
    if (size > LIMIT) throw tooLarge();
  }
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  void write(planned, out).catch((error) => out.destroy(error));
  return { stream: out, size };
}

/**
 * A stored entry of at most this size is read whole while the entries before it are written
 * (three thread-pool round trips per entry, one after the other, were 8 ms of a
 * 14-page split's 10 ms answer). Read by the thread pool, several at once: for the 14 pages
 * (1.85 MB) 0.9 ms, where the spawn helper's single thread took 2.2 ms.
 */
const WHOLE_ENTRY = 1024 * 1024;
/** Bytes read ahead of the entry being written. */
const READ_AHEAD = 4 * 1024 * 1024;

/** Reads stored entries whole, up to READ_AHEAD bytes ahead of the writer; larger (or deflated) ones are left to be streamed. */
class ReadAhead {
  private readonly reads = new Map<number, Promise<Buffer>>();
  private next = 0;
  private ahead = 0;

  constructor(private readonly planned: Planned[]) {}

  /** Entry `index`'s bytes when it was read whole, else undefined; starts the reads after it. */
  async take(index: number): Promise<Buffer | undefined> {
    this.fill(index);
    const read = this.reads.get(index);
    this.reads.delete(index);
    if (!read) return undefined;
    const bytes = await read;
    this.ahead -= this.planned[index].size;
    this.fill(index + 1);
    return bytes;
  }

  /** Starts the reads of the whole entries from `next` on, while they fit READ_AHEAD (entry `current` always does). */
  private fill(current: number): void {
    for (; this.next < this.planned.length; this.next++) {
      const p = this.planned[this.next];
      if (!p.stored || p.size > WHOLE_ENTRY) continue; // streamed when its turn comes
      if (this.next > current && this.ahead + p.size > READ_AHEAD) return;
      this.ahead += p.size;
      const read = fs.promises.readFile(p.entry.path);
      read.catch(() => undefined); // awaited, and its error raised, when the writer gets there
      this.reads.set(this.next, read);
    }
  }
}

interface Written {
  crc: number;
  compressed: number;
  uncompressed: number;
}

async function pushWhole(p: Planned, whole: Buffer, push: (chunk: Buffer) => Promise<void>): Promise<Written> {
  // Its size was promised up front (Content-Length): a file that changed since is an error, not a shorter answer.
  if (whole.length !== p.size) throw new Error(`zip: ${p.entry.name} changed size while being sent`);
  await push(whole);
  return { crc: zlib.crc32(whole), compressed: whole.length, uncompressed: whole.length };
}

async function pushStreamed(p: Planned, push: (chunk: Buffer) => Promise<void>): Promise<Written> {
  let crc = 0;
  let compressed = 0;
  let uncompressed = 0;
  // Read buffers sized by the file: a 1 MiB buffer per entry, and another for the EOF probe, was most of a split's GC.
  const source = fs.createReadStream(p.entry.path, {
    highWaterMark: Math.min(1024 * 1024, Math.max(1, p.size)),
    end: p.size > 0 ? p.size - 1 : undefined,
  });
  const data: AsyncIterable<Buffer> = p.stored ? source : source.pipe(zlib.createDeflateRaw());
  if (!p.stored)
    source.on('data', (chunk: Buffer | string) => {
      crc = zlib.crc32(chunk, crc);
      uncompressed += chunk.length;
    });
  for await (const chunk of data) {
    if (p.stored) {
      crc = zlib.crc32(chunk, crc);
      uncompressed += chunk.length;
    }
    compressed += chunk.length;
    await push(chunk);
  }
  return { crc, compressed, uncompressed };
}

async function write(planned: Planned[], out: PassThrough): Promise<void> {
  const { time, date } = dosDateTime(new Date());
  const readAhead = new ReadAhead(planned);
  const central: Buffer[] = [];
  let offset = 0;
  const push = async (chunk: Buffer) => {
    offset += chunk.length;
    if (!out.write(chunk))
      await new Promise<void>((resolve, reject) => {
        out.once('drain', resolve);
        out.once('close', () => reject(new Error('zip consumer went away')));
      });
  };
  for (const [index, p] of planned.entries()) {
    const headerOffset = offset;
    const method = p.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(p.name.length, 26);
    await push(Buffer.concat([local, p.name]));
    const whole = await readAhead.take(index);
    const { crc, compressed, uncompressed } = whole ? await pushWhole(p, whole, push) : await pushStreamed(p, push);
    if (offset > LIMIT) throw tooLarge();
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(uncompressed, 12);
    await push(descriptor);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, spec 2.0
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(FLAGS, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(uncompressed, 24);
    entry.writeUInt16LE(p.name.length, 28);
    entry.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    entry.writeUInt32LE(headerOffset, 42);
    central.push(entry, p.name);
  }
  const directory = Buffer.concat(central);
  const directoryOffset = offset;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(planned.length, 8);
  end.writeUInt16LE(planned.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  await push(directory);
  await push(end);
  out.end();
}

/** Writes a ZIP of `entries` (at most `maxEntries`) to `target`. */
export async function writeZipFile(entries: ZipEntry[], target: string, maxEntries: number): Promise<void> {
  const { stream } = await zipEntries(entries, maxEntries);
  await new Promise<void>((resolve, reject) => {
    const file = fs.createWriteStream(target, { mode: 0o600 });
    stream.on('error', reject);
    file.on('error', reject);
    file.on('finish', () => resolve());
    stream.pipe(file);
  });
}
