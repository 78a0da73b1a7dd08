import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { splitPdf } from '../operations/split.js';
import { defineOperation } from './definition.js';
import { intField, passwordField, rangesField } from './fields.js';

/** The option each mode needs; the others are refused so a mix-up never passes silently. */
const MODE_FIELD = { ranges: 'ranges', every: 'pages_per_file', extract: 'pages' } as const;

export const splitRoute = defineOperation({
  name: 'split',
  summary: 'Split a PDF',
  description:
    '`mode=ranges`: one PDF per item of `ranges` (ZIP). `mode=every`: files of `pages_per_file` pages (ZIP). ' +
    '`mode=extract`: one PDF of the `pages` selected. ZIP entries are named `<stem>-<n>.pdf`. Outputs are not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to split.' }],
  options: z.strictObject({
    mode: z.enum(['ranges', 'every', 'extract']).default('ranges').describe('How to split.'),
    ranges: rangesField('mode=ranges: one output per item, e.g. 1-3,4-6,7-').optional(),
    pages_per_file: intField(1, 100_000, 'mode=every: pages per output file').optional(),
    pages: rangesField('mode=extract: the pages of the single output, e.g. 1-3,5').optional(),
    password: passwordField,
  }),
  produces: ['application/zip', 'application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    const needed = MODE_FIELD[options.mode];
    if (options[needed] === undefined) throw new InvalidRequestError(`${needed}: required when mode=${options.mode}.`, needed);
    for (const [mode, field] of Object.entries(MODE_FIELD)) {
      if (mode !== options.mode && options[field] !== undefined) {
        throw new InvalidRequestError(`${field}: only applies to mode=${mode} (mode is ${options.mode}).`, field);
      }
    }
  },
  run: splitPdf,
});
