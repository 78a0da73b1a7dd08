import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { protectPdf } from '../operations/protect.js';
import { defineOperation } from './definition.js';
import { NO_LINE_BREAKS, boolField, passwordField } from './fields.js';

const newPassword = (description: string) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(127, 'must be at most 127 characters')
    .regex(NO_LINE_BREAKS, 'must not contain line breaks')
    .describe(description)
    .optional();

export const protectRoute = defineOperation({
  name: 'protect',
  summary: 'Encrypt a PDF',
  description:
    'Encrypts with AES-256 (default) or AES-128. Give `user_password` (needed to open) and/or `owner_password` (needed to change permissions); ' +
    'without an owner password a random one is set. Passwords are taken literally (one starting with `-` or `@`, or `--`, is a password like any other). ' +
    'Permissions default to allowed. ' +
    '`allow_accessibility=false` cannot be enforced with AES encryption (PDF 2.0 readers always permit accessibility extraction): ' +
    'the response then carries `X-Ignored-Options: allow_accessibility`.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to encrypt.' }],
  options: z.strictObject({
    user_password: newPassword('Password needed to open the document.'),
    owner_password: newPassword('Password needed to lift the restrictions.'),
    encryption: z.enum(['aes-256', 'aes-128']).default('aes-256').describe('Cipher.'),
    allow_print: boolField(true, 'Allow printing.'),
    allow_copy: boolField(true, 'Allow copying text and images.'),
    allow_modify: boolField(true, 'Allow other modifications.'),
    allow_annotate: boolField(true, 'Allow adding annotations.'),
    allow_fill_forms: boolField(true, 'Allow filling in forms.'),
    allow_assemble: boolField(true, 'Allow inserting, rotating and deleting pages.'),
    allow_accessibility: boolField(
      true,
      'Allow text extraction for accessibility (always allowed by AES-encrypted files; see description).',
    ),
    password: passwordField,
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    if (options.user_password === undefined && options.owner_password === undefined) {
      throw new InvalidRequestError('Give user_password, owner_password or both.', 'user_password');
    }
  },
  run: protectPdf,
});
