// n-up and booklet: the document's pages placed on new sheets as form
// XObjects of their own content (vector stays vector), each scaled to its cell
// keeping its aspect ratio, turned upright as a viewer shows it (/Rotate
// applied), with its links moved along; links and outline entries that
// pointed at a page point at the sheet that holds it.
import path from 'node:path';
import { InvalidRequestError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { runLayout, type Paper } from '../tools/pikepdf-layout.js';
import { PdfInput } from './pdf-input.js';

/** Pages a sheet can hold (API.md §5e). */
export const PER_SHEET = ['2', '4', '6', '8', '9', '16'] as const;

export interface NUpOptions {
  per_sheet: (typeof PER_SHEET)[number];
  paper: Paper;
  order: 'rows' | 'columns';
  border: boolean;
  margin: number;
  password?: string;
}

export interface BookletOptions {
  paper: Paper;
  binding: 'left' | 'right';
  password?: string;
}

export async function nUpPdf({ files, options, run, config }: OperationInput<NUpOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const output = path.join(run.workdir, 'n-up.pdf');
  const answer = await input.withPlainRetry((file) =>
    runLayout(run, {
      op: 'nup',
      input: file,
      output,
      per_sheet: Number(options.per_sheet),
      paper: options.paper,
      order: options.order,
      border: options.border,
      margin: options.margin,
    }),
  );
  if (answer.error === 'margin')
    throw new InvalidRequestError('margin: leaves no room for the pages on this paper.', 'margin');
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-${options.per_sheet}-up.pdf`,
  };
}

export async function bookletPdf({
  files,
  options,
  run,
  config,
}: OperationInput<BookletOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const output = path.join(run.workdir, 'booklet.pdf');
  await input.withPlainRetry((file) =>
    runLayout(run, { op: 'booklet', input: file, output, paper: options.paper, binding: options.binding }),
  );
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(input.name)}-booklet.pdf` };
}
