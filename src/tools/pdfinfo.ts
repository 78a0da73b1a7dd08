// pdfinfo (poppler-utils 22.12.0, Debian bookworm): per-page geometry, i.e.
// the trim box (TrimBox, else CropBox, else MediaBox: the area qpdf fits
// overlays into) and /Rotate, for every page in one pass. It takes passwords
// only on argv, so encrypted inputs are decrypted by qpdf first.
import { ProcessingFailedError } from '../core/errors.js';
import { failureOf, runTool, type ToolFailures } from './failures.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';

export const PDFINFO = 'pdfinfo';

/** Every failure is ours: the input is a PDF qpdf has opened and decrypted. */
export const PDFINFO_FAILURES: ToolFailures = { tool: 'pdfinfo', failed: 'Reading the document failed.' };

/** One page's geometry in default user space. */
export interface PageGeometry {
  /** TrimBox [x0, y0, x1, y1]. */
  box: [number, number, number, number];
  /** /Rotate normalised to 0, 90, 180 or 270. */
  rotate: number;
  /** CropBox [x0, y0, x1, y1] (what renderers draw), when pdfinfo printed it. */
  crop?: [number, number, number, number];
}

/** pdfinfo's arguments for the boxes of pages 1..pages (exported for unit tests). */
export function pdfinfoBoxArgs(file: string, pages: number): string[] {
  return ['-box', '-f', '1', '-l', String(pages), file];
}

/** Parses `pdfinfo -box -f 1 -l` output into one entry per page (exported for unit tests). */
export function parsePageGeometry(stdout: string, upTo: number): PageGeometry[] {
  // pdfinfo clamps -l to the document, so "Pages:" tells how many to expect.
  const total = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? upTo);
  const pages = Math.min(total, upTo);
  const result: Array<Partial<PageGeometry>> = Array.from({ length: pages }, () => ({}));
  for (const line of stdout.split('\n')) {
    const rot = /^Page\s+(\d+)\s+rot:\s+(-?\d+)/.exec(line);
    if (rot) {
      const page = result[Number(rot[1]) - 1];
      if (page) page.rotate = (((Number(rot[2]) % 360) + 360) % 360) as number;
      continue;
    }
    const crop = /^Page\s+(\d+)\s+CropBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/.exec(line);
    if (crop) {
      const page = result[Number(crop[1]) - 1];
      if (page) page.crop = [Number(crop[2]), Number(crop[3]), Number(crop[4]), Number(crop[5])];
      continue;
    }
    const trim = /^Page\s+(\d+)\s+TrimBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/.exec(line);
    if (trim) {
      const page = result[Number(trim[1]) - 1];
      if (page) page.box = [Number(trim[2]), Number(trim[3]), Number(trim[4]), Number(trim[5])];
    }
  }
  return result.map((page, i) => {
    if (!page.box || page.rotate === undefined || page.box.some((v) => !Number.isFinite(v))) {
      throw new ProcessingFailedError(
        'Reading the page sizes failed.',
        new Error(`pdfinfo gave no geometry for page ${i + 1}`),
      );
    }
    return page as PageGeometry;
  });
}

/** The trim box and rotation of pages 1..min(upTo, page count) of `file`. */
export async function pageGeometry(ctx: RunContext, file: string, upTo: number): Promise<PageGeometry[]> {
  const result = await runTool(ctx, PDFINFO_FAILURES, PDFINFO, pdfinfoBoxArgs(file, upTo), {
    failed: 'Reading the page sizes failed.',
  });
  return parsePageGeometry(result.stdout, upTo);
}

/** The document-level facts pdfinfo prints (values as printed; dates raw, "D:…"). */
export type DocumentInfo = Record<string, string>;

/** Parses `pdfinfo -rawdates` output; a line without "Key:" continues the previous value (exported for unit tests). */
export function parseDocumentInfo(stdout: string): DocumentInfo {
  const info: DocumentInfo = {};
  let last: string | undefined;
  for (const line of stdout.replace(/\n$/, '').split('\n')) {
    const match = /^([A-Za-z][A-Za-z ]*?):\s*(.*)$/.exec(line);
    if (match && !(match[1] in info)) {
      last = match[1];
      info[last] = match[2];
    } else if (last) {
      info[last] += `\n${line}`;
    }
  }
  return info;
}

/** Info dictionary, page count, version and encryption of `file` (opens without a password). */
export async function documentInfo(ctx: RunContext, file: string): Promise<DocumentInfo> {
  const result = await runTool(ctx, PDFINFO_FAILURES, PDFINFO, ['-rawdates', '-enc', 'UTF-8', file], {
    failed: 'Reading the document information failed.',
  });
  return parseDocumentInfo(result.stdout);
}

/** The XMP packet of `file` (its catalog's /Metadata stream), "" when there is none; at most `maxBytes`. */
export async function xmpPacket(ctx: RunContext, file: string, maxBytes: number): Promise<string | undefined> {
  const result = await run(ctx, PDFINFO, ['-meta', file], { maxStdout: maxBytes });
  // A packet past maxBytes is not read (undefined): an answer, not a failure.
  if (result.exitCode === -1 && /buffer limit/.test(result.stderr)) return undefined;
  if (result.exitCode !== 0) throw failureOf(PDFINFO_FAILURES, result, undefined, 'Reading the XMP metadata failed.');
  return result.stdout;
}
