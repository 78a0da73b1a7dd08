// Ghostscript (gs 10.00.0, Debian bookworm) for convert: multi-page TIFF
// (tiff24nc, LZW; 0.6 s for tracemonkey at 150 dpi, one file, no extra tool)
// and PDF/A (pdfwrite). Always -dSAFER: the only file a job may read besides
// its input is the PDFA_def.ps written into the work directory and the sRGB
// ICC profile, both granted with --permit-file-read. Inputs are already opened
// and decrypted by qpdf, so a failure here is ours (500). Exit codes: 0 ok,
// 1 error (and 255 for a fatal one).
import fs from 'node:fs';
import path from 'node:path';
import { ProcessingFailedError } from '../core/errors.js';
import { runTool } from './failures.js';
import { assertPdfAtByteZero, GS, GS_FAILURES } from './gs-input.js';
import { exists, run } from './run.js';
import type { RunContext } from '../core/contract.js';

const SAFE = ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-q'];

/** Where Debian's ghostscript / libgs-common put an sRGB profile (first found wins). */
export const SRGB_PROFILE_CANDIDATES = ['/usr/share/color/icc/ghostscript/srgb.icc', '/usr/share/color/icc/sRGB.icc'];

let profile: string | undefined;

/** The sRGB ICC profile embedded as the PDF/A output intent (looked up once: no file-system call per request). */
export function srgbProfile(): string {
  if (profile) return profile;
  const gsShare = '/usr/share/ghostscript';
  const versioned = fs.existsSync(gsShare)
    ? fs.readdirSync(gsShare).map((v) => path.join(gsShare, v, 'iccprofiles', 'srgb.icc'))
    : [];
  const found = [...versioned, ...SRGB_PROFILE_CANDIDATES].find((p) => fs.existsSync(p));
  if (!found)
    throw new ProcessingFailedError(
      'PDF/A conversion is not available.',
      new Error('no sRGB ICC profile found (install ghostscript)'),
    );
  return (profile = found);
}

/** A PostScript string literal for `text` (paths with parentheses or backslashes). */
function psString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** The PDF/A prefix: the ICC profile as an embedded stream and the sRGB output intent (exported for unit tests). */
export function pdfaDefinition(iccProfile: string): string {
  return [
    '%!',
    `/ICCProfile ${psString(iccProfile)} def`,
    '[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark',
    '[{icc_PDFA} << /N 3 >> /PUT pdfmark',
    '[{icc_PDFA} ICCProfile (r) file /PUT pdfmark',
    '[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark',
    '[{OutputIntent_PDFA} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {icc_PDFA}',
    '  /OutputConditionIdentifier (sRGB) /Info (sRGB IEC61966-2.1) >> /PUT pdfmark',
    '[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark',
    '',
  ].join('\n');
}

/** PDF/A level: part 1, 2 or 3, conformance b. */
export type PdfaLevel = '1b' | '2b' | '3b';

/** gs arguments for PDF/A (exported for unit tests). */
export function pdfaArgs(
  level: PdfaLevel,
  definition: string,
  iccProfile: string,
  input: string,
  output: string,
): string[] {
  const part = level[0];
  return [
    ...SAFE,
    '-sDEVICE=pdfwrite',
    `-dPDFA=${part}`,
    // 1: what PDF/A forbids is dropped or fixed (and reported), never kept in a file that claims PDF/A.
    '-dPDFACompatibilityPolicy=1',
    '-sColorConversionStrategy=RGB',
    '-dEmbedAllFonts=true',
    `-dCompatibilityLevel=${part === '1' ? '1.4' : '1.7'}`,
    `--permit-file-read=${definition}`,
    `--permit-file-read=${iccProfile}`,
    `-sOutputFile=${output}`,
    // An absolute path: a bare "PDFA_def.ps" would find Ghostscript's own sample in its lib path.
    definition,
    input,
  ];
}

/** Converts `input` to PDF/A; returns Ghostscript's distinct warnings (features it had to drop or fix). */
export async function convertToPdfa(
  ctx: RunContext,
  input: string,
  output: string,
  level: PdfaLevel,
): Promise<string[]> {
  await assertPdfAtByteZero(input);
  const icc = srgbProfile();
  const definition = path.join(ctx.workdir, 'PDFA_def.ps');
  await fs.promises.writeFile(definition, pdfaDefinition(icc));
  const result = await runTool(ctx, GS_FAILURES, GS, pdfaArgs(level, definition, icc, input, output), {
    failed: 'PDF/A conversion failed.',
    output,
  });
  if (/PDF\/A processing aborted|Failed to open the supplied ICCProfile/.test(result.stderr)) {
    throw new ProcessingFailedError('PDF/A conversion failed.', new Error(result.stderr));
  }
  const warnings = result.stderr
    .split('\n')
    .map((line) => line.replace(/^GPL Ghostscript [\d.]+:\s*/, '').trim())
    .filter((line) => line.length > 0);
  return [...new Set(warnings)];
}

/** gs arguments for a multi-page LZW TIFF of `pageList` (exported for unit tests). */
export function tiffArgs(input: string, output: string, dpi: number, pageList: string): string[] {
  return [
    ...SAFE,
    '-sDEVICE=tiff24nc',
    '-sCompression=lzw',
    `-r${dpi}`,
    `-sPageList=${pageList}`,
    `-sOutputFile=${output}`,
    input,
  ];
}

/** Renders the pages `pageList` ("1-3,5") of `input` into one multi-page TIFF. */
export async function renderTiff(
  ctx: RunContext,
  input: string,
  output: string,
  dpi: number,
  pageList: string,
): Promise<void> {
  await assertPdfAtByteZero(input);
  await runTool(ctx, GS_FAILURES, GS, tiffArgs(input, output, dpi, pageList), { failed: 'Rendering failed.', output });
}

/**
 * Rewrites `input` (a PDF qpdf has rewritten and decrypted) with pdfwrite,
 * re-interpreting every page: content streams qpdf could copy but not decode
 * come out as whatever Ghostscript could draw of them. Annotations and
 * outlines are kept (pdfwrite's defaults). Returns false when gs fails: for
 * repair that means "not recoverable this way", not a server fault.
 */
export async function rewriteWithGhostscript(ctx: RunContext, input: string, output: string): Promise<boolean> {
  const result = await run(
    ctx,
    GS,
    [
      ...SAFE,
      '-sDEVICE=pdfwrite',
      '-dCompatibilityLevel=1.7',
      '-dAutoRotatePages=/None',
      '-sColorConversionStrategy=LeaveColorUnchanged',
      `-sOutputFile=${output}`,
      input,
    ],
    { discardStdout: true },
  );
  return result.exitCode === 0;
}

/** gs arguments for JPEG pages first..last of `input` as `<prefix>-<i>.jpg`, i counted from 1 (exported for unit tests). */
export function jpegArgs(input: string, prefix: string, dpi: number, first: number, last: number): string[] {
  return [
    ...SAFE,
    '-sDEVICE=jpeg',
    '-dJPEGQ=85',
    `-r${dpi}`,
    `-dFirstPage=${first}`,
    `-dLastPage=${last}`,
    `-sOutputFile=${prefix}-%d.jpg`,
    input,
  ];
}

/**
 * JPEG pages with Ghostscript: the fallback renderer when pdftoppm fails on a
 * file. Returns page number → file.
 */
export async function renderJpegPages(
  ctx: RunContext,
  input: string,
  ranges: Array<{ first: number; last: number }>,
  dpi: number,
  outDir: string,
): Promise<Map<number, string>> {
  await assertPdfAtByteZero(input);
  await fs.promises.mkdir(outDir, { recursive: true });
  const byPage = new Map<number, string>();
  for (const { first, last } of ranges) {
    const prefix = path.join(outDir, `gs-${first}`);
    await runTool(ctx, GS_FAILURES, GS, jpegArgs(input, prefix, dpi, first, last), { failed: 'Rendering failed.' });
    for (let page = first; page <= last; page++) {
      const file = `${prefix}-${page - first + 1}.jpg`;
      if (await exists(file)) byPage.set(page, file);
    }
  }
  return byPage;
}
