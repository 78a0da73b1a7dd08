// The one seam between redact/sign/verify and the PDF input object
// (PdfInput: page count walked from the page tree, encryption state, the
// decrypted copy made on demand).
import type { Config } from '../config.js';
import type { RunContext, InputFile } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

/** An opened upload and a path to an unencrypted copy of it. */
export interface OpenedInput {
  /** The upload itself, or its decrypted copy when it was encrypted. */
  path: string;
  /** The upload as sent (incremental updates append to these bytes). */
  original: string;
  name: string;
  pages: number;
  /** True when the upload was encrypted (so `path` is a rewritten copy). */
  wasEncrypted: boolean;
}

/**
 * Opens the upload (422/413 on a bad, locked or oversized file) and decrypts it
 * when needed. `encrypted`: the answer when the caller reads the trailer anyway
 * (sign, with MuPDF), which saves qpdf's own check.
 */
export async function openInput(ctx: RunContext, file: InputFile, config: Config, password?: string, encrypted?: Promise<boolean>): Promise<OpenedInput> {
  // The caller's own answer is no longer needed (PdfInput knows), but it settles before anything is decided, so no child outlives the call.
  const [openResult] = await Promise.allSettled([PdfInput.open(ctx, file, { maxPages: config.MAX_PAGES, password }), encrypted]);
  if (openResult.status === 'rejected') throw openResult.reason;
  const pdf = openResult.value;
  return { path: await pdf.plain(), original: file.path, name: file.name, pages: pdf.pages, wasEncrypted: pdf.encrypted };
}
