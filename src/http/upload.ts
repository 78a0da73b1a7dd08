// Multipart uploads into the request's private work directory (busboy,
// streamed to disk). Limits apply while the body streams: a declared length over
// the route's maximum is refused before one byte is read, a part that passes
// MAX_FILE_SIZE stops the upload there, a body that stalls for
// UPLOAD_IDLE_TIMEOUT is answered 408 and its connection dropped, and every
// file's type is sniffed from its bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Context } from 'koa';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { boundaryOf, PartHeaderScanner } from './part-headers.js';
import type { Config } from '../config.js';
import {
  ClientClosedError,
  FileTooLargeError,
  InvalidRequestError,
  ProcessingFailedError,
  TooManyFilesError,
  UnsupportedMediaTypeError,
  UploadIdleTimeoutError,
} from '../core/errors.js';
import { MEDIA_TYPES, SNIFF_BYTES, sniffBuffer } from '../files/sniff.js';
import type { FileKind, ByteSource, InputFile, FilePart } from '../core/contract.js';
import { removeTree, writeSmallFiles } from '../tools/run.js';
import type { SmallFile } from '../tools/spawner.js';
import { cleanUploadName, REQUEST_WORKDIR_PREFIX } from '../core/names.js';
import { ChunkedBytes, HeldBody } from './held-body.js';
import { fetchRemoteFile } from './remote-files.js';

/** Fields of the whole request whose names end in "_url" but never name a remote part. */
const URL_OPTIONS = new Set(['callback_url', 'result_url']);

/**
 * The remote parts a request names, by part: `<part>_url` for a declared part (`file_url`,
 * `files_url`, repeatable for a multi-file part), and for a route that takes parts under other
 * names, any other `<name>_url`. The fields are taken out of `fields` (they are not options).
 */
function remoteFields(
  fields: Record<string, unknown>,
  parts: FilePart[],
  otherParts: FilePart | undefined,
  config: Config,
): Map<string, string[]> {
  const remote = new Map<string, string[]>();
  for (const [name, value] of Object.entries(fields)) {
    if (!name.endsWith('_url') || URL_OPTIONS.has(name)) continue;
    const field = name.slice(0, -'_url'.length);
    const part = parts.find((p) => p.field === field);
    if (!part && !otherParts) continue;
    const urls = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    const max = maxPartCount(part ?? otherParts!, config);
    if (urls.length > 1 && max === 1) throw new InvalidRequestError(`${name}: given more than once.`, name);
    remote.set(field, urls);
    delete fields[name];
  }
  return remote;
}

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
    throw new FileTooLargeError(
      config.MAX_FILE_SIZE,
      `The request body (${declared} bytes, over the ${limit} bytes this operation accepts) or a file in it`,
    );
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

/**
 * A body declared at most this large is held in memory, and its files are written with the work
 * directory by one spawn-helper request once it is in (a thread-pool round trip per
 * mkdtemp, open, write and close before). Larger ones stream to disk as they arrive.
 */
const IN_MEMORY_BODY = 256 * 1024;

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
 * otherwise go unseen, and that directory would never be removed (
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
  /** Creates the directory (a large body is about to be streamed into it); once. */
  ensure: () => Promise<void>;
  /** Instead of ensure: creates the directory with `files` in it, one spawn-helper request (a small body). */
  store: (files: readonly SmallFile[]) => Promise<void>;
  release: () => Promise<void>;
}

/**
 * Names the request's work directory. It is made before a large body is
 * streamed into it (ensure), or with the files of a small one (store: one
 * spawn-helper request for the directory and all of them). A random name and
 * a creation that fails on an existing one (mode 0700) make it as private as
 * mkdtemp's.
 */
export function createWorkdir(config: Config): Workdir {
  const dir = path.join(
    config.TMP_DIR,
    `${REQUEST_WORKDIR_PREFIX}${process.pid}-${crypto.randomBytes(9).toString('base64url')}`,
  );
  let created: Promise<void> | undefined;
  let released: Promise<void> | undefined;
  // TMP_DIR is created only when missing.
  const inTmpDir = async (make: () => Promise<void>) => {
    if (released) throw new ClientClosedError();
    try {
      await make();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await fs.promises.mkdir(config.TMP_DIR, { recursive: true });
      await make();
    }
  };
  return {
    path: dir,
    ensure: () => (created ??= inTmpDir(() => fs.promises.mkdir(dir, { mode: 0o700 }))),
    store: (files) => (created ??= inTmpDir(() => writeSmallFiles(dir, true, files))),
    // After a creation in progress, so that nothing is made once it is removed.
    release: () =>
      (released ??= (async () => {
        await created?.catch(() => undefined);
        await removeTree(dir);
      })()),
  };
}

export interface ReceivedUpload {
  files: Record<string, InputFile[]>;
  fields: Record<string, unknown>;
}

interface RawFile {
  path: string;
  originalName: string;
  size: number;
  /**
   * The first SNIFF_BYTES bytes (copied as they stream by): the type is sniffed from them, not
   * re-read from disk. The whole file when the body is held in memory (IN_MEMORY_BODY).
   */
  head: Buffer[];
  headBytes: number;
  /** The file's chunks as they arrived, while all of them are kept (held-body.ts). */
  held?: ChunkedBytes;
  /** The whole file, when the body is in memory or was kept there. */
  bytes?: ByteSource;
}

/**
 * Streams the multipart body into `workdir` (busboy), enforcing counts, sizes
 * and kinds. On the first limit crossed it stops reading and rejects at once:
 * the client gets its 413 while it is still sending, and nothing past the
 * limit reaches the disk.
 */
export async function receiveUpload(
  ctx: Context,
  parts: FilePart[],
  workdir: Workdir,
  config: Config,
  otherParts?: FilePart,
  signal?: AbortSignal,
): Promise<ReceivedUpload> {
  if (!ctx.is('multipart/form-data')) {
    throw new InvalidRequestError('Send the request as multipart/form-data.');
  }
  // Node answers "Expect: 100-continue" only now (see server.ts), after auth and limits passed.
  if ((ctx.req as { expectsContinue?: boolean }).expectsContinue) ctx.res.writeContinue();
  // A small body is held in memory and its files written by one spawn-helper request once it is in
  // (Workdir.store); a larger or undeclared one is streamed to disk part by part, as it arrives.
  const declared = Number(ctx.get('Content-Length'));
  const inMemory = declared > 0 && declared <= IN_MEMORY_BODY;
  // A mid-sized streamed body is also kept in memory as it passes, for the page count (held-body.ts).
  const hold = inMemory ? undefined : HeldBody.reserve(declared);
  if (hold) {
    if (ctx.res.closed) hold.release();
    else ctx.res.once('close', () => hold.release());
  }
  if (!inMemory) await workdir.ensure();
  const { raw, fields } = await parseMultipart(ctx, parts, workdir, config, inMemory, hold, otherParts);
  // Remote parts (`file_url`, `<part>_url`) are downloaded once the body is in: they count like uploads.
  const remote = remoteFields(fields, parts, otherParts, config);
  for (const [field, urls] of remote) {
    const part = parts.find((p) => p.field === field) ?? { ...otherParts!, field };
    const have = (raw[field] ?? []).length;
    if (have + urls.length > maxPartCount(part, config)) throw new TooManyFilesError(maxPartCount(part, config));
  }
  const files: Record<string, InputFile[]> = {};
  const check = (part: FilePart, received: RawFile[]) => {
    if (received.length < part.min) {
      throw new InvalidRequestError(
        part.min === 1
          ? `${part.field}: a file is required.`
          : `${part.field}: at least ${part.min} files are required (got ${received.length}).`,
        part.field,
      );
    }
  };
  for (const part of parts) if (remote.size === 0 || !remote.has(part.field)) check(part, raw[part.field] ?? []);
  for (const part of parts) {
    const received = raw[part.field] ?? [];
    files[part.field] = received.map((file, i) => checkedFile(file, part, i, received.length));
  }
  if (otherParts) {
    for (const [field, received] of Object.entries(raw)) {
      if (files[field]) continue;
      const part = { ...otherParts, field };
      files[field] = received.map((file, i) => checkedFile(file, part, i, received.length));
    }
  }
  if (inMemory) {
    const held = Object.values(raw).flatMap((list) =>
      list.map((f) => ({ name: path.basename(f.path), bytes: f.bytes as Buffer })),
    );
    await workdir.store(held).catch((error: Error) => {
      throw error instanceof ClientClosedError
        ? error
        : new ProcessingFailedError('The upload could not be stored.', error);
    });
  }
  if (remote.size > 0) {
    await workdir.ensure();
    let counter = 0;
    for (const [field, urls] of remote) {
      const part = parts.find((p) => p.field === field) ?? { ...otherParts!, field };
      const fetched: RawFile[] = [];
      for (const url of urls) {
        const target = path.join(workdir.path, `remote-${++counter}`);
        const file = await fetchRemoteFile(
          url,
          `${field}_url`,
          target,
          config,
          signal ?? new AbortController().signal,
        ).catch((error: unknown) => {
          throw signal?.aborted ? new ClientClosedError() : error;
        });
        fetched.push({
          path: file.path,
          originalName: file.originalName,
          size: file.size,
          head: [file.head],
          headBytes: file.head.length,
        });
      }
      const all = [...(raw[field] ?? []), ...fetched];
      check(part, all);
      files[field] = [
        ...(files[field] ?? []),
        ...fetched.map((file, i) => checkedFile(file, part, (raw[field] ?? []).length + i, all.length)),
      ];
    }
  }
  return { files, fields };
}

function parseMultipart(
  ctx: Context,
  parts: FilePart[],
  workdir: Workdir,
  config: Config,
  inMemory: boolean,
  hold: HeldBody | undefined,
  otherParts?: FilePart,
): Promise<{ raw: Record<string, RawFile[]>; fields: Record<string, unknown> }> {
  const req = ctx.req;
  // Parts under other names share one count (the template's maximum) between them.
  const otherMax = otherParts ? maxPartCount(otherParts, config) : 0;
  const totalFiles = parts.reduce((n, part) => n + maxPartCount(part, config), 0) + otherMax;
  let otherCount = 0;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        fileHwm: UPLOAD_BUFFER,
        highWaterMark: UPLOAD_BUFFER,
        limits: {
          fileSize: config.MAX_FILE_SIZE,
          files: totalFiles,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_SIZE,
          parts: totalFiles + MAX_FIELDS,
        },
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
    // UPLOAD_IDLE_TIMEOUT: a body that stops arriving would hold a socket and a work directory.
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(
        () => fail(new UploadIdleTimeoutError(config.UPLOAD_IDLE_TIMEOUT), 'drop'),
        config.UPLOAD_IDLE_TIMEOUT,
      );
    };
    const clientGone = () => req.destroyed && !req.complete;

    parser.on('file', (name, stream, info) => {
      const part =
        parts.find((p) => p.field === name) ??
        (otherParts && !(name in fields) ? { ...otherParts, field: name } : undefined);
      if (failed) return void stream.resume();
      if (part && otherParts && !parts.includes(part) && ++otherCount > otherMax) {
        stream.resume();
        return fail(new TooManyFilesError(otherMax));
      }
      if (!part) {
        stream.resume();
        const expected = parts.map((p) => `"${p.field}"`).join(' or ');
        return fail(
          new InvalidRequestError(`Unexpected file field "${name}"; this operation takes ${expected}.`, name),
        );
      }
      const list = (raw[name] ??= []);
      if (list.length >= maxPartCount(part, config)) {
        stream.resume();
        return fail(new TooManyFilesError(maxPartCount(part, config)));
      }
      const file: RawFile = {
        path: path.join(workdir.path, `upload-${++counter}`),
        originalName: info.filename ?? '',
        size: 0,
        head: [],
        headBytes: 0,
        held: hold && new ChunkedBytes(),
      };
      list.push(file);
      const storeFailed = (error: Error) => {
        if (!failed) fail(new ProcessingFailedError('The upload could not be stored.', error));
      };
      // 1 MiB buffers (busboy's and the file's): with the 16 KiB defaults each socket read waited
      // for its own disk write (3 MiB upload: 12–17 ms, now 8–10 ms).
      const out = inMemory ? undefined : fs.createWriteStream(file.path, { mode: 0o600, highWaterMark: UPLOAD_BUFFER });
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        // Copies: busboy's chunk may be a view of a 1 MiB buffer that must not stay alive
        // (a held chunk is kept as it is unless it is such a view: HeldBody.keep).
        if (inMemory) {
          file.head.push(Buffer.from(chunk));
          return;
        }
        // Fails only past the declared length, which Node enforces; the file is then read from disk.
        if (file.held && !hold!.keep(file.held, chunk)) file.held = undefined;
        if (file.headBytes < SNIFF_BYTES) {
          const kept = Buffer.from(chunk.subarray(0, SNIFF_BYTES - file.headBytes));
          file.head.push(kept);
          file.headBytes += kept.length;
        }
      });
      stream.on('limit', () => {
        out?.destroy();
        fail(new FileTooLargeError(config.MAX_FILE_SIZE, `A file in part "${name}"`));
      });
      stream.once('end', () => {
        if (inMemory) file.bytes = Buffer.concat(file.head, file.size);
        else file.bytes = file.held;
      });
      writes.push((out ? pipeline(stream, out) : finished(stream)).catch(storeFailed));
    });
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.nameTruncated || info.valueTruncated) {
        return fail(
          new InvalidRequestError(`Form field "${name}" is over the limit of ${MAX_FIELD_SIZE} bytes.`, name),
          'nothing',
        );
      }
      const previous = fields[name];
      fields[name] = previous === undefined ? value : ([] as unknown[]).concat(previous, value);
    });
    parser.on('filesLimit', () => fail(new TooManyFilesError(totalFiles)));
    parser.on('partsLimit', () => fail(new TooManyFilesError(totalFiles)));
    parser.on('fieldsLimit', () => fail(new InvalidRequestError(`At most ${MAX_FIELDS} form fields are accepted.`)));
    // A parse error is the body's fault (a bad part header, a missing final boundary): 400, never
    // "client closed" (which answered 204 and stayed charged), unless the client really left.
    parser.on('error', () =>
      fail(
        clientGone()
          ? new ClientClosedError()
          : new InvalidRequestError('The multipart body is malformed or incomplete.'),
        req.complete || clientGone() ? 'nothing' : 'drain',
      ),
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
    // busboy drops a part that is not a named form-data part without a word: every part must count.
    const boundary = boundaryOf(ctx.get('Content-Type'));
    if (boundary) {
      const scanner = new PartHeaderScanner(boundary);
      const scan = (chunk: Buffer) => {
        const problem = scanner.push(chunk);
        if (problem) {
          req.off('data', scan);
          fail(new InvalidRequestError(problem));
        }
      };
      req.on('data', scan);
    }
    req.on('end', () => clearTimeout(idle));
    // The client may have left before this listener existed: its 'close' has already fired.
    if (clientGone()) return fail(new ClientClosedError(), 'nothing');
    touch();
    req.pipe(parser);
  });
}

function checkedFile(file: RawFile, part: FilePart, index: number, count: number): InputFile {
  // The copy made as the file streamed by; a body held in memory whole has no separate one.
  const head =
    file.headBytes > 0 || !file.bytes
      ? Buffer.concat(file.head, file.headBytes)
      : file.bytes.subarray(0, Math.min(file.size, SNIFF_BYTES));
  const kind: FileKind = file.size === 0 ? 'unknown' : sniffBuffer(head);
  const name = cleanUploadName(file.originalName);
  if (!part.kinds.includes(kind)) {
    const which = count > 1 ? `${part.field} #${index + 1}` : part.field;
    const what =
      file.size === 0 ? 'is empty' : kind === 'unknown' ? 'is of an unrecognized type' : `is ${MEDIA_TYPES[kind]}`;
    const accepted = [...new Set(part.kinds.map((k) => MEDIA_TYPES[k]))].join(', ');
    throw new UnsupportedMediaTypeError(`${which}${name ? ` ("${name}")` : ''} ${what}; accepted: ${accepted}.`);
  }
  // A file whole in memory: readers (the page count) use it instead of the disk.
  const bytes = file.bytes ?? (file.size === head.length ? head : undefined);
  return { path: file.path, name, size: file.size, kind, ...(bytes ? { bytes } : {}) };
}
