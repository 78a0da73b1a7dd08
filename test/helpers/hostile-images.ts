// Image uploads that once escaped the images → PDF limits (scripted, no binary
// blobs): a TIFF with more frames than MAX_PAGES, an animated GIF likewise, and
// a PNG whose aspect makes a page PDF cannot hold.
import { PNG } from 'pngjs';

/** Pixels on a side of the generated frames: 48 pt pages at 96 dpi (PDF pages must be at least 3 pt). */
const SIDE = 64;

/** A little-endian TIFF of `frames` 64×64 8-bit grey pages; every directory points at the same strip. */
export function multiFrameTiff(frames: number): Buffer {
  const entries = 8;
  const ifdSize = 2 + entries * 12 + 4;
  const pixel = 8; // the strip, right after the header
  const first = pixel + SIDE * SIDE;
  const buf = Buffer.alloc(first + frames * ifdSize);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(first, 4);
  buf.fill(0x80, pixel, first);
  for (let f = 0; f < frames; f++) {
    let at = first + f * ifdSize;
    buf.writeUInt16LE(entries, at);
    at += 2;
    // Tag, type (3 SHORT, 4 LONG), count 1, value: sorted by tag as TIFF requires.
    const tags: Array<[number, number, number]> = [
      [256, 3, SIDE], // ImageWidth
      [257, 3, SIDE], // ImageLength
      [258, 3, 8], // BitsPerSample
      [259, 3, 1], // Compression: none
      [262, 3, 1], // Photometric: black is zero
      [273, 4, pixel], // StripOffsets
      [278, 3, SIDE], // RowsPerStrip
      [279, 4, SIDE * SIDE], // StripByteCounts
    ];
    for (const [tag, type, value] of tags) {
      buf.writeUInt16LE(tag, at);
      buf.writeUInt16LE(type, at + 2);
      buf.writeUInt32LE(1, at + 4);
      if (type === 3) buf.writeUInt16LE(value, at + 8);
      else buf.writeUInt32LE(value, at + 8);
      at += 12;
    }
    buf.writeUInt32LE(f + 1 < frames ? first + (f + 1) * ifdSize : 0, at);
  }
  return buf;
}

/** An animated GIF of `frames` frames on a 64×64 screen, each drawing one pixel (its header does not say how many). */
export function animatedGif(frames: number): Buffer {
  const header = Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    SIDE,
    0,
    SIDE,
    0, // logical screen
    0x80,
    0,
    0, // global colour table of 2 entries
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    // NETSCAPE2.0 loop extension: an animation, as browsers and Pillow read it
    0x21,
    0xff,
    0x0b,
    ...Buffer.from('NETSCAPE2.0', 'latin1'),
    3,
    1,
    0,
    0,
    0,
  ]);
  const frame = (shade: number) =>
    Buffer.from([
      0x21,
      0xf9,
      4,
      0,
      10,
      0,
      0,
      0, // graphic control: 0.1 s
      0x2c,
      0,
      0,
      0,
      0,
      1,
      0,
      1,
      0,
      0, // image descriptor 1×1
      2,
      2,
      shade ? 0x4c : 0x44,
      0x01,
      0, // LZW: clear, index 0 or 1, end
    ]);
  return Buffer.concat([header, ...Array.from({ length: frames }, (_, i) => frame(i % 2)), Buffer.from([0x3b])]);
}

/** An RGB PNG of `width` × `height` white pixels with no pHYs (so img2pdf assumes 96 dpi). */
export function whitePng(width: number, height: number): Buffer {
  return solidPng(width, height, 0xff);
}

/** An RGB PNG of `width` × `height` pixels of one grey `level` (pngjs; no pHYs chunk). */
export function solidPng(width: number, height: number, level: number): Buffer {
  const png = new PNG({ width, height, colorType: 2, inputColorType: 2, inputHasAlpha: false });
  png.data = Buffer.alloc(width * height * 3, level);
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false });
}
