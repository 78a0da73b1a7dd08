// Pixel dimensions from an image file's header, so a decompression bomb is
// refused before any tool decodes it. Covers the formats img2pdf decodes
// (PNG, GIF, BMP) and JPEG; undefined for the others.
import fs from 'node:fs/promises';
import type { FileKind } from './sniff.js';
import { jpegInfo } from '../pdf/jpeg.js';

/** What the header tells: pixel size and, for JPEG, the EXIF orientation (1..8). */
export interface ImageHeader {
  width: number;
  height: number;
  orientation: number;
}

/** Width and height in pixels, or undefined when the header is not understood. */
export function imageSizeFromHeader(head: Buffer, kind: FileKind): ImageHeader | undefined {
  try {
    switch (kind) {
      case 'png':
        return { width: head.readUInt32BE(16), height: head.readUInt32BE(20), orientation: 1 };
      case 'gif':
        return { width: head.readUInt16LE(6), height: head.readUInt16LE(8), orientation: 1 };
      case 'bmp':
        return { width: Math.abs(head.readInt32LE(18)), height: Math.abs(head.readInt32LE(22)), orientation: 1 };
      case 'jpeg': {
        const info = jpegInfo(head);
        return { width: info.width, height: info.height, orientation: info.orientation };
      }
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

/** Reads the first 256 KiB of `file` and returns its dimensions (see imageSizeFromHeader). */
export async function imageSize(file: string, kind: FileKind): Promise<ImageHeader | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return imageSizeFromHeader(buf.subarray(0, bytesRead), kind);
  } finally {
    await handle.close();
  }
}
