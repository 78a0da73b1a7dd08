import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { extractText } from '../operations/extract-text.js';
import { defineOperation } from './definition.js';
import { boolField, passwordField, rangesField } from './fields.js';
import { languagesField } from './ocr.js';

/** POST /v1/pdf/extract-text. */
export const extractTextRoute = defineOperation({
  name: 'extract-text',
  summary: 'Extract text',
  description:
    'The text layer (pdftotext, UTF-8). `format=text`: `text/plain; charset=utf-8`, the pages separated by a form feed (`\\f`), as `<stem>.txt`. ' +
    '`format=json`: `{"pages":[{"page":1,"text":"…"}]}`, one entry per requested page in the order of `pages`, as `<stem>.json`. ' +
    '`ocr=auto` OCRs the requested pages whose text layer is empty or only whitespace (Tesseract, `languages`, default `eng`) and puts ' +
    'their text in place; with `ocr=never` such pages are empty strings. Without OCR the OPERATION_TIMEOUT applies, with it OCR_TIMEOUT.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF.' }],
  options: z.strictObject({
    pages: rangesField('Pages to extract, e.g. 1-3,5 (all when absent)').optional(),
    layout: boolField(false, 'Keep the physical layout (columns, indentation) instead of reading order.'),
    format: z
      .enum(['text', 'json'])
      .default('text')
      .describe('Plain text with form feeds between pages, or JSON per page.'),
    ocr: z.enum(['never', 'auto']).default('never').describe('auto: OCR the pages that have no text layer.'),
    languages: languagesField.optional(),
    password: passwordField,
  }),
  produces: ['text/plain', 'application/json'],
  timeout: 'OCR_TIMEOUT',
  check: (options) => {
    if (options.languages !== undefined && options.ocr !== 'auto') {
      throw new InvalidRequestError('languages: only applies with ocr=auto.', 'languages');
    }
  },
  run: extractText,
});
