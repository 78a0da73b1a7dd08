import { z } from 'zod';
import { FLATTEN_WHAT, flattenPdf } from '../operations/flatten.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

export const flattenRoute = defineOperation({
  name: 'flatten',
  summary: 'Flatten form fields and annotations',
  description:
    '`forms`: appearances are generated for fields that lack one (NeedAppearances), then every field is drawn into the page content and the ' +
    'form (AcroForm) is removed; other annotations stay. `annotations`: every non-form annotation with an appearance is drawn in and removed; ' +
    'form fields stay interactive. `all`: both. What a viewer shows on screen is what gets drawn (hidden annotations are dropped, not drawn); ' +
    'links without an appearance keep working. Encrypted inputs are opened with `password`; the result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to flatten.' }],
  options: z.strictObject({
    what: z.enum(FLATTEN_WHAT).default('all').describe('What to flatten.'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: flattenPdf,
});
