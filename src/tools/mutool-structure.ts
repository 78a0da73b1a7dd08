// The objects a signature update rewrites, read by MuPDF (mutool run,
// MuPDF 1.21.1) with mupdf-structure-script.js next to this module. MuPDF
// loads objects lazily: ~10 ms on tracemonkey.pdf where qpdf's JSON v2 of the
// same objects takes ~100 ms (it walks the whole file), which is most of the
// sign budget (≤ 150 ms).
import { InvalidPdfError } from '../core/errors.js';
import { MUTOOL } from './mutool.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';
import { bundledScript } from './bundled.js';

/** What the script reports: objects in qpdf JSON v2 value syntax, keyed "obj:N G R" (and "trailer"). */
export interface SignTargets {
  pageCount: number;
  /** MuPDF had to rebuild the cross-reference table: offsets in the file cannot be trusted for an append. */
  repaired: boolean;
  encrypted: boolean;
  /** Entries in the cross-reference (the next free object number). */
  xrefSize: number;
  /** The requested page's reference, null when past the last page. */
  pageRef: string | null;
  objects: Record<string, { value?: unknown }>;
}

const structureScript = () => bundledScript('mupdf-structure-script.js');

/** Trailer, catalog, AcroForm and its fields, page `page` with its /Annots and parents. */
export async function readSignTargets(ctx: RunContext, file: string, page: number): Promise<SignTargets> {
  const result = await run(ctx, MUTOOL, ['run', structureScript(), file, String(page)]);
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    if (result.exitCode === 0) return JSON.parse(line) as SignTargets;
  } catch {
    // fall through: the file is not one MuPDF can read
  }
  // The input was opened by qpdf before this runs; MuPDF failing on it means the file is damaged in a way qpdf tolerates.
  throw new InvalidPdfError('The PDF cannot be parsed for signing.');
}
