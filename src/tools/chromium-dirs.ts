// Where warm Chromium instances keep their files, and the sweep of what a
// crashed or killed server left behind.
//
// Two directories per instance:
// - the profile (--user-data-dir), under DATA_DIR/chromium/<owner>-<random>/,
// - a short TMPDIR under /tmp. Chromium puts its singleton socket there
//   (<TMPDIR>/.org.chromium.Chromium.XXXXXX/SingletonSocket, 47 characters
//   after TMPDIR), and a Unix socket path may have at most 107 bytes
//   (sun_path is 108 with its NUL): with TMPDIR inside a DATA_DIR longer than
//   ~40 characters every start failed with "Socket path too long". So the
//   temporary directory is under a fixed /tmp, whatever DATA_DIR, TMP_DIR or
//   the server's own TMPDIR say: /tmp/pdfchr-<owner>-XXXXXX is at most ~45 bytes.
//
// <owner> is the server's pid and its start time (clock ticks since boot, from
// /proc/<pid>/stat): a directory belongs to a live server only if a process
// with that pid *and* that start time runs. The pid alone is not enough: in a
// container the server is pid 1 after every restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Parent of the short temporary directories (fixed: see the header). */
export const CHROMIUM_TMP_PARENT = '/tmp';
const TMP_PREFIX = 'pdfchr-';

/** Start time of `pid` in clock ticks since boot (field 22 of /proc/<pid>/stat), or undefined when it is not running. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** This process's owner tag: "<pid>.<start time>". */
export function ownerTag(): string {
  return `${process.pid}.${processStartTime(process.pid) ?? '0'}`;
}

/** Whether the owner a directory name starts with ("<pid>.<start>-…") is a process running now. */
function ownerAlive(name: string): boolean {
  const match = /^(\d+)\.(\d+)-/.exec(name);
  if (!match) return false;
  return processStartTime(Number(match[1])) === match[2];
}

/** This pool's base directory for profiles: DATA_DIR/chromium/<owner>-<random>. */
export function profileBase(dataDir: string): string {
  return path.join(dataDir, 'chromium', `${ownerTag()}-${crypto.randomBytes(3).toString('hex')}`);
}

/** A new, private (0700) short temporary directory for one instance. */
export function makeShortTmpDir(): string {
  return fs.mkdtempSync(path.join(CHROMIUM_TMP_PARENT, `${TMP_PREFIX}${ownerTag()}-`));
}

/**
 * Removes the profile bases under DATA_DIR/chromium and the short temporary
 * directories under /tmp whose owner is no longer running (a server that
 * crashed, was killed, or ran out of memory never removed them). Directories of
 * live servers (several may share a DATA_DIR) are left alone; so are names this
 * module did not make. Returns how many were removed.
 */
export async function sweepStaleChromiumDirs(dataDir: string): Promise<number> {
  const candidates: string[] = [];
  const profiles = path.join(dataDir, 'chromium');
  for (const name of await fs.promises.readdir(profiles).catch(() => [] as string[])) {
    if (/^\d+(\.\d+)?-/.test(name) && !ownerAlive(name)) candidates.push(path.join(profiles, name));
  }
  for (const name of await fs.promises.readdir(CHROMIUM_TMP_PARENT).catch(() => [] as string[])) {
    if (name.startsWith(TMP_PREFIX) && !ownerAlive(name.slice(TMP_PREFIX.length)))
      candidates.push(path.join(CHROMIUM_TMP_PARENT, name));
  }
  const removed = await Promise.all(
    candidates.map((dir) =>
      fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 }).then(
        () => true,
        () => false,
      ),
    ),
  );
  return removed.filter(Boolean).length;
}
