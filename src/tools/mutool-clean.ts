// mutool clean (MuPDF 1.21.1, Debian bookworm) for compress: merges duplicate
// objects and identical streams (-gggg), which qpdf does not do. On
// tracemonkey.pdf that is 8% of the lossless gain (866 → 799 KB after qpdf)
// for ~25 ms. Inputs are decrypted PDFs qpdf has opened, so a failure is ours.
// Exit codes: 0 ok, 1 error.
import { runTool } from './failures.js';
import { MUTOOL, MUTOOL_FAILURES } from './mutool.js';
import type { RunContext } from '../core/contract.js';

/** Argument list of the deduplicating rewrite (exported for unit tests). */
export function deduplicateArgs(input: string, output: string): string[] {
  // -gggg: garbage-collect, compact, merge duplicate objects and streams. No
  // -z/-f/-i (qpdf recompresses afterwards) and no -c/-s (content rewriting).
  return ['clean', '-gggg', input, output];
}

/** Writes `input` to `output` with duplicate objects and streams shared and unreferenced ones dropped. */
export async function deduplicateObjects(ctx: RunContext, input: string, output: string): Promise<void> {
  await runTool(ctx, MUTOOL_FAILURES, MUTOOL, deduplicateArgs(input, output), {
    failed: 'The PDF could not be rewritten.',
  });
}
