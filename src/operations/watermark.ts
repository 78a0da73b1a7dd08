// watermark: text or an image over (or under) selected pages. Page geometry
// comes from one pdfinfo pass, one small stamp PDF is generated in-process
// (one page per distinct displayed page size), then one qpdf pass lays it over
// the pages: the document's content is never parsed or rewritten and the cost
// is about one qpdf pass whatever the page count. Outputs are decrypted: the
// client proved it may open the file by sending its password.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageTooLargeError, InvalidDocumentError, ProcessingFailedError } from '../errors.js';
import { imageSizeFromHeader } from '../files/image-size.js';
import { stemOf } from '../http/filename.js';
import { layoutText } from '../pdf/fonts.js';
import { JpegError } from '../pdf/jpeg.js';
import { PngError } from '../pdf/png.js';
import { buildStamp, type Mark, type PageSize, type Position } from '../pdf/stamp.js';
import { jpegStamp, pngStamp } from '../pdf/stamp-image.js';
import { pageGeometry, type PageGeometry } from '../tools/pdfinfo.js';
import { decrypt } from '../tools/qpdf.js';
import { stampPdf, type StampGroup } from '../tools/qpdf-overlay.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import { openPdf, type OpenedPdf } from './pdf-input.js';
import type { InputFile, OperationInput, OperationOutput } from './types.js';

export interface WatermarkOptions {
  text?: string;
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
export const WATERMARK_DEFAULTS = { font_size: 48, color: '#808080', image_scale: 0.5 } as const;

/** Largest PNG stamp decoded in-process (pixels): decoding blocks the event loop, ~0.1 s per megapixel. */
const MAX_STAMP_PIXELS = 16_000_000;

/** The page as the reader sees it: trim box size with /Rotate applied. */
export function displaySize(page: PageGeometry): PageSize {
  const w = Math.abs(page.box[2] - page.box[0]);
  const h = Math.abs(page.box[3] - page.box[1]);
  return page.rotate % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

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
    throw new ImageTooLargeError('image', size.width, size.height, MAX_STAMP_PIXELS, 'the watermark PNG limit; JPEG has none');
  }
  try {
    const image = file.kind === 'jpeg' ? jpegStamp(data) : pngStamp(data, MAX_STAMP_PIXELS);
    return { kind: 'image', image, scale };
  } catch (error) {
    if (error instanceof PngError || error instanceof JpegError) throw new InvalidDocumentError(`image: ${error.message}.`);
    throw error;
  }
}

async function textMark(options: WatermarkOptions): Promise<Mark> {
  const text = options.text!.normalize('NFC');
  const color = options.color ?? WATERMARK_DEFAULTS.color;
  const rgb = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16)) as [number, number, number];
  return { kind: 'text', text, runs: await layoutText(text, 'text'), fontSize: options.font_size ?? WATERMARK_DEFAULTS.font_size, color: rgb };
}

/** Page geometry of the file to stamp, and that file (decrypted when a password was sent). */
async function readPages(
  { options, run, config }: OperationInput<WatermarkOptions>,
  upload: InputFile,
  opened: Promise<OpenedPdf>,
): Promise<{ source: string; geometry: PageGeometry[] }> {
  if (options.password !== undefined) {
    const input = await opened;
    const source = path.join(run.workdir, 'decrypted.pdf');
    await decrypt(run, input.path, source, options.password);
    return { source, geometry: await pageGeometry(run, source, input.pages) };
  }
  try {
    // pdfinfo stops at the last page; one page past the limit shows "too many".
    return { source: upload.path, geometry: await pageGeometry(run, upload.path, config.MAX_PAGES + 1) };
  } catch (error) {
    await opened; // a damaged or encrypted file: qpdf's verdict is the one reported
    throw error;
  }
}

export async function watermarkPdf(input: OperationInput<WatermarkOptions>): Promise<OperationOutput> {
  const { files, options, run, config } = input;
  // The mark first: a bad text or image is the cheaper error to report.
  const image = files.image?.[0];
  const mark = image ? await imageMark(image, options.image_scale ?? WATERMARK_DEFAULTS.image_scale) : await textMark(options);
  const upload = files.file[0];
  // openPdf (qpdf) runs alongside the geometry read and the stamping, and its
  // verdict (damaged, encrypted, too many pages) is awaited before anything is
  // returned: the fixed cost stays off the critical path of one qpdf pass.
  const opened = openPdf(run, upload, config.MAX_PAGES, options.password);
  opened.catch(() => undefined);
  const { source, geometry } = await readPages(input, upload, opened);
  const stamped = (async () => {
    if (geometry.length > config.MAX_PAGES) return undefined; // openPdf reports it
    const pages = options.pages
      ? [...new Set(expandPageRanges(parsePageRanges(options.pages, geometry.length, 'pages')))]
      : geometry.map((_, i) => i + 1);
    const { sizes, groups } = groupBySize(geometry, pages);
    const stamp = path.join(run.workdir, 'stamp.pdf');
    await fs.writeFile(stamp, buildStamp(sizes, mark, { opacity: options.opacity, rotation: options.rotation, position: options.position }));
    const output = path.join(run.workdir, 'watermarked.pdf');
    await stampPdf(run, source, stamp, groups, options.layer, output);
    return output;
  })();
  // Both settle before answering, so no child still writes into the work directory.
  const [openResult, stampResult] = await Promise.allSettled([opened, stamped]);
  if (openResult.status === 'rejected') throw openResult.reason;
  const pdf = openResult.value;
  if (pdf.pages !== geometry.length) {
    throw new ProcessingFailedError('Reading the page sizes failed.', new Error(`pdfinfo saw ${geometry.length} pages, qpdf ${pdf.pages}`));
  }
  if (stampResult.status === 'rejected') throw stampResult.reason;
  const output = stampResult.value;
  if (!output) throw new ProcessingFailedError('Reading the page sizes failed.', new Error('page count over the limit but openPdf accepted it'));
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(pdf.name)}-watermarked.pdf` };
}
