// remove-blank: drops the pages a 72 dpi grey render shows as blank (at most
// `threshold` of the pixels darker than white, and no text layer), then
// writes the rest with qpdf. X-Removed-Pages names the dropped pages.
import path from 'node:path';
import { InvalidDocumentError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { compactRange } from '../tools/qpdf-overlay.js';
import { selectPages } from '../tools/qpdf.js';
import { blankPages } from './page-scan.js';
import { PdfInput } from './pdf-input.js';

export interface RemoveBlankOptions {
  threshold: number;
  password?: string;
}

/** The error for a document with no page left: an empty PDF is never an answer. */
export function allBlankError(pages: number): InvalidDocumentError {
  return new InvalidDocumentError(
    `Every page of the document (${pages}) is blank at this threshold; there is nothing to return.`,
  );
}

export async function removeBlankPages({
  files,
  options,
  run,
  config,
}: OperationInput<RemoveBlankOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const blank = await blankPages(run, input, options.threshold, config.MAX_RENDER_PIXELS);
  const removed = blank.flatMap((isBlank, i) => (isBlank ? [i + 1] : []));
  const kept = blank.flatMap((isBlank, i) => (isBlank ? [] : [i + 1]));
  if (kept.length === 0) throw allBlankError(input.pages);
  const output = path.join(run.workdir, 'without-blank.pdf');
  await input.withRetry((source) => selectPages(run, source.file, compactRange(kept), output, source.password));
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-without-blank.pdf`,
    headers: { 'X-Removed-Pages': removed.join(',') },
  };
}
