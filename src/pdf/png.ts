// PNG decoding to 8-bit samples (all colour types, bit depths and Adam7
// interlacing), so a watermark image's transparency can become a PDF soft
// mask (colour samples and alpha as two images).
// Bounds: the inflate stops at the size IHDR declares, and the
// decoder is a generator that pauses every ~64 K samples, so the server
// drives it with decodePngAsync (zlib in the thread pool, the event loop free
// between slices: a 16 MP stamp no longer stalls /healthz for seconds).
// Kept rather than pngjs (whose inflate is bounded too, but whose whole-image
// API is synchronous): a 4000×4000 RGBA stamp took 1.7 s in pngjs, all of it
// one event-loop stall, against 1.9 s here with the longest stall 136 ms
// (scripts/bench/parsers.ts, side by side, this machine under test load).
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflateAsync = promisify(zlib.inflate) as (data: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

/** Samples handled between two pauses of the decoder (a few ms of work). */
const SLICE = 64 * 1024;

/** What the decoder asks of its driver: a pause (undefined), or an inflate bounded by `maxOutputLength`. */
type Step = { inflate: Buffer; maxOutputLength: number } | undefined;
type Decoder<T> = Generator<Step, T, Buffer | undefined>;

/** A decoded image: 8-bit samples, gray (1) or RGB (3), alpha separately. */
export interface DecodedImage {
  width: number;
  height: number;
  channels: 1 | 3;
  pixels: Buffer;
  /** One byte per pixel, or undefined when fully opaque. */
  alpha?: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Thrown for a PNG that cannot be decoded. */
export class PngError extends Error {}

interface Header {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlaced: boolean;
}

function readChunks(data: Buffer, all: boolean): { header: Header; chunks: Array<{ type: string; data: Buffer }> } {
  if (data.length < 33 || !data.subarray(0, 8).equals(SIGNATURE)) throw new PngError('not a PNG file');
  const chunks: Array<{ type: string; data: Buffer }> = [];
  let p = 8;
  while (p + 8 <= data.length) {
    const length = data.readUInt32BE(p);
    const type = data.toString('latin1', p + 4, p + 8);
    if (p + 12 + length > data.length) throw new PngError('truncated PNG');
    if (all || type !== 'IDAT') chunks.push({ type, data: data.subarray(p + 8, p + 8 + length) });
    else chunks.push({ type, data: Buffer.alloc(0) });
    p += 12 + length;
    if (type === 'IEND') break;
  }
  const ihdr = chunks[0];
  if (ihdr?.type !== 'IHDR') throw new PngError('PNG without IHDR');
  const header = {
    width: ihdr.data.readUInt32BE(0),
    height: ihdr.data.readUInt32BE(4),
    depth: ihdr.data[8],
    colorType: ihdr.data[9],
    interlaced: ihdr.data[12] === 1,
  };
  if (header.width === 0 || header.height === 0) throw new PngError('PNG with no pixels');
  return { header, chunks };
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the per-row filters of one (sub)image; returns raw rows. */
function* unfilter(
  src: Buffer,
  at: number,
  width: number,
  height: number,
  bpp: number,
  bitsPerPixel: number,
): Decoder<{ rows: Buffer[]; next: number }> {
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  let work = 0;
  for (let y = 0; y < height; y++) {
    work += stride;
    if (work > SLICE) {
      work = 0;
      yield;
    }
    if (at + 1 + stride > src.length) throw new PngError('PNG data ends early');
    const filter = src[at];
    const row = Buffer.from(src.subarray(at + 1, at + 1 + stride));
    at += 1 + stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? row[x - bpp] : 0;
      const b = prev[x];
      const c = x >= bpp ? prev[x - bpp] : 0;
      switch (filter) {
        case 0:
          break;
        case 1:
          row[x] = (row[x] + a) & 0xff;
          break;
        case 2:
          row[x] = (row[x] + b) & 0xff;
          break;
        case 3:
          row[x] = (row[x] + ((a + b) >> 1)) & 0xff;
          break;
        case 4:
          row[x] = (row[x] + paeth(a, b, c)) & 0xff;
          break;
        default:
          throw new PngError(`bad PNG filter ${filter}`);
      }
    }
    rows.push(row);
    prev = row;
  }
  return { rows, next: at };
}

/** Sample `i` of a row at `depth` bits, scaled to 8 bits (palette indexes unscaled). */
function sample(row: Buffer, i: number, depth: number, scale: boolean): number {
  if (depth === 8) return row[i];
  if (depth === 16) return row[2 * i];
  const perByte = 8 / depth;
  const value = (row[Math.floor(i / perByte)] >> (8 - depth * ((i % perByte) + 1))) & ((1 << depth) - 1);
  return scale ? Math.round((value * 255) / ((1 << depth) - 1)) : value;
}

/** Raw sample value (for tRNS comparison) at full depth. */
function rawSample(row: Buffer, i: number, depth: number): number {
  if (depth === 16) return row.readUInt16BE(2 * i);
  return sample(row, i, depth, false);
}

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Bytes of filtered scanlines (a filter byte per row) a PNG of this geometry inflates to, Adam7 passes included. */
function rawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
    0,
  );
}

/** Decodes a PNG in one go (blocks for its whole duration: tests and small images); refuses images over `maxPixels`. */
export function decodePng(data: Buffer, maxPixels = 100_000_000): DecodedImage {
  const steps = decodeSteps(data, maxPixels);
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if (!step) {
      next = steps.next();
      continue;
    }
    let inflated: Buffer;
    try {
      inflated = zlib.inflateSync(step.inflate, { maxOutputLength: step.maxOutputLength });
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(inflated);
  }
  return next.value;
}

/** Decodes a PNG without holding the event loop: inflate in zlib's thread pool, decoding in slices; refuses images over `maxPixels`. */
export async function decodePngAsync(data: Buffer, maxPixels = 100_000_000): Promise<DecodedImage> {
  const steps = decodeSteps(data, maxPixels);
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if (!step) {
      await new Promise((resolve) => setImmediate(resolve));
      next = steps.next();
      continue;
    }
    let inflated: Buffer;
    try {
      inflated = await inflateAsync(step.inflate, { maxOutputLength: step.maxOutputLength });
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(inflated);
  }
  return next.value;
}

const OPAQUE = Buffer.alloc(64 * 1024, 255);

/** True when every alpha byte is 255 (memcmp in 64 KiB pieces: a per-byte loop took ~0.1 s on 16 MP). */
function allOpaque(alpha: Buffer): boolean {
  for (let at = 0; at < alpha.length; at += OPAQUE.length) {
    const piece = alpha.subarray(at, at + OPAQUE.length);
    if (!piece.equals(OPAQUE.subarray(0, piece.length))) return false;
  }
  return true;
}

function* decodeSteps(data: Buffer, maxPixels: number): Decoder<DecodedImage> {
  const { header, chunks } = readChunks(data, true);
  const { width, height, depth, colorType } = header;
  if (width * height > maxPixels)
    throw new PngError(`PNG of ${width}×${height} pixels is over the limit of ${maxPixels} pixels`);
  const channelsIn = CHANNELS[colorType];
  if (!channelsIn) throw new PngError(`unknown PNG colour type ${colorType}`);
  const palette = chunks.find((c) => c.type === 'PLTE')?.data;
  const trns = chunks.find((c) => c.type === 'tRNS')?.data;
  if (colorType === 3 && !palette) throw new PngError('palette PNG without PLTE');
  let raw: Buffer;
  const bitsPerPixel = channelsIn * depth;
  // The filtered rows the header declares, to the byte: zlib stops there, so
  // 1 MB of IDAT that would inflate to 1 GiB (a PNG bomb) allocates no more
  // than the image needs.
  const expected = rawSize(width, height, bitsPerPixel, header.interlaced);
  try {
    raw = (yield {
      inflate: Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)),
      maxOutputLength: Math.max(1, expected),
    })!;
  } catch (error) {
    if (error instanceof RangeError) throw new PngError('PNG image data is larger than its header declares');
    throw new PngError('PNG image data is corrupt');
  }
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const gray = colorType === 0 || colorType === 4;
  const channels: 1 | 3 = gray ? 1 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  const hasAlpha = colorType === 4 || colorType === 6 || trns !== undefined;
  const alpha = hasAlpha ? Buffer.alloc(width * height, 255) : undefined;

  const put = (row: Buffer, i: number, x: number, y: number) => {
    const o = y * width + x;
    if (colorType === 3) {
      const index = sample(row, i, depth, false);
      pixels[3 * o] = palette![3 * index] ?? 0;
      pixels[3 * o + 1] = palette![3 * index + 1] ?? 0;
      pixels[3 * o + 2] = palette![3 * index + 2] ?? 0;
      if (alpha && trns && index < trns.length) alpha[o] = trns[index];
      return;
    }
    const base = i * channelsIn;
    for (let c = 0; c < channels; c++) pixels[channels * o + c] = sample(row, base + c, depth, true);
    if (colorType === 4 || colorType === 6) alpha![o] = sample(row, base + channelsIn - 1, depth, true);
    else if (alpha && trns) {
      const key = gray ? [trns.readUInt16BE(0)] : [trns.readUInt16BE(0), trns.readUInt16BE(2), trns.readUInt16BE(4)];
      if (key.every((k, c) => rawSample(row, base + c, depth) === k)) alpha[o] = 0;
    }
  };

  let work = 0;
  if (!header.interlaced) {
    const { rows } = yield* unfilter(raw, 0, width, height, bpp, bitsPerPixel);
    for (let y = 0; y < rows.length; y++) {
      for (let x = 0; x < width; x++) put(rows[y], x, x, y);
      work += width;
      if (work > SLICE) {
        work = 0;
        yield;
      }
    }
  } else {
    let at = 0;
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      if (w <= 0 || h <= 0) continue;
      const pass = yield* unfilter(raw, at, w, h, bpp, bitsPerPixel);
      at = pass.next;
      for (let j = 0; j < pass.rows.length; j++) {
        for (let i = 0; i < w; i++) put(pass.rows[j], i, x0 + i * dx, y0 + j * dy);
        work += w;
        if (work > SLICE) {
          work = 0;
          yield;
        }
      }
    }
  }
  const opaque = !alpha || allOpaque(alpha);
  return { width, height, channels, pixels, alpha: opaque ? undefined : alpha };
}
