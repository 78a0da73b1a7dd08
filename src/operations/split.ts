// split: ranges (one PDF per item), every (N pages per file) or extract (one
// PDF of the selected pages). Outputs are decrypted: the client proved it may
// open the file by sending its password.
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError, ProcessingFailedError, ResourceLimitError } from '../core/errors.js';
import { numberedNames, stemOf } from '../core/names.js';
import { checkOutputCount } from '../files/zip.js';
import { selectPages, splitEvery, splitSelection } from '../tools/qpdf.js';
import type { RunContext, PageRange, OperationInput, OperationOutput } from '../core/contract.js';
import { parsePageRanges, toQpdfRange } from './page-ranges.js';
import { PdfInput, type PdfSource } from './pdf-input.js';
import { splitByContent, type ContentSplitOptions } from './split-modes.js';

export interface SplitOptions {
  mode: 'ranges' | 'every' | 'extract' | ContentSplitOptions['mode'];
  ranges?: string;
  pages_per_file?: number;
  pages?: string;
  threshold?: number;
  qr_text?: string;
  keep_separator?: boolean;
  max_size?: number;
  password?: string;
}

export async function splitPdf({
  files,
  options,
  run,
  config,
}: OperationInput<SplitOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], {
    maxPages: config.MAX_PAGES,
    password: options.password,
    checkStructure: false,
  });
  const stem = stemOf(input.name);
  if (options.mode === 'blank' || options.mode === 'qr' || options.mode === 'size' || options.mode === 'bookmarks') {
    const mode = options.mode;
    return splitByContent(run, config, input, { ...options, mode }, (ranges) =>
      input.withRetry((source) => splitRanges(run, source, ranges)),
    );
  }
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
      splitEvery(
        run,
        source.file,
        options.pages_per_file!,
        path.join(run.workdir, source.repaired ? 'parts-repaired' : 'parts'),
        source.password,
      ),
    );
    // qpdf splits the pages it walks; the count was walked the same way, so this holds unless the tree changed under repair.
    if (parts.length > expected)
      throw new ResourceLimitError(
        `The split produced ${parts.length} files; the page tree has ${input.pages} pages.`,
        'MAX_PAGES',
      );
  } else {
    const ranges = parsePageRanges(options.ranges!, input.pages, 'ranges');
    if (ranges.length > config.MAX_PAGES)
      throw new InvalidRequestError(`ranges: at most ${config.MAX_PAGES} items.`, 'ranges');
    checkOutputCount(ranges.length, config.MAX_OUTPUT_FILES);
    const total = ranges.reduce((sum, r) => sum + r.last - r.first + 1, 0);
    if (total > config.MAX_PAGES) {
      throw new ResourceLimitError(
        `The parts would hold ${total} pages in all; at most ${config.MAX_PAGES} are allowed (MAX_PAGES).`,
        'MAX_PAGES',
        { value: config.MAX_PAGES },
      );
    }
    parts = await input.withRetry((source) => splitRanges(run, source, ranges));
  }
  const names = numberedNames(stem, parts.length, 'pdf');
  return { type: 'zip', entries: parts.map((p, i) => ({ path: p, name: names[i] })), filename: `${stem}-pages.zip` };
}

/**
 * Up to this many ranges, each part is its own qpdf run on the whole input (at
 * most the pool's capacity at once), which keeps the document's info
 * dictionary, XMP metadata, outline and output intents in every part, as a
 * client splitting a report into chapters expects. Past it, the runs per
 * range length below: a part then carries its pages only, as in mode=every.
 */
const RANGES_KEEPING_DOCUMENT = 32;

/**
 * One file per range, in order. Few ranges: one run each (see
 * RANGES_KEEPING_DOCUMENT). Many: one qpdf run per distinct range length (all
 * ranges of that length selected in order and split into files of that
 * length), so a 2,000-range split is one process, not 2,000 at once filling
 * the shared queue. n distinct lengths need n(n+1)/2 pages, and the ranges
 * hold at most MAX_PAGES (62 lengths under the default 2,000); their runs go
 * `capacity` at a time.
 */
async function splitRanges(run: RunContext, source: PdfSource, ranges: PageRange[]): Promise<string[]> {
  const byLength = new Map<number, number[]>();
  ranges.forEach((range, index) => {
    const length = range.last - range.first + 1;
    const indexes = byLength.get(length);
    if (indexes) indexes.push(index);
    else byLength.set(length, [index]);
  });
  const parts: string[] = new Array(ranges.length);
  const dir = path.join(run.workdir, source.repaired ? 'ranges-repaired' : 'ranges');
  if (ranges.length <= RANGES_KEEPING_DOCUMENT) {
    await fs.mkdir(dir, { recursive: true });
    await inTurn([...ranges.keys()], run.pool.capacity, async (index) => {
      parts[index] = path.join(dir, `part-${index + 1}.pdf`);
      await selectPages(run, source.file, toQpdfRange([ranges[index]]), parts[index], source.password);
    });
    return parts;
  }
  await inTurn([...byLength], run.pool.capacity, async ([length, indexes]) => {
    const selection = toQpdfRange(indexes.map((index) => ranges[index]));
    const files = await splitSelection(
      run,
      source.file,
      selection,
      length,
      path.join(dir, `length-${length}`),
      source.password,
    );
    if (files.length !== indexes.length)
      throw new ProcessingFailedError(
        'qpdf split the pages into an unexpected number of files.',
        new Error(`${files.length} files for ${indexes.length} ranges of ${length} pages`),
      );
    indexes.forEach((index, k) => (parts[index] = files[k]));
  });
  return parts;
}

/** Runs `task` over `items`, at most `width` at once; after a failure starts no more, and rethrows it once the running ones settle. */
async function inTurn<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++];
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
  if (failure) throw failure.error;
}
