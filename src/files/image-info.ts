// Resolution and frame count of an uploaded PNG, JPEG or TIFF, read from the
// header bytes: OCR needs to know whether the image states a credible DPI
// (OCRmyPDF refuses one without) and how many pages a TIFF holds.
import fs from 'node:fs/promises';
import { imageSizeFromHeader } from './image-size.js';
import { tiffInfo, type ReadAt } from './tiff-directories.js';
import type { FileKind } from '../core/contract.js';

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
      return {
        x: buf.readUInt32BE(offset + 8) / INCHES_PER_METER,
        y: buf.readUInt32BE(offset + 12) / INCHES_PER_METER,
      };
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
