// mutool clean (MuPDF 1.21.1, Debian bookworm) for compress: merges duplicate
// objects and identical streams (-gggg), which qpdf does not do. On
// tracemonkey.pdf that is 8% of the lossless gain (866 → 799 KB after qpdf)
// for ~25 ms. Inputs are decrypted PDFs qpdf has opened, so a failure is ours.
// Exit codes: 0 ok, 1 error.
import { ProcessingFailedError } from '../core/errors.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';

/** The MuPDF command-line binary. */
export const MUTOOL = 'mutool';

/** Argument list of the deduplicating rewrite (exported for unit tests). */
export function deduplicateArgs(input: string, output: string): string[] {
  // -gggg: garbage-collect, compact, merge duplicate objects and streams. No
  // -z/-f/-i (qpdf recompresses afterwards) and no -c/-s (content rewriting).
  return ['clean', '-gggg', input, output];
}

/** Writes `input` to `output` with duplicate objects and streams shared and unreferenced ones dropped. */
export async function deduplicateObjects(ctx: RunContext, input: string, output: string): Promise<void> {
  const result = await run(ctx, MUTOOL, deduplicateArgs(input, output));
  if (result.exitCode !== 0) {
    throw new ProcessingFailedError('The PDF could not be rewritten.', new Error(`mutool clean exit ${result.exitCode}: ${result.stderr}`));
  }
}
