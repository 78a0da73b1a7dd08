// split: ranges (one PDF per item), every (N pages per file) or extract (one
// PDF of the selected pages). Outputs are decrypted: the client proved it may
// open the file by sending its password.
import path from 'node:path';
import { InvalidRequestError, ResourceLimitError } from '../errors.js';
import { numberedNames } from '../files/names.js';
import { checkOutputCount } from '../files/zip.js';
import { stemOf } from '../http/filename.js';
import { selectPages, splitEvery } from '../tools/qpdf.js';
import { parsePageRanges, toQpdfRange } from './page-ranges.js';
import { PdfInput } from './pdf-input.js';
import type { OperationInput, OperationOutput } from './types.js';

export interface SplitOptions {
  mode: 'ranges' | 'every' | 'extract';
  ranges?: string;
  pages_per_file?: number;
  pages?: string;
  password?: string;
}

export async function splitPdf({ files, options, run, config }: OperationInput<SplitOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password, checkStructure: false });
  const stem = stemOf(input.name);
  if (options.mode === 'extract') {
    const ranges = parsePageRanges(options.pages!, input.pages, 'pages');
    const output = path.join(run.workdir, 'extracted.pdf');
    await input.withRetry((source) => selectPages(run, source.file, toQpdfRange(ranges), output, source.password));
    return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}-extracted.pdf` };
  }
  let parts: string[];
  if (options.mode === 'every') {
    const expected = Math.ceil(input.pages / options.pages_per_file!);
    checkOutputCount(expected, config.MAX_OUTPUT_FILES);
    parts = await input.withRetry((source) =>
      splitEvery(run, source.file, options.pages_per_file!, path.join(run.workdir, source.repaired ? 'parts-repaired' : 'parts'), source.password),
    );
    // qpdf splits the pages it walks; the count was walked the same way, so this holds unless the tree changed under repair.
    if (parts.length > expected) throw new ResourceLimitError(`The split produced ${parts.length} files; the page tree has ${input.pages} pages.`, 'MAX_PAGES');
  } else {
    const ranges = parsePageRanges(options.ranges!, input.pages, 'ranges');
    if (ranges.length > config.MAX_PAGES) throw new InvalidRequestError(`ranges: at most ${config.MAX_PAGES} items.`, 'ranges');
    checkOutputCount(ranges.length, config.MAX_OUTPUT_FILES);
    parts = ranges.map((_, i) => path.join(run.workdir, `range-${i + 1}.pdf`));
    // One qpdf per range; the pool bounds how many run at once.
    await input.withRetry((source) => Promise.all(ranges.map((range, i) => selectPages(run, source.file, toQpdfRange([range]), parts[i], source.password))));
  }
  const names = numberedNames(stem, parts.length, 'pdf');
  return { type: 'zip', entries: parts.map((p, i) => ({ path: p, name: names[i] })), filename: `${stem}-pages.zip` };
}
