// The stamping machinery shared by watermark and page-numbers: page geometry
// from one pdfinfo pass, a stamp PDF built in-process by the caller from that
// geometry, then one qpdf --overlay/--underlay pass that lays stamp pages on
// document pages. The document's content is never parsed or rewritten and
// the cost is about one qpdf pass whatever the page count. Outputs are
// decrypted: the client proved it may open the file by sending its password.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ProcessingFailedError } from '../core/errors.js';
import type { PageSize } from '../pdf/stamp.js';
import { pageGeometry, type PageGeometry } from '../tools/pdfinfo.js';
import { stampPdf, type StampGroup } from '../tools/qpdf-overlay.js';
import { PdfInput } from './pdf-input.js';
import type { InputFile, OperationInput } from '../core/contract.js';

/** What the caller lays on the document: the stamp file's bytes and which stamp page goes on which pages. */
export interface StampPlan {
  stamp: Buffer;
  groups: StampGroup[];
  layer: 'over' | 'under';
}

/** The page as the reader sees it: trim box size with /Rotate applied. */
export function displaySize(page: PageGeometry): PageSize {
  const w = Math.abs(page.box[2] - page.box[0]);
  const h = Math.abs(page.box[3] - page.box[1]);
  return page.rotate % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/**
 * Stamps `upload` as `plan` (called with the page geometry) says and returns
 * the stamped file and the opened input. Geometry and stamping run on the
 * plain copy (pdfinfo takes passwords only on argv); a file either tool fails
 * on is done again from the repaired copy (PdfInput's retry rule), then 422.
 */
export async function stampDocument(
  input: OperationInput<{ password?: string }>,
  upload: InputFile,
  plan: (geometry: PageGeometry[]) => Promise<StampPlan> | StampPlan,
): Promise<{ output: string; pdf: PdfInput }> {
  const { options, run, config } = input;
  const pdf = await PdfInput.open(run, upload, { maxPages: config.MAX_PAGES, password: options.password });
  const output = await pdf.withPlainRetry(async (source, repaired) => {
    const geometry = await pageGeometry(run, source, pdf.pages);
    if (geometry.length !== pdf.pages) {
      throw new ProcessingFailedError(
        'Reading the page sizes failed.',
        new Error(`pdfinfo saw ${geometry.length} pages, the page tree ${pdf.pages}`),
      );
    }
    const { stamp, groups, layer } = await plan(geometry);
    const prefix = repaired ? 'repaired-' : '';
    const stampFile = path.join(run.workdir, `${prefix}stamp.pdf`);
    await fs.writeFile(stampFile, stamp);
    const stamped = path.join(run.workdir, `${prefix}stamped.pdf`);
    await stampPdf(run, source, stampFile, groups, layer, stamped);
    return stamped;
  });
  return { output, pdf };
}
