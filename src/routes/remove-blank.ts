import { z } from 'zod';
import { removeBlankPages } from '../operations/remove-blank.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';
import { thresholdField } from './layout-fields.js';

export const removeBlankRoute = defineOperation({
  name: 'remove-blank',
  summary: 'Remove blank pages',
  description:
    'A page is blank when at most `threshold` of the pixels of its 72 dpi grey render are darker than light grey (level 200 of 255) and it has ' +
    'no text layer; scanner speckle stays under the default. The answer carries `X-Removed-Pages` (1-based page numbers of the input, comma-' +
    'separated, empty when none). A document whose every page is blank → 422 `invalid_document`. Output is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to clean.' }],
  options: z.strictObject({
    threshold: thresholdField,
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: removeBlankPages,
});
