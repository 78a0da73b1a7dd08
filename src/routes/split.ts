import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { splitPdf } from '../operations/split.js';
import { defineOperation } from './definition.js';
import { NO_LINE_BREAKS, intField, passwordField, rangesField } from './fields.js';
import { DEFAULT_BLANK_THRESHOLD, thresholdNumber } from './layout-fields.js';

/** The options each mode takes (the first ones required); the others are refused so a mix-up never passes silently. */
const MODE_FIELDS = {
  ranges: { required: ['ranges'], optional: [] },
  every: { required: ['pages_per_file'], optional: [] },
  extract: { required: ['pages'], optional: [] },
  blank: { required: [], optional: ['threshold'] },
  qr: { required: [], optional: ['qr_text', 'keep_separator'] },
  size: { required: ['max_size'], optional: [] },
  bookmarks: { required: [], optional: [] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

/** Every mode-specific option. */
const MODE_OPTIONS = [
  'ranges',
  'pages_per_file',
  'pages',
  'threshold',
  'qr_text',
  'keep_separator',
  'max_size',
] as const;

export const splitRoute = defineOperation({
  name: 'split',
  summary: 'Split a PDF',
  description:
    '`mode=ranges`: one PDF per item of `ranges` (ZIP). `mode=every`: files of `pages_per_file` pages (ZIP). ' +
    '`mode=extract`: one PDF of the `pages` selected. `mode=blank`: a blank page (as `remove-blank` decides, at `threshold`) ends a part and is ' +
    'dropped (`X-Removed-Pages`). `mode=qr`: a page carrying a QR code (any, or exactly `qr_text`) starts a part; the separator is dropped unless ' +
    '`keep_separator=true` (`X-Separator-Pages`: the separators, or `none` when no page matched and the one part is the whole document). ' +
    '`mode=size`: consecutive parts each at most `max_size` bytes as written; a page larger alone is a part of its own (`X-Oversize-Parts`). ' +
    '`mode=bookmarks`: one part per top-level outline entry, named `<stem>-<n>-<title>.pdf`. ZIP entries are otherwise named `<stem>-<n>.pdf`. ' +
    'Outputs are not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to split.' }],
  options: z.strictObject({
    mode: z
      .enum(['ranges', 'every', 'extract', 'blank', 'qr', 'size', 'bookmarks'])
      .default('ranges')
      .describe('How to split.'),
    ranges: rangesField('mode=ranges: one output per item, e.g. 1-3,4-6,7-').optional(),
    pages_per_file: intField(1, 100_000, 'mode=every: pages per output file').optional(),
    pages: rangesField('mode=extract: the pages of the single output, e.g. 1-3,5').optional(),
    threshold: thresholdNumber.optional(),
    qr_text: z
      .string()
      .min(1)
      .max(2000)
      .regex(NO_LINE_BREAKS, 'must be one line')
      .describe('mode=qr: only a QR code with exactly this text separates (default: any).')
      .optional(),
    keep_separator: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .describe('mode=qr: keep the separator page as the first page of its part (default false).')
      .optional(),
    max_size: intField(1024, 4_000_000_000, 'mode=size: the most bytes a part may have').optional(),
    password: passwordField,
  }),
  produces: ['application/zip', 'application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    const fields = MODE_FIELDS[options.mode];
    for (const needed of fields.required) {
      if (options[needed] === undefined)
        throw new InvalidRequestError(`${needed}: required when mode=${options.mode}.`, needed);
    }
    const allowed: readonly string[] = [...fields.required, ...fields.optional];
    for (const field of MODE_OPTIONS) {
      if (!allowed.includes(field) && options[field] !== undefined) {
        const owner = Object.entries(MODE_FIELDS).find(([, f]) =>
          ([...f.required, ...f.optional] as string[]).includes(field),
        )?.[0];
        throw new InvalidRequestError(`${field}: only applies to mode=${owner} (mode is ${options.mode}).`, field);
      }
    }
  },
  run: (input) =>
    splitPdf({
      ...input,
      options: { ...input.options, threshold: input.options.threshold ?? Number(DEFAULT_BLANK_THRESHOLD) },
    }),
});
