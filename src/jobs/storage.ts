// Where job inputs and results live (API.md §9): one interface, two backends
// chosen by STORAGE_URL — a directory (`file:///path`, default DATA_DIR/jobs; a
// volume shared by every host) or an S3-compatible bucket (`s3://bucket/prefix`).
// Both encrypt (core/sealing.ts) before a byte leaves the process and stream both
// ways, never holding a whole file in memory. File names start with the
// writer's pid and host, so a sweep can tell a file that a live process is still
// submitting from one that a dead process left behind, even across hosts.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { REQUEST_WORKDIR_PREFIX } from '../core/names.js';
import { pidAlive, type JobStorage } from './storage/base.js';
import { FileJobStorage } from './storage/file.js';
import { S3JobStorage } from './storage/s3.js';

export {
  AREAS,
  pidAlive,
  READ_CHUNK,
  readFileStream,
  type Area,
  type JobStorage,
  type Referenced,
  type StoredFile,
} from './storage/base.js';

/** The storage STORAGE_URL names (default: DATA_DIR/jobs), sealing files with `key`. */
export function openJobStorage(
  config: Pick<Config, 'DATA_DIR' | 'STORAGE_URL' | 'S3_ENDPOINT' | 'S3_REGION'>,
  key: Buffer,
): JobStorage {
  const raw = config.STORAGE_URL;
  if (!raw) return new FileJobStorage(path.join(config.DATA_DIR, 'jobs'), key);
  const invalid = (why: string) => new Error(`invalid configuration: STORAGE_URL: ${why}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('not a URL (file:///path or s3://bucket/prefix)');
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash) throw invalid('a file: URL takes only a path');
    return new FileJobStorage(fileURLToPath(url), key);
  }
  if (url.protocol === 's3:') {
    if (!url.hostname) throw invalid('s3://bucket/prefix needs a bucket name');
    if (url.username || url.password || url.port || url.search)
      throw invalid('credentials go in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, the endpoint in S3_ENDPOINT');
    const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
    return new S3JobStorage({ bucket: url.hostname, prefix: prefix ? `${prefix}/` : '' }, key, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
    });
  }
  throw invalid(`unsupported scheme "${url.protocol}" (file:// or s3://)`);
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
