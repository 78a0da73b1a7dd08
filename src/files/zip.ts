// ZIP output, streamed from files on disk (never assembled in memory).
// Already-compressed formats are stored; text is deflated.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ZipEntry } from '../operations/types.js';

const STORED = /\.(pdf|png|jpe?g|tiff?|jp2|jb2|zip|docx|odt|gif|webp)$/i;

export interface ZipStream {
  stream: Readable;
  /** Exact byte size when it can be known up front (all entries stored), else undefined. */
  size: number | undefined;
}

/** Starts a ZIP of `entries`; resolves once its final size is known (or known to be unknown). */
export async function zipEntries(entries: ZipEntry[]): Promise<ZipStream> {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const entry of entries) {
    const stat = await fs.promises.stat(entry.path);
    const compress = !STORED.test(entry.name);
    // addReadStreamLazy with a size lets yazl compute the final length for stored entries.
    zip.addReadStreamLazy(entry.name, { size: stat.size, compress, mtime, mode: 0o100644 }, (cb) => cb(null, fs.createReadStream(entry.path)));
  }
  // yazl passes the computed total to this callback (-1 when it cannot be known); its typings omit the argument.
  const end = zip.end.bind(zip) as (options: object, callback: (finalSize: number) => void) => void;
  const size = await new Promise<number>((resolve) => end({}, resolve));
  return { stream: zip.outputStream as unknown as Readable, size: size >= 0 ? size : undefined };
}

/** Writes a ZIP of `entries` to `target` (job results). */
export async function writeZipFile(entries: ZipEntry[], target: string): Promise<void> {
  const { stream } = await zipEntries(entries);
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(target, { mode: 0o600 });
    stream.on('error', reject);
    out.on('error', reject);
    out.on('finish', () => resolve());
    stream.pipe(out);
  });
}
