// What every Ghostscript call shares (gs 10.00.0, Debian bookworm): the
// binary, how it fails, and the guard in front of it (and of OCRmyPDF, which
// runs it): gs reads a file that does not begin with %PDF- as PostScript, so a
// PostScript program placed before a PDF header would run in its interpreter.
// Operations hand gs only PdfInput.gsSafe() copies (qpdf rewrites, header at
// byte 0); this check makes a path that forgets it fail loudly instead of
// running PostScript.
import fs from 'node:fs/promises';
import { ProcessingFailedError } from '../core/errors.js';
import type { ToolFailures } from './failures.js';

/** The Ghostscript binary. */
export const GS = 'gs';

/**
 * Exit codes 0 ok, 1 error, 255 fatal. Inputs are already opened and
 * decrypted by qpdf, so any failure is ours (500); gs writes its errors to
 * stdout, which the logged cause keeps.
 */
export const GS_FAILURES: ToolFailures = { tool: 'gs', failed: 'Ghostscript failed.', stdoutInCause: true };

/** Throws unless `file` starts with "%PDF-" at byte 0. */
export async function assertPdfAtByteZero(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') !== '%PDF-') {
      throw new ProcessingFailedError(
        'The operation failed.',
        new Error(`refusing to hand ${file} to Ghostscript: no %PDF- header at byte 0 (not a qpdf rewrite)`),
      );
    }
  } finally {
    await handle.close();
  }
}
