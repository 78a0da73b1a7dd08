// Opening an uploaded PDF: proves it parses (or is repairable), that the
// password fits, and that it is within MAX_PAGES, before any real work.
import { InvalidPdfError, TooManyPagesError } from '../errors.js';
import { quickPageCount } from '../files/pdf-page-count.js';
import { pageCount } from '../tools/qpdf.js';
import type { RunContext } from '../tools/run.js';
import type { InputFile } from './types.js';

export interface OpenedPdf extends InputFile {
  pages: number;
  /** True when the page count came from the file's own page tree (no qpdf run; the file is not encrypted). */
  declaredCount: boolean;
}

/** Opens with qpdf: the page count is qpdf's, and a damaged or encrypted file is diagnosed here. */
export async function openPdf(ctx: RunContext, file: InputFile, maxPages: number, password?: string): Promise<OpenedPdf> {
  const pages = await pageCount(ctx, file.path, password);
  checkPageCount(pages, maxPages);
  return { ...file, pages, declaredCount: false };
}

/**
 * Like openPdf, but reads the page count from the file's page tree when it is
 * plainly readable (no process, ~1 ms) and falls back to qpdf otherwise. For
 * operations whose next step is a qpdf pass that diagnoses damage and
 * passwords anyway (merge, split, protect, unlock); not for heavy per-page
 * work, where a page tree that lies about /Count must not slip past MAX_PAGES.
 */
export async function openPdfFast(ctx: RunContext, file: InputFile, maxPages: number, password?: string): Promise<OpenedPdf> {
  const declared = await quickPageCount(file.path);
  if (declared === undefined) return openPdf(ctx, file, maxPages, password);
  checkPageCount(declared, maxPages);
  return { ...file, pages: declared, declaredCount: true };
}

/** Opens several PDFs side by side with openPdfFast. */
export function openPdfsFast(ctx: RunContext, files: InputFile[], maxPages: number, password?: string): Promise<OpenedPdf[]> {
  return Promise.all(files.map((file) => openPdfFast(ctx, file, maxPages, password)));
}

/** A document with no page is refused like a broken one (the tools fail on it in their own ways). */
function checkPageCount(pages: number, maxPages: number): void {
  if (pages < 1) throw new InvalidPdfError('The PDF has no pages.');
  if (pages > maxPages) throw new TooManyPagesError(maxPages, pages);
}
