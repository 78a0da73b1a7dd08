// mutool (MuPDF 1.21.1, Debian bookworm): page sizes, PNG rendering, the
// document writers (structured-text xhtml/html, svg) and, through `mutool run`
// with mutool-layout.js, the page facts and figure crops of PDF → DOCX/ODT. Inputs are
// PDFs that qpdf has already opened (and decrypted), so a failure here is ours
// (500), not the client's. Exit codes: 0 ok, 1 error.
import fs from 'node:fs/promises';
import path from 'node:path';
import { runTool, type ToolFailures } from './failures.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';
import { bundledScript } from './bundled.js';

/** The MuPDF command-line binary. */
export const MUTOOL = 'mutool';

/** Exit codes 0 ok, 1 error; every failure is ours (the input is a PDF qpdf has opened). */
export const MUTOOL_FAILURES: ToolFailures = { tool: 'mutool', failed: 'MuPDF failed.' };

/** Size of one page in PDF points (CropBox when set, else MediaBox). */
export interface PageSize {
  page: number;
  width: number;
  height: number;
}

async function runMutool(ctx: RunContext, args: string[], what: string): Promise<string> {
  return (await runTool(ctx, MUTOOL_FAILURES, MUTOOL, args, { failed: `${what} failed.` })).stdout;
}

/** Parses `mutool pages` output (exported for unit tests). */
export function parsePageSizes(xml: string): PageSize[] {
  const sizes: PageSize[] = [];
  for (const match of xml.matchAll(/<page pagenum="(\d+)">([\s\S]*?)<\/page>/g)) {
    const body = match[2];
    const box = /<CropBox ([^>]*)\/>/.exec(body)?.[1] ?? /<MediaBox ([^>]*)\/>/.exec(body)?.[1] ?? '';
    const attr = (name: string) => Number(new RegExp(`\\b${name}="([-\\d.]+)"`).exec(box)?.[1] ?? 0);
    sizes.push({
      page: Number(match[1]),
      width: Math.abs(attr('r') - attr('l')),
      height: Math.abs(attr('t') - attr('b')),
    });
  }
  return sizes;
}

/** Sizes of the pages `range` (mutool/qpdf syntax, e.g. "1-3,5"). */
export async function pageSizes(ctx: RunContext, input: string, range: string): Promise<PageSize[]> {
  return parsePageSizes(await runMutool(ctx, ['pages', input, range], 'Reading page sizes'));
}

/** Renders the pages `range` at `dpi` to PNG files; returns page number → file. */
export async function renderPng(
  ctx: RunContext,
  input: string,
  range: string,
  dpi: number,
  outDir: string,
): Promise<Map<number, string>> {
  await fs.mkdir(outDir, { recursive: true });
  // %d is the page number, so repeated pages map to one file.
  await runMutool(
    ctx,
    ['draw', '-q', '-r', String(dpi), '-F', 'png', '-o', path.join(outDir, 'page-%d.png'), input, range],
    'Rendering',
  );
  return filesByPage(outDir, /^page-(\d+)\.png$/);
}

/**
 * Renders `pages` (mutool's page list syntax, "3,5,7-9") at `dpi` as binary PPM (P6, RGB,
 * 8 bit): the format compare's pixel diff reads in-process without an image decoder.
 * Measured on tracemonkey.pdf at 72 dpi: 0.11 s of CPU against 0.43 s for pdftoppm.
 */
export async function renderPpm(
  ctx: RunContext,
  input: string,
  pages: string,
  dpi: number,
  outDir: string,
): Promise<Map<number, string>> {
  await fs.mkdir(outDir, { recursive: true });
  await runMutool(
    ctx,
    ['draw', '-q', '-r', String(dpi), '-o', path.join(outDir, 'page-%d.ppm'), input, pages],
    'Rendering',
  );
  return filesByPage(outDir, /^page-(\d+)\.ppm$/);
}

/** Files in `dir` whose name carries a page number in the first group of `pattern`. */
export async function filesByPage(dir: string, pattern: RegExp): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  for (const name of await fs.readdir(dir)) {
    const match = pattern.exec(name);
    if (match) map.set(Number(match[1]), path.join(dir, name));
  }
  return map;
}

/** The `mutool convert` document writers this service uses. */
export type MutoolWriter = 'xhtml' | 'html' | 'svg';

/**
 * Writer options: images as data: URIs so the file stands alone; xhtml (the
 * flowing text DOCX/ODT are built from) also joins words hyphenated at line ends.
 */
export function writerOptions(format: MutoolWriter): string[] {
  if (format === 'html') return ['-O', 'preserve-images'];
  if (format === 'xhtml') return ['-O', 'preserve-images,dehyphenate'];
  return [];
}

/** `mutool convert` of the pages `range` of `input` to `output` (svg: a %d pattern, one file per page). */
export async function convertDocument(
  ctx: RunContext,
  input: string,
  format: MutoolWriter,
  output: string,
  range = '1-N',
): Promise<void> {
  await runMutool(
    ctx,
    ['convert', '-F', format, ...writerOptions(format), '-o', output, input, range],
    `Conversion to ${format}`,
  );
}

/** The layout-facts script (see its header; a bundled script). */
const layoutScript = () => bundledScript('mutool-layout.js');

/** Page facts for pages first..last (JSON, one page per line): styled text spans, vector and image boxes, links. */
export async function layoutFacts(ctx: RunContext, input: string, first: number, last: number): Promise<string[]> {
  const out = await runMutool(
    ctx,
    ['run', layoutScript(), 'extract', input, String(first), String(last)],
    'Reading the page layout',
  );
  return out.split('\n').filter((line) => line.startsWith('{'));
}

/** A region of a page to draw as a picture. */
export interface RegionJob {
  page: number;
  bbox: [number, number, number, number];
  dpi: number;
  out: string;
  /** Save this image XObject's own JPEG bytes instead of drawing the region. */
  jpeg?: string;
  /** Draw the region without its text (a slide lays that text over the picture as text boxes). */
  noText?: boolean;
}

/** Draws each region clipped to its box (never the whole page) into its PNG file. */
export async function renderRegions(ctx: RunContext, input: string, jobs: RegionJob[]): Promise<void> {
  if (jobs.length === 0) return;
  // Two processes when there is work for two (the pool bounds what runs at once): drawing is most of the time.
  const pixels = (j: RegionJob) => (j.jpeg ? 0 : (j.bbox[2] - j.bbox[0]) * (j.bbox[3] - j.bbox[1]) * j.dpi * j.dpi);
  const total = jobs.reduce((sum, j) => sum + pixels(j), 0);
  let cut = 0;
  for (let acc = 0; cut < jobs.length - 1 && acc + pixels(jobs[cut]) <= total / 2; cut++) acc += pixels(jobs[cut]);
  const parts = cut > 0 && cut < jobs.length ? [jobs.slice(0, cut), jobs.slice(cut)] : [jobs];
  await Promise.all(
    parts.map(async (part, i) => {
      const list = path.join(ctx.workdir, `regions-${part[0].page}-${i}.json`);
      // ASCII only: the script reads the file byte by byte.
      await fs.writeFile(
        list,
        JSON.stringify(part).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      );
      await runMutool(ctx, ['run', layoutScript(), 'render', input, list], 'Rendering figures');
    }),
  );
}

/** What `mutool clean` did with a damaged file. */
export interface MutoolRepair {
  written: boolean;
  /** MuPDF said it rebuilt the cross-reference table. */
  xrefRepaired: boolean;
}

/**
 * Rewrites a file qpdf could not open with MuPDF's own recovery (`mutool
 * clean`, which rebuilds the xref by scanning for objects). The input is the
 * client's raw file, never encrypted (passwords never reach mutool's argv).
 */
export async function cleanDamaged(ctx: RunContext, input: string, output: string): Promise<MutoolRepair> {
  const result = await run(ctx, MUTOOL, ['clean', input, output], { discardStdout: true });
  return { written: result.exitCode === 0, xrefRepaired: /repair|broken xref|startxref/i.test(result.stderr) };
}
