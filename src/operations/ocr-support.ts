// Pieces shared by ocr and extract-text (ocr=auto): language checks against
// what Tesseract has installed, the embedded-image pixel guard, and the OCR of
// selected pages to plain text. (Unencrypted and repaired copies come from
// PdfInput.)
import path from 'node:path';
import { ImageTooLargeError, InvalidRequestError, ProcessingFailedError } from '../core/errors.js';
import { ocrmypdf, tesseractTimeoutFor } from '../tools/ocrmypdf.js';
import { jpxSize } from '../files/jpx-size.js';
import { readStreamHead } from '../files/pdf-stream-head.js';
import { listImages, type ListedImage } from '../tools/pdfimages.js';
import { objectOffsets, selectPages } from '../tools/qpdf.js';
import type { RunContext } from '../core/contract.js';
import { installedLanguages } from '../tools/tesseract.js';
import type { PdfInput } from './pdf-input.js';

/** `languages` ("eng+deu") as a list, each one installed; 400 listing the installed ones otherwise. */
export async function resolveLanguages(spec: string): Promise<string[]> {
  const requested = [...new Set(spec.split('+'))];
  const installed = await installedLanguages();
  const unknown = requested.filter((code) => !installed.includes(code));
  if (unknown.length > 0) {
    throw new InvalidRequestError(
      `languages: not installed: ${unknown.join(', ')}; installed: ${installed.join(', ')}.`,
      'languages',
    );
  }
  return requested;
}

/** Pages OCR'd at once (and pool slots held): no more than the pages, nor than the pool's cores. */
export function ocrJobs(run: RunContext, pages: number): number {
  return Math.max(1, Math.min(run.pool.capacity, pages));
}

/**
 * Refuses (413) a PDF with an embedded image over `maxPixels`: OCRmyPDF
 * rasterizes a page at least at the resolution of its images, so a
 * 30000×30000 px image (32 KB on disk) would mean a 2.7 GB raster and a
 * Tesseract run of many minutes. One `pdfimages -list`, no decoding.
 */
export async function refuseHugeImages(run: RunContext, pdf: string, maxPixels: number): Promise<void> {
  const images = await withRealJpxSizes(run, pdf, await listImages(run, pdf));
  const largest = images.reduce<(typeof images)[number] | undefined>(
    (big, image) => (!big || image.width * image.height > big.width * big.height ? image : big),
    undefined,
  );
  if (largest && largest.width * largest.height > maxPixels) {
    throw new ImageTooLargeError(`The image on page ${largest.page}`, largest.width, largest.height, maxPixels);
  }
}

/**
 * The OCR text of `pages` (1-based, ascending, no repeats) of the PDF `file`,
 * one entry per page. Only those pages are copied out (decrypted, by qpdf with
 * the password in an argfile) and OCR'd, with --force-ocr and no output PDF.
 */
export async function ocrPagesToText(
  run: RunContext,
  input: PdfInput,
  pages: number[],
  languages: string[],
  maxPixels: number,
): Promise<string[]> {
  const subset = path.join(run.workdir, 'ocr-pages.pdf');
  // A qpdf output (header at byte 0): safe for the Ghostscript inside OCRmyPDF.
  await input.withRetry((source) => selectPages(run, source.file, pages.join(','), subset, source.password));
  await refuseHugeImages(run, subset, maxPixels);
  const { pages: results } = await ocrmypdf(
    run,
    {
      input: subset,
      outputType: 'none',
      output: '-',
      sidecar: path.join(run.workdir, 'ocr-pages.txt'),
      languages,
      mode: 'force',
      deskew: false,
      rotatePages: false,
      jobs: ocrJobs(run, pages.length),
      tesseractTimeoutSeconds: tesseractTimeoutFor(run),
      maxPagePixels: maxPixels,
    },
    false,
  );
  if (results.length !== pages.length) {
    throw new ProcessingFailedError(
      'OCR returned a different number of pages.',
      new Error(`expected ${pages.length} sidecar pages, got ${results.length}`),
    );
  }
  return results.map((page) => (page.kind === 'text' ? page.text : ''));
}

/**
 * `listed` with JPEG 2000 images sized by their codestream (SIZ), which is
 * what a decoder allocates: pdfimages reports the /Width and /Height of the
 * dictionary, and a 3 KB JPX whose dictionary says 16×16 may decode to
 * 12000×12000. The larger of the two sizes is kept. Only uncompressed stream
 * objects whose only filter is JPXDecode are read (one qpdf --show-xref, then
 * 4 KiB per image); the rest keep the dictionary's size.
 */
export async function withRealJpxSizes(run: RunContext, pdf: string, listed: ListedImage[]): Promise<ListedImage[]> {
  const jpx = listed.filter((image) => image.encoding === 'jpx' && image.object !== undefined);
  if (jpx.length === 0) return listed;
  const offsets = await objectOffsets(run, pdf);
  const sizes = new Map<string, { width: number; height: number }>();
  for (const object of new Set(jpx.map((image) => image.object!))) {
    const offset = offsets.get(Number(object.split(' ')[0]));
    if (offset === undefined) continue;
    const stream = await readStreamHead(pdf, offset);
    const filter = stream && /\/Filter\s*(\/\w+|\[[^\]]*\])/.exec(stream.dict)?.[1].match(/\/\w+/g);
    if (!stream || filter?.length !== 1 || filter[0] !== '/JPXDecode') continue;
    const size = jpxSize(stream.head);
    if (size) sizes.set(object, size);
  }
  return listed.map((image) => {
    const real = image.object === undefined ? undefined : sizes.get(image.object);
    return real && real.width * real.height > image.width * image.height ? { ...image, ...real } : image;
  });
}
