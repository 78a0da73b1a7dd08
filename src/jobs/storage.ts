// Job files on disk: DATA_DIR/jobs/inputs and DATA_DIR/jobs/results, every
// file encrypted (crypto.ts) and streamed, never held whole in memory. File
// names start with the writing process's pid, so a sweep can tell a file that
// another live process is still writing from one a dead process left behind.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REQUEST_WORKDIR_PREFIX } from '../http/upload.js';
import { decryptStream, encryptStream } from './crypto.js';

/** Unreferenced files of a process that still runs are kept this long (it may be mid-submission). */
const FOREIGN_GRACE_MS = 60 * 60 * 1000;

/** The two directories under DATA_DIR/jobs. */
export type Area = 'inputs' | 'results';

/** Read size for job files: large reads let the cipher work on whole chunks without copying. */
export const READ_CHUNK = 1024 * 1024;

/** A plaintext file as a stream with the read size the cipher likes. */
export function readFileStream(file: string): Readable {
  return fs.createReadStream(file, { highWaterMark: READ_CHUNK });
}

/** True if a process with this pid exists (on this host). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface StoredFile {
  /** File name inside its area (what the jobs table records). */
  name: string;
  /** Plaintext bytes. */
  size: number;
  /** Bytes on disk. */
  stored: number;
}

/** Encrypted job storage under DATA_DIR/jobs. */
export class JobStorage {
  readonly root: string;
  /** Names this process is writing and has not yet recorded in the database. */
  private readonly inFlight = new Set<string>();

  constructor(
    dataDir: string,
    private readonly key: Buffer,
  ) {
    this.root = path.join(dataDir, 'jobs');
    for (const area of ['inputs', 'results'] as const) fs.mkdirSync(path.join(this.root, area), { recursive: true, mode: 0o700 });
  }

  pathOf(area: Area, name: string): string {
    return path.join(this.root, area, path.basename(name));
  }

  /** A fresh file name for `jobId` (pid first, see the header comment). */
  newName(jobId: string, label: string): string {
    return `${process.pid}-${jobId}-${label}-${crypto.randomBytes(3).toString('hex')}.enc`;
  }

  /** Encrypts `source` into a new file; the name stays "in flight" until `settle(name)`. */
  async write(area: Area, name: string, source: Readable): Promise<StoredFile> {
    this.inFlight.add(name);
    const target = this.pathOf(area, name);
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, count, encryptStream(this.key), fs.createWriteStream(target, { mode: 0o600, flags: 'wx' }));
    } catch (error) {
      this.inFlight.delete(name);
      await fsp.rm(target, { force: true });
      throw error;
    }
    const { size: stored } = await fsp.stat(target);
    return { name, size, stored };
  }

  /** The database now knows the file (or it was deleted): the sweep may judge it. */
  settle(name: string): void {
    this.inFlight.delete(name);
  }

  /** Decrypts a stored file into `target` (a job's work directory). */
  async decryptTo(area: Area, name: string, target: string): Promise<void> {
    await pipeline(readFileStream(this.pathOf(area, name)), decryptStream(this.key), fs.createWriteStream(target, { mode: 0o600 }));
  }

  /** A plaintext stream of a stored file (downloads); fails if the file was altered. */
  async open(area: Area, name: string): Promise<Readable> {
    // The descriptor is open before this resolves: a sweep that deletes the file later cannot cut the download.
    const handle = await fsp.open(this.pathOf(area, name), 'r');
    const out = new PassThrough();
    pipeline(handle.createReadStream({ highWaterMark: READ_CHUNK }), decryptStream(this.key), out).catch((error) => out.destroy(error));
    return out;
  }

  async remove(area: Area, name: string | null | undefined): Promise<void> {
    if (!name) return;
    this.inFlight.delete(name);
    await fsp.rm(this.pathOf(area, name), { force: true });
  }

  /**
   * Deletes files no live job refers to: those of dead processes at once,
   * this process's own unless it is writing them, others' after an hour.
   * Returns the names deleted.
   */
  async sweep(referenced: (area: Area, name: string, recheck: boolean) => boolean): Promise<string[]> {
    const removed: string[] = [];
    for (const area of ['inputs', 'results'] as const) {
      let names: string[];
      try {
        names = await fsp.readdir(path.join(this.root, area));
      } catch {
        continue;
      }
      for (const name of names) {
        if (this.inFlight.has(name) || referenced(area, name, false)) continue;
        const pid = Number(name.split('-', 1)[0]);
        let stale = pid === process.pid || !pidAlive(pid);
        if (!stale) {
          const stat = await fsp.stat(this.pathOf(area, name)).catch(() => undefined);
          stale = !stat || Date.now() - stat.mtimeMs > FOREIGN_GRACE_MS;
        }
        // Re-check: the file may have been recorded while we looked.
        if (stale && !this.inFlight.has(name) && !referenced(area, name, true)) {
          await fsp.rm(this.pathOf(area, name), { force: true });
          removed.push(name);
        }
      }
    }
    return removed;
  }
}

/** Prefix of job work directories in TMP_DIR: "pdf-job-<pid>-". */
export const WORKDIR_PREFIX = 'pdf-job-';

/** Creates a private work directory for one job run. */
export async function createJobWorkdir(tmpDir: string): Promise<string> {
  await fsp.mkdir(tmpDir, { recursive: true });
  return fsp.mkdtemp(path.join(tmpDir, `${WORKDIR_PREFIX}${process.pid}-`));
}

/** Removes job and request work directories left by processes that are gone (kill -9). */
export async function sweepWorkdirs(tmpDir: string): Promise<number> {
  let removed = 0;
  const names = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of names) {
    const prefix = [WORKDIR_PREFIX, REQUEST_WORKDIR_PREFIX].find((p) => name.startsWith(p));
    if (!prefix) continue;
    const pid = Number(name.slice(prefix.length).split('-', 1)[0]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (pid !== process.pid && !pidAlive(pid)) {
      const dir = path.join(tmpDir, name);
      await killProcessesIn(dir);
      await fsp.rm(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Kills tool processes still working in `dir`: children run in their own
 * process group, so a server killed with SIGKILL leaves them running. They are
 * found by their working directory (Linux /proc; elsewhere nothing is done).
 */
async function killProcessesIn(dir: string): Promise<void> {
  const entries = await fsp.readdir('/proc').catch(() => [] as string[]);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await fsp.readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd === dir || cwd.startsWith(dir + path.sep)) {
      const pid = Number(entry);
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // Already gone, or not a group leader.
        }
      }
    }
  }
}
