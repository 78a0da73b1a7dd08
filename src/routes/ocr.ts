import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { ocrDocument } from '../operations/ocr.js';
import { defineOperation } from './definition.js';
import { boolField, passwordField } from './fields.js';

/** Tesseract language codes joined by "+" (checked against the installed ones when the request runs). */
export const languagesField = z
  .string()
  .regex(/^[A-Za-z_]{2,32}(\+[A-Za-z_]{2,32}){0,15}$/, 'must be Tesseract language codes joined by +, e.g. eng+deu')
  .describe(
    'Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones.',
  );

/** POST /v1/pdf/ocr. */
export const ocrRoute = defineOperation({
  name: 'ocr',
  summary: 'OCR: make a scan searchable',
  description:
    'OCRmyPDF over Tesseract. Input: a PDF, or a PNG, JPEG or TIFF image (assumed 300 dpi when it states no resolution above 96 dpi). ' +
    '`mode=skip-text` leaves pages that already have text as they are (listed in `X-OCR-Skipped-Pages`); `force` rasterizes them and OCRs anyway; ' +
    '`redo` replaces an earlier OCR layer but keeps real text. `output=pdf` (`<stem>-ocr.pdf`), `pdfa` (PDF/A-2b) or `txt` (`<stem>.txt`, ' +
    'pages separated by form feeds). A page that could not be recognized in time is a 504 and any other unrecognized page a 500, both naming ' +
    "the pages in `pages`: never a PDF with a silently missing text layer. Header `X-OCR-Pages`: pages OCR'd. " +
    'An image (upload or embedded) over MAX_RENDER_PIXELS is refused with 413 `file_too_large` before any OCR.',
  files: [
    { field: 'file', min: 1, max: 1, kinds: ['pdf', 'png', 'jpeg', 'tiff'], description: 'The scanned PDF or image.' },
  ],
  options: z.strictObject({
    languages: languagesField.default('eng'),
    mode: z
      .enum(['skip-text', 'force', 'redo'])
      .default('skip-text')
      .describe('What to do with pages that already have text.'),
    deskew: boolField(false, 'Straighten skewed pages before OCR (not with mode=redo).'),
    rotate_pages: boolField(false, 'Turn pages upright by detected orientation.'),
    output: z.enum(['pdf', 'pdfa', 'txt']).default('pdf').describe('Searchable PDF, PDF/A-2b, or the recognized text.'),
    password: passwordField,
  }),
  produces: ['application/pdf', 'text/plain'],
  timeout: 'OCR_TIMEOUT',
  check: (options, files) => {
    if (options.mode === 'redo' && options.deskew) {
      throw new InvalidRequestError(
        'deskew: cannot be combined with mode=redo (the page image is kept as it is); use mode=force.',
        'deskew',
      );
    }
    if (options.password !== undefined && files.file?.[0] && files.file[0].kind !== 'pdf') {
      throw new InvalidRequestError('password: only applies to PDF input.', 'password');
    }
  },
  run: ocrDocument,
});
