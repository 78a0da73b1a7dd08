// The one place the page and document operations (rotate, organize,
// page-numbers, metadata, repair, flatten) open their upload: the
// shared input object (PdfInput: page count walked from the page
// tree, encryption state, decrypted / repaired / gs-safe copies, the retry rule).
import type { Config } from '../config.js';
import type { RunContext, InputFile } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

/** An opened upload: its verified page count and how to read it without a password. */
export interface PageOpsInput {
  file: InputFile;
  pages: number;
  password?: string;
  /** A path readable without a password (the upload, or its decrypted copy, made once). */
  readable: () => Promise<string>;
  /** The input object itself (repaired copy, retry helpers). */
  pdf: PdfInput;
}

/** Opens `file` (page count walked from the tree, MAX_PAGES, password check). */
export async function openInput(run: RunContext, file: InputFile, config: Config, password?: string): Promise<PageOpsInput> {
  const pdf = await PdfInput.open(run, file, { maxPages: config.MAX_PAGES, password });
  return { file, pages: pdf.pages, password, readable: () => pdf.plain(), pdf };
}

/** Opens `file` for operations that do work per page (the same verified count: it is never the declared /Count). */
export function openInputVerified(run: RunContext, file: InputFile, config: Config, password?: string): Promise<PdfInput> {
  return PdfInput.open(run, file, { maxPages: config.MAX_PAGES, password });
}
