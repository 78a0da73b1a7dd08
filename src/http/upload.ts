// Multipart uploads into the request's private work directory (busboy,
// streamed to disk). Limits apply while the body streams: a declared length over
// the route's maximum is refused before one byte is read, a part that passes
// MAX_FILE_SIZE stops the upload there, a body that stalls for
// UPLOAD_IDLE_TIMEOUT is answered 408 and its connection dropped, and every
// file's type is sniffed from its bytes.
import fs from 'node:fs';
import type { Context } from 'koa';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Config } from '../config.js';
import {
  ClientClosedError,
  FileTooLargeError,
  InvalidRequestError,
  ProcessingFailedError,
  TooManyFilesError,
  UnsupportedMediaTypeError,
  UploadIdleTimeoutError,
} from '../errors.js';
import { MEDIA_TYPES, SNIFF_BYTES, sniffBuffer, type FileKind } from '../files/sniff.js';
import type { InputFile } from '../operations/types.js';
import type { FilePart } from '../routes/definition.js';
import { removeTree } from '../tools/run.js';
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

/**
 * The answer goes out while the client may still be sending; what is left of
 * the body is read and dropped after it (resume(): Node only dumps a body
 * nobody started to read, and a failed upload was already piped into the
 * multipart parser). A small declared body is drained on a kept connection,
 * so a client still writing never meets a closed socket (EPIPE in
 * undici/fetch). A larger or unknown one gets "Connection: close" and is cut
 * off after LINGER_MS (closing at once would send a TCP reset that can destroy
 * the answer before the client reads it, the reason nginx lingers too).
 */
export function closeAfterResponse(ctx: Context, lingerMs = LINGER_MS): void {
  const declared = Number(ctx.get('Content-Length'));
  // A stalled client (lingerMs given) would hold a drained connection open: always close it.
  const drain = declared > 0 && declared <= DRAIN_LIMIT && lingerMs === LINGER_MS;
  if (!drain) ctx.set('Connection', 'close');
  ctx.res.once('finish', () => {
    ctx.req.resume();
    if (!drain) setTimeout(() => ctx.req.socket.destroy(), lingerMs).unref();
  });
}

const LINGER_MS = 10_000;
/** After a 408 the client is silent: little to linger for. */
const IDLE_LINGER_MS = 1000;
const DRAIN_LIMIT = 1024 * 1024;
const UPLOAD_BUFFER = 1024 * 1024;

/** Request work directories are "pdf-req-<pid>-…" (swept after a crash by jobs/storage.ts). */
export const REQUEST_WORKDIR_PREFIX = 'pdf-req-';

/** The end of a request's response, watched from the handler's first line. */
export interface ResponseWatch {
  /** Aborted when the connection closes before the response was finished (the client left). */
  signal: AbortSignal;
  /** Resolves once the response is over, finished or not ('close'). */
  closed: Promise<void>;
  isClosed: () => boolean;
}

/**
 * Watches `ctx.res` for its end. Call it before the handler's first await:
 * a 'close' that fires while, say, the work directory is being created would
 * otherwise go unseen, and that directory would never be removed (issue 8:
 * clients giving up after 15–30 ms left empty pdf-req-* directories behind).
 */
export function watchResponse(ctx: Context): ResponseWatch {
  const abort = new AbortController();
  let isClosed = false;
  const closed = new Promise<void>((resolve) => {
    const onClose = () => {
      isClosed = true;
      if (!ctx.res.writableFinished) abort.abort();
      resolve();
    };
    if (ctx.res.closed || ctx.req.socket.destroyed) onClose();
    else ctx.res.once('close', onClose);
  });
  return { signal: abort.signal, closed, isClosed: () => isClosed };
}

/**
 * A private work directory for one request; `release` removes it (idempotent).
 * Its name carries the server's pid so that a restart can remove the
 * directories of a process killed with SIGKILL (jobs/storage.ts sweepWorkdirs).
 */
export interface Workdir {
  path: string;
  release: () => Promise<void>;
}

export async function createWorkdir(config: Config): Promise<Workdir> {
  // One file-system call per request (issue 15): mkdtemp makes it 0700 with a unique name; TMP_DIR is
  // created only when missing (tmp-promise did realpath + stat + mkdir and kept a cleanup hook per call).
  const prefix = path.join(config.TMP_DIR, `${REQUEST_WORKDIR_PREFIX}${process.pid}-`);
  const created = await fs.promises.mkdtemp(prefix).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    await fs.promises.mkdir(config.TMP_DIR, { recursive: true });
    return fs.promises.mkdtemp(prefix);
  });
  let released: Promise<void> | undefined;
  return { path: created, release: () => (released ??= removeTree(created)) };
}

export interface ReceivedUpload {
  files: Record<string, InputFile[]>;
  fields: Record<string, unknown>;
}

interface RawFile {
  path: string;
  originalName: string;
  size: number;
  /** The first SNIFF_BYTES bytes (copied as they stream by): the type is sniffed from them, not re-read from disk. */
  head: Buffer[];
  headBytes: number;
}

/**
 * Streams the multipart body into `workdir` (busboy), enforcing counts, sizes
 * and kinds. On the first limit crossed it stops reading and rejects at once:
 * the client gets its 413 while it is still sending, and nothing past the
 * limit reaches the disk.
 */
export async function receiveUpload(ctx: Context, parts: FilePart[], workdir: string, config: Config): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) {
    throw new InvalidRequestError('Send the request as multipart/form-data.');
  }
  // Node answers "Expect: 100-continue" only now (see server.ts), after auth and limits passed.
  if ((ctx.req as { expectsContinue?: boolean }).expectsContinue) ctx.res.writeContinue();
  const { raw, fields } = await parseMultipart(ctx, parts, workdir, config);
  const files: Record<string, InputFile[]> = {};
  for (const part of parts) {
    const received = raw[part.field] ?? [];
    if (received.length < part.min) {
      throw new InvalidRequestError(
        part.min === 1 ? `${part.field}: a file is required.` : `${part.field}: at least ${part.min} files are required (got ${received.length}).`,
        part.field,
      );
    }
    files[part.field] = received.map((file, i) => checkedFile(file, part, i, received.length));
  }
  return { files, fields };
}

function parseMultipart(ctx: Context, parts: FilePart[], workdir: string, config: Config): Promise<{ raw: Record<string, RawFile[]>; fields: Record<string, unknown> }> {
  const req = ctx.req;
  const totalFiles = parts.reduce((n, part) => n + maxPartCount(part, config), 0);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        fileHwm: UPLOAD_BUFFER,
        highWaterMark: UPLOAD_BUFFER,
        limits: { fileSize: config.MAX_FILE_SIZE, files: totalFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_SIZE, parts: totalFiles + MAX_FIELDS },
      });
    } catch {
      return reject(new InvalidRequestError('The multipart Content-Type has no boundary.'));
    }
    const raw: Record<string, RawFile[]> = {};
    const fields: Record<string, unknown> = {};
    const writes: Promise<void>[] = [];
    let counter = 0;
    let failed = false;
    let idle: NodeJS.Timeout | undefined;

    /** `after`: what becomes of the unread rest of the body (nothing left, read and dropped, or the connection cut). */
    const fail = (error: Error, after: 'nothing' | 'drain' | 'drop' = 'drain') => {
      if (failed) return;
      failed = true;
      clearTimeout(idle);
      req.off('data', touch);
      req.unpipe(parser);
      parser.removeAllListeners('close');
      if (after === 'drain') closeAfterResponse(ctx);
      if (after === 'drop') closeAfterResponse(ctx, IDLE_LINGER_MS);
      reject(error);
    };
    // UPLOAD_IDLE_TIMEOUT: a body that stops arriving would hold a socket and a work directory (issue 8).
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => fail(new UploadIdleTimeoutError(config.UPLOAD_IDLE_TIMEOUT), 'drop'), config.UPLOAD_IDLE_TIMEOUT);
    };
    const clientGone = () => req.destroyed && !req.complete;

    parser.on('file', (name, stream, info) => {
      const part = parts.find((p) => p.field === name);
      if (failed) return void stream.resume();
      if (!part) {
        stream.resume();
        const expected = parts.map((p) => `"${p.field}"`).join(' or ');
        return fail(new InvalidRequestError(`Unexpected file field "${name}"; this operation takes ${expected}.`, name));
      }
      const list = (raw[name] ??= []);
      if (list.length >= maxPartCount(part, config)) {
        stream.resume();
        return fail(new TooManyFilesError(maxPartCount(part, config)));
      }
      const file: RawFile = { path: path.join(workdir, `upload-${++counter}`), originalName: info.filename ?? '', size: 0, head: [], headBytes: 0 };
      list.push(file);
      // 1 MiB buffers (busboy's and the file's): with the 16 KiB defaults each socket read waited
      // for its own disk write (3 MiB upload: 12–17 ms, now 8–10 ms).
      const out = fs.createWriteStream(file.path, { mode: 0o600, highWaterMark: UPLOAD_BUFFER });
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        if (file.headBytes < SNIFF_BYTES) {
          // A copy: busboy's chunk may be a view of a 1 MiB buffer that must not stay alive.
          const kept = Buffer.from(chunk.subarray(0, SNIFF_BYTES - file.headBytes));
          file.head.push(kept);
          file.headBytes += kept.length;
        }
      });
      stream.on('limit', () => {
        out.destroy();
        fail(new FileTooLargeError(config.MAX_FILE_SIZE, `A file in part "${name}"`));
      });
      writes.push(
        pipeline(stream, out).catch((error: Error) => {
          if (!failed) fail(new ProcessingFailedError('The upload could not be stored.', error));
        }),
      );
    });
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.nameTruncated || info.valueTruncated) {
        return fail(new InvalidRequestError(`Form field "${name}" is over the limit of ${MAX_FIELD_SIZE} bytes.`, name), 'nothing');
      }
      const previous = fields[name];
      fields[name] = previous === undefined ? value : ([] as unknown[]).concat(previous, value);
    });
    parser.on('filesLimit', () => fail(new TooManyFilesError(totalFiles)));
    parser.on('partsLimit', () => fail(new TooManyFilesError(totalFiles)));
    parser.on('fieldsLimit', () => fail(new InvalidRequestError(`At most ${MAX_FIELDS} form fields are accepted.`)));
    // A parse error is the body's fault (a bad part header, a missing final boundary): 400, never
    // "client closed" (which answered 204 and stayed charged: issue 8), unless the client really left.
    parser.on('error', () =>
      fail(clientGone() ? new ClientClosedError() : new InvalidRequestError('The multipart body is malformed or incomplete.'), req.complete || clientGone() ? 'nothing' : 'drain'),
    );
    parser.on('close', () => {
      clearTimeout(idle);
      void Promise.all(writes).then(() => {
        if (!failed) resolve({ raw, fields });
      });
    });
    req.on('close', () => {
      if (!req.complete) fail(new ClientClosedError(), 'nothing');
    });
    req.on('data', touch);
    req.on('end', () => clearTimeout(idle));
    // The client may have left before this listener existed: its 'close' has already fired.
    if (clientGone()) return fail(new ClientClosedError(), 'nothing');
    touch();
    req.pipe(parser);
  });
}

function checkedFile(file: RawFile, part: FilePart, index: number, count: number): InputFile {
  const head = Buffer.concat(file.head, file.headBytes);
  const kind: FileKind = file.size === 0 ? 'unknown' : sniffBuffer(head);
  const name = cleanUploadName(file.originalName);
  if (!part.kinds.includes(kind)) {
    const which = count > 1 ? `${part.field} #${index + 1}` : part.field;
    const what = file.size === 0 ? 'is empty' : kind === 'unknown' ? 'is of an unrecognized type' : `is ${MEDIA_TYPES[kind]}`;
    const accepted = [...new Set(part.kinds.map((k) => MEDIA_TYPES[k]))].join(', ');
    throw new UnsupportedMediaTypeError(`${which}${name ? ` ("${name}")` : ''} ${what}; accepted: ${accepted}.`);
  }
  // A small file is whole in `head`: readers (the page count) use it instead of the disk.
  return { path: file.path, name, size: file.size, kind, ...(file.size === head.length ? { bytes: head } : {}) };
}
