// The stamping machinery shared by watermark and page-numbers: page geometry
// from one pdfinfo pass, a stamp PDF built in-process by the caller from that
// geometry, then one qpdf --overlay/--underlay pass that lays stamp pages on
// document pages. The document's content is never parsed or rewritten and
// the cost is about one qpdf pass whatever the page count. Outputs are
// decrypted: the client proved it may open the file by sending its password.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ProcessingFailedError } from '../errors.js';
import type { PageSize } from '../pdf/stamp.js';
import { pageGeometry, type PageGeometry } from '../tools/pdfinfo.js';
import { decrypt } from '../tools/qpdf.js';
import { stampPdf, type StampGroup } from '../tools/qpdf-overlay.js';
import type { OpenedPdf } from './pdf-input.js';
import { openInputVerified } from './page-input.js';
import type { InputFile, OperationInput } from './types.js';

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

/** Page geometry of the file to stamp, and that file (decrypted when a password was sent). */
async function readPages(
  { options, run, config }: OperationInput<{ password?: string }>,
  upload: InputFile,
  opened: Promise<OpenedPdf>,
): Promise<{ source: string; geometry: PageGeometry[] }> {
  if (options.password !== undefined) {
    const input = await opened;
    const source = path.join(run.workdir, 'decrypted.pdf');
    await decrypt(run, input.path, source, options.password);
    return { source, geometry: await pageGeometry(run, source, input.pages) };
  }
  try {
    // pdfinfo stops at the last page; one page past the limit shows "too many".
    return { source: upload.path, geometry: await pageGeometry(run, upload.path, config.MAX_PAGES + 1) };
  } catch (error) {
    await opened; // a damaged or encrypted file: qpdf's verdict is the one reported
    throw error;
  }
}

/**
 * Stamps `upload` as `plan` (called with the page geometry) says and returns
 * the stamped file and the opened input.
 */
export async function stampDocument(
  input: OperationInput<{ password?: string }>,
  upload: InputFile,
  plan: (geometry: PageGeometry[]) => Promise<StampPlan> | StampPlan,
): Promise<{ output: string; pdf: OpenedPdf }> {
  const { options, run, config } = input;
  // openPdf (qpdf) runs alongside the geometry read and the stamping, and its
  // verdict (damaged, encrypted, too many pages) is awaited before anything is
  // returned: the fixed cost stays off the critical path of one qpdf pass.
  const opened = openInputVerified(run, upload, config, options.password);
  opened.catch(() => undefined);
  const { source, geometry } = await readPages(input, upload, opened);
  const stamped = (async () => {
    if (geometry.length > config.MAX_PAGES) return undefined; // openPdf reports it
    const { stamp, groups, layer } = await plan(geometry);
    const stampFile = path.join(run.workdir, 'stamp.pdf');
    await fs.writeFile(stampFile, stamp);
    const output = path.join(run.workdir, 'stamped.pdf');
    await stampPdf(run, source, stampFile, groups, layer, output);
    return output;
  })();
  // Both settle before answering, so no child still writes into the work directory.
  const [openResult, stampResult] = await Promise.allSettled([opened, stamped]);
  if (openResult.status === 'rejected') throw openResult.reason;
  const pdf = openResult.value;
  if (pdf.pages !== geometry.length) {
    throw new ProcessingFailedError('Reading the page sizes failed.', new Error(`pdfinfo saw ${geometry.length} pages, qpdf ${pdf.pages}`));
  }
  if (stampResult.status === 'rejected') throw stampResult.reason;
  const output = stampResult.value;
  if (!output) throw new ProcessingFailedError('Reading the page sizes failed.', new Error('page count over the limit but openPdf accepted it'));
  return { output, pdf };
}
