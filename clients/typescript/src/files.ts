// Turning a FileInput into a multipart part without loading it whole, and a
// response body into bytes, a stream, a file or ZIP entries.
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import type { FileInput, FileSource } from './types.js';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;

function baseName(p: string): string {
  return p.split(/[\\/]/).pop() || 'upload';
}

/** A Blob for one part: paths are opened lazily by Node (`fs.openAsBlob`), streams are buffered only when fetch cannot stream them. */
export async function toBlob(input: FileInput): Promise<{ blob: Blob; filename: string; path?: string }> {
  const { data, filename } =
    typeof input === 'object' && input !== null && 'data' in input
      ? input
      : { data: input as FileSource, filename: undefined };
  if (typeof data === 'string') {
    if (!isNode) throw new TypeError('A path can only be uploaded from Node; pass a Blob or bytes in a browser.');
    const fs = await import('node:fs');
    return { blob: await fs.openAsBlob(data), filename: filename ?? baseName(data), path: data };
  }
  if (data instanceof Blob) return { blob: data, filename: filename ?? ((data as File).name || 'upload') };
  if (data instanceof Uint8Array || data instanceof ArrayBuffer)
    return { blob: new Blob([data as BlobPart]), filename: filename ?? 'upload' };
  // A stream of unknown length: multipart needs each part's bytes; collect them (callers with large files should pass a path or a Blob).
  const chunks: Uint8Array[] = [];
  const iterable = isReadableStream(data) ? readableToIterable(data) : data;
  for await (const chunk of iterable) chunks.push(chunk);
  return { blob: new Blob(chunks as BlobPart[]), filename: filename ?? 'upload' };
}

function isReadableStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof (value as ReadableStream).getReader === 'function';
}

async function* readableToIterable(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** One entry of a ZIP answer, its content streamed as it is inflated. */
export interface ZipEntry {
  name: string;
  /** The entry's bytes (collected); call once. */
  bytes(): Promise<Uint8Array>;
}

/**
 * Iterates the entries of a ZIP body as they arrive (fflate's streaming unzip:
 * the whole archive is never held). Each entry must be read (bytes()) before
 * the next one is yielded.
 */
export async function* zipEntries(body: ReadableStream<Uint8Array>): AsyncGenerator<ZipEntry> {
  const queue: UnzipFile[] = [];
  const unzip = new Unzip((file) => queue.push(file));
  unzip.register(UnzipInflate);
  const reader = body.getReader();
  let finished = false;
  let reading: Promise<void> | undefined;
  // Feeds one chunk of the body to the unzipper (one read at a time).
  const pump = () =>
    (reading ??= (async () => {
      const { done, value } = await reader.read();
      if (done) {
        if (!finished) unzip.push(new Uint8Array(0), true);
        finished = true;
      } else {
        unzip.push(value);
      }
    })().finally(() => (reading = undefined)));
  try {
    for (;;) {
      while (queue.length === 0 && !finished) await pump();
      const file = queue.shift();
      if (!file) return;
      const chunks: Uint8Array[] = [];
      let complete = false;
      let failure: unknown;
      file.ondata = (error, data, final) => {
        if (error) failure = error;
        else chunks.push(data);
        if (error || final) complete = true;
      };
      file.start();
      yield {
        name: file.name,
        bytes: async () => {
          while (!complete && !finished) await pump();
          if (failure) throw failure;
          if (!complete) throw new Error(`The ZIP entry ${file.name} ends early.`);
          const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
          let at = 0;
          for (const c of chunks) {
            out.set(c, at);
            at += c.length;
          }
          return out;
        },
      };
    }
  } finally {
    reader.releaseLock();
  }
}

/** Writes a web stream to a file path (Node). */
export async function streamToFile(body: ReadableStream<Uint8Array>, file: string): Promise<void> {
  const [{ createWriteStream }, { Readable }, { pipeline }] = await Promise.all([
    import('node:fs'),
    import('node:stream'),
    import('node:stream/promises'),
  ]);
  await pipeline(
    Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>),
    createWriteStream(file),
  );
}
