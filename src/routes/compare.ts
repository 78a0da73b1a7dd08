import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { comparePdfs } from '../operations/compare.js';
import { defineOperation } from './definition.js';
import { NO_LINE_BREAKS, repeatableField } from './fields.js';
import { languagesField } from './ocr.js';

const password = z.string().min(1, 'must not be empty').max(1024).regex(NO_LINE_BREAKS, 'must not contain line breaks');

/** POST /v1/pdf/compare. */
export const compareRoute = defineOperation({
  name: 'compare',
  summary: 'Compare two PDFs',
  description:
    'What changed from the first PDF (old) to the second (new). Text is compared word by word in reading order across page breaks ' +
    '(pdftotext word boxes, a Myers diff), so text that reflowed onto the next page is not a change; changes come as insert, delete and ' +
    "replace runs with the words' boxes on each side (pt from the top-left of the page as displayed; a run crossing a page break is " +
    'split there). Pages are paired by the text they share (an inserted page shifts the pairing), and each pair is rendered (MuPDF, 72 dpi) and ' +
    'compared as pixels for changes text cannot show (pictures, drawings, colour); anti-aliasing noise and pixels under changed or moved ' +
    'words are not counted. `format=json`: `{"summary":{…},"changes":[…],"visual":[…]}`; `format=pdf`: a report (a summary page, then ' +
    'each changed page of the new document beside the old one, insertions green, deletions red, visual changes outlined blue; the pages ' +
    'embedded as vector content). `ocr=auto` OCRs a document that has pages without text first (Tesseract, `languages`). Both files count ' +
    'against MAX_PAGES together. Headers: `X-Compare-Pairs` (page pairs compared), `X-Compare-Visual-Skipped` (pairs `old:new` too large ' +
    'to render under MAX_RENDER_PIXELS and 16 million pixels), `X-OCR-Pages-Old`/`X-OCR-Pages-New` (pages OCR read).',
  files: [
    { field: 'files', min: 2, max: 2, kinds: ['pdf'], description: 'The old PDF, then the new one (exactly two).' },
  ],
  options: z.strictObject({
    format: z.enum(['json', 'pdf']).default('json').describe('JSON changes, or a PDF report a person reads.'),
    ocr: z
      .enum(['never', 'auto'])
      .default('never')
      .describe('auto: OCR a document that has pages without a text layer before comparing.'),
    languages: languagesField.optional(),
    password: repeatableField(
      password,
      2,
      'Password of an encrypted input, taken literally: once for either file, or twice, in file order.',
    ),
  }),
  produces: ['application/json', 'application/pdf'],
  timeout: (options) => (options.ocr === 'auto' ? 'OCR_TIMEOUT' : 'OPERATION_TIMEOUT'),
  check: (options) => {
    if (options.languages !== undefined && options.ocr !== 'auto') {
      throw new InvalidRequestError('languages: only applies with ocr=auto.', 'languages');
    }
  },
  run: comparePdfs,
});
