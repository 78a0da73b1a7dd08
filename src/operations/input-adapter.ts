// The one seam between redact/sign/verify and the PDF input object: today's
// openPdf (qpdf: parses, password fits, MAX_PAGES) plus a decrypted copy when
// the file is encrypted. When the shared input object (verified page count,
// encryption, decrypted and repaired copies) lands, only this file changes.
import path from 'node:path';
import type { Config } from '../config.js';
import { decrypt, isEncrypted } from '../tools/qpdf.js';
import type { RunContext } from '../tools/run.js';
import { openPdf } from './pdf-input.js';
import type { InputFile } from './types.js';

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
  // Side by side; both settle before anything is decided, so no child outlives the call.
  const [openResult, encryptedResult] = await Promise.allSettled([openPdf(ctx, file, config.MAX_PAGES, password), encrypted ?? isEncrypted(ctx, file.path)]);
  if (openResult.status === 'rejected') throw openResult.reason;
  if (encryptedResult.status === 'rejected') throw encryptedResult.reason;
  const opened = openResult.value;
  if (!encryptedResult.value) return { path: file.path, original: file.path, name: file.name, pages: opened.pages, wasEncrypted: false };
  const decrypted = path.join(ctx.workdir, `decrypted-${path.basename(file.path)}`);
  await decrypt(ctx, file.path, decrypted, password);
  return { path: decrypted, original: file.path, name: file.name, pages: opened.pages, wasEncrypted: true };
}
