// split by what the pages hold (API.md §5e): mode=blank (a blank page ends a
// part and is dropped), mode=qr (a page carrying a QR code starts a part),
// mode=size (parts at most max_size bytes as written) and mode=bookmarks (one
// part per top-level outline entry). The first three decide page ranges that
// qpdf then writes as in mode=ranges; size writes its parts itself, measuring
// each candidate as it would be saved.
import path from 'node:path';
import fs from 'node:fs/promises';
import { InvalidDocumentError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import type { OperationOutput, PageRange, RunContext } from '../core/contract.js';
import type { Config } from '../config.js';
import { checkOutputCount } from '../files/zip.js';
import { readJson } from '../tools/qpdf.js';
import { runLayout } from '../tools/pikepdf-layout.js';
import { blankPages, qrCodesByPage } from './page-scan.js';
import { allBlankError } from './remove-blank.js';
import type { PdfInput } from './pdf-input.js';

/** The options of the content-driven modes, as the split route parses them. */
export interface ContentSplitOptions {
  mode: 'blank' | 'qr' | 'size' | 'bookmarks';
  threshold?: number;
  qr_text?: string;
  keep_separator?: boolean;
  max_size?: number;
}

/** Writes each range as one part (qpdf); provided by split.ts, which owns mode=ranges. */
export type WriteRanges = (ranges: PageRange[]) => Promise<string[]>;

/** Runs of consecutive page numbers from `pages` (sorted) as ranges (exported for unit tests). */
export function runsOf(pages: number[]): PageRange[] {
  const ranges: PageRange[] = [];
  for (const page of pages) {
    const last = ranges[ranges.length - 1];
    if (last && last.last === page - 1) last.last = page;
    else ranges.push({ first: page, last: page });
  }
  return ranges;
}

/** mode=qr: the parts when `separators` (1-based, sorted) start parts; a separator is the part's first page when kept (exported for unit tests). */
export function partsAtSeparators(pages: number, separators: number[], keep: boolean): PageRange[] {
  const starts = new Set(separators);
  const parts: PageRange[] = [];
  let current: PageRange | undefined;
  for (let page = 1; page <= pages; page++) {
    if (starts.has(page)) {
      current = undefined;
      if (!keep) continue;
    }
    if (current) current.last = page;
    else parts.push((current = { first: page, last: page }));
  }
  return parts;
}

/** A title as a file-name part: letters, digits, '.', '_' and '-' kept, runs of anything else one '-', at most 60 characters (exported for unit tests). */
export function safeTitle(title: string): string {
  const safe = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return (
    [...safe]
      .slice(0, 60)
      .join('')
      .replace(/[-.]+$/, '') || 'untitled'
  );
}

/** mode=bookmarks: top-level outline entries (title, first page) → parts; pages before the first entry join its part (exported for unit tests). */
export function chapterParts(
  pages: number,
  entries: { title: string; page: number }[],
): { title: string; range: PageRange }[] {
  const sorted = entries.filter((e) => e.page >= 1 && e.page <= pages).sort((a, b) => a.page - b.page);
  const chapters: { title: string; page: number }[] = [];
  for (const entry of sorted) if (chapters[chapters.length - 1]?.page !== entry.page) chapters.push(entry);
  return chapters.map((chapter, i) => ({
    title: chapter.title,
    range: { first: i === 0 ? 1 : chapter.page, last: i + 1 < chapters.length ? chapters[i + 1].page - 1 : pages },
  }));
}

/** Splits `input` by `options.mode`; entries named `<stem>-<n>.pdf` (bookmarks: `<stem>-<n>-<title>.pdf`). */
export async function splitByContent(
  run: RunContext,
  config: Config,
  input: PdfInput,
  options: ContentSplitOptions,
  writeRanges: WriteRanges,
): Promise<OperationOutput> {
  const stem = stemOf(input.name);
  const headers: Record<string, string> = {};
  let titles: string[] | undefined;
  let parts: string[];
  if (options.mode === 'size') {
    const dir = path.join(run.workdir, 'size-parts');
    await fs.mkdir(dir, { recursive: true });
    const answer = await input.withPlainRetry((file) =>
      runLayout(run, {
        op: 'split-size',
        input: file,
        output_dir: dir,
        max_size: options.max_size!,
        max_parts: config.MAX_OUTPUT_FILES,
      }),
    );
    if (answer.error === 'parts') checkOutputCount(config.MAX_OUTPUT_FILES + 1, config.MAX_OUTPUT_FILES);
    parts = (answer.parts as { path: string }[]).map((p) => p.path);
    const oversize = answer.oversize as number[];
    if (oversize.length > 0) headers['X-Oversize-Parts'] = oversize.join(',');
  } else {
    let ranges: PageRange[];
    if (options.mode === 'blank') {
      const blank = await blankPages(run, input, options.threshold!, config.MAX_RENDER_PIXELS);
      const kept = blank.flatMap((isBlank, i) => (isBlank ? [] : [i + 1]));
      if (kept.length === 0) throw allBlankError(input.pages);
      ranges = runsOf(kept);
      headers['X-Removed-Pages'] = blank.flatMap((isBlank, i) => (isBlank ? [i + 1] : [])).join(',');
    } else if (options.mode === 'qr') {
      const codes = await qrCodesByPage(run, input, config.MAX_RENDER_PIXELS);
      const separators = codes.flatMap((texts, i) =>
        texts.some((t) => options.qr_text === undefined || t === options.qr_text) ? [i + 1] : [],
      );
      ranges = partsAtSeparators(input.pages, separators, options.keep_separator ?? false);
      // Every page a separator, none kept: nothing would be left.
      if (ranges.length === 0)
        throw new InvalidDocumentError(
          'Every page carries a separator QR code and keep_separator is false; there is nothing to return.',
        );
      headers['X-Separator-Pages'] = separators.length > 0 ? separators.join(',') : 'none';
    } else {
      const chapters = chapterParts(input.pages, await topLevelOutline(run, input));
      if (chapters.length === 0)
        throw new InvalidDocumentError(
          'The document has no outline entry that points to a page: there are no chapters to split by.',
        );
      ranges = chapters.map((c) => c.range);
      titles = chapters.map((c) => safeTitle(c.title));
    }
    checkOutputCount(ranges.length, config.MAX_OUTPUT_FILES);
    parts = await writeRanges(ranges);
  }
  const width = String(parts.length).length;
  const names = parts.map(
    (_, i) => `${stem}-${String(i + 1).padStart(width, '0')}${titles ? `-${titles[i]}` : ''}.pdf`,
  );
  return {
    type: 'zip',
    entries: parts.map((p, i) => ({ path: p, name: names[i] })),
    filename: `${stem}-parts.zip`,
    headers,
  };
}

/** The top-level outline entries with the page each points to (qpdf's JSON resolves destinations, named ones included). */
async function topLevelOutline(run: RunContext, input: PdfInput): Promise<{ title: string; page: number }[]> {
  const json = await input.withPlainRetry((file) => readJson(run, file, ['outlines']));
  const outlines = (json?.outlines ?? []) as { title?: string; destpageposfrom1?: number | null }[];
  return outlines.flatMap((o) =>
    typeof o.destpageposfrom1 === 'number' ? [{ title: String(o.title ?? ''), page: o.destpageposfrom1 }] : [],
  );
}
