// Form-field schemas: every option arrives as a string (API.md §1) and is
// parsed here, so routes state their options in one readable object.
import { z } from 'zod';
import { PAGE_RANGES_PATTERN } from '../operations/page-ranges.js';

/** "true" | "false" → boolean, with a default. */
export const boolField = (def: boolean, description: string) =>
  z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .prefault(def ? 'true' : 'false')
    .describe(description);

/** A whole number in [min, max] given as a string. */
export const intField = (min: number, max: number, description: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .describe(`${description} (${min}..${max})`);

/** A decimal number in [min, max] given as a string. */
export const numberField = (min: number, max: number, description: string) =>
  z
    .string()
    .regex(/^-?(\d+(\.\d*)?|\.\d+)$/, `must be a number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .describe(`${description} (${min}..${max})`);

/** Page ranges like "1-3,5,8-" (bounds checked once the page count is known). */
export const rangesField = (description: string) =>
  z.string().regex(new RegExp(PAGE_RANGES_PATTERN), 'must be page ranges like 1-3,5,8-').describe(description);

/** Passwords are taken literally (a leading "-" or "@" included); only a line break cannot be passed on to qpdf (one argument per argfile line). */
export const NO_LINE_BREAKS = /^[^\r\n]*$/;

/** A password (user or owner) of an encrypted input. Never logged. */
export const passwordField = z
  .string()
  .min(1, 'must not be empty')
  .max(1024)
  .regex(NO_LINE_BREAKS, 'must not contain line breaks')
  .describe('Password of the encrypted input (user or owner password), taken literally.')
  .optional();

/** Schemas of the fields that may be sent several times (the rest are 400 when repeated). */
const repeatableFields = new WeakSet<z.ZodType>();

/** A form field that may be sent several times: one string or the repeated values, as a list of at most `max`. */
export function repeatableField(item: z.ZodType<string, string>, max: number, description: string) {
  const schema = z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max, `must be sent at most ${max} times`))
    .prefault([])
    .describe(description);
  repeatableFields.add(schema);
  return schema;
}

export function isRepeatable(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && repeatableFields.has(schema as z.ZodType);
}
