import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { compressPdf } from '../operations/compress.js';
import { defineOperation } from './definition.js';
import { boolField, passwordField } from './fields.js';

/** POST /v1/pdf/compress. */
export const compressRoute = defineOperation({
  name: 'compress',
  summary: 'Compress a PDF',
  description:
    '`level=low`: lossless (duplicate objects shared, object streams, Flate recompressed). ' +
    '`level=medium` (default): images above 225 dpi downsampled to 150 dpi, JPEG quantisation of Ghostscript /ebook (≈ quality 62), fonts subset, then the lossless pass. ' +
    '`level=high`: images above 144 dpi downsampled to 96 dpi, JPEG ≈ quality 50, same passes. `grayscale=true` converts all colour to gray (medium/high). ' +
    'Text stays text; page objects, links, outlines, form fields and metadata are kept; an encrypted input comes back encrypted the same way. ' +
    'The result is never larger than the input: `X-Original-Size` and `X-Compressed-Size` are always set; `X-Compression-Applied: false` (and ' +
    '`X-Compression-Level: none`) means the input came back unchanged; otherwise `X-Compression-Level` names the level whose result was returned ' +
    '(`low` when a lossy level gained nothing but the lossless pass did).',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to compress.' }],
  options: z.strictObject({
    level: z.enum(['medium', 'low', 'high']).default('medium').describe('How hard to compress.'),
    grayscale: boolField(false, 'Convert colour to gray (not with level=low, which is lossless).'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    if (options.grayscale && options.level === 'low')
      throw new InvalidRequestError(
        'grayscale: needs level=medium or level=high (level=low is lossless).',
        'grayscale',
      );
  },
  run: compressPdf,
});
