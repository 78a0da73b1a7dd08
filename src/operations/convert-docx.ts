// PDF → DOCX: the page layout (convert-layout.ts: columns, figures, tables,
// styled paragraphs, running header/footer) written by src/writers/docx.ts.
import type { RunContext } from '../core/contract.js';
import { writeDocx } from '../writers/docx.js';
import { layoutPdf } from './convert-layout.js';

/** Converts `source` (unencrypted, `pages` pages) to a DOCX at `output`. */
export async function pdfToDocx(
  run: RunContext,
  source: string,
  pages: number,
  output: string,
  maxPixels: number,
): Promise<void> {
  await writeDocx(await layoutPdf(run, source, pages, maxPixels), output);
}
