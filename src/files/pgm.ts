// Binary PGM (P5, 8-bit) images as pdftoppm -gray writes them: the share of
// pixels darker than a level, read as a stream so a huge page never sits in
// memory whole. The files are our own renders, not client bytes, but the
// header is still checked before any pixel is counted.
import fs from 'node:fs';

/** Pixels darker than this (0–255) count as ink: paper tint, JPEG haze and light scanner background stay white. */
export const INK_LEVEL = 200;

/** Parses "P5 <w> <h> 255" and returns the header length and the pixel count (exported for unit tests). */
export function pgmHeader(head: Buffer): { length: number; pixels: number } {
  const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(head.toString('latin1'));
  if (!match) throw new Error('not an 8-bit binary PGM');
  return { length: match[0].length, pixels: Number(match[1]) * Number(match[2]) };
}

/** The fraction of the image's pixels darker than INK_LEVEL. */
export async function inkFraction(file: string): Promise<number> {
  let header: { length: number; pixels: number } | undefined;
  let pending = Buffer.alloc(0);
  let dark = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let data = chunk;
    if (!header) {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 32) continue;
      header = pgmHeader(pending.subarray(0, 64));
      data = pending.subarray(header.length);
    }
    for (let i = 0; i < data.length; i++) if (data[i] < INK_LEVEL) dark++;
  }
  if (!header) {
    // A file shorter than the 32 bytes gathered before parsing: header and pixels are all in `pending`.
    header = pgmHeader(pending);
    for (let i = header.length; i < pending.length; i++) if (pending[i] < INK_LEVEL) dark++;
  }
  return header.pixels === 0 ? 0 : dark / header.pixels;
}
