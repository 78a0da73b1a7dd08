// pdftotext (poppler-utils 22.12.0, Debian bookworm): the text layer of a PDF,
// UTF-8, one run for a span of pages. pdftotext ends every page with a form
// feed, so one call serves any number of pages. It reads passwords only from
// argv (-upw/-opw), so encrypted inputs are decrypted by qpdf first.
import { InvalidPdfError } from '../core/errors.js';
import { runTool, type ToolFailures } from './failures.js';
import type { RunContext } from '../core/contract.js';

/** The binary. */
export const PDFTOTEXT = 'pdftotext';

/** Exit codes of pdftotext (man page, "EXIT CODES"). */
export const PdftotextExitCode = { ok: 0, openPdf: 1, openOutput: 2, permissions: 3, other: 99 } as const;

/** A PDF it cannot open is the client's (422); anything else is ours. */
export const PDFTOTEXT_FAILURES: ToolFailures = {
  tool: 'pdftotext',
  rules: [
    {
      exit: [PdftotextExitCode.openPdf],
      error: () => new InvalidPdfError('The PDF cannot be read for text extraction.'),
    },
  ],
  failed: 'Text extraction failed.',
};

/** Which pages, and how. */
export interface TextSpan {
  /** First and last page, 1-based, inclusive. */
  first: number;
  last: number;
  /** Keep the physical layout (-layout) instead of reading order. */
  layout: boolean;
}

/** pdftotext's arguments for `span` of `file`, text on stdout (exported for unit tests). */
export function pdftotextArgs(file: string, span: TextSpan): string[] {
  return [
    '-enc',
    'UTF-8',
    ...(span.layout ? ['-layout'] : []),
    '-f',
    String(span.first),
    '-l',
    String(span.last),
    file,
    '-',
  ];
}

/** Runs pdftotext over `span`; resolves with its raw output (every page ends with a form feed). */
async function pdftotextRaw(ctx: RunContext, file: string, span: TextSpan): Promise<string> {
  return (await runTool(ctx, PDFTOTEXT_FAILURES, PDFTOTEXT, pdftotextArgs(file, span))).stdout;
}

/**
 * The text of each page of `span`, in page order (entry 0 is `span.first`):
 * one pdftotext run, split on its form feeds. If the text itself contains
 * form feeds (so the split is ambiguous) it falls back to one run per page.
 */
export async function pageTexts(ctx: RunContext, file: string, span: TextSpan): Promise<string[]> {
  const count = span.last - span.first + 1;
  const parts = (await pdftotextRaw(ctx, file, span)).split('\f');
  // Every page ends with "\f": count pages give count + 1 parts, the last one empty.
  if (parts.length === count + 1 && parts[count] === '') return parts.slice(0, count);
  const pages: string[] = [];
  for (let page = span.first; page <= span.last; page++) {
    const text = (await pdftotextRaw(ctx, file, { ...span, first: page, last: page })).replace(/\f$/, '');
    // A form feed inside a page would read as a page break in the joined output.
    pages.push(text.replace(/\f/g, '\n'));
  }
  return pages;
}
