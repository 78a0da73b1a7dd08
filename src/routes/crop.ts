import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { cropPdf } from '../operations/crop.js';
import { defineOperation } from './definition.js';
import { boolField, numberField, passwordField, rangesField } from './fields.js';
import { lengthsField } from './layout-fields.js';

export const cropRoute = defineOperation({
  name: 'crop',
  summary: 'Crop pages to a box or to their content',
  description:
    'Exactly one of `box` (`x,y,w,h` in pt from the visible page’s top-left, whatever its rotation and box offsets) or `auto=true` (the bounding box ' +
    'of what each page draws — text, images, vector paths — as Ghostscript renders it, plus `margin`, clipped to the page). Sets the CropBox and ' +
    'clips TrimBox/BleedBox/ArtBox to it; content outside stays in the file (use `redact` to remove it). A page that draws nothing is left as it is and named in `X-Uncropped-Pages`. ' +
    'A box reaching outside a page → 400. Output is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to crop.' }],
  options: z.strictObject({
    box: lengthsField(4, [2, 3], '36,36,523,770', 'x,y,w,h in pt from the visible page’s top-left.').optional(),
    auto: boolField(false, 'Crop each page to what it draws (instead of `box`).'),
    margin: numberField(0, 1000, 'auto=true: pt added around the drawn content').prefault('0'),
    pages: rangesField('Pages to crop, e.g. 1-3,5 (default: all)').optional(),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    if ((options.box !== undefined) === options.auto)
      throw new InvalidRequestError('Send exactly one of "box" or "auto=true".', 'box');
    if (!options.auto && options.margin !== 0)
      throw new InvalidRequestError('margin: only applies with auto=true.', 'margin');
  },
  run: (input) =>
    cropPdf({
      ...input,
      options: { ...input.options, box: input.options.box as [number, number, number, number] | undefined },
    }),
});
