// Resolution and frame count of an uploaded PNG, JPEG or TIFF, read from the
// header bytes: OCR needs to know whether the image states a credible DPI
// (OCRmyPDF refuses one without) and how many pages a TIFF holds.
import fs from 'node:fs/promises';
import { imageSizeFromHeader } from './image-size.js';
import type { FileKind } from './sniff.js';

/** What the header states. */
export interface ImageInfo {
  /** Horizontal and vertical dots per inch, when the file states them. */
  dpi?: { x: number; y: number };
  /** Pages (TIFF directories); 1 for PNG and JPEG. */
  frames: number;
  /** The largest frame's size, when the header states it (a decompression bomb is refused on it). */
  largest?: { width: number; height: number };
}

const INCHES_PER_METER = 39.3701;
const CM_PER_INCH = 2.54;
/** Bytes read for PNG/JPEG headers (pHYs and JFIF come before the pixels). */
const HEAD_BYTES = 256 * 1024;

/** PNG: the pHYs chunk (pixels per meter when its unit byte is 1). */
function pngDpi(buf: Buffer): ImageInfo['dpi'] {
  let offset = 8;
  while (offset + 8 <= buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (type === 'pHYs' && offset + 17 <= buf.length) {
      if (buf[offset + 16] !== 1) return undefined;
      return { x: buf.readUInt32BE(offset + 8) / INCHES_PER_METER, y: buf.readUInt32BE(offset + 12) / INCHES_PER_METER };
    }
    if (type === 'IDAT' || type === 'IEND') return undefined;
    offset += 12 + length;
  }
  return undefined;
}

/** JPEG: the JFIF APP0 density (unit 1 = dpi, 2 = dots per cm). */
function jpegDpi(buf: Buffer): ImageInfo['dpi'] {
  let offset = 2;
  while (offset + 4 <= buf.length && buf[offset] === 0xff) {
    const marker = buf[offset + 1];
    const length = buf.readUInt16BE(offset + 2);
    if (marker === 0xe0 && buf.toString('latin1', offset + 4, offset + 9) === 'JFIF\0' && offset + 16 <= buf.length) {
      const unit = buf[offset + 11];
      const x = buf.readUInt16BE(offset + 12);
      const y = buf.readUInt16BE(offset + 14);
      if (unit === 1) return { x, y };
      if (unit === 2) return { x: x * CM_PER_INCH, y: y * CM_PER_INCH };
      return undefined;
    }
    if (marker === 0xda) return undefined; // start of scan: no more headers
    offset += 2 + length;
  }
  return undefined;
}

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/**
 * TIFF: XResolution/YResolution/ResolutionUnit of the first directory, and the
 * number of directories. Directories may sit anywhere (often at the end), so
 * they are read where they are instead of reading the whole file.
 */
async function tiffInfo(readAt: ReadAt, frameLimit: number): Promise<ImageInfo> {
  const head = await readAt(0, 8);
  const little = head.toString('latin1', 0, 2) === 'II';
  const u16 = (b: Buffer, o: number) => (little ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number) => (little ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const rational = async (at: number) => {
    const b = await readAt(at, 8);
    return b.length < 8 || u32(b, 4) === 0 ? 0 : u32(b, 0) / u32(b, 4);
  };
  let frames = 0;
  let dpi: ImageInfo['dpi'];
  let largest: ImageInfo['largest'];
  const seen = new Set<number>();
  for (let ifd = u32(head, 4); ifd !== 0 && !seen.has(ifd) && frames < frameLimit; ) {
    seen.add(ifd);
    const countBytes = await readAt(ifd, 2);
    if (countBytes.length < 2) break;
    const count = u16(countBytes, 0);
    const dir = await readAt(ifd + 2, count * 12 + 4);
    if (dir.length < count * 12 + 4) break;
    // ImageWidth (256) and ImageLength (257): SHORT (type 3) or LONG, stored in the entry itself.
    let width = 0;
    let height = 0;
    for (let i = 0; i < count; i++) {
      const tag = u16(dir, i * 12);
      if (tag !== 256 && tag !== 257) continue;
      const value = u16(dir, i * 12 + 2) === 3 ? u16(dir, i * 12 + 8) : u32(dir, i * 12 + 8);
      if (tag === 256) width = value;
      else height = value;
    }
    if (width * height > (largest ? largest.width * largest.height : 0)) largest = { width, height };
    if (frames === 0) {
      let x = 0;
      let y = 0;
      let unit = 2; // inches unless stated
      for (let i = 0; i < count; i++) {
        const tag = u16(dir, i * 12);
        if (tag === 282) x = await rational(u32(dir, i * 12 + 8));
        else if (tag === 283) y = await rational(u32(dir, i * 12 + 8));
        else if (tag === 296) unit = u16(dir, i * 12 + 8);
      }
      if (x > 0 && y > 0 && unit !== 1) dpi = unit === 3 ? { x: x * CM_PER_INCH, y: y * CM_PER_INCH } : { x, y };
    }
    frames++;
    ifd = u32(dir, count * 12);
  }
  return { dpi, frames: Math.max(1, frames), largest };
}

/**
 * Reads the resolution and page count of an image upload (undefined dpi when
 * absent or unreadable). TIFF pages are counted up to `frameLimit` (pass the
 * page limit + 1: enough to refuse, and a bound on the walk of a hostile file).
 */
export async function readImageInfo(path: string, kind: FileKind, frameLimit = 10_000): Promise<ImageInfo> {
  const handle = await fs.open(path, 'r');
  const readAt: ReadAt = async (offset, length) => {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, offset);
    return buf.subarray(0, bytesRead);
  };
  try {
    if (kind === 'tiff') return await tiffInfo(readAt, frameLimit);
    const head = await readAt(0, HEAD_BYTES);
    const size = imageSizeFromHeader(head, kind);
    const largest = size && size.width * size.height > 0 ? { width: size.width, height: size.height } : undefined;
    if (kind === 'png') return { dpi: pngDpi(head), frames: 1, largest };
    if (kind === 'jpeg') return { dpi: jpegDpi(head), frames: 1, largest };
  } catch {
    // A header we cannot walk: treat as "no stated DPI"; the OCR tool reports a truly broken image.
  } finally {
    await handle.close();
  }
  return { frames: 1 };
}
