// ocrmypdf (14.0.1, Debian bookworm, over Tesseract 5.3.0 and Ghostscript
// 10.0): a text layer for scanned pages. OCRmyPDF exits 0 even when Tesseract
// gave up on a page (its --tesseract-timeout, "Image too large"): the page is
// copied without text and the sidecar says "[skipped page]". So every run here
// asks for a sidecar and reads the log, and a page that was not OCR'd is an
// error for the client, never a quiet success (see docs/operations/ocr.md).
import fs from 'node:fs/promises';
import {
  InvalidDocumentError,
  InvalidPdfError,
  InvalidRequestError,
  OcrTimeoutError,
  PasswordRequiredError,
  ProcessingFailedError,
} from '../core/errors.js';
import { runTool, type ToolFailures } from './failures.js';
import { assertPdfAtByteZero } from './gs-input.js';
import type { RunContext } from '../core/contract.js';
import { bundledScript } from './bundled.js';

/** The binary. */
export const OCRMYPDF = 'ocrmypdf';

/** OCRmyPDF's exit codes (ocrmypdf.exceptions.ExitCode). */
export const OcrExitCode = {
  ok: 0,
  badArgs: 1,
  inputFile: 2,
  missingDependency: 3,
  invalidOutputPdf: 4,
  fileAccessError: 5,
  alreadyDoneOcr: 6,
  childProcessError: 7,
  encryptedPdf: 8,
  invalidConfig: 9,
  pdfaConversionFailed: 10,
  otherError: 15,
  ctrlC: 130,
} as const;

const { inputFile } = OcrExitCode;
/** Failures of an OCRmyPDF run by exit code (details never carry paths); `inputIsImage`: the upload was an image, not a PDF. */
export const OCRMYPDF_FAILURES: ToolFailures<{ inputIsImage: boolean }> = {
  tool: 'ocrmypdf',
  rules: [
    {
      exit: [inputFile],
      when: (_, call) => !call.inputIsImage,
      error: () => new InvalidPdfError('The PDF cannot be read for OCR.'),
    },
    {
      exit: [inputFile],
      stderr: /alpha channel/i,
      error: () =>
        new InvalidDocumentError('The image has an alpha channel (transparency); OCR needs an opaque image.'),
    },
    {
      exit: [inputFile],
      stderr: /CMYK/,
      error: () => new InvalidDocumentError('The CMYK image has no ICC profile; OCR cannot interpret its colors.'),
    },
    { exit: [inputFile], error: () => new InvalidDocumentError('The image cannot be read for OCR.') },
    {
      exit: [OcrExitCode.alreadyDoneOcr],
      error: () =>
        new InvalidRequestError(
          'mode: the document already has text; use mode=force (rasterize and OCR) or mode=redo (replace an old OCR layer).',
          'mode',
        ),
    },
    { exit: [OcrExitCode.encryptedPdf], error: () => new PasswordRequiredError() },
    {
      exit: [OcrExitCode.pdfaConversionFailed],
      error: (_f, _c, cause) =>
        new ProcessingFailedError('The PDF/A conversion failed; output=pdf may succeed.', cause),
    },
    // A damaged image fails inside OCRmyPDF's image triage (img2pdf/Pillow) with the generic exit 15.
    {
      stderr: /triage_image_file|image file is truncated|cannot identify image file/,
      when: (_, call) => call.inputIsImage,
      error: () => new InvalidDocumentError('The image cannot be read for OCR (damaged or truncated).'),
    },
  ],
  failed: 'OCR failed.',
};

/** What to do with pages that already have text: --skip-text, --force-ocr, --redo-ocr. */
export type OcrMode = 'skip-text' | 'force' | 'redo';

const MODE_FLAG: Record<OcrMode, string> = { 'skip-text': '--skip-text', force: '--force-ocr', redo: '--redo-ocr' };

/** One OCRmyPDF run. */
export interface OcrJob {
  input: string;
  /** 'none': only the sidecar text is produced (no PDF post-processing). */
  outputType: 'pdf' | 'pdfa' | 'none';
  /** The output PDF (ignored for 'none'). */
  output: string;
  /** Where the recognized text goes: one entry per page, form feed between pages. */
  sidecar: string;
  languages: string[];
  mode: OcrMode;
  deskew: boolean;
  rotatePages: boolean;
  /** Resolution to assume for an image input without a credible one. */
  imageDpi?: number;
  /** Pages OCR'd at once; the run holds as many pool slots. */
  jobs: number;
  /** Tesseract's per-page limit (seconds). */
  tesseractTimeoutSeconds: number;
  /** Pixels of one page's raster at most: a page is rasterized at a lower resolution rather than above it (ocrmypdf-raster-limit.py). */
  maxPagePixels?: number;
}

/** The plugin behind maxPagePixels (a bundled script). */
const rasterLimitPlugin = () => bundledScript('ocrmypdf-raster-limit.py');

/**
 * Test seam: when set, replaces the deadline-derived --tesseract-timeout, so a
 * test can make Tesseract give up on a page and prove the client sees an error.
 */
export const tesseractTimeoutOverride: { seconds?: number } = {};

/**
 * Tesseract's per-page limit for a run starting now: the whole time left. So
 * Tesseract never gives up before run()'s deadline would kill the run anyway
 * (→ 504); its own timeout (default 180 s) silently skips pages under CPU
 * starvation. 0 cannot be used to disable it: in OCRmyPDF 0 means "skip OCR".
 */
export function tesseractTimeoutFor(ctx: RunContext): number {
  return tesseractTimeoutOverride.seconds ?? Math.max(1, Math.ceil((ctx.deadline - Date.now()) / 1000));
}

/** OCRmyPDF's arguments for `job` (exported for unit tests). */
export function ocrmypdfArgs(job: OcrJob): string[] {
  const args = [
    '--output-type',
    job.outputType === 'pdfa' ? 'pdfa-2' : job.outputType,
    // Measured: -O1 added 5 s (+33 %) on multipage.pdf and saved 0 bytes (no jbig2/pngquant here).
    '--optimize',
    '0',
    '--jobs',
    String(job.jobs),
    '--tesseract-timeout',
    String(job.tesseractTimeoutSeconds),
    '--language',
    job.languages.join('+'),
    MODE_FLAG[job.mode],
    '--sidecar',
    job.sidecar,
  ];
  if (job.deskew) args.push('--deskew');
  if (job.rotatePages) args.push('--rotate-pages');
  if (job.imageDpi !== undefined) args.push('--image-dpi', String(job.imageDpi));
  if (job.maxPagePixels !== undefined)
    args.push('--plugin', rasterLimitPlugin(), '--max-page-pixels', String(job.maxPagePixels));
  // "--" so an input path can never be read as an option.
  args.push('--', job.input, job.outputType === 'none' ? '-' : job.output);
  return args;
}

/** The result of one page in the sidecar. */
export type SidecarPage =
  | { kind: 'text'; text: string }
  /** Tesseract produced nothing: an empty page, or it gave up (timeout, image too large). */
  | { kind: 'skipped' }
  /** Not OCR'd because it already had text (mode skip-text). */
  | { kind: 'had-text' };

const HAD_TEXT = /^\[OCR skipped on page\(s\) (\d+)(?:-(\d+))?\]$/;

/**
 * Parses OCRmyPDF's sidecar into one entry per page (exported for unit tests).
 * Consecutive pages skipped for having text share one "[OCR skipped on
 * page(s) a-b]" entry, so entries are expanded by their page numbers.
 */
export function parseSidecar(sidecar: string): SidecarPage[] {
  const pages: SidecarPage[] = [];
  for (const entry of sidecar.split('\f')) {
    const hadText = HAD_TEXT.exec(entry.trim());
    if (hadText) {
      const first = Number(hadText[1]);
      const last = hadText[2] === undefined ? first : Number(hadText[2]);
      for (let p = first; p <= last; p++) pages.push({ kind: 'had-text' });
    } else if (entry.trim() === '[skipped page]') {
      pages.push({ kind: 'skipped' });
    } else {
      pages.push({ kind: 'text', text: entry });
    }
  }
  return pages;
}

/** What OCRmyPDF's log says about pages (its lines start with the page number). */
export interface TesseractLog {
  /** "[tesseract] took too long to OCR - skipping". */
  timedOut: number[];
  /** Tesseract reported an empty page ("Empty page!!"): nothing to recognize. */
  empty: number[];
  /** A timeout line without a page number. */
  timedOutSomewhere: boolean;
}

/** Parses OCRmyPDF's stderr for Tesseract timeouts and empty pages (exported for unit tests). */
export function readTesseractLog(stderr: string): TesseractLog {
  const log: TesseractLog = { timedOut: [], empty: [], timedOutSomewhere: false };
  for (const line of stderr.split('\n')) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    const message = match ? match[2] : line;
    if (/took too long to OCR/.test(message)) {
      if (match) log.timedOut.push(Number(match[1]));
      else log.timedOutSomewhere = true;
    } else if (match && /Empty page!!/.test(message)) {
      log.empty.push(Number(match[1]));
    }
  }
  return log;
}

/** What a finished run gives back: per-page sidecar results, page 1 first. */
export interface OcrResult {
  pages: SidecarPage[];
}

const sortedUnique = (pages: number[]) => [...new Set(pages)].sort((a, b) => a - b);
const plural = (pages: number[]) => `page${pages.length > 1 ? 's' : ''} ${pages.join(', ')}`;

/**
 * Runs OCRmyPDF and proves that every page was OCR'd, kept its text (mode
 * skip-text) or was empty. A page Tesseract gave up on is a 504 (timeout) or
 * a 500 naming the pages: "[skipped page]" in the sidecar is accepted only
 * when the log says Tesseract found the page empty.
 */
export async function ocrmypdf(ctx: RunContext, job: OcrJob, inputIsImage: boolean): Promise<OcrResult> {
  // OCRmyPDF runs Ghostscript on PDF input: only qpdf rewrites may reach it.
  if (!inputIsImage) await assertPdfAtByteZero(job.input);
  // No __pycache__ written next to the raster-limit plugin (the source tree may be read-only, and must stay clean).
  const result = await runTool(ctx, OCRMYPDF_FAILURES, OCRMYPDF, ocrmypdfArgs(job), {
    weight: job.jobs,
    maxStdout: 1024,
    env: { PYTHONDONTWRITEBYTECODE: '1' },
    call: { inputIsImage },
  });
  // A run that succeeded can still have left pages out: the log says why (and goes to the log only).
  const cause = new Error(`ocrmypdf exit ${result.exitCode}: ${result.stderr}`);
  const log = readTesseractLog(result.stderr);
  const pages = parseSidecar(await fs.readFile(job.sidecar, 'utf8')).map(
    (page, i): SidecarPage =>
      page.kind === 'skipped' && log.empty.includes(i + 1) ? { kind: 'text', text: '' } : page,
  );
  const skipped = pages.flatMap((page, i) => (page.kind === 'skipped' ? [i + 1] : []));
  if (log.timedOut.length > 0 || log.timedOutSomewhere) {
    throw new OcrTimeoutError(ctx.timeoutMs, sortedUnique(log.timedOut.length > 0 ? log.timedOut : skipped), cause);
  }
  if (skipped.length > 0) {
    throw new ProcessingFailedError(
      `Tesseract could not OCR ${plural(skipped)}; no partial result is returned.`,
      cause,
      { pages: skipped },
    );
  }
  return { pages };
}
