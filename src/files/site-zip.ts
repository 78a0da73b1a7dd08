// Unpacks an uploaded web page (a ZIP holding index.html and its assets) with
// yauzl. Inflation happens in this process, so it is bounded: the entries'
// declared sizes must fit the limit before anything is written, and yauzl
// stops any entry whose data inflates past its declared size. Names that
// climb out of the archive (`..`, absolute paths, drive letters) are refused
// outright rather than cleaned, so a client learns its archive is unusual.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { FileTooLargeError, InvalidDocumentError, InvalidRequestError, ResourceLimitError } from '../errors.js';

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
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new InvalidDocumentError('The upload is not a readable ZIP archive.'));
      else resolve(zip);
    });
  });
}

function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => {
      // yauzl checks every name itself before handing the entry over.
      const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(error.message);
      if (unsafe) reject(new InvalidRequestError(`file: the ZIP entry "${unsafe[2].slice(0, 200)}" climbs out of the archive or is an absolute path.`, 'file'));
      else reject(new InvalidDocumentError('The ZIP archive is damaged.'));
    });
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new InvalidDocumentError(`The ZIP entry "${entry.fileName}" cannot be read.`));
      else resolve(stream);
    });
  });
}

/**
 * Unpacks `file` into `dir` (created). Refuses (400) unsafe names, (413) more
 * uncompressed bytes than `limits.maxBytes`, (422 resource_limit) more
 * entries than `limits.maxEntries`, (422) a missing index.html at the top.
 */
export async function unpackSite(file: string, dir: string, limits: SiteLimits): Promise<void> {
  const zip = await openZip(file);
  try {
    const entries = await readEntries(zip);
    if (entries.length > limits.maxEntries) {
      throw new ResourceLimitError(`The archive has ${entries.length} entries; at most ${limits.maxEntries} are unpacked (MAX_OUTPUT_FILES).`, 'MAX_OUTPUT_FILES');
    }
    let total = 0;
    for (const entry of entries) {
      const why = unsafeEntryName(entry.fileName);
      if (why) throw new InvalidRequestError(`file: the ZIP entry "${entry.fileName.slice(0, 200)}" ${why}.`, 'file');
      total += entry.uncompressedSize;
    }
    if (total > limits.maxBytes) throw new FileTooLargeError(limits.maxBytes, 'The unpacked archive');
    if (!entries.some((entry) => entry.fileName === 'index.html')) {
      throw new InvalidDocumentError('The ZIP archive has no index.html at its top level.');
    }
    await fs.promises.mkdir(dir, { recursive: true });
    for (const entry of entries) {
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
        throw new InvalidDocumentError(`The ZIP entry "${entry.fileName.slice(0, 200)}" is damaged or larger than it claims.`);
      }
    }
  } finally {
    zip.close();
  }
}
