// PDF → ODT: the same page layout as the DOCX (convert-layout.ts) written by
// src/writers/odt.ts.
import type { RunContext } from '../core/contract.js';
import { writeOdt } from '../writers/odt.js';
import { layoutPdf } from './convert-layout.js';

/** Converts `source` (unencrypted, `pages` pages) to an ODT at `output`. */
export async function pdfToOdt(
  run: RunContext,
  source: string,
  pages: number,
  output: string,
  maxPixels: number,
): Promise<void> {
  await writeOdt(await layoutPdf(run, source, pages, maxPixels), output);
}
