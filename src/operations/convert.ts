// convert: PDF → docx/odt/txt/html/svg/png/jpeg/tiff/PDF-A, and Office,
// OpenDocument, RTF or text → PDF. Each target uses the tool measured fastest
// for it on this machine (docs/operations/convert.md): a page-layout analysis
// over mutool's page facts for docx/odt (columns, figures, tables; see
// convert-layout.ts; LibreOffice's PDF import took 9.5 min and gave a frame
// per line), mutool draw for PNG, pdftoppm for JPEG,
// Ghostscript for TIFF and PDF/A, pdftotext for text, warm LibreOffice for
// Office → PDF. Encrypted PDFs are decrypted by qpdf first (passwords never
// on a command line); Ghostscript reads only qpdf rewrites (PdfInput.gsSafe).
// Damaged files: every step is retried on the repaired copy, and
// rendering tries the next engine of its list (PNG_RENDERERS, JPEG_RENDERERS,
// PAGE_SIZE_READERS below; engines.ts decides when); only when all fail is
// the answer 422 invalid_pdf.
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError, PageTooLargeError, ProcessingFailedError, TooManyPagesError } from '../core/errors.js';
import { numberedNames, stemOf } from '../core/names.js';
import { checkOutputCount } from '../files/zip.js';
import { MEDIA_TYPES } from '../files/sniff.js';
import type { FileKind, RunContext, PageRange, OperationInput, OperationOutput } from '../core/contract.js';
import { pdfToDocx } from './convert-docx.js';
import { webInputOf, webToPdf } from './convert-html.js';
import type { PrintOptions } from '../tools/chromium.js';
import { pdfToOdt } from './convert-odt.js';
import { ocrTextlessPages } from './convert-ocr.js';
import { pdfToPptx } from './convert-pptx.js';
import { readTables, tablesToCsv, tablesToXlsx } from './convert-tables.js';
import { convertToPdfa, renderJpegPages, renderTiff, type PdfaLevel } from '../tools/ghostscript-convert.js';
import { officePool } from '../tools/libreoffice.js';
import { convertDocument, pageSizes, renderPng } from '../tools/mutool.js';
import { pageGeometry } from '../tools/pdfinfo.js';
import { renderJpeg, renderPngPages } from '../tools/pdftoppm.js';
import { pageTexts } from '../tools/pdftotext.js';
import { pageCount } from '../tools/qpdf.js';
import { expandPageRanges, parsePageRanges, toQpdfRange } from './page-ranges.js';
import { firstThatWorks, type Engine } from './engines.js';
import { damaged, isRepairable, PdfInput } from './pdf-input.js';

/** Targets for PDF input. */
export const PDF_TARGETS = [
  'docx',
  'odt',
  'xlsx',
  'csv',
  'pptx',
  'txt',
  'html',
  'png',
  'jpeg',
  'tiff',
  'svg',
  'pdfa',
] as const;
/** Every value of `to`; `pdf` is for Office/OpenDocument/RTF/text input. */
export const TARGETS = [...PDF_TARGETS, 'pdf'] as const;
export type Target = (typeof TARGETS)[number];
/** Targets that render pages to pixels (take `dpi`). */
export const IMAGE_TARGETS: readonly Target[] = ['png', 'jpeg', 'tiff'];
/** Targets that take `ocr` (and `languages`). */
export const OCR_TARGETS: readonly Target[] = ['xlsx', 'csv', 'pptx'];
/** Targets that take `pages`. */
export const PAGED_TARGETS: readonly Target[] = ['png', 'jpeg', 'tiff', 'svg'];
export const DEFAULT_DPI = 150;

export interface ConvertOptions {
  to: Target;
  dpi?: number;
  pages?: string;
  pdfa?: PdfaLevel;
  password?: string;
  /** HTML/Markdown input only (defaults applied in webToPdf's caller). */
  paper?: PrintOptions['paper'];
  landscape?: boolean;
  margin?: number;
  print_background?: boolean;
  tagged?: boolean;
  /** xlsx/csv/pptx: OCR pages without text first. */
  ocr?: 'never' | 'auto';
  languages?: string;
}

/** Page setup for web input: A4, portrait, 36 pt margins, backgrounds printed (API.md §5b); untagged unless asked (tagging costs print time). */
function printOptions(options: ConvertOptions): PrintOptions {
  return {
    paper: options.paper ?? 'a4',
    landscape: options.landscape ?? false,
    margin: options.margin ?? 36,
    printBackground: options.print_background ?? true,
    tagged: options.tagged ?? false,
  };
}

const IMAGE_FORMATS: Record<'png' | 'jpeg' | 'tiff' | 'svg', { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  tiff: { ext: 'tiff', contentType: 'image/tiff' },
  svg: { ext: 'svg', contentType: 'image/svg+xml' },
};

export async function convertFile({
  files,
  options,
  run,
  config,
}: OperationInput<ConvertOptions>): Promise<OperationOutput> {
  const file = files.file[0];
  const stem = stemOf(file.name);
  if (options.to === 'pdf') {
    const web = webInputOf(file);
    if (web) return webToPdf(run, file, web, printOptions(options), stem, config);
    return officeToPdf(run, file.path, file.kind, stem, config, options.password);
  }

  const pdf = await PdfInput.open(run, file, { maxPages: config.MAX_PAGES, password: options.password });
  const out = (name: string) => path.join(run.workdir, name);
  switch (options.to) {
    case 'docx': {
      const docx = await pdf.withPlainRetry(async (source, repaired) => {
        const output = out(repaired ? 'repaired.docx' : 'converted.docx');
        await pdfToDocx(run, source, pdf.pages, output, config.MAX_RENDER_PIXELS);
        return output;
      });
      return { type: 'file', path: docx, contentType: MEDIA_TYPES.docx, filename: `${stem}.docx` };
    }
    case 'odt': {
      const odt = await pdf.withPlainRetry(async (source, repaired) => {
        const output = out(repaired ? 'repaired.odt' : 'converted.odt');
        await pdfToOdt(run, source, pdf.pages, output, config.MAX_RENDER_PIXELS);
        return output;
      });
      return { type: 'file', path: odt, contentType: MEDIA_TYPES.odt, filename: `${stem}.odt` };
    }
    case 'xlsx':
    case 'csv':
    case 'pptx': {
      const ocr =
        options.ocr === 'auto'
          ? await ocrTextlessPages(run, pdf, options.languages ?? 'eng', config.MAX_RENDER_PIXELS)
          : undefined;
      // The OCR'd copy is OCRmyPDF's own output of the repaired copy: nothing is left to retry on it.
      const step = <T>(fn: (source: string, repaired: boolean) => Promise<T>) =>
        ocr ? finalOnRepaired(() => fn(ocr.path, true)) : pdf.withPlainRetry(fn);
      const headers: Record<string, string> = ocr ? { 'X-OCR-Pages': String(ocr.pages.length) } : {};
      if (options.to !== 'pptx') return tablesOutput(run, pdf.pages, step, options.to, stem, config, headers);
      const pptx = await step(async (source, repaired) => {
        const output = out(repaired ? 'repaired.pptx' : 'converted.pptx');
        await pdfToPptx(run, source, pdf.pages, output, config.MAX_RENDER_PIXELS, new Set(ocr?.pages));
        return output;
      });
      return { type: 'file', path: pptx, contentType: MEDIA_TYPES.pptx, filename: `${stem}.pptx`, headers };
    }
    case 'html':
      await pdf.withPlainRetry((source) => convertDocument(run, source, 'html', out('converted.html')));
      return {
        type: 'file',
        path: out('converted.html'),
        contentType: 'text/html; charset=utf-8',
        filename: `${stem}.html`,
      };
    case 'txt': {
      const texts = await pdf.withPlainRetry((source) =>
        pageTexts(run, source, { first: 1, last: pdf.pages, layout: false }),
      );
      // pdftotext's own form: every page ends with a form feed.
      await fs.writeFile(out('converted.txt'), texts.map((t) => `${t}\f`).join(''));
      return {
        type: 'file',
        path: out('converted.txt'),
        contentType: 'text/plain; charset=utf-8',
        filename: `${stem}.txt`,
      };
    }
    case 'pdfa': {
      const level = options.pdfa ?? '2b';
      // gsSafe is already the repaired copy: a failure here is final.
      const warnings = await finalOnRepaired(async () =>
        convertToPdfa(run, await pdf.gsSafe(), out('converted-pdfa.pdf'), level),
      );
      const headers: Record<string, string> = { 'X-PDFA-Level': level };
      // Features PDF/A forbids were dropped or fixed: say so rather than pass it silently.
      if (warnings.length > 0) headers['X-PDFA-Adjustments'] = String(warnings.length);
      return {
        type: 'file',
        path: out('converted-pdfa.pdf'),
        contentType: 'application/pdf',
        filename: `${stem}-pdfa.pdf`,
        headers,
      };
    }
    default:
      return renderPages(run, pdf, options, stem, config);
  }
}

/**
 * XLSX (one sheet per table) or CSV (one file per table, several in a ZIP). `X-Tables` tells how many
 * tables were found: 0 means the document has none and the sheets (or CSVs) hold each page's text lines.
 */
async function tablesOutput(
  run: RunContext,
  pages: number,
  step: <T>(fn: (source: string, repaired: boolean) => Promise<T>) => Promise<T>,
  to: 'xlsx' | 'csv',
  stem: string,
  config: OperationInput<ConvertOptions>['config'],
  ocrHeaders: Record<string, string>,
): Promise<OperationOutput> {
  const { tables, found } = await step((source) => readTables(run, source, pages, config.MAX_RENDER_PIXELS));
  const headers = { ...ocrHeaders, 'X-Tables': String(found ? tables.length : 0) };
  if (to === 'xlsx') {
    const output = path.join(run.workdir, 'converted.xlsx');
    await tablesToXlsx(tables, output);
    return { type: 'file', path: output, contentType: MEDIA_TYPES.xlsx, filename: `${stem}.xlsx`, headers };
  }
  const dir = path.join(run.workdir, 'tables');
  await fs.mkdir(dir);
  const entries = await tablesToCsv(tables, dir, stem, config.MAX_OUTPUT_FILES);
  if (entries.length === 1)
    return {
      type: 'file',
      path: entries[0].path,
      contentType: 'text/csv; charset=utf-8',
      filename: entries[0].name,
      headers,
    };
  return { type: 'zip', entries, filename: `${stem}-tables.zip`, headers };
}

/** A step on the repaired (gs-safe) copy: nothing is left to retry, so a file-caused failure is 422. */
async function finalOnRepaired<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw isRepairable(error) ? damaged(error) : error;
  }
}

/** A render of `ranges` (`range` in qpdf's syntax) of `source` at `dpi`, into a fresh directory per engine. */
interface RenderJob {
  run: RunContext;
  source: string;
  /** The copy Ghostscript may read (PdfInput.gsSafe, or `source` once it is the repaired copy). */
  gsSource: () => Promise<string>;
  ranges: PageRange[];
  range: string;
  pages: number[];
  dpi: number;
  freshDir: () => Promise<string>;
}
type Rendered = Map<number, string>;
type PageSize = { page: number; width: number; height: number };

/** Page sizes: MuPDF, else poppler's CropBox. */
const PAGE_SIZE_READERS: readonly Engine<RenderJob, PageSize[]>[] = [
  { name: 'mupdf', run: (j) => pageSizes(j.run, j.source, j.range) },
  {
    name: 'poppler',
    run: async (j) => {
      const geometry = await pageGeometry(j.run, j.source, Math.max(...j.pages));
      return [...new Set(j.pages)].map((page) => {
        const g = geometry[page - 1];
        if (!g)
          throw new ProcessingFailedError(
            'Reading page sizes failed.',
            new Error(`pdfinfo gave no geometry for page ${page}`),
          );
        const box = g.crop ?? g.box;
        return { page, width: Math.abs(box[2] - box[0]), height: Math.abs(box[3] - box[1]) };
      });
    },
  },
];

/** PNG pages: MuPDF (fastest here, docs/operations/convert.md), else poppler. */
const PNG_RENDERERS: readonly Engine<RenderJob, Rendered>[] = [
  { name: 'mupdf', run: async (j) => renderPng(j.run, j.source, j.range, j.dpi, await j.freshDir()) },
  { name: 'poppler', run: async (j) => renderPngPages(j.run, j.source, j.ranges, j.dpi, await j.freshDir()) },
];

/** JPEG pages: poppler (mutool 1.21 writes no JPEG), else Ghostscript on the gs-safe copy. */
const JPEG_RENDERERS: readonly Engine<RenderJob, Rendered>[] = [
  { name: 'poppler', run: async (j) => renderJpeg(j.run, j.source, j.ranges, j.dpi, await j.freshDir()) },
  {
    name: 'ghostscript',
    run: async (j) => renderJpegPages(j.run, await j.gsSource(), j.ranges, j.dpi, await j.freshDir()),
  },
];

/** Refuses before rendering any page whose pixel count at `dpi` exceeds `limit`. */
async function checkPixels(job: RenderJob, limit: number): Promise<void> {
  const { dpi } = job;
  for (const size of await firstThatWorks(PAGE_SIZE_READERS, job)) {
    const width = Math.ceil((size.width * dpi) / 72);
    const height = Math.ceil((size.height * dpi) / 72);
    if (width * height > limit) {
      const maxDpi = Math.floor(72 * Math.sqrt(limit / Math.max(1, size.width * size.height)));
      throw new PageTooLargeError(size.page, width * height, limit, maxDpi);
    }
  }
}

async function renderPages(
  run: RunContext,
  pdf: PdfInput,
  options: ConvertOptions,
  stem: string,
  config: OperationInput<ConvertOptions>['config'],
): Promise<OperationOutput> {
  const { MAX_RENDER_PIXELS: maxPixels, MAX_PAGES: maxPages } = config;
  const to = options.to as 'png' | 'jpeg' | 'tiff' | 'svg';
  const ranges: PageRange[] = options.pages
    ? parsePageRanges(options.pages, pdf.pages, 'pages')
    : [{ first: 1, last: pdf.pages }];
  const pages = expandPageRanges(ranges);
  if (pages.length > maxPages)
    throw new InvalidRequestError(`pages: selects ${pages.length} pages; at most ${maxPages} (MAX_PAGES).`, 'pages');
  // One image per page (TIFF: one multi-page file): refused before any page is rendered.
  if (to !== 'tiff') checkOutputCount(pages.length, config.MAX_OUTPUT_FILES);
  const range = toQpdfRange(ranges);
  const { ext, contentType } = IMAGE_FORMATS[to];
  let attempt = 0;
  const freshDir = async () => {
    const dir = path.join(run.workdir, `pages-${++attempt}`);
    await fs.mkdir(dir, { recursive: true });
    return dir;
  };

  if (to === 'svg') {
    const dir = await pdf.withPlainRetry(async (source) => {
      const dir = await freshDir();
      await convertDocument(run, source, 'svg', path.join(dir, 'page-%d.svg'), range);
      return dir;
    });
    // mutool numbers SVG files 1..n in selection order.
    return pageOutput(
      pages.map((_, i) => path.join(dir, `page-${i + 1}.svg`)),
      stem,
      ext,
      contentType,
    );
  }
  const dpi = options.dpi ?? DEFAULT_DPI;
  const job = (source: string, repaired: boolean): RenderJob => ({
    run,
    source,
    gsSource: async () => (repaired ? source : pdf.gsSafe()),
    ranges,
    range,
    pages,
    dpi,
    freshDir,
  });
  await pdf.withPlainRetry((source, repaired) => checkPixels(job(source, repaired), maxPixels));
  if (to === 'tiff') {
    const output = path.join(run.workdir, 'converted.tiff');
    await finalOnRepaired(async () => renderTiff(run, await pdf.gsSafe(), output, dpi, range));
    return { type: 'file', path: output, contentType, filename: `${stem}.${ext}` };
  }
  const byPage = await pdf.withPlainRetry(async (source, repaired) => {
    const rendered = await firstThatWorks(to === 'png' ? PNG_RENDERERS : JPEG_RENDERERS, job(source, repaired));
    const missing = pages.find((p) => !rendered.has(p));
    if (missing !== undefined)
      throw new ProcessingFailedError('Rendering failed.', new Error(`renderer wrote no image for page ${missing}`));
    return rendered;
  });
  return pageOutput(
    pages.map((p) => byPage.get(p)!),
    stem,
    ext,
    contentType,
  );
}

/** One page → the file; several → a ZIP of `<stem>-<n>.<ext>`. */
function pageOutput(paths: string[], stem: string, ext: string, contentType: string): OperationOutput {
  if (paths.length === 1) return { type: 'file', path: paths[0], contentType, filename: `${stem}.${ext}` };
  const names = numberedNames(stem, paths.length, ext);
  return { type: 'zip', entries: paths.map((p, i) => ({ path: p, name: names[i] })), filename: `${stem}-pages.zip` };
}

/** Extensions that help LibreOffice's type detection (OLE files are detected from their streams). */
const OFFICE_EXTENSIONS: Partial<Record<FileKind, string>> = {
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  odp: 'odp',
  rtf: 'rtf',
  txt: 'txt',
};

async function officeToPdf(
  run: RunContext,
  input: string,
  kind: FileKind,
  stem: string,
  config: OperationInput<ConvertOptions>['config'],
  password?: string,
): Promise<OperationOutput> {
  const ext = OFFICE_EXTENSIONS[kind];
  const named = path.join(run.workdir, ext ? `document.${ext}` : 'document');
  await fs.link(input, named);
  const output = path.join(run.workdir, 'converted.pdf');
  await officePool(config).convert(run, named, output, kind, password);
  // The PDF must open: a truncated export would fail here, not at the client. An output is
  // held to MAX_PAGES like an input: a short spreadsheet can print to thousands of pages.
  const pages = await pageCount(run, output);
  if (pages > config.MAX_PAGES) throw new TooManyPagesError(config.MAX_PAGES, pages);
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}.pdf` };
}
