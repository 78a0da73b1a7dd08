// A PNG or JPEG upload as a stamp image: JPEG embedded as it is (DCTDecode,
// EXIF orientation applied by the placement matrix), PNG decoded so its
// transparency becomes a soft mask.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { jpegInfo } from './jpeg.js';
import { decodePngAsync } from './png.js';
import type { StampImage } from './stamp.js';

/** Unit-square maps for EXIF orientations 1..8 (stored image → displayed image). */
const ORIENTATION: Record<number, [number, number, number, number, number, number]> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0],
  3: [-1, 0, 0, -1, 1, 1],
  4: [1, 0, 0, -1, 0, 1],
  5: [0, -1, -1, 0, 1, 1],
  6: [0, -1, 1, 0, 0, 1],
  7: [0, 1, 1, 0, 0, 0],
  8: [0, 1, -1, 0, 1, 0],
};

const JPEG_SPACE = { 1: '/DeviceGray', 3: '/DeviceRGB', 4: '/DeviceCMYK' } as const;

/** A JPEG as a stamp image (bytes unchanged). */
export function jpegStamp(data: Buffer): StampImage {
  const info = jpegInfo(data);
  // Adobe-tagged CMYK JPEGs store inverted values.
  const decode = info.components === 4 && info.adobe ? '/Decode[1 0 1 0 1 0 1 0]' : '';
  const swap = info.orientation >= 5;
  return {
    width: swap ? info.height : info.width,
    height: swap ? info.width : info.height,
    dict: `<</Type/XObject/Subtype/Image/Width ${info.width}/Height ${info.height}/ColorSpace${JPEG_SPACE[info.components]}/BitsPerComponent 8/Filter/DCTDecode${decode}>>`,
    data,
    orientation: ORIENTATION[info.orientation],
  };
}

const deflateAsync = promisify(zlib.deflate) as (data: Buffer) => Promise<Buffer>;

/** A PNG as a stamp image; transparency kept as a soft mask. Decoded and compressed without holding the event loop. */
export async function pngStamp(data: Buffer, maxPixels: number): Promise<StampImage> {
  const image = await decodePngAsync(data, maxPixels);
  const [pixels, alpha] = await Promise.all([
    deflateAsync(image.pixels),
    image.alpha ? deflateAsync(image.alpha) : undefined,
  ]);
  const base = `/Type/XObject/Subtype/Image/Width ${image.width}/Height ${image.height}/BitsPerComponent 8/Filter/FlateDecode`;
  return {
    width: image.width,
    height: image.height,
    dict: `<<${base}/ColorSpace${image.channels === 3 ? '/DeviceRGB' : '/DeviceGray'}>>`,
    data: pixels,
    smask: alpha ? { dict: `<<${base}/ColorSpace/DeviceGray>>`, data: alpha } : undefined,
    orientation: ORIENTATION[1],
  };
}
