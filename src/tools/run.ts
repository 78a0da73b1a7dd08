// The only module that starts processes (after Gotenberg's one-exec-file rule).
// Every child: argument array (never a shell), minimal environment, its own
// process group, a slot from the pool, a deadline, a group kill on timeout,
// client disconnect or job cancel, and the TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT
// caps. Secrets go in @argfiles or stdin, never in argv.
//
// TOOL_MEMORY_LIMIT is resident memory, not address space: the helper samples
// each child's tree and kills it over the cap (its watchdog, see the helper's
// header). RLIMIT_AS measured reservations, and reservations are not use:
// OCRmyPDF with two workers reserves ~3 GiB while using far less, so a 2 GiB
// address-space cap refused ordinary OCR. RLIMIT_AS stays, ADDRESS_SPACE_HEADROOM
// above the cap, for an allocation too large or too fast for one sample.
//
// Children are forked by a small long-lived helper (native/spawn-helper.c,
// client in spawner.ts), not by this process: a fork of the 100+ MB server
// copied its page tables and stopped the event loop ~5 ms per child (
// measured in scripts/bench/overhead.ts). The helper is started once, here.
import { spawn as startProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { ClientClosedError, ResourceLimitError, TimeoutError } from '../core/errors.js';
import type { RunContext } from '../core/contract.js';
import {
  HelperFileError,
  Spawner,
  type SmallFile,
  type SpawnExit,
  type SpawnHandle,
  type SpawnRequest,
} from './spawner.js';

export interface RunOptions {
  /** Pool slots the child occupies (threads it runs). */
  weight?: number;
  /** Extra environment variables (non-secret). */
  env?: Record<string, string>;
  /** Bytes of stdout kept (default 64 MiB). */
  maxStdout?: number;
  /** The caller never reads stdout: send it to /dev/null. */
  discardStdout?: boolean;
  input?: string | Buffer;
  /** Resident-memory cap for this tool instead of TOOL_MEMORY_LIMIT (bytes; 0 = none). Say why where it is used. */
  memoryLimit?: number;
  /** Exit codes that mean the tool succeeded (default [0]): never read as a cap reached, whatever stderr says. */
  successCodes?: readonly number[];
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  /** The last 8 KiB of stderr, for error mapping and logs. */
  stderr: string;
  durationMs: number;
}

/** The caps every child runs under; set once from the config by configureChildLimits. */
export interface ChildLimits {
  /** Resident memory of a child's process tree, bytes (0 = none); RLIMIT_AS is set ADDRESS_SPACE_HEADROOM above it. */
  memoryBytes: number;
  /** RLIMIT_CPU, ms (0 = the time left before the operation's deadline, per pool slot). */
  cpuMs: number;
  /** Niceness of every child. */
  nice?: number;
  /**
   * Where request and job work directories are made (TMP_DIR): a child working
   * in one of them sees only that one there (native/spawn-helper.c, "Isolation").
   */
  workRoot?: string;
  /** Isolate children from each other where the host allows it (TOOL_ISOLATION; default true). */
  isolate?: boolean;
  /** The server's own data (DATA_DIR): where tools are confined by Landlock (not root), they may not read it. */
  privateDir?: string;
}

const STDERR_TAIL = 8 * 1024;
const DEFAULT_MAX_STDOUT = 64 * 1024 * 1024;
const live = new Set<SpawnHandle>();
/**
 * RLIMIT_AS is the resident cap plus this: far above what any tool reserves
 * beyond what it uses (VmPeak − VmRSS, measured: OCRmyPDF with two workers
 * ~0.4 GiB, Tesseract, Ghostscript, qpdf, poppler, mutool under 0.1 GiB; a
 * process reserves at most 64 MiB of malloc arena per thread), and still a
 * bound on one huge allocation, which fails at once instead of waiting for
 * a sample.
 */
export const ADDRESS_SPACE_HEADROOM = 4096 * 1024 * 1024;
let limits: ChildLimits = { memoryBytes: 2048 * 1024 * 1024, cpuMs: 0, nice: 5 };

/** Sets the caps of every child started from now on (createServices, from TOOL_MEMORY_LIMIT and TOOL_CPU_LIMIT). */
export function configureChildLimits(next: ChildLimits): void {
  limits = { ...next };
  spawner?.configure(helperSettings());
}

function helperSettings(): { workRoot: string; privateDir: string; appDir: string; isolate: boolean; nice: number } {
  return {
    workRoot: limits.workRoot ? path.resolve(limits.workRoot) : '',
    privateDir: limits.privateDir ? path.resolve(limits.privateDir) : '',
    // The service's own files (its bundled tool scripts), which a confined tool must still read.
    appDir: path.dirname(path.dirname(SPAWN_HELPER)),
    isolate: limits.isolate ?? true,
    nice: limits.nice ?? 0,
  };
}

/**
 * How tools are isolated from each other: "namespaces" (root), "landlock"
 * (another user, as in the Docker image), or "none: <why>". Logged at start-up, in /healthz.
 */
export function toolIsolation(): Promise<string> {
  try {
    return helper().isolation();
  } catch (error) {
    return Promise.resolve(`none: ${(error as Error).message}`);
  }
}

/**
 * Removes a work directory and everything in it. The spawn helper does it in
 * a child (one pipe write here instead of a thread-pool round trip per file);
 * fs.rm with retries if that fails (a tool still writing into it).
 */
export async function removeTree(dir: string): Promise<void> {
  if (!path.isAbsolute(dir) || path.resolve(dir) === '/') throw new Error(`refusing to remove ${dir}`);
  let removed = false;
  try {
    removed = await helper().remove(path.resolve(dir));
  } catch {
    // no helper: fall through
  }
  if (!removed) await fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}

/** True when the helper could not do a file request (gone or never started), as opposed to the file system refusing it. */
const helperUnavailable = (error: unknown) => !(error instanceof HelperFileError) || !/^E[A-Z]+$/.test(error.code);

/**
 * Writes small files (new, mode 0600) into `dir`, creating it (mode 0700) first
 * when `create`. The spawn helper does it: one pipe write instead of a
 * thread-pool round trip per mkdir, open, write and close; fs if the
 * helper is not available. A file-system refusal rejects with its errno `code`.
 */
export async function writeSmallFiles(dir: string, create: boolean, files: readonly SmallFile[]): Promise<void> {
  try {
    return await helper().writeFiles(dir, create, files);
  } catch (error) {
    if (!helperUnavailable(error)) throw error;
  }
  // The helper may have done part of it before it went.
  if (create) await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  await Promise.all(files.map((f) => fs.promises.writeFile(path.join(dir, f.name), f.bytes, { mode: 0o600 })));
}

/** `file`'s bytes when it has at most `most` of them, else only its size; through the spawn helper (see writeSmallFiles). */
export async function readSmallFile(file: string, most: number): Promise<{ size: number; bytes?: Buffer }> {
  try {
    return await helper().readFile(file, most);
  } catch (error) {
    if (!helperUnavailable(error)) throw error;
  }
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > most) return { size };
    const bytes = Buffer.allocUnsafe(size);
    return { size, bytes: bytes.subarray(0, (await handle.read(bytes, 0, size, 0)).bytesRead) };
  } finally {
    await handle.close();
  }
}

/** Whether a tool wrote `file` (asynchronously: no synchronous file-system call on the request path). */
export function exists(file: string): Promise<boolean> {
  return fs.promises.access(file).then(
    () => true,
    () => false,
  );
}

/** Kills every child still running (server shutdown). */
export function killAllChildren(): void {
  for (const handle of live) handle.kill();
}

/** Pids of the children running now (tests, metrics). */
export function liveChildren(): number[] {
  const pids: number[] = [];
  for (const handle of live) if (handle.pid !== undefined) pids.push(handle.pid);
  return pids;
}

/** The only PATH children get (no user-writable directories). */
export const CHILD_PATH = '/usr/local/bin:/usr/bin:/bin';

/** The compiled helper (scripts/build-native.sh); the same path from src/ and dist/. */
export const SPAWN_HELPER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/spawn-helper');

let spawner: Spawner | undefined;

/** The spawn helper of this process, started on first use and again if it ever dies. */
function helper(): Spawner {
  if (spawner) return spawner;
  if (!fs.existsSync(SPAWN_HELPER))
    throw new Error(`${SPAWN_HELPER} is missing: run scripts/setup.sh (or npm run build)`);
  const child = startProcess(SPAWN_HELPER, [], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      PATH: CHILD_PATH,
      SPAWN_HELPER_NICE: String(limits.nice ?? 0),
      ...(limits.isolate === false ? { SPAWN_HELPER_ISOLATION: 'off' } : {}),
    },
  });
  const replies = child.stdout as unknown as { ref(): void; unref(): void };
  // Idle, the helper must not keep a finished CLI or test process alive; while a child runs, its reply must be awaited.
  const current = new Spawner(child.stdin!, child.stdout!, (busy) => (busy ? replies.ref() : replies.unref()));
  const lost = (reason: string) => {
    current.fail(reason);
    if (spawner === current) spawner = undefined;
  };
  child.on('error', (error) => lost(`the spawn helper failed: ${error.message}`));
  child.on('exit', (code, signal) => lost(`the spawn helper exited (${signal ?? code})`));
  child.stdin!.on('error', () => undefined); // EPIPE once it is gone: handled by 'exit'
  child.unref();
  (child.stdin as unknown as { unref(): void }).unref();
  replies.unref();
  spawner = current;
  current.configure(helperSettings());
  return current;
}

function childEnv(workdir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: CHILD_PATH,
    HOME: workdir,
    TMPDIR: workdir,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    // Tesseract/OpenMP would otherwise start a thread per core inside one pool slot.
    OMP_THREAD_LIMIT: '1',
    ...extra,
  };
}

/** Collects a child's stderr: the last STDERR_TAIL characters, decoded across chunk bounds. */
class StderrTail {
  text = '';
  private decoder: StringDecoder | undefined;
  add(chunk: Buffer): void {
    this.decoder ??= new StringDecoder('utf8');
    this.text = (this.text + this.decoder.write(chunk)).slice(-STDERR_TAIL);
  }
}

// What tools print when an allocation fails under RLIMIT_AS: C++ (qpdf, poppler, tesseract),
// C (mutool, libc), Python (OCRmyPDF), Ghostscript ("VMerror", error -25).
const OUT_OF_MEMORY =
  /std::bad_alloc|out of memory|cannot allocate memory|MemoryError|VMerror|memory allocation failed|malloc[^\n]{0,40}failed|failed to allocate|memory exhausted/i;
const CPU_EXCEEDED = /SIGXCPU|CPU time limit exceeded/i;

/** How TOOL_MEMORY_LIMIT is enforced on this host (logged at start-up). */
export interface MemoryCapMechanism {
  mechanism: 'resident-memory watchdog in the spawn helper';
  residentBytes: number;
  addressSpaceBytes: number;
  sampleEveryMs: number;
  /** How a tool's descendants are found: the kernel's children lists, a scan of /proc by session, or not at all (no /proc: only RLIMIT_AS applies). */
  descendants:
    | '/proc/<pid>/task/<tid>/children'
    | 'scan of /proc by session'
    | 'none: /proc unreadable, RLIMIT_AS only';
}

/**
 * Checks, as the helper does on its first sample, what this host's /proc
 * offers. The same watchdog works as root and in a container run as non-root
 * (it reads only its own children's /proc entries); a cgroup would need a
 * writable, delegated hierarchy, which such a container does not have.
 */
export function memoryCapMechanism(): MemoryCapMechanism {
  const readable = (file: string) => {
    try {
      fs.accessSync(file, fs.constants.R_OK);
      return true;
    } catch {
      return false;
    }
  };
  const descendants = !readable('/proc/self/stat')
    ? 'none: /proc unreadable, RLIMIT_AS only'
    : readable(`/proc/self/task/${process.pid}/children`)
      ? '/proc/<pid>/task/<tid>/children'
      : 'scan of /proc by session';
  return {
    mechanism: 'resident-memory watchdog in the spawn helper',
    residentBytes: limits.memoryBytes,
    addressSpaceBytes: addressSpaceFor(limits.memoryBytes),
    sampleEveryMs: 50,
    descendants,
  };
}

/** RLIMIT_AS for a child whose resident cap is `residentBytes` (0: none either). */
function addressSpaceFor(residentBytes: number): number {
  return residentBytes > 0 ? residentBytes + ADDRESS_SPACE_HEADROOM : 0;
}

/** The cap a failed child ran into, if any (the watchdog's kill, its own signal, CPU time, or the allocation failure it printed). */
function capReached(
  exit: SpawnExit,
  stderr: string,
  cpuSeconds: number,
  successCodes: readonly number[],
): 'cpu' | 'memory' | undefined {
  if (exit.overMemory) return 'memory';
  if (exit.exitCode !== undefined && successCodes.includes(exit.exitCode)) return undefined;
  if (exit.signal === 'SIGXCPU' || CPU_EXCEEDED.test(stderr)) return 'cpu';
  // The hard limit (soft + 1 s) ends a tool that ignored SIGXCPU with SIGKILL.
  if (exit.signal === 'SIGKILL' && cpuSeconds > 0 && exit.cpuMs >= cpuSeconds * 1000 - 50) return 'cpu';
  if (OUT_OF_MEMORY.test(stderr)) return 'memory';
  return undefined;
}

/** The 422 for a tool (e.g. a warm instance killed mid-conversion) that ran into its resident cap (`memoryBytes`, default TOOL_MEMORY_LIMIT). */
export function memoryCapError(file: string, memoryBytes = limits.memoryBytes): ResourceLimitError {
  const mib = Math.round(memoryBytes / (1024 * 1024));
  return new ResourceLimitError(
    `Processing this document needs more memory than one ${path.basename(file)} process may use (${mib} MiB, TOOL_MEMORY_LIMIT).`,
    'TOOL_MEMORY_LIMIT',
    { value: memoryBytes },
  );
}

function capError(kind: 'cpu' | 'memory', file: string, memoryBytes: number, cpuSeconds: number): ResourceLimitError {
  if (kind === 'memory') return memoryCapError(file, memoryBytes);
  return new ResourceLimitError(
    `Processing this document needs more CPU time than one ${path.basename(file)} process may use (${cpuSeconds} s, TOOL_CPU_LIMIT${limits.cpuMs ? '' : ", here the operation's time limit"}).`,
    'TOOL_CPU_LIMIT',
    { value: cpuSeconds },
  );
}

/** RLIMIT_CPU for a child with `remainingMs` left on `weight` pool slots (a multi-threaded tool may use them all). */
function cpuSecondsFor(remainingMs: number, weight: number): number {
  if (limits.cpuMs > 0) return Math.ceil(limits.cpuMs / 1000);
  return Math.ceil((remainingMs * Math.max(1, weight)) / 1000) + 1;
}

/**
 * Runs `file` with `args` inside the pool. Resolves with the exit code whatever
 * it is (tools map codes to errors); rejects with TimeoutError past the
 * deadline, ClientClosedError on abort (after killing the process group), and
 * ResourceLimitError when the child ran into TOOL_MEMORY_LIMIT or the CPU cap.
 */
export async function run(ctx: RunContext, file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  if (ctx.signal.aborted) throw new ClientClosedError();
  if (Date.now() >= ctx.deadline) throw new TimeoutError(ctx.timeoutMs);
  const weight = options.weight ?? 1;
  const release = await ctx.pool.acquire(weight, ctx.signal);
  const started = Date.now();
  try {
    const remaining = ctx.deadline - started;
    if (remaining <= 0) throw new TimeoutError(ctx.timeoutMs);
    for (const observer of observers) observer(file, args);
    const memoryBytes = options.memoryLimit ?? limits.memoryBytes;
    const cpuSeconds = cpuSecondsFor(remaining, weight);
    const keepStdout = !options.discardStdout;
    const request: SpawnRequest = {
      file,
      args,
      cwd: ctx.workdir,
      env: childEnv(ctx.workdir, options.env),
      input:
        options.input === undefined
          ? undefined
          : Buffer.isBuffer(options.input)
            ? options.input
            : Buffer.from(options.input, 'utf8'),
      stdout: keepStdout,
      maxStdout: options.maxStdout ?? DEFAULT_MAX_STDOUT,
      memoryBytes: addressSpaceFor(memoryBytes),
      residentBytes: memoryBytes,
      cpuSeconds,
    };
    const child = helper().spawn(request);
    live.add(child);
    const stdout: Buffer[] = [];
    if (keepStdout) child.onStdout = (chunk) => stdout.push(chunk);
    const stderr = new StderrTail();
    child.onStderr = (chunk) => stderr.add(chunk);
    let stoppedBy: 'timeout' | 'abort' | undefined;
    const timer = setTimeout(() => {
      stoppedBy = 'timeout';
      child.kill();
    }, remaining);
    const onAbort = () => {
      stoppedBy ??= 'abort';
      child.kill();
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const exit = await child.exited;
      if (stoppedBy === 'timeout') throw new TimeoutError(ctx.timeoutMs);
      if (stoppedBy === 'abort') throw new ClientClosedError();
      const durationMs = Date.now() - started;
      const exitCode = exit.exitCode ?? -1;
      ctx.trace?.push({ file, args, exitCode, durationMs, peakRssBytes: exit.peakRssBytes });
      if (exit.startError) {
        return { exitCode: -1, stdout: '', stderr: `${file}: could not start (${exit.startError})`, durationMs };
      }
      const cap = capReached(exit, stderr.text, cpuSeconds, options.successCodes ?? [0]);
      if (cap) throw capError(cap, file, memoryBytes, cpuSeconds);
      if (exit.stdoutOverflow) {
        return { exitCode: -1, stdout: '', stderr: `${file}: output exceeded the buffer limit`, durationMs };
      }
      let text = stderr.text;
      if (exit.exitCode === undefined && exit.signal) text += `\n${file}: killed by ${exit.signal}`;
      return {
        exitCode,
        stdout:
          stdout.length === 0
            ? ''
            : stdout.length === 1
              ? stdout[0].toString('utf8')
              : Buffer.concat(stdout).toString('utf8'),
        stderr: text,
        durationMs,
      };
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
      // The helper has already killed the group when it reaped the child (grandchildren go with it).
      live.delete(child);
    }
  } finally {
    release();
  }
}

/** A long-lived child (a warm LibreOffice instance): its group, its end, and a way to stop it. */
export interface LongLivedProcess {
  pid: number | undefined;
  /** Resolves when the process has exited (never rejects); `overMemory` when the watchdog killed it over its resident cap. */
  exited: Promise<{ exitCode: number | undefined; signal: string | undefined; overMemory?: boolean }>;
  /** True until the process has exited. */
  running: () => boolean;
  /** The last 8 KiB of its stderr (logs). */
  stderrTail: () => string;
  /** Kills its whole process group (idempotent). */
  kill: () => void;
  /** With `pipes`: the parent's ends of fds 3 (the child reads) and 4 (the child writes), e.g. Chromium's --remote-debugging-pipe. */
  pipes?: { toChild: NodeJS.WritableStream; fromChild: NodeJS.ReadableStream };
}

/**
 * Starts a long-lived child outside the request pool: argument array, minimal
 * environment (HOME/TMPDIR = `workdir`), its own process group, stdout
 * discarded, TOOL_MEMORY_LIMIT (or `memoryLimit`) on its resident memory for its whole life. No CPU cap: RLIMIT_CPU
 * counts a process's whole life, so it would end a warm instance after its
 * Nth conversion; each conversion is bounded by its request's deadline. It
 * counts as live until it exits, so killAllChildren() (shutdown) stops it too.
 */
export function startLongLived(
  file: string,
  args: string[],
  workdir: string,
  env: Record<string, string> = {},
  options: { pipes?: boolean; memoryLimit?: number } = {},
): LongLivedProcess {
  if (options.pipes) return startWithPipes(file, args, workdir, env);
  const resident = options.memoryLimit ?? limits.memoryBytes;
  const child = helper().spawn({
    file,
    args,
    cwd: workdir,
    env: childEnv(workdir, env),
    stdout: false,
    maxStdout: 0,
    memoryBytes: addressSpaceFor(resident),
    residentBytes: resident,
    cpuSeconds: 0,
  });
  live.add(child);
  const stderr = new StderrTail();
  child.onStderr = (chunk) => stderr.add(chunk);
  let alive = true;
  const exited = child.exited.then((exit) => {
    alive = false;
    live.delete(child);
    return exit.overMemory
      ? { exitCode: exit.exitCode, signal: exit.signal, overMemory: true }
      : { exitCode: exit.exitCode, signal: exit.signal };
  });
  return {
    get pid() {
      return child.pid;
    },
    exited,
    running: () => alive,
    stderrTail: () => stderr.text,
    kill: () => child.kill(),
  };
}

/**
 * A long-lived child with fds 3 and 4 as a private control channel (Chromium's
 * --remote-debugging-pipe: no listening socket another local user could
 * reach). Forked here, not by the spawn helper, which relays only stdio: it
 * starts once per warm instance, so the fork's cost does not matter. It runs
 * under `spawn-helper exec`, which isolates it as the helper's children are
 * and ties its life, and that of every process it starts, to this server's
 * (parent-death signal; PID 1 of its own namespace). No RLIMIT_AS: Chromium
 * reserves terabytes of address space it never touches (its V8 cage and
 * allocator), so an address-space cap would stop it starting.
 */
function startWithPipes(file: string, args: string[], workdir: string, env: Record<string, string>): LongLivedProcess {
  if (!fs.existsSync(SPAWN_HELPER))
    throw new Error(`${SPAWN_HELPER} is missing: run scripts/setup.sh (or npm run build)`);
  const helperEnv = {
    SPAWN_HELPER_PARENT: String(process.pid),
    ...(limits.isolate === false ? { SPAWN_HELPER_ISOLATION: 'off' } : {}),
  };
  const child = startProcess(SPAWN_HELPER, ['exec', file, ...args], {
    cwd: workdir,
    env: { ...childEnv(workdir, env), ...helperEnv },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  const killGroup = () => {
    try {
      if (pid) process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: the group has already exited.
    }
  };
  let alive = pid !== undefined;
  const exited = new Promise<{ exitCode: number | undefined; signal: string | undefined }>((resolve) => {
    child.once('error', () => resolve({ exitCode: undefined, signal: undefined }));
    child.once('exit', (code, signal) => resolve({ exitCode: code ?? undefined, signal: signal ?? undefined }));
  });
  const handle: SpawnHandle = {
    pid,
    exited: exited.then(() => ({ exitCode: undefined, signal: undefined, cpuMs: 0, stdoutOverflow: false })),
    kill: killGroup,
  };
  live.add(handle);
  const stderr = new StderrTail();
  child.stderr!.on('data', (chunk: Buffer) => stderr.add(chunk));
  void exited.then(() => {
    alive = false;
    killGroup(); // helpers it started go with the group
    live.delete(handle);
  });
  const stdio = child.stdio as unknown as Array<NodeJS.ReadWriteStream | null>;
  const pipes = stdio[3] && stdio[4] ? { toChild: stdio[3], fromChild: stdio[4] } : undefined;
  return { pid, exited, running: () => alive, stderrTail: () => stderr.text, kill: killGroup, pipes };
}

/**
 * Runs a short command outside any request and outside the pool (version
 * probes at start-up, `doctor`, the LibreOffice readiness ping). Same
 * environment, CPU cap and group kill on timeout; stdout and stderr together.
 * No address-space cap: it never reads untrusted input, and `chromium
 * --version` cannot even start under 2 GiB of address space.
 */
export async function runStandalone(
  file: string,
  args: string[],
  timeoutMs = 20_000,
): Promise<RunResult & { notFound: boolean }> {
  const started = Date.now();
  const child = helper().spawn({
    file,
    args,
    cwd: '/tmp',
    env: childEnv('/tmp'),
    stdout: true,
    maxStdout: 1024 * 1024,
    memoryBytes: 0,
    residentBytes: 0,
    cpuSeconds: Math.ceil(timeoutMs / 1000) + 1,
  });
  live.add(child);
  const decoder = new StringDecoder('utf8');
  let all = '';
  child.onStdout = child.onStderr = (chunk) => (all += decoder.write(chunk));
  const timer = setTimeout(() => child.kill(), timeoutMs);
  try {
    const exit = await child.exited;
    return {
      exitCode: exit.exitCode ?? -1,
      stdout: all,
      stderr: '',
      durationMs: Date.now() - started,
      notFound: exit.startError === 'ENOENT',
    };
  } finally {
    clearTimeout(timer);
    live.delete(child);
  }
}

type RunObserver = (file: string, args: readonly string[]) => void;
const observers = new Set<RunObserver>();

/** Calls `observer` with the argv of every child started (tests check that no secret is on it). Returns an unsubscribe function. */
export function observeRuns(observer: RunObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}
