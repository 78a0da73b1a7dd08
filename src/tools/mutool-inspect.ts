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

/**
 * From this many pages the pages are run by two MuPDF processes at once, half
 * each: running the pages is nearly all of the time (MuPDF's interpreter,
 * ~1.7 ms of CPU a dense page; starting and walking the trees ~30 ms), and
 * below this the second start costs more than it saves.
 */
export const SPLIT_FROM_PAGES = 64;

/** What one script run prints: its pages, and the catalog's trees when it walked them. */
type ScriptPart = Omit<DocumentStructure, 'fonts'> & { described: InspectedFont[]; used: string[] };

async function runPart(ctx: RunContext, file: string, maxNodes: number, range: string[]): Promise<ScriptPart> {
  const result = await run(
    ctx,
    MUTOOL,
    ['run', bundledScript('mupdf-inspect-script.js'), file, String(maxNodes), ...range],
    { maxStdout: MAX_REPORT_BYTES },
  );
  const line = result.stdout.trim().split('\n').pop() ?? '';
  try {
    if (result.exitCode === 0) return JSON.parse(line) as ScriptPart;
  } catch {
    // fall through: MuPDF could not read the file
  }
  // qpdf opened the file first: MuPDF failing on it is the file's damage (the retry rule then tries qpdf's repaired copy).
  throw new InvalidPdfError('The PDF cannot be read for inspection.');
}

/**
 * The fonts drawn, each described by the first font dictionary of that name
 * met in page order; MuPDF drops a suffix such as "_167" that some producers
 * add to /BaseFont, so a name without its own dictionary takes the first one
 * that extends it (exported for unit tests).
 */
export function usedFonts(described: InspectedFont[], used: string[]): InspectedFont[] {
  const byName = new Map<string, InspectedFont>();
  for (const font of described) if (!byName.has(font.name)) byName.set(font.name, font);
  return [...new Set(used)].sort().map((name) => {
    const own = byName.get(name);
    if (own) return own;
    const longer = described.find((font) => font.name.startsWith(`${name}_`));
    if (longer) return { name, type: longer.type, embedded: longer.embedded, subset: longer.subset };
    return { name, type: null, embedded: null, subset: /^[A-Z]{6}\+/.test(name) };
  });
}

/**
 * Runs the inspect script on an unencrypted `file` of `pages` pages (as
 * counted before; the script runs to the last page it finds); each tree walk
 * stops after `maxNodes` nodes.
 */
export async function inspectStructure(
  ctx: RunContext,
  file: string,
  maxNodes: number,
  pages: number,
): Promise<DocumentStructure> {
  const half = Math.ceil(pages / 2);
  const parts =
    pages >= SPLIT_FROM_PAGES
      ? await Promise.all([
          runPart(ctx, file, maxNodes, ['0', String(half), '1']),
          runPart(ctx, file, maxNodes, [String(half), '', '0']),
        ])
      : [await runPart(ctx, file, maxNodes, [])];
  const [first, ...rest] = parts;
  const { described: _d, used: _u, ...structure } = first;
  for (const part of rest) {
    structure.pages = structure.pages.concat(part.pages);
    structure.attachment_annotations += part.attachment_annotations;
    structure.javascript ||= part.javascript;
    structure.truncated = structure.truncated.concat(part.truncated);
  }
  const fonts = usedFonts(
    parts.flatMap((part) => part.described),
    parts.flatMap((part) => part.used),
  );
  return { ...structure, fonts };
}
