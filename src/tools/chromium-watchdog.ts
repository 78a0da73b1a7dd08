// A memory bound for Chromium's child processes (renderers above all), read
// from /proc while renders run.
//
// Why a watchdog and not a limit set on the process: RLIMIT_AS cannot be used
// (Chromium reserves terabytes of address space at start-up, see run.ts);
// V8's own heap limit (--js-flags=--max-old-space-size, set too) does not
// count ArrayBuffers, typed arrays, canvases or decoded images, which live
// outside the V8 heap: one page filled 6 GB of ArrayBuffers under it. A cgroup
// memory limit per instance would be exact, but needs a writable cgroup tree
// (v2 delegated, or v1's memory controller), which a container usually does
// not have, and it bounds the instance as a whole, not the one page. /proc
// works everywhere.
//
// What is counted: RssAnon + RssShmem of /proc/<pid>/status, i.e. memory the
// process itself filled (heap, ArrayBuffers, shared-memory buffers), not the
// shared libraries and fonts every Chromium process maps (~70–100 MB of
// RssFile each). A process over the limit is killed with SIGKILL; its page
// reports a crash, which the render turns into 422 resource_limit.
//
// Which processes: the browser's own list (CDP SystemInfo.getProcessInfo, its pids
// translated to this server's view by hostPids: the browser may run in a PID namespace;
// renderers, GPU, network and storage services, with their pids), refreshed
// every 500 ms while a render runs; each of them is read every 100 ms. A
// first version scanned all of /proc for the instance's process group every
// tick instead: on a busy host (hundreds of processes, new ones every tick)
// that cost the server ~90 ms of CPU per render (measured, 25 renders
// interleaved with and without it). A pid is killed only after checking it
// still belongs to the instance's process group (a pid from the list may have
// been reused since).
//
// The /proc reads are synchronous on purpose: /proc files are made by the
// kernel from memory, never waited for on a disk, and a synchronous read of
// one costs ~18 µs of CPU here against ~310 µs through fs.promises.readFile
// (its thread-pool round trips; measured, 2,000 reads each). With ~8 processes
// per instance a tick blocks the event loop for ~0.15 ms.
import fs from 'node:fs';

/** What the watchdog found and did: a member of `group` was killed at `bytes`. */
export type OverLimit = (pid: number, bytes: number) => void;

const PAGE_LINE = /^(RssAnon|RssShmem):\s+(\d+) kB$/gm;

/** Bytes of RssAnon + RssShmem in a /proc/<pid>/status text (exported for tests). */
export function filledBytes(status: string): number {
  let kb = 0;
  for (const match of status.matchAll(PAGE_LINE)) kb += Number(match[2]);
  return kb * 1024;
}

/** Lists the pids of an instance's child processes (not the browser process itself). */
export type ListChildren = () => Promise<number[]>;

interface Group {
  /** The instance's process as this server sees it (its process group's leader). */
  leader: number;
  watchers: number;
  listChildren: ListChildren;
  onOverLimit: OverLimit;
  pids: number[];
  listedAt: number;
  listing: boolean;
}

/** How often the list of an instance's processes is refreshed (a renderer made during a render is seen within this). */
const LIST_EVERY_MS = 500;
/** How long a list request may take before the previous list is kept. */
const LIST_TIMEOUT_MS = 2_000;

/** Watches the child processes of Chromium instances (each is one process group, led by its browser process). */
export class ChromiumWatchdog {
  private readonly groups = new Map<number, Group>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Bytes one child process may fill (0 = no watchdog). */
    readonly limitBytes: number,
    readonly intervalMs = 100,
  ) {}

  /**
   * Watches the children of the instance whose browser process (and group
   * leader) is `leader`, until the returned function is called; calls nest.
   */
  watch(leader: number | undefined, listChildren: ListChildren, onOverLimit: OverLimit): () => void {
    if (!leader || this.limitBytes <= 0) return () => undefined;
    const group = this.groups.get(leader) ?? {
      leader,
      watchers: 0,
      listChildren,
      onOverLimit,
      pids: [],
      listedAt: 0,
      listing: false,
    };
    group.watchers += 1;
    this.groups.set(leader, group);
    if (group.watchers === 1) this.list(group);
    this.timer ??= setInterval(() => this.tick(), this.intervalMs);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      group.watchers -= 1;
      if (group.watchers === 0) this.groups.delete(leader);
      if (this.groups.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Refreshes a group's list of pids in the background (a slow or failed answer keeps the previous list). */
  private list(group: Group): void {
    if (group.listing) return;
    group.listing = true;
    group.listedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    Promise.race([
      group.listChildren(),
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), LIST_TIMEOUT_MS))),
    ])
      .then((pids) => {
        if (pids) group.pids = hostPids(group.leader, pids);
      })
      .catch(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        group.listing = false;
      });
  }

  private tick(): void {
    try {
      for (const [leader, group] of this.groups) {
        if (Date.now() - group.listedAt >= LIST_EVERY_MS) this.list(group);
        for (const pid of group.pids) if (pid !== leader) this.check(leader, pid, group.onOverLimit);
      }
    } catch {
      // A timer callback: whatever went wrong here must not become an uncaught exception (crash-guards.ts).
    }
  }

  private check(leader: number, pid: number, onOverLimit: OverLimit): void {
    const bytes = filledBytes(readProc(pid, 'status'));
    if (bytes <= this.limitBytes) return;
    // The list may be up to LIST_EVERY_MS old: the pid must still be one of the instance's processes.
    if (groupOf(pid) !== leader) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      return; // gone already
    }
    onOverLimit(pid, bytes);
  }
}

/** /proc/<pid>/<file>, or '' when the process is gone. */
function readProc(pid: number, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The pids, as this server sees them, of the leader's descendants that the
 * browser lists as `browserPids`. The browser lists its processes as it sees
 * them: in its own PID namespace when tools are isolated (run.ts), where they
 * differ from this server's. The innermost entry of each descendant's NSpid
 * line (/proc/<pid>/status) is the pid the browser knows; without a namespace
 * it is the same number. The walk reads /proc/<pid>/task/<tid>/children of
 * every thread (the browser forks from its launcher thread), a few dozen reads
 * every LIST_EVERY_MS while a render runs.
 */
export function hostPids(leader: number, browserPids: readonly number[]): number[] {
  const wanted = new Set(browserPids);
  const found: number[] = [];
  const queue = [leader];
  const seen = new Set<number>();
  while (queue.length > 0 && seen.size < 4096) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const inner = innermostPid(readProc(pid, 'status'));
    if (pid !== leader && inner !== undefined && wanted.has(inner)) found.push(pid);
    let threads: string[] = [];
    try {
      threads = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of threads)
      for (const child of readProc(pid, `task/${tid}/children`).split(' ')) if (child) queue.push(Number(child));
  }
  return found;
}

/** The last pid of the NSpid line of a /proc/<pid>/status text (the pid in the process's own namespace). */
function innermostPid(status: string): number | undefined {
  const line = /^NSpid:\s+([\d\s]+)$/m.exec(status);
  const last = line?.[1].trim().split(/\s+/).at(-1);
  return last === undefined ? undefined : Number(last);
}

/** The process group of `pid` (field 5 of /proc/<pid>/stat), or undefined. */
function groupOf(pid: number): number | undefined {
  const stat = readProc(pid, 'stat');
  const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  return stat && Number.isInteger(group) ? group : undefined;
}
