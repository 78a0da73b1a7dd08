// The content-level half of `inspect`: MuPDF (mutool run, MuPDF 1.21.1) with
// mupdf-inspect-script.js beside this module runs every page through a
// listening device (text, images and fonts a page actually draws) and walks
// the catalog's trees (fields, outline, names, actions) with a visited set.
import { InvalidPdfError } from '../core/errors.js';
import { bundledScript } from './bundled.js';
import { MUTOOL } from './mutool.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';

/** One page as the script reports it (API.md §5d `pages[]`). */
export interface InspectedPage {
  number: number;
  width: number;
  height: number;
  rotate: number;
  has_text: boolean;
  images: number;
  fonts: string[];
}

/** A font drawn somewhere in the document. */
export interface InspectedFont {
  name: string;
  type: string | null;
  embedded: boolean | null;
  subset: boolean;
}

/** What the script prints. */
export interface DocumentStructure {
  pages: InspectedPage[];
  fonts: InspectedFont[];
  tagged: boolean;
  forms: { type: 'acroform' | 'xfa' | null; fields: number };
  signatures: number;
  attachments: number;
  attachment_annotations: number;
  javascript: boolean;
  outline_entries: number;
  layers: number;
  /** Trees whose walk stopped at `maxNodes` (their counts are lower bounds). */
  truncated: string[];
}

/** Bytes of report kept: ~200 bytes a page, so MAX_PAGES of 10,000 pages stays far below it. */
const MAX_REPORT_BYTES = 32 * 1024 * 1024;

/** Runs the inspect script on an unencrypted `file`; each tree walk stops after `maxNodes` nodes. */
export async function inspectStructure(ctx: RunContext, file: string, maxNodes: number): Promise<DocumentStructure> {
  const result = await run(ctx, MUTOOL, ['run', bundledScript('mupdf-inspect-script.js'), file, String(maxNodes)], { maxStdout: MAX_REPORT_BYTES });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    if (result.exitCode === 0) return JSON.parse(line) as DocumentStructure;
  } catch {
    // fall through: MuPDF could not read the file
  }
  // qpdf opened the file first: MuPDF failing on it is the file's damage (the retry rule then tries qpdf's repaired copy).
  throw new InvalidPdfError('The PDF cannot be read for inspection.');
}
