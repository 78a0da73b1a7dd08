import { z } from 'zod';
import { ROTATE_ANGLES, rotatePdf } from '../operations/rotate.js';
import { defineOperation } from './definition.js';
import { passwordField, rangesField } from './fields.js';

export const rotateRoute = defineOperation({
  name: 'rotate',
  summary: 'Rotate pages',
  description:
    'Adds `angle` (clockwise) to the current /Rotate of each selected page; pages not selected and all page content are left as they are. ' +
    'Encrypted inputs are opened with `password`; the result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF whose pages to rotate.' }],
  options: z.strictObject({
    angle: z
      .enum(ROTATE_ANGLES, { error: 'must be 90, 180, 270 or -90' })
      .describe('Clockwise angle added to each selected page’s rotation.'),
    pages: rangesField('Pages to rotate, e.g. 1-3,5 (default: all)').optional(),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: rotatePdf,
});
