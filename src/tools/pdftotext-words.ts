// pdftotext -bbox-layout (poppler-utils 22.12.0, Debian bookworm): every word
// of the text layer with its box, in poppler's reading order (blocks, lines,
// words; the order `extract-text` returns), pages in pt from the top-left of
// the page as displayed. Chosen over MuPDF's structured text (the layout
// script's spans) for speed: tracemonkey.pdf (14 pages) takes 0.12 s here
// against 0.28 s for `mutool run mutool-layout.js extract`, which matters on a
// 2,000-page pair. Passwords go only on argv for pdftotext, so inputs are
// decrypted copies (PdfInput.plain()).
import { ProcessingFailedError } from '../core/errors.js';
import { runTool } from './failures.js';
import { PDFTOTEXT, PDFTOTEXT_FAILURES } from './pdftotext.js';
import type { RunContext } from '../core/contract.js';

/** Pages per pdftotext run: keeps each run's XHTML well under the stdout cap (about 5 MB for 50 dense pages). */
export const WORD_PAGES_PER_RUN = 50;

/** What the parser hands on, page by page (a callback, so no page list of objects is kept). */
export interface WordSink {
  page(width: number, height: number): void;
  word(text: string, x0: number, y0: number, x1: number, y1: number): void;
}

/** Arguments for pages first..last of `file` as bbox-layout XHTML on stdout (exported for unit tests). */
export function bboxArgs(file: string, first: number, last: number): string[] {
  return ['-bbox-layout', '-enc', 'UTF-8', '-f', String(first), '-l', String(last), file, '-'];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.includes('&')
    ? text.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string, dec?: string, hex?: string) =>
        dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ENTITIES[name],
      )
    : text;
}

const TOKENS =
  /<page width="([-\d.]+)" height="([-\d.]+)">|<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g;

/** Feeds the pages and words of one bbox-layout document to `sink` (exported for unit tests). */
export function parseBboxLayout(xhtml: string, sink: WordSink): number {
  let pages = 0;
  for (const match of xhtml.matchAll(TOKENS)) {
    if (match[1] !== undefined) {
      pages++;
      sink.page(Number(match[1]), Number(match[2]));
    } else {
      const text = unescape(match[7]);
      if (text.trim() !== '') sink.word(text, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6]));
    }
  }
  return pages;
}

/** Reads the words of pages 1..pages of `file` into `sink`, WORD_PAGES_PER_RUN pages per run. */
export async function readWords(ctx: RunContext, file: string, pages: number, sink: WordSink): Promise<void> {
  for (let first = 1; first <= pages; first += WORD_PAGES_PER_RUN) {
    const last = Math.min(pages, first + WORD_PAGES_PER_RUN - 1);
    const { stdout } = await runTool(ctx, PDFTOTEXT_FAILURES, PDFTOTEXT, bboxArgs(file, first, last), {
      maxStdout: 256 * 1024 * 1024,
    });
    const seen = parseBboxLayout(stdout, sink);
    // A page pdftotext skipped would shift every later page: refuse rather than misreport.
    if (seen !== last - first + 1)
      throw new ProcessingFailedError(
        'Text extraction failed.',
        new Error(`pdftotext reported ${seen} pages for ${first}-${last}`),
      );
  }
}
