// Opening an uploaded PDF: proves it parses (or is repairable), that the
// password fits, and that it is within MAX_PAGES, before any real work.
import { TooManyPagesError } from '../errors.js';
import { pageCount } from '../tools/qpdf.js';
import type { RunContext } from '../tools/run.js';
import type { InputFile } from './types.js';

export interface OpenedPdf extends InputFile {
  pages: number;
}

export async function openPdf(ctx: RunContext, file: InputFile, maxPages: number, password?: string): Promise<OpenedPdf> {
  const pages = await pageCount(ctx, file.path, password);
  if (pages > maxPages) throw new TooManyPagesError(maxPages, pages);
  return { ...file, pages };
}

/** Opens several PDFs side by side (one pool slot each). */
export function openPdfs(ctx: RunContext, files: InputFile[], maxPages: number, password?: string): Promise<OpenedPdf[]> {
  return Promise.all(files.map((file) => openPdf(ctx, file, maxPages, password)));
}
