import { z } from 'zod';
import { linearizePdf } from '../operations/linearize.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

export const linearizeRoute = defineOperation({
  name: 'linearize',
  summary: 'Optimize a PDF for fast web view',
  description:
    'Rewrites the file linearized (qpdf `--linearize`): the first page and its objects come first with hint tables, so a viewer ' +
    'shows page 1 before the whole file has arrived. `qpdf --check-linearization` passes on the result. Stream data is copied as it is. ' +
    'Encrypted inputs are opened with `password`; the result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to linearize.' }],
  options: z.strictObject({ password: passwordField }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: linearizePdf,
});
