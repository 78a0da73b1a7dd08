// repair: qpdf's reconstruction first (xref rebuilt by scanning, stream
// lengths recovered); when qpdf cannot open the file at all, MuPDF's
// recovery (mutool clean) and qpdf over its output; when the rewritten file
// still fails `qpdf --check` (streams that cannot be decoded), Ghostscript
// redraws it (only ever on a PDF qpdf wrote). The answer is the first result
// that passes `qpdf --check` cleanly; X-Repair-Actions says which steps it
// took. Nothing passes → 422 invalid_pdf.
import path from 'node:path';
import { InvalidPdfError, TooManyPagesError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { rewriteWithGhostscript } from '../tools/ghostscript-convert.js';
import { cleanDamaged } from '../tools/mutool.js';
import { checkPdf, pageCount, rewriteRecovering, type RewriteReport } from '../tools/qpdf.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';

export interface RepairOptions {
  password?: string;
}

/** Tokens of X-Repair-Actions. */
export type RepairAction =
  | 'xref-rebuilt'
  | 'streams-fixed'
  | 'rewritten-by-mupdf'
  | 'rewritten-by-ghostscript'
  | 'decrypted';

/** What qpdf's warnings say it repaired (exported for unit tests). */
export function actionsFromWarnings(warnings: string[]): RepairAction[] {
  const text = warnings.join('\n');
  const actions: RepairAction[] = [];
  if (/reconstruct cross-reference|can't find startxref|xref|file is damaged/i.test(text)) actions.push('xref-rebuilt');
  if (/stream length|recover stream|stream data|expected endstream|endstream/i.test(text))
    actions.push('streams-fixed');
  return actions;
}

interface Attempt {
  file: string;
  actions: RepairAction[];
}

/** Rewrites with qpdf; then, if `qpdf --check` is not clean, with Ghostscript and qpdf again. */
async function qpdfThenGhostscript(
  run: RunContext,
  maxPages: number,
  source: string,
  tag: string,
  prior: RepairAction[],
  password?: string,
): Promise<Attempt | undefined> {
  const first = path.join(run.workdir, `${tag}-qpdf.pdf`);
  const report: RewriteReport = await rewriteRecovering(run, source, first, password);
  if (!report.written) return undefined;
  const actions = [...prior, ...actionsFromWarnings(report.warnings)];
  if ((await checkPdf(run, first)).clean) return { file: first, actions };
  // Ghostscript's work grows with pages: the limit is checked before it runs.
  const pages = await pageCount(run, first);
  if (pages < 1) throw new InvalidPdfError('The PDF is damaged beyond repair: no page could be recovered.');
  if (pages > maxPages) throw new TooManyPagesError(maxPages, pages);
  const drawn = path.join(run.workdir, `${tag}-gs.pdf`);
  if (!(await rewriteWithGhostscript(run, first, drawn))) return undefined;
  const final = path.join(run.workdir, `${tag}-gs-qpdf.pdf`);
  const again = await rewriteRecovering(run, drawn, final);
  if (!again.written || !(await checkPdf(run, final)).clean) return undefined;
  // Ghostscript must not invent or lose pages (it draws an empty document as one blank page).
  if ((await pageCount(run, final)) !== pages) return undefined;
  return { file: final, actions: [...actions, 'rewritten-by-ghostscript'] };
}

export async function repairPdf({
  files,
  options,
  run,
  config,
}: OperationInput<RepairOptions>): Promise<OperationOutput> {
  const upload = files.file[0];
  let attempt = await qpdfThenGhostscript(run, config.MAX_PAGES, upload.path, 'a', [], options.password);
  if (!attempt && options.password === undefined) {
    // qpdf could not open it: MuPDF scans for objects its own way.
    const cleaned = path.join(run.workdir, 'mutool.pdf');
    const mupdf = await cleanDamaged(run, upload.path, cleaned);
    if (mupdf.written)
      attempt = await qpdfThenGhostscript(run, config.MAX_PAGES, cleaned, 'b', [
        ...(mupdf.xrefRepaired ? ['xref-rebuilt' as const] : []),
        'rewritten-by-mupdf',
      ]);
  }
  if (!attempt)
    throw new InvalidPdfError(
      'The PDF is damaged beyond repair: neither qpdf, MuPDF nor Ghostscript could rebuild a valid file from it.',
    );
  const pages = await pageCount(run, attempt.file);
  if (pages < 1) throw new InvalidPdfError('The PDF is damaged beyond repair: no page could be recovered.');
  if (pages > config.MAX_PAGES) {
    throw new TooManyPagesError(config.MAX_PAGES, pages);
  }
  const actions = [...new Set(attempt.actions)];
  return {
    type: 'file',
    path: attempt.file,
    contentType: 'application/pdf',
    filename: `${stemOf(upload.name)}-repaired.pdf`,
    headers: { 'X-Repair-Actions': actions.length > 0 ? actions.join(',') : 'none' },
  };
}
