import { z } from 'zod';
import { overlayPdf } from '../operations/overlay.js';
import { defineOperation } from './definition.js';
import { boolField, passwordField, rangesField } from './fields.js';

export const overlayRoute = defineOperation({
  name: 'overlay',
  summary: 'Lay the pages of another PDF over or under the pages',
  description:
    'The `overlay` PDF’s pages are drawn over (`layer=over`) or under the document’s pages (letterheads, stamps, backgrounds), each scaled to ' +
    'fit the target page’s visible box and upright. `repeat=true`: overlay page i goes on page i, cycling; `false`: overlay page 1 on every ' +
    'page. The overlay keeps its own resources (no clash with the page’s font or image names) and stays vector. Output is not encrypted.',
  files: [
    { field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to draw on.' },
    { field: 'overlay', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF whose pages are drawn (not encrypted).' },
  ],
  options: z.strictObject({
    layer: z.enum(['over', 'under']).default('over').describe('Over the page content, or under it.'),
    pages: rangesField('Pages that get the overlay, e.g. 1-3,5 (default: all)').optional(),
    repeat: boolField(true, 'Cycle the overlay’s pages (true) or use its page 1 everywhere (false).'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: overlayPdf,
});
