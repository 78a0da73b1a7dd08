// The one place the page and document operations (rotate, organize,
// page-numbers, metadata, repair, flatten; issue 11) open their upload. It
// wraps today's openPdfFast so that moving to the shared input object of the
// hostile-input work (issue 8) is a change in this file only.
import path from 'node:path';
import type { Config } from '../config.js';
import { decrypt } from '../tools/qpdf.js';
import type { RunContext } from '../tools/run.js';
import { openPdf, openPdfFast, type OpenedPdf } from './pdf-input.js';
import type { InputFile } from './types.js';

/** An opened upload: its verified-enough page count and how to read it without a password. */
export interface PageOpsInput {
  file: InputFile;
  pages: number;
  password?: string;
  /** A path readable without a password (a decrypted copy when a password was sent, made once). */
  readable: () => Promise<string>;
}

/** Opens `file` (page count, MAX_PAGES, password check where needed). */
export async function openInput(run: RunContext, file: InputFile, config: Config, password?: string): Promise<PageOpsInput> {
  const opened = await openPdfFast(run, file, config.MAX_PAGES, password);
  let copy: Promise<string> | undefined;
  return {
    file,
    pages: opened.pages,
    password,
    readable: () => {
      if (password === undefined) return Promise.resolve(file.path);
      copy ??= (async () => {
        const out = path.join(run.workdir, 'decrypted.pdf');
        await decrypt(run, file.path, out, password);
        return out;
      })();
      return copy;
    },
  };
}

/**
 * Opens `file` with qpdf's own page count (a page tree that lies about /Count
 * cannot slip past MAX_PAGES), for operations that do work per page.
 */
export function openInputVerified(run: RunContext, file: InputFile, config: Config, password?: string): Promise<OpenedPdf> {
  return openPdf(run, file, config.MAX_PAGES, password);
}
