// Idempotency-Key on job submissions (docs/api.md §6): the key is checked here,
// and the request it came with is reduced to one SHA-256 digest (operation,
// option values, each file's contents) that the store keeps beside the key: the
// same key with another digest is a different request (422).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'koa';
import type { InputFile } from '../core/contract.js';
import { InvalidRequestError } from '../core/errors.js';

/** Printable ASCII, as most APIs that take the header accept; long enough for a UUID or a hash. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, checked; undefined when there is none. */
export function idempotencyKey(ctx: Context): string | undefined {
  const key = ctx.get('Idempotency-Key');
  if (key === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new InvalidRequestError(
      'Idempotency-Key: must be 1 to 255 printable ASCII characters without spaces.',
      'Idempotency-Key',
    );
  return key;
}

/** SHA-256 of a file on disk (streamed: a file may be MAX_FILE_SIZE). */
async function fileDigest(file: InputFile): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file.path), hash);
  return hash.digest('hex');
}

/** One digest of what makes two submissions the same request: the operation, the option fields (sorted) and each file part's contents in order. */
export async function requestDigest(
  operation: string,
  fields: Record<string, unknown>,
  files: Record<string, InputFile[]>,
): Promise<string> {
  const options = Object.keys(fields)
    .filter((name) => name !== 'async' && name !== 'callback_url')
    .sort()
    .map((name) => [name, fields[name]]);
  const parts: Array<[string, string[]]> = [];
  for (const field of Object.keys(files).sort()) parts.push([field, await Promise.all(files[field].map(fileDigest))]);
  return crypto.createHash('sha256').update(JSON.stringify({ operation, options, parts })).digest('hex');
}
