// What both job storage backends share: the interface, file naming, in-flight
// bookkeeping and the orphan sweep (see ../storage.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Transform, type Readable } from 'node:stream';

/** Unreferenced files of a process that may still run are kept this long (it may be mid-submission). */
const FOREIGN_GRACE_MS = 60 * 60 * 1000;

/** The two areas of job storage. */
export type Area = 'inputs' | 'results';
export const AREAS: readonly Area[] = ['inputs', 'results'];

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
  /** Bytes stored (ciphertext). */
  stored: number;
}

/** Decides whether the database still needs a file; `recheck` asks for a fresh look just before a deletion. */
export type Referenced = (area: Area, name: string, recheck: boolean) => boolean | Promise<boolean>;

/** Encrypted job file storage, whatever the backend. */
export interface JobStorage {
  /** Where the files are ("file:///…" or "s3://bucket/prefix"), for logs. */
  readonly location: string;
  /** A fresh file name for `jobId`. */
  newName(jobId: string, label: string): string;
  /** Encrypts `source` into a new file; the name stays "in flight" until `settle(name)`. */
  write(area: Area, name: string, source: Readable): Promise<StoredFile>;
  /** The database now knows the file (or it was deleted): the sweep may judge it. */
  settle(name: string): void;
  /** Decrypts a stored file into `target` (a job's work directory). */
  decryptTo(area: Area, name: string, target: string): Promise<void>;
  /** A plaintext stream of a stored file (downloads); rejects with code ENOENT if it is gone; the stream fails if the file was altered. */
  open(area: Area, name: string): Promise<Readable>;
  /** Deletes a file (no error if it is already gone). */
  remove(area: Area, name: string | null | undefined): Promise<void>;
  /** Deletes files no job refers to (see EncryptedStorage.sweep); returns their names. */
  sweep(referenced: Referenced): Promise<string[]>;
  /** Releases connections (S3). */
  close(): void;
}

/** This host, as it appears in file names: a short hash (hostnames may contain '-'). */
const HOST_TAG = crypto.createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

/** A stored file as a listing shows it. */
export interface Listed {
  name: string;
  modifiedMs: number;
}

/** Counts the bytes passing through. */
export function byteCounter(add: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      add(chunk.length);
      done(null, chunk);
    },
  });
}

/** An error like fs's for a stored file that does not exist. */
export function missingFile(name: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`stored job file ${name} does not exist`), { code: 'ENOENT' });
}

/** Naming, in-flight bookkeeping and the orphan sweep, shared by both backends. */
export abstract class EncryptedStorage implements JobStorage {
  abstract readonly location: string;
  /** Names this process is writing and has not yet recorded in the database. */
  protected readonly inFlight = new Set<string>();

  constructor(protected readonly key: Buffer) {}

  abstract write(area: Area, name: string, source: Readable): Promise<StoredFile>;
  abstract decryptTo(area: Area, name: string, target: string): Promise<void>;
  abstract open(area: Area, name: string): Promise<Readable>;
  /** Every file of an area. */
  protected abstract list(area: Area): AsyncIterable<Listed>;
  /** Deletes one file; a missing one is no error. */
  protected abstract delete(area: Area, name: string): Promise<void>;

  close(): void {}

  newName(jobId: string, label: string): string {
    return `${process.pid}.${HOST_TAG}-${jobId}-${label}-${crypto.randomBytes(3).toString('hex')}.enc`;
  }

  settle(name: string): void {
    this.inFlight.delete(name);
  }

  async remove(area: Area, name: string | null | undefined): Promise<void> {
    if (!name) return;
    this.inFlight.delete(name);
    // A store that is down now is no reason to fail the caller (a job ending, a cancel):
    // the file is no longer referenced, so a later sweep deletes it.
    await this.delete(area, name).catch(() => undefined);
  }

  /**
   * Deletes files no job refers to: those of this process unless it is
   * writing them, and of dead processes of this host at once; those of live
   * processes and of other hosts (whose pids mean nothing here) after an hour.
   */
  async sweep(referenced: Referenced): Promise<string[]> {
    const removed: string[] = [];
    for (const area of AREAS) {
      for await (const { name, modifiedMs } of this.list(area)) {
        if (this.inFlight.has(name) || (await referenced(area, name, false))) continue;
        // "pid.host-…"; names written before hosts were recorded are "pid-…" (this host).
        const [pidText, host = HOST_TAG] = name.split('-', 1)[0].split('.');
        const pid = Number(pidText);
        const ours = host === HOST_TAG;
        const stale = (ours && (pid === process.pid || !pidAlive(pid))) || Date.now() - modifiedMs > FOREIGN_GRACE_MS;
        // Re-check: the file may have been recorded while we looked.
        if (stale && !this.inFlight.has(name) && !(await referenced(area, name, true))) {
          await this.delete(area, name);
          removed.push(name);
        }
      }
    }
    return removed;
  }
}
