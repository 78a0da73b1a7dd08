// Small JSON request bodies (the admin API, token minting): at most 64 KiB,
// an object, validated by the caller's zod schema; every problem is a 400
// invalid_request naming the field.
import type { Context } from 'koa';
import type { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';

const LIMIT = 64 * 1024;

async function readText(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > LIMIT) throw new InvalidRequestError(`The JSON body may be at most ${LIMIT} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON object (an empty body is `{}`), parsed by `schema`. */
export async function jsonBody<S extends z.ZodType>(ctx: Context, schema: S): Promise<z.infer<S>> {
  const text = await readText(ctx);
  let value: unknown = {};
  if (text.trim() !== '') {
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(ctx.get('Content-Type')))
      throw new InvalidRequestError('Send the body as JSON (Content-Type: application/json).');
    try {
      value = JSON.parse(text);
    } catch {
      throw new InvalidRequestError('The body is not valid JSON.');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.map(String).join('.');
    throw new InvalidRequestError(field ? `${field}: ${issue.message}` : issue.message, field || undefined);
  }
  return parsed.data;
}
