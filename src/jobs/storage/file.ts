// Job files in a directory (STORAGE_URL=file:///path, default DATA_DIR/jobs):
// <root>/inputs and <root>/results, each file encrypted and streamed. Several
// hosts may share the directory (NFS, a cluster file system): names are
// unique per host and process, and every write creates a new file.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import { decryptStream, encryptStream } from '../../core/sealing.js';
import {
  AREAS,
  byteCounter,
  EncryptedStorage,
  READ_CHUNK,
  readFileStream,
  type Area,
  type Listed,
  type StoredFile,
} from './base.js';

/** Encrypted job storage in a directory. */
export class FileJobStorage extends EncryptedStorage {
  readonly location: string;

  constructor(
    readonly root: string,
    key: Buffer,
  ) {
    super(key);
    this.location = pathToFileURL(root).href;
    for (const area of AREAS) fs.mkdirSync(path.join(root, area), { recursive: true, mode: 0o700 });
  }

  pathOf(area: Area, name: string): string {
    return path.join(this.root, area, path.basename(name));
  }

  async write(area: Area, name: string, source: Readable): Promise<StoredFile> {
    this.inFlight.add(name);
    const target = this.pathOf(area, name);
    let size = 0;
    try {
      await pipeline(
        source,
        byteCounter((n) => (size += n)),
        encryptStream(this.key),
        fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }),
      );
    } catch (error) {
      this.inFlight.delete(name);
      await fsp.rm(target, { force: true });
      throw error;
    }
    const { size: stored } = await fsp.stat(target);
    return { name, size, stored };
  }

  async decryptTo(area: Area, name: string, target: string): Promise<void> {
    await pipeline(
      readFileStream(this.pathOf(area, name)),
      decryptStream(this.key),
      fs.createWriteStream(target, { mode: 0o600 }),
    );
  }

  async open(area: Area, name: string): Promise<Readable> {
    // The descriptor is open before this resolves: a sweep that deletes the file later cannot cut the download.
    const handle = await fsp.open(this.pathOf(area, name), 'r');
    const out = new PassThrough();
    pipeline(handle.createReadStream({ highWaterMark: READ_CHUNK }), decryptStream(this.key), out).catch((error) =>
      out.destroy(error),
    );
    return out;
  }

  protected async *list(area: Area): AsyncIterable<Listed> {
    const names = await fsp.readdir(path.join(this.root, area)).catch(() => [] as string[]);
    for (const name of names) {
      const stat = await fsp.stat(this.pathOf(area, name)).catch(() => undefined);
      if (stat?.isFile()) yield { name, modifiedMs: stat.mtimeMs };
    }
  }

  protected async delete(area: Area, name: string): Promise<void> {
    await fsp.rm(this.pathOf(area, name), { force: true });
  }
}
