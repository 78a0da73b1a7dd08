// Pieces shared by ocr and extract-text (ocr=auto): language checks against
// what Tesseract has installed, the embedded-image pixel guard, and the OCR of
// selected pages to plain text. (Unencrypted and repaired copies come from
// PdfInput.)
import path from 'node:path';
import { ImageTooLargeError, InvalidRequestError, ProcessingFailedError } from '../errors.js';
import { ocrmypdf, tesseractTimeoutFor } from '../tools/ocrmypdf.js';
import { listImages } from '../tools/pdfimages.js';
import { selectPages } from '../tools/qpdf.js';
import type { RunContext } from '../tools/run.js';
import { installedLanguages } from '../tools/tesseract.js';
import type { PdfInput } from './pdf-input.js';

/** `languages` ("eng+deu") as a list, each one installed; 400 listing the installed ones otherwise. */
export async function resolveLanguages(spec: string): Promise<string[]> {
  const requested = [...new Set(spec.split('+'))];
  const installed = await installedLanguages();
  const unknown = requested.filter((code) => !installed.includes(code));
  if (unknown.length > 0) {
    throw new InvalidRequestError(`languages: not installed: ${unknown.join(', ')}; installed: ${installed.join(', ')}.`, 'languages');
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
  const images = await listImages(run, pdf);
  const largest = images.reduce<(typeof images)[number] | undefined>((big, image) => (!big || image.width * image.height > big.width * big.height ? image : big), undefined);
  if (largest && largest.width * largest.height > maxPixels) {
    throw new ImageTooLargeError(`The image on page ${largest.page}`, largest.width, largest.height, maxPixels);
  }
}

/**
 * The OCR text of `pages` (1-based, ascending, no repeats) of the PDF `file`,
 * one entry per page. Only those pages are copied out (decrypted, by qpdf with
 * the password in an argfile) and OCR'd, with --force-ocr and no output PDF.
 */
export async function ocrPagesToText(run: RunContext, input: PdfInput, pages: number[], languages: string[], maxPixels: number): Promise<string[]> {
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
    },
    false,
  );
  if (results.length !== pages.length) {
    throw new ProcessingFailedError('OCR returned a different number of pages.', new Error(`expected ${pages.length} sidecar pages, got ${results.length}`));
  }
  return results.map((page) => (page.kind === 'text' ? page.text : ''));
}
