// split: ranges (one PDF per item), every (N pages per file) or extract (one
// PDF of the selected pages). Outputs are decrypted: the client proved it may
// open the file by sending its password.
import path from 'node:path';
import { InvalidRequestError } from '../errors.js';
import { numberedNames } from '../files/names.js';
import { checkOutputCount } from '../files/zip.js';
import { stemOf } from '../http/filename.js';
import { selectPages, splitEvery } from '../tools/qpdf.js';
import { parsePageRanges, toQpdfRange } from './page-ranges.js';
import { openPdfFast } from './pdf-input.js';
import type { OperationInput, OperationOutput } from './types.js';

export interface SplitOptions {
  mode: 'ranges' | 'every' | 'extract';
  ranges?: string;
  pages_per_file?: number;
  pages?: string;
  password?: string;
}

export async function splitPdf({ files, options, run, config }: OperationInput<SplitOptions>): Promise<OperationOutput> {
  const input = await openPdfFast(run, files.file[0], config.MAX_PAGES, options.password);
  const stem = stemOf(input.name);
  if (options.mode === 'extract') {
    const ranges = parsePageRanges(options.pages!, input.pages, 'pages');
    const output = path.join(run.workdir, 'extracted.pdf');
    await selectPages(run, input.path, toQpdfRange(ranges), output, options.password);
    return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}-extracted.pdf` };
  }
  let parts: string[];
  if (options.mode === 'every') {
    checkOutputCount(Math.ceil(input.pages / options.pages_per_file!), config.MAX_OUTPUT_FILES);
    parts = await splitEvery(run, input.path, options.pages_per_file!, path.join(run.workdir, 'parts'), options.password);
  } else {
    const ranges = parsePageRanges(options.ranges!, input.pages, 'ranges');
    if (ranges.length > config.MAX_PAGES) throw new InvalidRequestError(`ranges: at most ${config.MAX_PAGES} items.`, 'ranges');
    checkOutputCount(ranges.length, config.MAX_OUTPUT_FILES);
    parts = ranges.map((_, i) => path.join(run.workdir, `range-${i + 1}.pdf`));
    // One qpdf per range; the pool bounds how many run at once.
    await Promise.all(ranges.map((range, i) => selectPages(run, input.path, toQpdfRange([range]), parts[i], options.password)));
  }
  const names = numberedNames(stem, parts.length, 'pdf');
  return { type: 'zip', entries: parts.map((p, i) => ({ path: p, name: names[i] })), filename: `${stem}-pages.zip` };
}
