import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { pdfForms } from '../operations/forms.js';
import { defineOperation } from './definition.js';
import { boolField, passwordField } from './fields.js';

const MAX_VALUES = 5000;
const MAX_VALUE_LENGTH = 10_000;

const fieldValue = z.union([
  z.string().max(MAX_VALUE_LENGTH, `must be at most ${MAX_VALUE_LENGTH} characters`),
  z.boolean(),
  z.array(z.string().max(MAX_VALUE_LENGTH)).max(1000),
]);

const valuesField = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object like {"name":"Ada","agree":true}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(z.string(), fieldValue, {
        error: 'must be a JSON object mapping full field names to strings, true/false or arrays of strings',
      })
      .refine((v) => Object.keys(v).length <= MAX_VALUES, `must name at most ${MAX_VALUES} fields`),
  )
  .describe(
    'JSON object: full field name ("parent.child") → value. Text fields take a string, checkboxes true or false, radio groups and choice fields ' +
      'one of their options (a multi-select list: an array of them). Without it the answer is the fields as JSON.',
  );

/** POST /v1/pdf/forms. */
export const formsRoute = defineOperation({
  name: 'forms',
  summary: 'Read or fill form fields',
  description:
    'Without `values`: JSON `{"fields":[{"name","type","value","options","page","rect","required","read_only","max_length"}]}`, one entry per ' +
    'terminal AcroForm field (`rect` [x,y,w,h] in pt from the top-left of the visible page, of its first widget; checkbox values true/false). ' +
    'With `values`: the PDF with those fields set and their appearance streams drawn (single- and multi-line text, comb fields, list and combo ' +
    'boxes, checkbox and radio on-states; text outside WinAnsi in the Noto face of its script, shaped and embedded as a subset), so every ' +
    'viewer shows the values; NeedAppearances and any XFA packet are removed. `flatten=true` then draws the fields into the page. ' +
    'An unknown field, a value of the wrong type, an option a field does not offer, a read-only field or a value past MaxLen → 400 naming ' +
    'the field; an XFA-only form → 422 unsupported_document. Encrypted inputs are opened with `password`; a filled result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF whose form to read or fill.' }],
  options: z.strictObject({
    values: valuesField.optional(),
    flatten: boolField(false, 'After filling, draw the fields into the page content (no longer interactive).'),
    password: passwordField,
  }),
  produces: ['application/json', 'application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options) => {
    if (options.flatten && options.values === undefined)
      throw new InvalidRequestError('"flatten" applies to a fill: send "values" with it.', 'flatten');
  },
  run: pdfForms,
});
