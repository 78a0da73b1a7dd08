import { z } from 'zod';
import { addPageNumbers, formatProblem, NUMBER_POSITIONS } from '../operations/page-numbers.js';
import { FONT_FAMILIES } from '../pdf/font-chain.js';
import { defineOperation } from './definition.js';
import { intField, numberField, passwordField, rangesField } from './fields.js';

export const pageNumbersRoute = defineOperation({
  name: 'page-numbers',
  summary: 'Stamp page numbers',
  description:
    'Writes `format` on each selected page, with `{n}` the page number (page 1 is `start`), `{total}` the document’s page count and `{n:W}` ' +
    'the number zero-padded to W digits (Bates numbers: `ACME-{n:6}`). Numbering follows page position even when `pages` selects only some pages. ' +
    'The text is real, extractable text in any script (shaped by HarfBuzz, right-to-left runs by Unicode bidi) in the bundled Noto fonts, placed `margin` points inside the visible page (the trim box, ' +
    'else crop box, as the reader sees it whatever /Rotate), shrunk if it would not fit. Content streams are not rewritten. Output is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to number.' }],
  options: z.strictObject({
    format: z
      .string()
      .min(1, 'must not be empty')
      .max(200, 'must be at most 200 characters')
      .refine((t) => !/\p{Cc}/u.test(t), 'must be one line without control characters')
      .superRefine((t, ctx) => {
        const problem = formatProblem(t);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .default('{n}')
      .describe('The label: {n}, {total}, {n:W} placeholders, e.g. "Page {n} of {total}" or "ACME-{n:6}".'),
    start: intField(0, 999_999_999, 'Number of page 1').prefault('1'),
    pages: rangesField('Pages that get a number, e.g. 2- (default: all)').optional(),
    position: z.enum(NUMBER_POSITIONS).default('bottom-center').describe('Where on the page the number goes.'),
    margin: numberField(0, 500, 'Distance from the page edges in points').prefault('36'),
    font: z
      .enum(FONT_FAMILIES)
      .default('sans')
      .describe('Typeface: sans, serif or mono; other scripts fall back to the Noto face that has them.'),
    font_size: numberField(1, 200, 'Text size in points').prefault('12'),
    color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'must be #RRGGBB')
      .default('#000000')
      .describe('Text colour #RRGGBB.'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: addPageNumbers,
});
