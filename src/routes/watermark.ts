import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { watermarkPdf, WATERMARK_DEFAULTS } from '../operations/watermark.js';
import { FONT_FAMILIES } from '../pdf/font-chain.js';
import { POSITIONS } from '../pdf/stamp.js';
import { defineOperation } from './definition.js';
import { numberField, passwordField, rangesField } from './fields.js';

/** Options that belong to one kind of mark; sending them with the other is a mix-up. */
const TEXT_ONLY = ['font', 'font_size', 'color'] as const;
const IMAGE_ONLY = ['image_scale'] as const;

export const watermarkRoute = defineOperation({
  name: 'watermark',
  summary: 'Stamp text or an image on pages',
  description:
    'Exactly one of `text` or the file part `image` (PNG or JPEG; PNG transparency kept). The mark is placed on each selected page as the reader ' +
    'sees it (rotated pages, offset boxes and mixed sizes included), shrunk to fit inside a margin of 5% of the shorter page side. Text in any ' +
    'script Noto covers (Latin, Greek, Cyrillic, Arabic, Hebrew, Indic scripts, Thai, Chinese, Japanese, Korean, mixed runs) is shaped by HarfBuzz, ' +
    'laid out right-to-left where Unicode bidi says so, set in the bundled Noto fonts (only the glyphs used embedded) and stays extractable in ' +
    'logical order; a character no bundled font has is a 400 naming it. Content streams are not rewritten. Output is not encrypted.',
  files: [
    { field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to watermark.' },
    {
      field: 'image',
      min: 0,
      max: 1,
      kinds: ['png', 'jpeg'],
      description: 'Image mark (PNG or JPEG), instead of `text`.',
    },
  ],
  options: z.strictObject({
    text: z
      .string()
      .min(1, 'must not be empty')
      .max(500, 'must be at most 500 characters')
      .refine((t) => !/\p{Cc}/u.test(t), 'must be one line without control characters')
      .refine((t) => /\S/u.test(t), 'must contain a visible character')
      .describe('Text mark (instead of the `image` file part), in any script.')
      .optional(),
    font: z
      .enum(FONT_FAMILIES)
      .describe(
        'Typeface of the text: sans, serif or mono (default sans); other scripts fall back to the Noto face that has them.',
      )
      .optional(),
    font_size: numberField(
      1,
      1000,
      `Text size in points (default ${WATERMARK_DEFAULTS.font_size}); shrunk if the text would not fit the page`,
    ).optional(),
    color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'must be #RRGGBB')
      .describe(`Text colour #RRGGBB (default ${WATERMARK_DEFAULTS.color}).`)
      .optional(),
    opacity: numberField(0, 1, 'Opacity, 0 (invisible) to 1 (opaque)').prefault('0.3'),
    rotation: numberField(-360, 360, 'Counter-clockwise angle in degrees, as the reader sees the page').prefault('45'),
    position: z.enum(POSITIONS).default('center').describe('Where the mark goes; `tile` repeats it over the page.'),
    pages: rangesField('Pages to mark, e.g. 1-3,5 (default: all)').optional(),
    layer: z
      .enum(['over', 'under'])
      .default('over')
      .describe('Over the page content, or under it (hidden by opaque content).'),
    image_scale: numberField(
      0.01,
      1,
      `Image width as a fraction of the page width (default ${WATERMARK_DEFAULTS.image_scale})`,
    ).optional(),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options, files) => {
    const hasImage = (files.image?.length ?? 0) > 0;
    if (hasImage === (options.text !== undefined)) {
      throw new InvalidRequestError('Send exactly one of "text" or the file part "image".', 'text');
    }
    for (const field of hasImage ? TEXT_ONLY : IMAGE_ONLY) {
      if (options[field] !== undefined) {
        throw new InvalidRequestError(`${field}: only applies to ${hasImage ? 'text' : 'image'} watermarks.`, field);
      }
    }
  },
  run: watermarkPdf,
});
