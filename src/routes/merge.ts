import { z } from 'zod';
import { mergePdfs } from '../operations/merge.js';
import { defineOperation } from './definition.js';
import { boolField, passwordField } from './fields.js';

export const mergeRoute = defineOperation({
  name: 'merge',
  summary: 'Merge PDFs',
  description:
    'Concatenates the uploaded PDFs in upload order. Encrypted inputs are opened with `password`; the result is not encrypted.',
  files: [
    {
      field: 'files',
      min: 2,
      max: 'MAX_FILES',
      kinds: ['pdf'],
      description: 'The PDFs to merge, in order (2..MAX_FILES).',
    },
  ],
  options: z.strictObject({
    bookmarks: boolField(false, 'Add one outline entry per input, titled by its file name.'),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: mergePdfs,
});
