// Multipart uploads into the request's private work directory (@koa/multer,
// disk storage). Limits apply while the body streams: a declared length over
// the route's maximum is refused before one byte is read, a part that passes
// MAX_FILE_SIZE stops the upload there, and every file's type is sniffed
// from its bytes.
import fs from 'node:fs/promises';
import type { Context } from 'koa';
import multer from '@koa/multer';
import { dir } from 'tmp-promise';
import type { Config } from '../config.js';
import {
  ClientClosedError,
  FileTooLargeError,
  InvalidRequestError,
  TooManyFilesError,
  UnsupportedMediaTypeError,
} from '../errors.js';
import { MEDIA_TYPES, sniffFile, type FileKind } from '../files/sniff.js';
import type { InputFile } from '../operations/types.js';
import type { FilePart } from '../routes/definition.js';
import { cleanUploadName } from './filename.js';

/** Room for the non-file fields and multipart framing. */
const FIELDS_ALLOWANCE = 1024 * 1024;
const MAX_FIELDS = 64;
const MAX_FIELD_SIZE = 64 * 1024;

export function maxPartCount(part: FilePart, config: Config): number {
  return part.max === 'MAX_FILES' ? config.MAX_FILES : part.max;
}

/** The largest body a request to a route with `parts` may carry. */
export function maxBodySize(parts: FilePart[], config: Config): number {
  const files = parts.reduce((n, part) => n + maxPartCount(part, config), 0);
  return files * config.MAX_FILE_SIZE + FIELDS_ALLOWANCE;
}

/** Refuses a too-large declared body before reading it (with the connection closed after the answer). */
export function checkDeclaredLength(ctx: Context, parts: FilePart[], config: Config): void {
  const declared = Number(ctx.get('Content-Length') || 0);
  const limit = maxBodySize(parts, config);
  if (declared > limit) {
    closeAfterResponse(ctx);
    throw new FileTooLargeError(config.MAX_FILE_SIZE, `The request body (${declared} bytes, over the ${limit} bytes this operation accepts) or a file in it`);
  }
}

/** The client may still be sending: answer, then drop the connection instead of reading the rest. */
export function closeAfterResponse(ctx: Context): void {
  ctx.set('Connection', 'close');
  ctx.res.once('finish', () => ctx.req.socket.destroy());
}

/** A private work directory for one request; `release` removes it (idempotent). */
export interface Workdir {
  path: string;
  release: () => Promise<void>;
}

export async function createWorkdir(config: Config): Promise<Workdir> {
  await fs.mkdir(config.TMP_DIR, { recursive: true });
  const created = await dir({ tmpdir: config.TMP_DIR, prefix: 'pdf-req-', mode: 0o700 });
  let released: Promise<void> | undefined;
  return {
    path: created.path,
    release: () => (released ??= fs.rm(created.path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 })),
  };
}

export interface ReceivedUpload {
  files: Record<string, InputFile[]>;
  fields: Record<string, unknown>;
}

/** Reads the multipart body into `workdir`, enforcing counts, sizes and kinds. */
export async function receiveUpload(ctx: Context, parts: FilePart[], workdir: string, config: Config): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) {
    throw new InvalidRequestError('Send the request as multipart/form-data.');
  }
  let counter = 0;
  const totalFiles = parts.reduce((n, part) => n + maxPartCount(part, config), 0);
  const upload = multer({
    storage: multer.diskStorage({
      destination: workdir,
      // Never the client's name: it could be a path.
      filename: (_req, _file, cb) => cb(null, `upload-${++counter}`),
    }),
    limits: {
      fileSize: config.MAX_FILE_SIZE,
      files: totalFiles,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_SIZE,
      parts: totalFiles + MAX_FIELDS,
    },
  });
  // Node answers "Expect: 100-continue" only now (see server.ts), after auth and limits passed.
  if ((ctx.req as { expectsContinue?: boolean }).expectsContinue) ctx.res.writeContinue();
  try {
    await upload.fields(parts.map((part) => ({ name: part.field, maxCount: maxPartCount(part, config) })))(ctx, async () => {});
  } catch (error) {
    throw uploadError(ctx, error, parts, config);
  }
  const raw = (ctx.files ?? {}) as Record<string, multer.File[]>;
  const files: Record<string, InputFile[]> = {};
  for (const part of parts) {
    const received = raw[part.field] ?? [];
    if (received.length < part.min) {
      throw new InvalidRequestError(
        part.min === 1 ? `${part.field}: a file is required.` : `${part.field}: at least ${part.min} files are required (got ${received.length}).`,
        part.field,
      );
    }
    files[part.field] = await Promise.all(received.map((file, i) => checkedFile(file, part, i, received.length)));
  }
  return { files, fields: { ...((ctx.request as { body?: Record<string, unknown> }).body ?? {}) } };
}

async function checkedFile(file: multer.File, part: FilePart, index: number, count: number): Promise<InputFile> {
  const kind: FileKind = file.size === 0 ? 'unknown' : await sniffFile(file.path);
  const name = cleanUploadName(file.originalname);
  if (!part.kinds.includes(kind)) {
    const which = count > 1 ? `${part.field} #${index + 1}` : part.field;
    const what = file.size === 0 ? 'is empty' : kind === 'unknown' ? 'is of an unrecognized type' : `is ${MEDIA_TYPES[kind]}`;
    const accepted = [...new Set(part.kinds.map((k) => MEDIA_TYPES[k]))].join(', ');
    throw new UnsupportedMediaTypeError(`${which}${name ? ` ("${name}")` : ''} ${what}; accepted: ${accepted}.`);
  }
  return { path: file.path, name, size: file.size, kind };
}

function uploadError(ctx: Context, error: unknown, parts: FilePart[], config: Config): Error {
  const code = (error as { code?: string }).code;
  const field = (error as { field?: string }).field;
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      closeAfterResponse(ctx);
      return new FileTooLargeError(config.MAX_FILE_SIZE, field ? `A file in part "${field}"` : 'A file');
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_PART_COUNT':
      closeAfterResponse(ctx);
      return new TooManyFilesError(parts.reduce((n, part) => n + maxPartCount(part, config), 0));
    case 'LIMIT_UNEXPECTED_FILE': {
      const part = parts.find((p) => p.field === field);
      closeAfterResponse(ctx);
      if (part) return new TooManyFilesError(maxPartCount(part, config));
      const expected = parts.map((p) => `"${p.field}"`).join(' or ');
      return new InvalidRequestError(`Unexpected file field "${field}"; this operation takes ${expected}.`, field);
    }
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
    case 'LIMIT_FIELD_COUNT':
      return new InvalidRequestError(`Form field${field ? ` "${field}"` : 's'} over the limit (${MAX_FIELDS} fields of at most ${MAX_FIELD_SIZE} bytes).`, field);
  }
  if (ctx.req.destroyed || (ctx.res.destroyed && !ctx.res.writableFinished)) return new ClientClosedError();
  return new InvalidRequestError('The multipart body is malformed or incomplete.');
}
