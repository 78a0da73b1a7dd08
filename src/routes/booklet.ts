import { z } from 'zod';
import { bookletPdf } from '../operations/imposition.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';
import { paperField } from './layout-fields.js';

export const bookletRoute = defineOperation({
  name: 'booklet',
  summary: 'Impose pages for a folded booklet',
  description:
    'Two pages per side of a landscape `paper` sheet in saddle-stitch order, padded with blank pages to a multiple of 4: printed duplex (flip on ' +
    'the short edge) and folded, it reads 1, 2, 3, …. `binding=right` mirrors the order for right-to-left books. Pages are scaled to their half ' +
    'keeping their aspect ratio, upright, and kept vector. Output is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to impose.' }],
  options: z.strictObject({
    paper: paperField('Sheet size (used landscape).').default('a4'),
    binding: z.enum(['left', 'right']).default('left').describe('Which edge is bound.'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: bookletPdf,
});
