// The only module that starts processes (after Gotenberg's one-exec-file rule).
// Every child: argument array (never a shell), minimal environment, its own
// process group, a slot from the pool, a deadline, and a group kill on timeout,
// client disconnect or job cancel. Secrets go in @argfiles, never in argv.
import { execa } from 'execa';
import { ClientClosedError, TimeoutError } from '../errors.js';
import type { ProcessPool } from './pool.js';

/** What an operation hands down to its tools: where to work and when to stop. */
export interface RunContext {
  /** Private work directory: children's cwd, HOME and TMPDIR. */
  workdir: string;
  /** Aborted when the client disconnects or the job is canceled. */
  signal: AbortSignal;
  /** Epoch milliseconds after which the operation is over. */
  deadline: number;
  /** The operation's whole limit, for the 504 message. */
  timeoutMs: number;
  pool: ProcessPool;
  /** Filled with each finished child's argv and timing (tests and logs). */
  trace?: RunRecord[];
}

export interface RunOptions {
  /** Pool slots the child occupies (threads it runs). */
  weight?: number;
  /** Extra environment variables (non-secret). */
  env?: Record<string, string>;
  /** Bytes of stdout kept (default 64 MiB). */
  maxStdout?: number;
  /** The caller never reads stdout: send it to /dev/null (saves ~0.6 ms of parent CPU per child in execa). */
  discardStdout?: boolean;
  input?: string | Buffer;
}

export interface RunResult {
  exitCode: number;
  stdout: string;
  /** The last 8 KiB of stderr, for error mapping and logs. */
  stderr: string;
  durationMs: number;
}

export interface RunRecord {
  file: string;
  args: string[];
  exitCode: number;
  durationMs: number;
}

const STDERR_TAIL = 8 * 1024;
const live = new Set<number>();

/** Kills the whole process group of `pid`; ignores groups that are already gone. */
function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has already exited.
  }
}

/** Kills every child still running (server shutdown). */
export function killAllChildren(): void {
  for (const pid of live) killGroup(pid);
}

/** Number of children running now (tests, metrics). */
export function liveChildren(): number[] {
  return [...live];
}

/** The only PATH children get (no user-writable directories). */
export const CHILD_PATH = '/usr/local/bin:/usr/bin:/bin';

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

/**
 * Runs `file` with `args` inside the pool. Resolves with the exit code whatever
 * it is (tools map codes to errors); rejects with TimeoutError past the
 * deadline and ClientClosedError on abort, after killing the process group.
 */
export async function run(ctx: RunContext, file: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  if (ctx.signal.aborted) throw new ClientClosedError();
  if (Date.now() >= ctx.deadline) throw new TimeoutError(ctx.timeoutMs);
  const release = await ctx.pool.acquire(options.weight ?? 1, ctx.signal);
  const started = Date.now();
  try {
    const remaining = ctx.deadline - started;
    if (remaining <= 0) throw new TimeoutError(ctx.timeoutMs);
    for (const observer of observers) observer(file, args);
    const child = execa(file, args, {
      cwd: ctx.workdir,
      env: childEnv(ctx.workdir, options.env),
      extendEnv: false,
      detached: true, // own process group, so a kill reaches grandchildren too
      cleanup: false,
      reject: false,
      stdin: options.input === undefined ? 'ignore' : 'pipe',
      input: options.input,
      stdout: options.discardStdout ? 'ignore' : 'pipe',
      stderr: 'pipe',
      buffer: { stdout: !options.discardStdout, stderr: false },
      maxBuffer: { stdout: options.maxStdout ?? 64 * 1024 * 1024 },
      stripFinalNewline: false,
      // We never ask execa to kill (timeouts and aborts SIGKILL the group below), so its
      // SIGTERM→SIGKILL escalation timer would only cost CPU on every call.
      forceKillAfterDelay: false,
    });
    const pid = child.pid;
    if (pid) live.add(pid);
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    let stoppedBy: 'timeout' | 'abort' | undefined;
    const timer = setTimeout(() => {
      stoppedBy = 'timeout';
      killGroup(pid);
    }, remaining);
    const onAbort = () => {
      stoppedBy ??= 'abort';
      killGroup(pid);
    };
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await child;
      if (stoppedBy === 'timeout') throw new TimeoutError(ctx.timeoutMs);
      if (stoppedBy === 'abort') throw new ClientClosedError();
      const durationMs = Date.now() - started;
      const exitCode = result.exitCode ?? -1;
      ctx.trace?.push({ file, args, exitCode, durationMs });
      if (result.isMaxBuffer) {
        return { exitCode: -1, stdout: '', stderr: `${file}: output exceeded the buffer limit`, durationMs };
      }
      if (result.exitCode === undefined && result.signal) {
        stderr += `\n${file}: killed by ${result.signal}`;
      }
      return { exitCode, stdout: String(result.stdout ?? ''), stderr, durationMs };
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
      // Grandchildren that outlived their parent go with the group.
      killGroup(pid);
      if (pid) live.delete(pid);
    }
  } finally {
    release();
  }
}

/** A long-lived child (a warm LibreOffice instance): its group, its end, and a way to stop it. */
export interface LongLivedProcess {
  pid: number | undefined;
  /** Resolves when the process has exited (never rejects). */
  exited: Promise<{ exitCode: number | undefined; signal: string | undefined }>;
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
 * discarded. It counts as live until it exits, so killAllChildren() (server
 * shutdown) stops it too.
 */
export function startLongLived(file: string, args: string[], workdir: string, env: Record<string, string> = {}, options: { pipes?: boolean } = {}): LongLivedProcess {
  const child = execa(file, args, {
    cwd: workdir,
    env: childEnv(workdir, env),
    extendEnv: false,
    detached: true,
    cleanup: false,
    reject: false,
    // fds 3 and 4 for a private control channel: no listening socket another local user could reach.
    stdio: options.pipes ? ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'ignore', 'pipe'],
    buffer: false,
  });
  const pid = child.pid;
  if (pid) live.add(pid);
  let stderr = '';
  let alive = pid !== undefined;
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  const exited = Promise.resolve(child).then(
    (result) => ({ exitCode: result.exitCode, signal: result.signal }),
    () => ({ exitCode: undefined, signal: undefined }),
  );
  void exited.then(() => {
    alive = false;
    // Helpers it started (soffice.bin under the oosplash wrapper) go with the group.
    killGroup(pid);
    if (pid) live.delete(pid);
  });
  const stdio = child.stdio as unknown as Array<NodeJS.ReadWriteStream | null>;
  const pipes = options.pipes && stdio[3] && stdio[4] ? { toChild: stdio[3], fromChild: stdio[4] } : undefined;
  return { pid, exited, running: () => alive, stderrTail: () => stderr, kill: () => killGroup(pid), pipes };
}

/**
 * Runs a short command outside any request and outside the pool (version
 * probes at start-up, `doctor`). Same environment and group kill on timeout.
 */
export async function runStandalone(file: string, args: string[], timeoutMs = 20_000): Promise<RunResult & { notFound: boolean }> {
  const started = Date.now();
  const child = execa(file, args, {
    env: childEnv('/tmp'),
    extendEnv: false,
    detached: true,
    cleanup: false,
    reject: false,
    stdin: 'ignore',
    all: true,
    maxBuffer: 1024 * 1024,
  });
  const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
  try {
    const result = await child;
    const notFound = (result as { code?: string }).code === 'ENOENT' || /ENOENT/.test(String(result.message ?? ''));
    return { exitCode: result.exitCode ?? -1, stdout: String(result.all ?? ''), stderr: '', durationMs: Date.now() - started, notFound };
  } finally {
    clearTimeout(timer);
    killGroup(child.pid);
  }
}

type RunObserver = (file: string, args: readonly string[]) => void;
const observers = new Set<RunObserver>();

/** Calls `observer` with the argv of every child started (tests check that no secret is on it). Returns an unsubscribe function. */
export function observeRuns(observer: RunObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}
