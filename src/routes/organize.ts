import { z } from 'zod';
import { ORDER_PATTERN, organizePdf } from '../operations/organize.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

export const organizeRoute = defineOperation({
  name: 'organize',
  summary: 'Reorder, repeat, drop and insert pages',
  description:
    '`order` lists the output’s pages: `N`, `N-M` (backwards when M < N), `N-` (to the last page) and `blank` (an empty page of the size and ' +
    'rotation of the page before it, or of page 1), comma-separated; pages may repeat, pages not named are dropped. Outlines, links and named ' +
    'destinations that pointed at dropped pages are removed; those to kept pages stay. Encrypted inputs are opened with `password`; the result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to reorganize.' }],
  options: z.strictObject({
    order: z
      .string()
      .max(20_000, 'must be at most 20000 characters')
      .regex(
        new RegExp(ORDER_PATTERN),
        'must be comma-separated pages, ranges (N-M, M < N runs backwards, N-) or blank, e.g. 3,1-2,blank,9-5',
      )
      .describe('The output pages in order, e.g. 3,1-2,blank,9-5,10-'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: organizePdf,
});
