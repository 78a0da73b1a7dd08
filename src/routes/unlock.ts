import { z } from 'zod';
import { unlockPdf } from '../operations/unlock.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

export const unlockRoute = defineOperation({
  name: 'unlock',
  summary: 'Remove encryption',
  description:
    'Removes encryption and restrictions. `password` is needed when the file has a user (open) password; owner-only files unlock without one. ' +
    'An unencrypted input comes back unchanged.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The encrypted PDF.' }],
  options: z.strictObject({ password: passwordField }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: unlockPdf,
});
