import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { redactPdf } from '../operations/redact.js';
import { defineOperation } from './definition.js';
import { passwordField, repeatableField } from './fields.js';

const MAX_ITEMS = 100;
const MAX_PATTERN = 500;

const repeatable = (item: z.ZodType<string, string>, description: string) =>
  repeatableField(item, MAX_ITEMS, description);

/** Syntax check only: the pattern is compiled (linear time), never run, in the server. */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const area = z.strictObject({
  page: z.number().int().min(1),
  x: z.number().min(0),
  y: z.number().min(0),
  w: z.number().positive(),
  h: z.number().positive(),
});

const areasField = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array like [{"page":1,"x":72,"y":72,"w":200,"h":40}]' });
      return z.NEVER;
    }
  })
  .pipe(z.array(area).max(1000, 'must hold at most 1000 areas'))
  .describe(
    'JSON array of rectangles `[{"page":1,"x":…,"y":…,"w":…,"h":…}]` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied).',
  );

/** POST /v1/pdf/redact. */
export const redactRoute = defineOperation({
  name: 'redact',
  summary: 'Redact text, patterns and areas',
  description:
    'Removes content, not just covers it: MuPDF (1.21) redaction deletes the matched glyphs from the content streams (form XObjects included) and replaces ' +
    'the pixels of images under each redaction; then vector content there is removed (pikepdf): every subpath with a vertex or a curve in a ' +
    'redacted rectangle (an area, or the whole glyph box of a match, so its underline goes too), shadings painted there and inline images; ' +
    'only straight lines crossing with both ends outside (rules, frames, backgrounds) stay, and filled upright rectangles and stroked ' +
    'straight lines keep their parts outside. Form XObjects are rewritten as copies. ' +
    'A filled rectangle in `color` is drawn in their place. Matching is per text block of the page ' +
    '(lines joined by a space, so a phrase broken across lines matches). `terms` are literal and case-insensitive; `regex` patterns are ' +
    'ECMAScript 5 syntax (no lookbehind, named groups or flags; case-sensitive) evaluated in the tool process under the operation deadline. ' +
    'Document Info entries, the XMP packet and annotations whose text contains a match are deleted. The file is rewritten without earlier ' +
    'revisions and without encryption. Headers: `X-Redactions`, the number of matches plus areas; `X-Redactions-Vector`, the vector items ' +
    '(subpaths, shadings, inline images) removed. Text that MuPDF cannot map to Unicode cannot be matched.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to redact.' }],
  options: z.strictObject({
    terms: repeatable(
      z.string().min(1, 'must not be empty').max(MAX_PATTERN, `must be at most ${MAX_PATTERN} characters`),
      'Literal text to remove, case-insensitive; repeat the field for several.',
    ),
    regex: repeatable(
      z
        .string()
        .min(1, 'must not be empty')
        .max(MAX_PATTERN, `must be at most ${MAX_PATTERN} characters`)
        .refine(compiles, 'must be a valid regular expression'),
      'Regular expression (ECMAScript 5 syntax, case-sensitive) whose matches are removed; repeat the field for several.',
    ),
    areas: areasField.optional(),
    color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'must be #RRGGBB')
      .default('#000000')
      .describe('Fill colour of the boxes drawn in place of the removed content.'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    if (options.terms.length === 0 && options.regex.length === 0 && (options.areas ?? []).length === 0) {
      throw new InvalidRequestError('Send at least one of "terms", "regex" or "areas".', 'terms');
    }
  },
  run: (input) => redactPdf({ ...input, options: { ...input.options, areas: input.options.areas ?? [] } }),
});
