import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { IMAGE_KINDS } from '../files/sniff.js';
import { imagesOperation, resolveMode } from '../operations/images.js';
import { defineOperation } from './definition.js';
import { intField, numberField, passwordField } from './fields.js';

/** Options that belong to one mode; sending them with the other is a mix-up. */
const MODE_FIELDS = { extract: ['format', 'min_size', 'password'], 'to-pdf': ['page_size', 'margin'] } as const;

export const imagesRoute = defineOperation({
  name: 'images',
  summary: 'Extract images from a PDF, or make a PDF from images',
  description:
    '`mode=extract` (PDF in `file`): a ZIP of the images the PDF draws, at native resolution, in page order, each image object once ' +
    '(entries `<stem>-<n>.<ext>`, header `X-Image-Count`; soft masks are not output). `format=original` keeps JPEG, JPEG 2000, JBIG2 (`.jb2e`, ' +
    'globals `.jb2g`) and CCITT (`.ccitt` + `.params`) streams as they are, CMYK as TIFF, others as PNG; `format=png` makes every image PNG. ' +
    '`min_size` keeps images whose width and height are both at least that many pixels. `mode=to-pdf` (images in `files`): one page per image ' +
    'in upload order, JPEG embedded without re-encoding, PNG/GIF transparency kept, EXIF rotation applied; `page_size=fit` makes each page the ' +
    'image size (at its DPI) plus `margin`, `a4`/`letter` fit the image inside the margins, page turned to the image orientation. ' +
    'The mode is inferred from the upload when absent. Output: `<stem>-images.zip` or `<stem>.pdf` (stem of the first image).',
  files: [
    { field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'mode=extract: the PDF.' },
    {
      field: 'files',
      min: 0,
      max: 'MAX_FILES',
      kinds: IMAGE_KINDS,
      description: 'mode=to-pdf: the images (PNG, JPEG, TIFF, GIF, BMP, WebP, JPEG 2000), in page order.',
    },
  ],
  options: z.strictObject({
    mode: z
      .enum(['extract', 'to-pdf'])
      .describe('extract (PDF in) or to-pdf (images in); inferred from the upload when absent.')
      .optional(),
    format: z
      .enum(['original', 'png'])
      .describe('extract: keep encoded formats (default `original`) or convert all to PNG.')
      .optional(),
    min_size: intField(
      0,
      1_000_000,
      'extract: skip images narrower or lower than this many pixels (default 0)',
    ).optional(),
    page_size: z
      .enum(['fit', 'a4', 'letter'])
      .describe('to-pdf: page size (default `fit`: the image size).')
      .optional(),
    margin: numberField(0, 1000, 'to-pdf: margin around each image in points (default 0)').optional(),
    password: passwordField,
  }),
  produces: ['application/zip', 'application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options, files) => {
    const mode = resolveMode(options.mode, files);
    const other = mode === 'extract' ? 'to-pdf' : 'extract';
    for (const field of MODE_FIELDS[other]) {
      if (options[field] !== undefined)
        throw new InvalidRequestError(`${field}: only applies to mode=${other} (mode is ${mode}).`, field);
    }
  },
  run: imagesOperation,
});
