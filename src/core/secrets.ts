// Keeping client secrets (passwords) out of logs: a tool may echo
// an argument it did not understand, so tool stderr and any error logged for a
// request are scrubbed of the request's secret values first.

const MASK = '[redacted]';

/** `text` with every occurrence of each non-empty secret replaced by "[redacted]" (longest first). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(MASK);
  }
  return out;
}

/** The values of form fields that carry secrets (every field named *password*, also inside a pipeline's JSON `steps`). */
export function secretFieldValues(fields: Record<string, unknown>): string[] {
  const own = Object.entries(fields)
    .filter(([name]) => /password/i.test(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string' && value.length > 0);
  return typeof fields.steps === 'string' ? [...own, ...stepSecrets(fields.steps)] : own;
}

/** Password values in a pipeline's steps (a form field, at most 64 KiB of JSON); none if it does not parse. */
function stepSecrets(text: string): string[] {
  let steps: unknown;
  try {
    steps = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step) => {
    const options = (step as { options?: unknown } | null)?.options;
    if (typeof options !== 'object' || options === null) return [];
    return Object.entries(options)
      .filter(([name, value]) => /password/i.test(name) && typeof value === 'string' && value.length > 0)
      .map(([, value]) => value as string);
  });
}

/** A loggable copy of `error` (same class; message, stack, string fields and cause scrubbed of `secrets`); `error` itself when there are none. */
export function scrubbedError(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubSecrets(error, secrets) : error;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const [name, value] of Object.entries(error))
    copy[name] = typeof value === 'string' ? scrubSecrets(value, secrets) : value;
  copy.message = scrubSecrets(error.message, secrets);
  if (error.stack !== undefined) copy.stack = scrubSecrets(error.stack, secrets);
  if (error.cause !== undefined) copy.cause = scrubbedError(error.cause, secrets);
  return copy;
}

/** Keys masked one level down in any logged object ("*.authorization" in pino's redact syntax). */
const NESTED_SECRET_KEYS = ['authorization', 'password', 'user_password', 'owner_password'];

/**
 * A log object with secrets masked: a secret key inside any top-level object,
 * and `req.headers.authorization` (a top-level `key` is the logger's
 * serializer's, which also sees child bindings). Defence in depth (nothing
 * should log them). It copies only what it masks: pino's `redact` with
 * wildcard paths cloned every logged value of every line, about 17 KB and a
 * tenth of the log's CPU per request.
 */
export function maskLogSecrets(obj: Record<string, unknown>): Record<string, unknown> {
  let out = obj;
  const replace = (key: string, value: unknown) => {
    if (out === obj) out = { ...obj };
    out[key] = value;
  };
  for (const key in obj) {
    const value = obj[key];
    if (value === null || typeof value !== 'object') continue;
    let masked = maskKeys(value as Record<string, unknown>, NESTED_SECRET_KEYS);
    if (key === 'req') {
      const headers = (masked as { headers?: unknown }).headers;
      if (headers !== null && typeof headers === 'object') {
        const maskedHeaders = maskKeys(headers as Record<string, unknown>, ['authorization']);
        if (maskedHeaders !== headers) masked = { ...copyOf(masked), headers: maskedHeaders };
      }
    }
    if (masked !== value) replace(key, masked);
  }
  return out;
}

/** `value` with each of `keys` it has set to the mask; `value` itself when it has none. */
function maskKeys(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  let out = value;
  for (const key of keys) {
    if (!Object.hasOwn(value, key)) continue;
    if (out === value) out = copyOf(value);
    out[key] = MASK;
  }
  return out;
}

/** A plain copy, keeping an Error's (non-enumerable) message and stack. */
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  return value instanceof Error
    ? { ...value, type: value.name, message: value.message, stack: value.stack }
    : { ...value };
}
