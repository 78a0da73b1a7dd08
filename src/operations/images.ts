// images: mode=extract pulls the images a PDF draws (pdfimages; each image
// object once, in page order, filtered by size) into a ZIP; mode=to-pdf makes
// one page per uploaded image (img2pdf; JPEG embedded as it is).
import path from 'node:path';
import { ImageTooLargeError, InvalidDocumentError, InvalidRequestError, TooManyPagesError } from '../core/errors.js';
import { readImageInfo } from '../files/image-info.js';
import { quickPageCount } from '../files/pdf-page-count.js';
import { imageSize } from '../files/image-size.js';
import { numberedNames, stemOf } from '../core/names.js';
import { checkOutputCount } from '../files/zip.js';
import { imagesToPdf } from '../tools/img2pdf.js';
import { pageCount } from '../tools/qpdf.js';
import { extractImages, listImages, type ListedImage } from '../tools/pdfimages.js';
import { withRealJpxSizes } from './ocr-support.js';
import { PdfInput } from './pdf-input.js';
import type { InputFile, OperationInput, OperationOutput } from '../core/contract.js';

export interface ImagesOptions {
  mode?: 'extract' | 'to-pdf';
  format?: 'original' | 'png';
  min_size?: number;
  page_size?: 'fit' | 'a4' | 'letter';
  margin?: number;
  password?: string;
}

export type ImagesMode = 'extract' | 'to-pdf';

/** The mode asked for, or the one the upload implies (`file` → extract, `files` → to-pdf); 400 when unclear or contradictory. */
export function resolveMode(mode: ImagesMode | undefined, files: Record<string, InputFile[]>): ImagesMode {
  const hasPdf = (files.file?.length ?? 0) > 0;
  const hasImages = (files.files?.length ?? 0) > 0;
  if (hasPdf && hasImages)
    throw new InvalidRequestError(
      'Send either "file" (a PDF, mode=extract) or "files" (images, mode=to-pdf), not both.',
      'files',
    );
  const implied: ImagesMode | undefined = hasPdf ? 'extract' : hasImages ? 'to-pdf' : undefined;
  const resolved = mode ?? implied;
  if (!resolved)
    throw new InvalidRequestError(
      'file: a PDF in "file" (mode=extract) or images in "files" (mode=to-pdf) is required.',
      'file',
    );
  if (resolved === 'extract' && !hasPdf)
    throw new InvalidRequestError('file: mode=extract needs the PDF in the part "file".', 'file');
  if (resolved === 'to-pdf' && !hasImages)
    throw new InvalidRequestError('files: mode=to-pdf needs the images in the part "files".', 'files');
  return resolved;
}

/** Encodings pdfimages -all copies without decoding (no pixel limit needed). */
const PASSED_THROUGH = new Set(['jpeg', 'jpx', 'jp2', 'jbig2', 'ccitt']);

/** Images to output: drawn images and stencil masks, each object once, meeting min_size (exported for unit tests). */
export function selectImages(listed: ListedImage[], minSize: number): ListedImage[] {
  const seen = new Set<string>();
  return listed.filter((image) => {
    if (image.type !== 'image' && image.type !== 'stencil') return false; // soft masks belong to their image
    if (image.object !== undefined) {
      if (seen.has(image.object)) return false;
      seen.add(image.object);
    }
    return image.width >= minSize && image.height >= minSize;
  });
}

async function extract({ files, options, run, config }: OperationInput<ImagesOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const format = options.format ?? 'original';
  // pdfimages needs a password on argv: it reads the plain copy; a file it cannot read is retried repaired.
  // It writes a file for every image it lists (inline images, masks and repeats included): listImages
  // refuses more than MAX_OUTPUT_FILES before anything is written.
  const { source, listed } = await input.withPlainRetry(async (source) => ({
    source,
    listed: await withRealJpxSizes(run, source, await listImages(run, source, config.MAX_OUTPUT_FILES)),
  }));
  // pdfimages decodes every image it does not copy (soft masks and duplicates too): guard them all.
  for (const image of listed) {
    const decoded = format === 'png' || !PASSED_THROUGH.has(image.encoding);
    if (decoded && image.width * image.height > config.MAX_RENDER_PIXELS) {
      throw new ImageTooLargeError(
        `The image on page ${image.page}`,
        image.width,
        image.height,
        config.MAX_RENDER_PIXELS,
      );
    }
  }
  const selected = selectImages(listed, options.min_size ?? 0);
  // pdfimages writes a file for every listed image (masks and duplicates too), selected or not:
  // refused before it writes any (70,000 inline images became 70,000 files).
  checkOutputCount(listed.length, config.MAX_OUTPUT_FILES);
  const stem = stemOf(input.name);
  const extracted =
    selected.length > 0
      ? await extractImages(run, source, path.join(run.workdir, 'images'), format)
      : new Map<number, string[]>();
  const names = numberedNames(stem, selected.length, 'x').map((n) => n.slice(0, -2));
  const entries = selected.flatMap((image, i) => {
    const paths = extracted.get(image.num) ?? [];
    if (paths.length === 0) throw new Error(`pdfimages wrote no file for image ${image.num}`);
    return paths.map((p) => ({ path: p, name: `${names[i]}${path.extname(p)}` }));
  });
  return {
    type: 'zip',
    entries,
    filename: `${stem}-images.zip`,
    headers: { 'X-Image-Count': String(selected.length) },
  };
}

async function toPdf({ files, options, run, config }: OperationInput<ImagesOptions>): Promise<OperationOutput> {
  const images = files.files;
  // img2pdf makes a page of every frame of a multi-frame image: a TIFF's pages count against
  // MAX_PAGES before anything is converted, walked only as far as the pages still allowed.
  let pages = 0;
  for (const [i, image] of images.entries()) {
    const which = images.length > 1 ? `files #${i + 1}` : 'files';
    const allowed = config.MAX_PAGES - pages;
    let size;
    if (image.kind === 'tiff') {
      const info = await readImageInfo(image.path, image.kind, allowed + 1);
      pages += info.frames;
      if (pages > config.MAX_PAGES) throw new TooManyPagesError(config.MAX_PAGES, pages);
      size = info.largest && { ...info.largest, orientation: 1 };
    } else {
      pages += 1;
      if (pages > config.MAX_PAGES) throw new TooManyPagesError(config.MAX_PAGES, pages);
      size = await imageSize(image.path, image.kind);
    }
    // JPEG is copied, never decoded. JPEG 2000 is copied too, but every reader of the PDF decodes it: guarded.
    if (size && image.kind !== 'jpeg' && size.width * size.height > config.MAX_RENDER_PIXELS) {
      throw new ImageTooLargeError(which, size.width, size.height, config.MAX_RENDER_PIXELS);
    }
    // img2pdf turns pages for EXIF rotations but cannot mirror without re-encoding.
    if (size && [2, 4, 5, 7].includes(size.orientation)) {
      throw new InvalidDocumentError(`${which}: mirrored EXIF orientations (2, 4, 5, 7) are not supported.`);
    }
  }
  const output = path.join(run.workdir, 'images.pdf');
  await imagesToPdf(
    run,
    images.map((f) => f.path),
    output,
    { pageSize: options.page_size ?? 'fit', margin: options.margin ?? 0 },
  );
  // Animated GIF/WebP and MPO JPEG frames become pages too, and their headers do not say how many:
  // the result is counted, so MAX_PAGES holds for every output.
  const made = (await quickPageCount(output, config.MAX_PAGES)) ?? (await pageCount(run, output));
  if (made > config.MAX_PAGES) throw new TooManyPagesError(config.MAX_PAGES, made);
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(images[0].name)}.pdf` };
}

export async function imagesOperation(input: OperationInput<ImagesOptions>): Promise<OperationOutput> {
  return resolveMode(input.options.mode, input.files) === 'extract' ? extract(input) : toPdf(input);
}
