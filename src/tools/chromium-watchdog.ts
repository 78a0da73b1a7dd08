// A memory bound for Chromium's child processes (renderers above all), read
// from /proc while renders run.
//
// Why a watchdog and not a limit set on the process: RLIMIT_AS cannot be used
// (Chromium reserves terabytes of address space at start-up, see run.ts);
// V8's own heap limit (--js-flags=--max-old-space-size, set too) does not
// count ArrayBuffers, typed arrays, canvases or decoded images, which live
// outside the V8 heap: one page filled 6 GB of ArrayBuffers under it. A cgroup
// v2 memory.max per instance would be exact, but needs a delegated, writable
// cgroup tree, which a container usually does not have (this machine has
// cgroup v1 mounted read-only). /proc works everywhere.
//
// What is counted: RssAnon + RssShmem of /proc/<pid>/status, i.e. memory the
// process itself filled (heap, ArrayBuffers, shared-memory buffers), not the
// shared libraries and fonts every Chromium process maps (~70–100 MB of
// RssFile each). A process over the limit is killed with SIGKILL; its page
// reports a crash, which the render turns into 422 resource_limit.
//
// Cost: one readdir of /proc per tick, and a read of /proc/<pid>/stat for
// each process not seen before (to learn its process group); after that only
// the watched group's members are read. Ticks run only while a render is in
// progress.
import fs from 'node:fs/promises';

/** What the watchdog found and did: a member of `group` was killed at `bytes`. */
export type OverLimit = (pid: number, bytes: number) => void;

const PAGE_LINE = /^(RssAnon|RssShmem):\s+(\d+) kB$/gm;

/** Bytes of RssAnon + RssShmem in a /proc/<pid>/status text (exported for tests). */
export function filledBytes(status: string): number {
  let kb = 0;
  for (const match of status.matchAll(PAGE_LINE)) kb += Number(match[2]);
  return kb * 1024;
}

/** Watches the processes of Chromium process groups (each instance is one group, led by its browser process). */
export class ChromiumWatchdog {
  private readonly groups = new Map<number, { watchers: number; onOverLimit: OverLimit }>();
  /** pid → its process group (undefined: unreadable), for every pid of the last listing. */
  private readonly known = new Map<number, number | undefined>();
  private timer: NodeJS.Timeout | undefined;
  private scanning = false;

  constructor(
    /** Bytes one child process may fill (0 = no watchdog). */
    readonly limitBytes: number,
    readonly intervalMs = 100,
  ) {}

  /**
   * Watches the group led by `leader` (the browser process, itself never
   * killed here) until the returned function is called; calls nest.
   */
  watch(leader: number | undefined, onOverLimit: OverLimit): () => void {
    if (!leader || this.limitBytes <= 0) return () => undefined;
    const entry = this.groups.get(leader) ?? { watchers: 0, onOverLimit };
    entry.watchers += 1;
    this.groups.set(leader, entry);
    this.timer ??= setInterval(() => void this.scan(), this.intervalMs);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.watchers -= 1;
      if (entry.watchers === 0) this.groups.delete(leader);
      if (this.groups.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
        this.known.clear();
      }
    };
  }

  private async scan(): Promise<void> {
    if (this.scanning) return;
    this.scanning = true;
    try {
      const names = await fs.readdir('/proc');
      const seen = new Set<number>();
      const reads: Array<Promise<void>> = [];
      for (const name of names) {
        const pid = Number(name);
        if (!Number.isInteger(pid) || pid <= 0) continue;
        seen.add(pid);
        if (!this.known.has(pid)) {
          reads.push(groupOf(pid).then((group) => void this.known.set(pid, group)));
        }
      }
      for (const pid of this.known.keys()) if (!seen.has(pid)) this.known.delete(pid);
      await Promise.all(reads);
      const checks: Array<Promise<void>> = [];
      for (const [pid, group] of this.known) {
        const entry = group === undefined ? undefined : this.groups.get(group);
        if (entry && pid !== group) checks.push(this.check(pid, entry.onOverLimit));
      }
      await Promise.all(checks);
    } catch {
      // /proc unreadable: nothing to watch with; the renders keep their deadline.
    } finally {
      this.scanning = false;
    }
  }

  private async check(pid: number, onOverLimit: OverLimit): Promise<void> {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const bytes = filledBytes(status);
    if (bytes <= this.limitBytes) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return; // gone already
    }
    this.known.delete(pid);
    onOverLimit(pid, bytes);
  }
}

/** The process group of `pid` (field 5 of /proc/<pid>/stat), or undefined. */
async function groupOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    return Number.isInteger(group) ? group : undefined;
  } catch {
    return undefined;
  }
}
