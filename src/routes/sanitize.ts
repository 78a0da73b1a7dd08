import { z } from 'zod';
import { sanitizePdf } from '../operations/sanitize.js';
import { SANITIZE_CLASSES, type SanitizeClass } from '../tools/pikepdf-structure.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

const classList = z
  .string()
  .prefault('javascript,actions,embedded_files')
  .transform((text, ctx) => {
    const names = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    const unknown = names.filter((n) => !(SANITIZE_CLASSES as readonly string[]).includes(n));
    if (names.length === 0) ctx.addIssue({ code: 'custom', message: 'must name at least one class' });
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `unknown class ${unknown.join(', ')}; known: ${SANITIZE_CLASSES.join(', ')}`,
      });
    return names as SanitizeClass[];
  })
  .describe(`Comma list of what to remove: ${SANITIZE_CLASSES.join(', ')}.`);

export const sanitizeRoute = defineOperation({
  name: 'sanitize',
  summary: 'Remove active and hidden content',
  description:
    'Removes each named class wherever it sits (catalog, pages, annotations, form fields, outline items, action chains, names trees, ' +
    'object streams), then writes the file whole, so no earlier revision of an incremental update survives. Classes: `javascript` ' +
    '(JavaScript actions and the JavaScript names tree), `actions` (every other action but internal GoTo: launch, submit-form, import-data, ' +
    'URI, open and page actions…), `embedded_files` (the EmbeddedFiles tree, file-attachment annotations, /AF), `links` (link annotations), ' +
    '`annotations` (all others but form widgets), `forms` (the AcroForm and its widgets), `metadata` (the Info dictionary), `xmp` (every XMP ' +
    'packet), `thumbnails`, `hidden_layers` (optional-content groups off by default, with the content, XObjects and annotations only they show). ' +
    'Header `X-Sanitized: javascript=3,embedded_files=1` (objects removed per named class). Encrypted inputs are opened with `password`; ' +
    'the result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to sanitize.' }],
  options: z.strictObject({ remove: classList, password: passwordField }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: sanitizePdf,
});
