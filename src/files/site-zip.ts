// Unpacks an uploaded web page (a ZIP holding index.html and its assets) with
// yauzl. Inflation happens in this process, so it is bounded: the entry count
// declared by the end-of-central-directory record must fit MAX_OUTPUT_FILES
// before any entry is read, the entries' declared sizes must fit the limit
// before anything is written (the walk stops where they pass it), and yauzl
// stops any entry whose data inflates past its declared size. Names that
// climb out of the archive (`..`, absolute paths, drive letters) are refused
// outright rather than cleaned, so a client learns its archive is unusual.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { checkDeadline, type Deadline } from '../core/deadline.js';
import { FileTooLargeError, InvalidDocumentError, InvalidRequestError, ResourceLimitError } from '../core/errors.js';

export interface SiteLimits {
  /** Sum of the entries' uncompressed sizes at most (bytes). */
  maxBytes: number;
  /** Entries at most. */
  maxEntries: number;
}

/** Why a name is refused, or undefined when it stays inside the archive. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').some((part) => part === '..')) return 'climbs out of the archive (..)';
  if (name.includes('\0')) return 'contains a NUL byte';
  return undefined;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) reject(new InvalidDocumentError('The upload is not a readable ZIP archive.'));
        else resolve(zip);
      },
    );
  });
}

/** Reads the central directory one entry at a time (nothing is kept): resolves undefined at its end. */
function entryReader(zip: yauzl.ZipFile): () => Promise<yauzl.Entry | undefined> {
  let waiting: { resolve: (entry: yauzl.Entry | undefined) => void; reject: (error: Error) => void } | undefined;
  let failed: Error | undefined;
  let ended = false;
  const settle = () => {
    const w = waiting;
    waiting = undefined;
    return w;
  };
  zip.on('entry', (entry: yauzl.Entry) => settle()?.resolve(entry));
  zip.on('end', () => {
    ended = true;
    settle()?.resolve(undefined);
  });
  zip.on('error', (error: Error) => {
    // yauzl checks every name itself before handing the entry over.
    const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
    failed = unsafe
      ? new InvalidRequestError(
          `file: the ZIP entry "${unsafe[2].slice(0, 200)}" climbs out of the archive or is an absolute path.`,
          'file',
        )
      : new InvalidDocumentError('The ZIP archive is damaged.');
    settle()?.reject(failed);
  });
  return () => {
    if (failed) return Promise.reject(failed);
    if (ended) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      zip.readEntry();
    });
  };
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new InvalidDocumentError(`The ZIP entry "${entry.fileName}" cannot be read.`));
      else resolve(stream);
    });
  });
}

/** Refuses (422 resource_limit) an archive whose end-of-central-directory record (ZIP64's when present) lists more entries than allowed. */
function checkDeclaredCount(zip: yauzl.ZipFile, limits: SiteLimits): void {
  if (zip.entryCount > limits.maxEntries) {
    throw new ResourceLimitError(
      `The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are unpacked (MAX_OUTPUT_FILES).`,
      'MAX_OUTPUT_FILES',
    );
  }
}

/**
 * First pass over the central directory: every name safe, the declared sizes
 * within `limits.maxBytes` (checked entry by entry, so a walk stops where the
 * sum passes it), an index.html at the top. Nothing is kept but the sum.
 */
async function checkEntries(file: string, limits: SiteLimits, deadline?: Deadline): Promise<void> {
  const zip = await openZip(file);
  try {
    checkDeclaredCount(zip, limits);
    const next = entryReader(zip);
    let total = 0;
    let hasIndex = false;
    for (let entry = await next(), seen = 1; entry; entry = await next(), seen++) {
      if (deadline && seen % DEADLINE_EVERY === 0) checkDeadline(deadline);
      const why = unsafeEntryName(entry.fileName);
      if (why) throw new InvalidRequestError(`file: the ZIP entry "${entry.fileName.slice(0, 200)}" ${why}.`, 'file');
      total += entry.uncompressedSize;
      if (total > limits.maxBytes) throw new FileTooLargeError(limits.maxBytes, 'The unpacked archive');
      if (entry.fileName === 'index.html') hasIndex = true;
    }
    if (!hasIndex) throw new InvalidDocumentError('The ZIP archive has no index.html at its top level.');
  } finally {
    zip.close();
  }
}

/** Entries walked between two looks at the operation's deadline (each entry is an asynchronous read: the loop is never blocked). */
const DEADLINE_EVERY = 256;

/**
 * Unpacks `file` into `dir` (created). The entry count comes from the
 * end-of-central-directory record before any entry is read, so a directory
 * of millions of entries costs nothing (it cost 51–90 s and 1.2 GB when every
 * entry was collected first). Refuses (400) unsafe names, (413) more
 * uncompressed bytes than `limits.maxBytes`, (422 resource_limit) more
 * entries than `limits.maxEntries`, (422) a missing index.html at the top,
 * (504) past `deadline`. Entries are checked in a first pass and written in
 * a second, each as it is read: no list of entries is held.
 */
export async function unpackSite(file: string, dir: string, limits: SiteLimits, deadline?: Deadline): Promise<void> {
  await checkEntries(file, limits, deadline);
  const zip = await openZip(file);
  try {
    checkDeclaredCount(zip, limits);
    await fs.promises.mkdir(dir, { recursive: true });
    const next = entryReader(zip);
    for (let entry = await next(); entry; entry = await next()) {
      if (deadline) checkDeadline(deadline);
      const target = path.join(dir, entry.fileName);
      if (entry.fileName.endsWith('/')) {
        await fs.promises.mkdir(target, { recursive: true });
        continue;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(await openEntry(zip, entry), fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        if (error instanceof InvalidDocumentError) throw error;
        throw new InvalidDocumentError(
          `The ZIP entry "${entry.fileName.slice(0, 200)}" is damaged or larger than it claims.`,
        );
      }
    }
  } finally {
    zip.close();
  }
}
