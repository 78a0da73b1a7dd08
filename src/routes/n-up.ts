import { z } from 'zod';
import { PER_SHEET, nUpPdf } from '../operations/imposition.js';
import { defineOperation } from './definition.js';
import { boolField, numberField, passwordField } from './fields.js';
import { paperField } from './layout-fields.js';

export const nUpRoute = defineOperation({
  name: 'n-up',
  summary: 'Put several pages on each sheet',
  description:
    'Sheet k holds pages (k−1)·n+1 … k·n, filled by `rows` (left to right, top to bottom) or `columns`. 2, 6 and 8 per sheet use landscape ' +
    'sheets, 4, 9 and 16 portrait. Each page is scaled to its cell keeping its aspect ratio, shown upright as a viewer shows it, and kept vector ' +
    '(placed as a form XObject of its own content); links move with it, and links and outline entries that pointed at a page point at its sheet. ' +
    'Output is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF whose pages to place.' }],
  options: z.strictObject({
    per_sheet: z.enum(PER_SHEET, { error: 'must be 2, 4, 6, 8, 9 or 16' }).describe('Pages per sheet.'),
    paper: paperField('Sheet size.').default('a4'),
    order: z.enum(['rows', 'columns']).default('rows').describe('How the cells fill.'),
    border: boolField(false, 'Draw a thin frame around each page.'),
    margin: numberField(0, 200, 'Sheet margin in pt').prefault('18'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: nUpPdf,
});
