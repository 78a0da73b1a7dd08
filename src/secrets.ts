// Keeping client secrets (passwords) out of logs (issue 8): a tool may echo
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

/** The values of form fields that carry secrets (every field named *password*). */
export function secretFieldValues(fields: Record<string, unknown>): string[] {
  return Object.entries(fields)
    .filter(([name]) => /password/i.test(name))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string' && value.length > 0);
}

/** A loggable copy of `error` (same class; message, stack, string fields and cause scrubbed of `secrets`); `error` itself when there are none. */
export function scrubbedError(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubSecrets(error, secrets) : error;
  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const [name, value] of Object.entries(error)) copy[name] = typeof value === 'string' ? scrubSecrets(value, secrets) : value;
  copy.message = scrubSecrets(error.message, secrets);
  if (error.stack !== undefined) copy.stack = scrubSecrets(error.stack, secrets);
  if (error.cause !== undefined) copy.cause = scrubbedError(error.cause, secrets);
  return copy;
}
