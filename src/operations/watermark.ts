// watermark: text or an image over (or under) selected pages, through the
// shared stamping machinery (stamping.ts): one stamp page per distinct
// displayed page size, laid on the pages by one qpdf pass (retried on the
// repaired copy when pdfinfo or qpdf fails on the file: PdfInput).
import fs from 'node:fs/promises';
import { ImageTooLargeError, InvalidDocumentError } from '../core/errors.js';
import { imageSizeFromHeader } from '../files/image-size.js';
import { stemOf } from '../core/names.js';
import type { EmbeddedFont } from '../pdf/embed-fonts.js';
import { embedFonts } from './stamp-fonts.js';
import type { FontFamily } from '../pdf/font-chain.js';
import { layoutText } from '../pdf/fonts.js';
import type { FontFace } from '../pdf/shaping.js';
import { JpegError } from '../pdf/jpeg.js';
import { PngError } from '../pdf/png.js';
import { buildStamp, type Mark, type PageSize, type Position } from '../pdf/stamp.js';
import { displaySize, stampDocument } from './stamping.js';
import { jpegStamp, pngStamp } from '../pdf/stamp-image.js';
import type { PageGeometry } from '../tools/pdfinfo.js';
import type { StampGroup } from '../tools/qpdf-overlay.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import type { InputFile, OperationInput, OperationOutput } from '../core/contract.js';

export interface WatermarkOptions {
  text?: string;
  font?: FontFamily;
  font_size?: number;
  color?: string;
  opacity: number;
  rotation: number;
  position: Position;
  pages?: string;
  layer: 'over' | 'under';
  image_scale?: number;
  password?: string;
}

/** Defaults of the options that apply to one kind of mark only. */
export const WATERMARK_DEFAULTS = { font: 'sans', font_size: 48, color: '#808080', image_scale: 0.5 } as const;

/** Largest PNG stamp decoded in-process (pixels): ~0.1 s of CPU per megapixel, in slices that leave the event loop free. */
const MAX_STAMP_PIXELS = 16_000_000;

/** Groups `pages` by displayed size; one stamp page per group (exported for unit tests). */
export function groupBySize(geometry: PageGeometry[], pages: number[]): { sizes: PageSize[]; groups: StampGroup[] } {
  const byKey = new Map<string, StampGroup>();
  const sizes: PageSize[] = [];
  for (const page of pages) {
    const size = displaySize(geometry[page - 1]);
    const key = `${size.width.toFixed(2)}x${size.height.toFixed(2)}`;
    let group = byKey.get(key);
    if (!group) {
      sizes.push(size);
      group = { pages: [], stampPage: sizes.length };
      byKey.set(key, group);
    }
    group.pages.push(page);
  }
  return { sizes, groups: [...byKey.values()] };
}

async function imageMark(file: InputFile, scale: number): Promise<Mark> {
  const data = await fs.readFile(file.path);
  const size = imageSizeFromHeader(data, file.kind);
  if (file.kind === 'png' && size && size.width * size.height > MAX_STAMP_PIXELS) {
    throw new ImageTooLargeError(
      'image',
      size.width,
      size.height,
      MAX_STAMP_PIXELS,
      'the watermark PNG limit; JPEG has none',
    );
  }
  try {
    const image = file.kind === 'jpeg' ? jpegStamp(data) : await pngStamp(data, MAX_STAMP_PIXELS);
    return { kind: 'image', image, scale };
  } catch (error) {
    if (error instanceof PngError || error instanceof JpegError)
      throw new InvalidDocumentError(`image: ${error.message}.`);
    throw error;
  }
}

async function textMark(options: WatermarkOptions): Promise<Mark> {
  const text = options.text!.normalize('NFC');
  const color = options.color ?? WATERMARK_DEFAULTS.color;
  const rgb = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
  return {
    kind: 'text',
    text,
    runs: await layoutText(text, 'text', options.font ?? WATERMARK_DEFAULTS.font),
    fontSize: options.font_size ?? WATERMARK_DEFAULTS.font_size,
    color: rgb,
  };
}

export async function watermarkPdf(input: OperationInput<WatermarkOptions>): Promise<OperationOutput> {
  const { files, options } = input;
  // The mark first: a bad text or image is the cheaper error to report.
  const image = files.image?.[0];
  const mark = image
    ? await imageMark(image, options.image_scale ?? WATERMARK_DEFAULTS.image_scale)
    : await textMark(options);
  const fonts: Map<FontFace, EmbeddedFont> = mark.kind === 'text' ? await embedFonts(input.run, mark.runs) : new Map();
  const upload = files.file[0];
  const { output, pdf } = await stampDocument(input, upload, (geometry) => {
    const pages = options.pages
      ? [...new Set(expandPageRanges(parsePageRanges(options.pages, geometry.length, 'pages')))]
      : geometry.map((_, i) => i + 1);
    const { sizes, groups } = groupBySize(geometry, pages);
    const stamp = buildStamp(
      sizes,
      mark,
      { opacity: options.opacity, rotation: options.rotation, position: options.position },
      fonts,
    );
    return { stamp, groups, layer: options.layer };
  });
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(pdf.name)}-watermarked.pdf`,
  };
}
