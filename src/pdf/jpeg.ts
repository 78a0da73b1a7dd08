// JPEG header facts needed to embed a JPEG unchanged (DCTDecode): size,
// components, Adobe CMYK inversion, and the EXIF orientation.

/** What a PDF image dictionary needs to know about a JPEG. */
export interface JpegInfo {
  width: number;
  height: number;
  components: 1 | 3 | 4;
  /** Adobe APP14 marker present (CMYK stored inverted). */
  adobe: boolean;
  /** EXIF orientation 1..8 (1 when absent). */
  orientation: number;
}

/** Thrown for bytes that are not a usable JPEG. */
export class JpegError extends Error {}

function exifOrientation(app1: Buffer): number {
  if (app1.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = app1.subarray(6);
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + 12 * i;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Reads the markers up to the first frame header. */
export function jpegInfo(data: Buffer): JpegInfo {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) throw new JpegError('not a JPEG file');
  let p = 2;
  let adobe = false;
  let orientation = 1;
  while (p + 4 <= data.length) {
    if (data[p] !== 0xff) throw new JpegError('corrupt JPEG marker');
    const marker = data[p + 1];
    if (marker === 0xff) {
      p++;
      continue;
    }
    const length = data.readUInt16BE(p + 2);
    const segment = data.subarray(p + 4, p + 2 + length);
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(segment);
    if (marker === 0xee && segment.toString('latin1', 0, 5) === 'Adobe') adobe = true;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = segment.readUInt16BE(1);
      const width = segment.readUInt16BE(3);
      const components = segment[5];
      if (!width || !height || ![1, 3, 4].includes(components)) throw new JpegError('unsupported JPEG frame');
      return { width, height, components: components as 1 | 3 | 4, adobe, orientation };
    }
    p += 2 + length;
  }
  throw new JpegError('JPEG without a frame header');
}
