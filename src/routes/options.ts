// Turns the form fields of a request into an operation's typed options, with
// 400 invalid_request details that name the field. Values are never echoed
// (some are passwords).
import type { z } from 'zod';
import type { Config } from '../config.js';
import { InvalidRequestError } from '../core/errors.js';
import type { InputFile } from '../core/contract.js';
import type { OperationRoute } from './definition.js';
import { isRepeatable } from './fields.js';

/** Fields every operation accepts (API.md §6), consumed before the operation's schema. */
export const COMMON_FIELDS = ['async', 'callback_url', 'result_url'] as const;

function shapeKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

export function parseOptions(
  route: OperationRoute,
  fields: Record<string, unknown>,
  files: Record<string, InputFile[]>,
  config: Config,
): Record<string, unknown> {
  const own = { ...fields };
  for (const name of COMMON_FIELDS) delete own[name];
  const fileFields = new Set(route.files.map((f) => f.field));
  const shape = (route.options as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  for (const key of Object.keys(own)) {
    if (fileFields.has(key)) throw new InvalidRequestError(`${key}: must be a file part, not a text field.`, key);
    if (Array.isArray(own[key]) && !isRepeatable(shape[key]))
      throw new InvalidRequestError(`${key}: given more than once.`, key);
  }
  const parsed = route.options.safeParse(own);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue.code === 'unrecognized_keys' && issue.path.length > 0) {
      // A key inside a JSON option (e.g. one bookmark): name the option and where in it.
      const where = issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('')
        .slice(1);
      throw new InvalidRequestError(`${where}: unknown key "${issue.keys[0]}".`, String(issue.path[0]));
    }
    if (issue.code === 'unrecognized_keys') {
      const accepted = [...shapeKeys(route.options), ...route.files.map((f) => f.field), ...COMMON_FIELDS].join(', ');
      const key = issue.keys[0];
      throw new InvalidRequestError(`Unknown field "${key}"; ${route.name} accepts: ${accepted}.`, key);
    }
    const field = issue.path.join('.');
    let message = issue.message;
    if (issue.code === 'invalid_value' && 'values' in issue) message = `must be one of ${issue.values.join(', ')}`;
    throw new InvalidRequestError(`${field}: ${message}.`, field);
  }
  route.check?.(parsed.data, files, config);
  return parsed.data;
}
