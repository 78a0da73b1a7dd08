import { z } from 'zod';
import { InvalidRequestError, UnsupportedMediaTypeError } from '../core/errors.js';
import { MEDIA_TYPES, OFFICE_KINDS } from '../files/sniff.js';
import { webInputOf } from '../operations/convert-html.js';
import {
  convertFile,
  DEFAULT_DPI,
  IMAGE_TARGETS,
  OCR_TARGETS,
  PAGED_TARGETS,
  PDF_TARGETS,
  TARGETS,
  type Target,
} from '../operations/convert.js';
import { languagesField } from './ocr.js';
import { defineOperation } from './definition.js';
import { intField, passwordField, rangesField } from './fields.js';

/** "true" | "false" → boolean, left undefined when absent (so giving it to the wrong input is noticed). */
const optionalBool = (description: string) =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe(description);

/** Options of HTML/Markdown input only; given for another input they are a 400, never ignored. */
const WEB_OPTIONS = ['paper', 'landscape', 'margin', 'print_background', 'tagged'] as const;

const targetList = TARGETS.join(', ');

/** Options that only some targets take; giving one to another target is a 400, never ignored. */
const TARGETED_OPTIONS = {
  dpi: { targets: IMAGE_TARGETS, label: 'png, jpeg, tiff' },
  pages: { targets: PAGED_TARGETS, label: 'png, jpeg, tiff, svg' },
  pdfa: { targets: ['pdfa'] as readonly Target[], label: 'pdfa' },
  ocr: { targets: OCR_TARGETS, label: 'xlsx, csv, pptx' },
  languages: { targets: OCR_TARGETS, label: 'xlsx, csv, pptx (with ocr=auto)' },
} as const;

export const convertRoute = defineOperation({
  name: 'convert',
  summary: 'Convert a PDF to another format, or an Office document to PDF',
  description:
    'PDF input: `to`=docx|odt (editable text keeping the page: columns as sections, figures as pictures (JPEG photos as the JPEG they are), tables ruled or set out by aligned text as tables, bullets and numbered items as lists, running header/footer as header/footer), ' +
    'xlsx (one sheet `p<page>-t<n>` per table, ruled or aligned, continued across pages joined, merged cells kept, numbers, percentages, currencies and dates typed with their number format; a document without tables gives one sheet per page of its text lines; `X-Tables` says how many tables were found), ' +
    'csv (the same tables, RFC 4180 UTF-8, as shown; one table → the CSV, several → ZIP of `<stem>-p<page>-t<n>.csv`, at most MAX_OUTPUT_FILES), ' +
    "pptx (one slide per page at the page size, pages of another size scaled to the first page's: text as editable text boxes in place, pictures and drawings as images), txt, html (one self-contained file), svg, png|jpeg|tiff (page images at `dpi`), " +
    'pdfa (PDF/A-`pdfa`, sRGB output intent, fonts embedded). Page images and SVG: one page → the file, several → ZIP of `<stem>-<n>.<ext>`; ' +
    'tiff is one multi-page file. Office/OpenDocument/RTF/plain-text input (sniffed from content): `to=pdf`. ' +
    '`dpi` only applies to png/jpeg/tiff, `pages` to png/jpeg/tiff/svg, `pdfa` to to=pdfa, `ocr` and `languages` to xlsx/csv/pptx; elsewhere they are refused. ' +
    'With `ocr=auto` (xlsx/csv/pptx), when any page has no text layer OCRmyPDF recognizes those pages first (Tesseract, `languages`, default eng; `X-OCR-Pages` says how many), within OCR_TIMEOUT (without OCR, OPERATION_TIMEOUT). ' +
    'A page that would exceed MAX_RENDER_PIXELS at `dpi` gives 413 page_too_large. ' +
    'HTML and Markdown input (`to=pdf`): an .html/.htm page, a .md file (rendered with a clean default stylesheet), or a ZIP with index.html ' +
    'and its assets (entries with `..` or absolute paths → 400), printed by headless Chromium with no network access: anything not in the ' +
    'upload is refused, and `X-Blocked-Resources` says how many requests were. JavaScript runs, bounded by the operation time limit (504) and ' +
    'CHROMIUM_MEMORY_LIMIT per renderer (422 resource_limit); a result over MAX_PAGES pages gives 413 too_many_pages. ' +
    'Page setup for this input only: `paper`, `landscape`, `margin`, `print_background`; `tagged`=true asks for a tagged (accessible) PDF, ' +
    'which takes longer to print (off by default).',
  files: [
    {
      field: 'file',
      min: 1,
      max: 1,
      kinds: ['pdf', ...OFFICE_KINDS, 'html', 'zip'],
      description:
        'A PDF; or for to=pdf an Office/OpenDocument/RTF/text document, an HTML page, a Markdown (.md) file, or a ZIP with index.html and its assets.',
    },
  ],
  options: z.strictObject({
    to: z.enum(TARGETS, { error: `required; one of ${targetList}` }).describe(`Target format: ${targetList}.`),
    dpi: intField(36, 600, `png/jpeg/tiff: resolution (default ${DEFAULT_DPI})`).optional(),
    pages: rangesField('png/jpeg/tiff/svg: the pages to convert, e.g. 1-3,5 (default all)').optional(),
    pdfa: z.enum(['2b', '1b', '3b']).optional().describe('to=pdfa: PDF/A part and conformance (default 2b).'),
    ocr: z
      .enum(['never', 'auto'])
      .optional()
      .describe('xlsx/csv/pptx: `auto` OCRs pages without a text layer first (default never).'),
    languages: languagesField.optional(),
    password: passwordField,
    paper: z
      .enum(['a4', 'letter', 'legal', 'a3', 'a5'])
      .optional()
      .describe('HTML/Markdown input: paper size (default a4).'),
    landscape: optionalBool('HTML/Markdown input: landscape orientation (default false).'),
    margin: intField(0, 288, 'HTML/Markdown input: margin on every side in pt (default 36)').optional(),
    print_background: optionalBool('HTML/Markdown input: print background colours and images (default true).'),
    tagged: optionalBool(
      'HTML/Markdown input: a tagged (accessible) PDF with a structure tree; slower to print (default false).',
    ),
  }),
  produces: [
    MEDIA_TYPES.docx,
    MEDIA_TYPES.odt,
    MEDIA_TYPES.xlsx,
    MEDIA_TYPES.pptx,
    'text/csv',
    'text/plain',
    'text/html',
    'image/svg+xml',
    'image/png',
    'image/jpeg',
    'image/tiff',
    'application/pdf',
    'application/zip',
  ],
  // OCR of a scanned table or slide deck needs the OCR limit, as the ocr operation does.
  timeout: (options) => (options.ocr === 'auto' ? 'OCR_TIMEOUT' : 'OPERATION_TIMEOUT'),
  check: (options, files) => {
    for (const [field, rule] of Object.entries(TARGETED_OPTIONS)) {
      if (options[field as keyof typeof TARGETED_OPTIONS] !== undefined && !rule.targets.includes(options.to)) {
        throw new InvalidRequestError(`${field}: only applies to to=${rule.label} (to is ${options.to}).`, field);
      }
    }
    if (options.languages !== undefined && options.ocr !== 'auto')
      throw new InvalidRequestError('languages: only applies with ocr=auto.', 'languages');
    const file = files.file?.[0];
    if (!file) return;
    const web = webInputOf(file);
    for (const field of WEB_OPTIONS) {
      if (options[field] !== undefined && !(web && options.to === 'pdf')) {
        throw new InvalidRequestError(`${field}: only applies to HTML or Markdown input with to=pdf.`, field);
      }
    }
    if (file.kind === 'zip' && options.to !== 'pdf') {
      throw new UnsupportedMediaTypeError(
        'A ZIP upload converts only with to=pdf (a web page: index.html and its assets).',
      );
    }
    const isPdf = file.kind === 'pdf';
    if (options.to === 'pdf' && isPdf) {
      throw new UnsupportedMediaTypeError(
        'to=pdf converts Office, OpenDocument, RTF or plain-text documents; the upload is already a PDF (for PDF/A use to=pdfa).',
      );
    }
    if (options.to !== 'pdf' && !isPdf) {
      throw new UnsupportedMediaTypeError(
        `to=${options.to} needs a PDF (${PDF_TARGETS.join(', ')} are PDF targets); the upload is ${MEDIA_TYPES[file.kind]}, which converts with to=pdf.`,
      );
    }
  },
  run: convertFile,
});
