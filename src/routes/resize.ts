import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { resizePdf } from '../operations/resize.js';
import { defineOperation } from './definition.js';
import { passwordField, rangesField } from './fields.js';
import { lengthsField, paperField } from './layout-fields.js';

export const resizeRoute = defineOperation({
  name: 'resize',
  summary: 'Resize pages to a paper size',
  description:
    '`paper` (default a4) or `size`=`w,h` in pt. Each selected page gets exactly that size, turned to its own orientation (a landscape page stays ' +
    'landscape); its content is scaled and centred: `contain` fits it whole, `cover` fills the page (the overflow is cut by the page edge), `stretch` ' +
    'scales width and height apart. Content stays vector; links and annotations move with their content. Output is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to resize.' }],
  options: z.strictObject({
    paper: paperField('Target paper (default a4).').optional(),
    size: lengthsField(2, [0, 1], '595,842', 'w,h in pt (instead of `paper`).').optional(),
    fit: z.enum(['contain', 'cover', 'stretch']).default('contain').describe('How content meets the new size.'),
    pages: rangesField('Pages to resize, e.g. 1-3,5 (default: all)').optional(),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    if (options.paper !== undefined && options.size !== undefined)
      throw new InvalidRequestError('Send one of "paper" or "size", not both.', 'size');
  },
  run: (input) =>
    resizePdf({ ...input, options: { ...input.options, size: input.options.size as [number, number] | undefined } }),
});
