// TIFF image file directories, read where they lie (often at the end of the
// file) instead of reading the whole file: the first directory's resolution,
// the number of directories, and the largest directory's pixel size (a
// decompression bomb is refused on it). Shared by image-info.ts (OCR's DPI and
// page count) and image-size.ts (the pixel bound).
// Kept rather than image-size, which agrees on one directory (12000×12000 in
// scripts/bench/parsers.ts) but reads only the first, and only from bytes in
// memory (a whole upload read to find a directory at its end), and gives no
// page count.

/** What the directories state (image-info.ts's ImageInfo). */
export interface TiffDirectories {
  /** Horizontal and vertical dots per inch of the first directory, when stated. */
  dpi?: { x: number; y: number };
  /** Directories (pages), at least 1. */
  frames: number;
  /** The largest directory's size. */
  largest?: { width: number; height: number };
}

const CM_PER_INCH = 2.54;

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/**
 * TIFF: XResolution/YResolution/ResolutionUnit of the first directory, and the
 * number of directories. Directories may sit anywhere (often at the end), so
 * they are read where they are instead of reading the whole file.
 */
export async function tiffInfo(readAt: ReadAt, frameLimit: number): Promise<TiffDirectories> {
  const head = await readAt(0, 8);
  const little = head.toString('latin1', 0, 2) === 'II';
  const u16 = (b: Buffer, o: number) => (little ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (b: Buffer, o: number) => (little ? b.readUInt32LE(o) : b.readUInt32BE(o));
  const rational = async (at: number) => {
    const b = await readAt(at, 8);
    return b.length < 8 || u32(b, 4) === 0 ? 0 : u32(b, 0) / u32(b, 4);
  };
  let frames = 0;
  let dpi: TiffDirectories['dpi'];
  let largest: TiffDirectories['largest'];
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
