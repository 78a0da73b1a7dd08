// Every page's boxes and rotation without a process, for the common case of a
// plain, unencrypted file (the bounded object reader of pdf-page-count.ts and
// the value reader of pdf-syntax.ts): MediaBox, CropBox and /Rotate inherited
// down the page tree as ISO 32000-1 §7.7.3.4 says, TrimBox from the page.
// Anything unusual (an indirect box, a loop, a cap reached) gives undefined
// and the caller takes its general path. Why: overlay's fast path needs the
// geometry of every page, and a pdfinfo process for it cost as much as the
// qpdf pass it decides about (scripts/bench/layout.ts).
import type { ByteSource } from '../core/contract.js';
import { withPlainObjects, type PlainObjects } from './pdf-page-count.js';
import { PdfRef, isDict, parsePdfValue, type PdfDict, type PdfValue } from './pdf-syntax.js';

/** A box [x0, y0, x1, y1], normalised (x0 < x1, y0 < y1). */
export type Box = [number, number, number, number];

/** One page's geometry as a viewer uses it. */
export interface PageBoxes {
  media: Box;
  /** CropBox when the page (or an ancestor) has one. */
  crop?: Box;
  /** TrimBox when the page has one. */
  trim?: Box;
  /** /Rotate, normalised to 0, 90, 180 or 270. */
  rotate: number;
}

/** A direct array of four numbers as a normalised box, else undefined (exported for unit tests). */
export function boxOf(value: PdfValue | undefined): Box | undefined {
  if (!Array.isArray(value) || value.length !== 4 || !value.every((v) => typeof v === 'number' && Number.isFinite(v)))
    return undefined;
  const [a, b, c, d] = value as number[];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** The pages' boxes in order, or undefined when the file is not plainly readable. */
export async function quickPageBoxes(
  file: string,
  maxPages: number,
  bytes?: ByteSource,
): Promise<PageBoxes[] | undefined> {
  return withPlainObjects(file, bytes, 2 * (maxPages + 1) + 64, async (reader, rootNumber) => {
    const catalog = await readDict(reader, rootNumber);
    const pages = catalog?.get('Pages');
    if (!(pages instanceof PdfRef)) return undefined;
    return walk(reader, pages.num, maxPages);
  });
}

async function readDict(reader: PlainObjects, number: number): Promise<PdfDict | undefined> {
  const text = await reader.read(number);
  if (text === undefined) return undefined;
  const value = parsePdfValue(text);
  return isDict(value) ? value : undefined;
}

interface Inherited {
  media?: PdfValue;
  crop?: PdfValue;
  rotate?: PdfValue;
}

async function walk(reader: PlainObjects, rootNumber: number, maxPages: number): Promise<PageBoxes[] | undefined> {
  const seen = new Set<number>();
  const stack: Array<[number, Inherited]> = [[rootNumber, {}]];
  const result: PageBoxes[] = [];
  while (stack.length > 0) {
    const [number, inherited] = stack.pop()!;
    if (seen.has(number)) return undefined;
    seen.add(number);
    const node = await readDict(reader, number);
    if (!node) return undefined;
    const here: Inherited = {
      media: node.get('MediaBox') ?? inherited.media,
      crop: node.get('CropBox') ?? inherited.crop,
      rotate: node.get('Rotate') ?? inherited.rotate,
    };
    const kids = node.get('Kids');
    if (kids === undefined) {
      const media = boxOf(here.media);
      const rotate = here.rotate ?? 0;
      if (!media || typeof rotate !== 'number' || rotate % 90 !== 0) return undefined;
      const crop = here.crop === undefined ? undefined : boxOf(here.crop);
      const trimValue = node.get('TrimBox');
      const trim = trimValue === undefined ? undefined : boxOf(trimValue);
      if ((here.crop !== undefined && !crop) || (trimValue !== undefined && !trim)) return undefined;
      result.push({ media, crop, trim, rotate: ((rotate % 360) + 360) % 360 });
      if (result.length > maxPages) return undefined;
      continue;
    }
    if (!Array.isArray(kids) || !kids.every((k) => k instanceof PdfRef)) return undefined;
    // Reversed onto the stack so pages come out in order.
    for (let i = kids.length - 1; i >= 0; i--) stack.push([(kids[i] as PdfRef).num, here]);
  }
  return result;
}
