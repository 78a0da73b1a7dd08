// Pixel dimensions from an image file's header, so a decompression bomb is
// refused before any tool decodes it. The header parsing of PNG (IHDR), GIF,
// BMP, WebP and JPEG (with its EXIF orientation) is the `image-size` library's
// (a maintained parser instead of the hand-written one); TIFF
// directories are walked where they lie (tiff-directories.ts, every frame, the
// largest counts); JPEG 2000 dimensions come from the codestream's SIZ marker
// (jpx-size.ts), the size the decoder allocates, not from a box that may lie.
import fs from 'node:fs/promises';
import { imageSize as libraryImageSize } from 'image-size';
import { tiffInfo } from './tiff-directories.js';
import { jpxSize } from './jpx-size.js';
import type { FileKind } from '../core/contract.js';

/** What the header tells: pixel size and, for JPEG, the EXIF orientation (1..8). */
export interface ImageHeader {
  width: number;
  height: number;
  orientation: number;
}

/** Bytes read for a header (JPEG EXIF and SOF may sit behind large APP segments). */
export const HEADER_BYTES = 256 * 1024;

/** Width and height in pixels from the first bytes of the file, or undefined when the header is not understood. */
export function imageSizeFromHeader(head: Buffer, kind: FileKind): ImageHeader | undefined {
  try {
    if (kind === 'jp2') {
      const size = jpxSize(head);
      return size && { ...size, orientation: 1 };
    }
    if (!['png', 'gif', 'bmp', 'webp', 'jpeg'].includes(kind)) return undefined;
    const size = libraryImageSize(head);
    if (!size.width || !size.height) return undefined;
    return { width: size.width, height: Math.abs(size.height), orientation: size.orientation ?? 1 };
  } catch {
    return undefined;
  }
}

/**
 * Dimensions of an image upload (the largest frame of a TIFF). TIFF
 * directories are read where they are, up to `frameLimit` of them.
 */
export async function imageSize(file: string, kind: FileKind, frameLimit = 10_000): Promise<ImageHeader | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    if (kind === 'tiff') {
      const info = await tiffInfo(async (offset, length) => {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buf, 0, length, offset);
        return buf.subarray(0, bytesRead);
      }, frameLimit).catch(() => undefined); // a directory we cannot walk: no stated size
      return info?.largest && { ...info.largest, orientation: 1 };
    }
    const buf = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return imageSizeFromHeader(buf.subarray(0, bytesRead), kind);
  } finally {
    await handle.close();
  }
}
