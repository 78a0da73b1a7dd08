// ocr: a searchable PDF (or PDF/A, or plain text) from a scanned PDF or an
// image, by OCRmyPDF. Every page either gets recognized, keeps the text it had
// (mode skip-text, reported in X-OCR-Skipped-Pages), or is truly empty; a page
// Tesseract gave up on is an error (tools/ocrmypdf.ts), and the text layer of
// the output PDF is checked page by page against what Tesseract recognized.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageTooLargeError, ProcessingFailedError, TooManyPagesError } from '../core/errors.js';
import { readImageInfo } from '../files/image-info.js';
import { stemOf } from '../core/names.js';
import { ocrmypdf, tesseractTimeoutFor, type OcrMode, type SidecarPage } from '../tools/ocrmypdf.js';
import { pageTexts } from '../tools/pdftotext.js';
import type { RunContext, InputFile, OperationInput, OperationOutput } from '../core/contract.js';
import { ocrJobs, refuseHugeImages, resolveLanguages } from './ocr-support.js';
import { damaged, PdfInput } from './pdf-input.js';

/** Parsed options of POST /v1/pdf/ocr (routes/ocr.ts). */
export interface OcrOptions {
  languages: string;
  mode: OcrMode;
  deskew: boolean;
  rotate_pages: boolean;
  output: 'pdf' | 'pdfa' | 'txt';
  password?: string;
}

/** Resolution assumed for an image that states none (or an implausible ≤ 96 dpi): typical of scans. */
export const DEFAULT_IMAGE_DPI = 300;

interface OcrSource {
  path: string;
  pages: number;
  imageDpi?: number;
}

/** OCRs a PDF or image into a searchable PDF, PDF/A, or text; every page accounted for. */
export async function ocrDocument({
  files,
  options,
  run,
  config,
}: OperationInput<OcrOptions>): Promise<OperationOutput> {
  const file = files.file[0];
  const languages = await resolveLanguages(options.languages);
  const source =
    file.kind === 'pdf'
      ? await pdfSource(run, file, config.MAX_PAGES, config.MAX_RENDER_PIXELS, options.password)
      : await imageSource(file, config.MAX_PAGES, config.MAX_RENDER_PIXELS);
  const job = {
    input: source.path,
    outputType: options.output === 'txt' ? ('none' as const) : options.output,
    output: path.join(run.workdir, 'ocr-output.pdf'),
    sidecar: path.join(run.workdir, 'ocr-sidecar.txt'),
    languages,
    mode: options.mode,
    deskew: options.deskew,
    rotatePages: options.rotate_pages,
    imageDpi: source.imageDpi,
    jobs: ocrJobs(run, source.pages),
    tesseractTimeoutSeconds: tesseractTimeoutFor(run),
    // A tiny image drawn at 1907 ppi made OCRmyPDF rasterize a letter page at 340 megapixels (Tesseract 3.5 GiB resident, tracemonkey.pdf p. 13).
    maxPagePixels: config.MAX_RENDER_PIXELS,
  };
  const { pages } = await ocrmypdf(run, job, file.kind !== 'pdf').catch((error: unknown) => {
    // A PDF reaches OCRmyPDF as its repaired copy already (gsSafe): a failure on it that names no
    // page (OCRmyPDF itself crashing on the document, e.g. a page object that is null) is the file's.
    if (file.kind === 'pdf' && error instanceof ProcessingFailedError && !('pages' in error.extensions))
      throw damaged(error);
    throw error;
  });
  const stem = stemOf(file.name);
  const kept = pages.flatMap((page, i) => (page.kind === 'had-text' ? [i + 1] : []));
  const headers: Record<string, string> = { 'X-OCR-Pages': String(pages.length - kept.length) };
  if (kept.length > 0) headers['X-OCR-Skipped-Pages'] = compactRanges(kept);

  if (options.output === 'txt') {
    const text = path.join(run.workdir, 'ocr.txt');
    await fs.writeFile(text, (await withExistingText(run, source.path, pages)).join('\f'));
    return { type: 'file', path: text, contentType: 'text/plain; charset=utf-8', filename: `${stem}.txt`, headers };
  }
  await verifyTextLayer(run, job.output, pages);
  return { type: 'file', path: job.output, contentType: 'application/pdf', filename: `${stem}-ocr.pdf`, headers };
}

/** Ascending page numbers as ranges, "1-3,5" (a header stays short on long documents; exported for unit tests). */
export function compactRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(j === i ? `${pages[i]}` : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** Opens the PDF (page count, password) and hands OCRmyPDF the gs-safe copy (decrypted, rewritten by qpdf: OCRmyPDF runs Ghostscript). */
async function pdfSource(
  run: RunContext,
  file: InputFile,
  maxPages: number,
  maxPixels: number,
  password?: string,
): Promise<OcrSource> {
  const opened = await PdfInput.open(run, file, { maxPages, password });
  const safe = await opened.gsSafe();
  await refuseHugeImages(run, safe, maxPixels);
  return { path: safe, pages: opened.pages };
}

/** An image: its page count (TIFF) and a DPI to assume when it states no credible one. */
async function imageSource(file: InputFile, maxPages: number, maxPixels: number): Promise<OcrSource> {
  const info = await readImageInfo(file.path, file.kind, maxPages + 1);
  if (info.frames > maxPages) throw new TooManyPagesError(maxPages, info.frames);
  // Tesseract decodes the whole image: refuse a decompression bomb before it does.
  if (info.largest && info.largest.width * info.largest.height > maxPixels) {
    throw new ImageTooLargeError('file', info.largest.width, info.largest.height, maxPixels);
  }
  // OCRmyPDF refuses images without a DPI or with ≤ 96 dpi; --image-dpi would override a good one.
  const credible = info.dpi !== undefined && info.dpi.x > 96 && info.dpi.y > 96;
  return { path: file.path, pages: info.frames, imageDpi: credible ? undefined : DEFAULT_IMAGE_DPI };
}

/** Page texts for output=txt: OCR text, and the existing text of pages skipped for having it. */
async function withExistingText(run: RunContext, source: string, pages: SidecarPage[]): Promise<string[]> {
  const existing = pages.some((page) => page.kind === 'had-text')
    ? await pageTexts(run, source, { first: 1, last: pages.length, layout: false })
    : [];
  return pages.map((page, i) => (page.kind === 'text' ? page.text : page.kind === 'had-text' ? existing[i] : ''));
}

/**
 * Proves the output PDF carries the text: every page on which Tesseract
 * recognized something must have a text layer (ghostscript's PDF/A pass has
 * dropped invisible text in some versions). One pdftotext run for all pages.
 */
async function verifyTextLayer(run: RunContext, output: string, pages: SidecarPage[]): Promise<void> {
  const layer = await pageTexts(run, output, { first: 1, last: pages.length, layout: false });
  const missing = pages.flatMap((page, i) =>
    page.kind === 'text' && page.text.trim() !== '' && !layer[i]?.trim() ? [i + 1] : [],
  );
  if (missing.length > 0) {
    throw new ProcessingFailedError(
      `The recognized text is missing from the output PDF on page${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
      new Error('text layer check failed'),
      { pages: missing },
    );
  }
}
