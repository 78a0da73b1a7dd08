// The Node side of native/spawn-helper.c: frames spawn and kill requests to
// it and routes its replies (pid, stdout, stderr, exit) to each child's
// handle. The server never forks itself on the request path, so a
// child start costs one pipe write instead of a page-table copy of the whole
// server. run.ts starts the helper process and is the only user.
import os from 'node:os';
import type { Readable, Writable } from 'node:stream';

/** What one child should be. */
export interface SpawnRequest {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Bytes written to stdin (then closed); stdin is /dev/null without it. */
  input?: Buffer;
  /** Relay stdout (else /dev/null). */
  stdout: boolean;
  /** Stdout bytes relayed at most; past them the group is killed and `stdoutOverflow` set (0 = no limit). */
  maxStdout: number;
  /** RLIMIT_AS in bytes (0 = none): a backstop well above `residentBytes`. */
  memoryBytes: number;
  /** Resident memory of the child and its descendants, bytes, sampled by the helper's watchdog; over it the group is killed (0 = none). */
  residentBytes: number;
  /** RLIMIT_CPU in seconds (0 = none). */
  cpuSeconds: number;
}

/** How a child ended. */
export interface SpawnExit {
  exitCode: number | undefined;
  signal: NodeJS.Signals | undefined;
  /** User + system CPU time of the child itself. */
  cpuMs: number;
  stdoutOverflow: boolean;
  /** The helper's watchdog killed it: its tree held more than `residentBytes`. */
  overMemory?: boolean;
  /** The most resident memory seen: the largest sampled tree sum, or the child's own high-water mark. */
  peakRssBytes?: number;
  /** Set when the child never started (errno name, e.g. ENOENT). */
  startError?: string;
}

/** A started (or starting) child. */
export interface SpawnHandle {
  /** Known once the helper reported the start. */
  pid: number | undefined;
  /** Resolves once all output has been delivered and the child is reaped; never rejects. */
  exited: Promise<SpawnExit>;
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  /** SIGKILLs the child's process group (a no-op once it has exited). */
  kill: () => void;
}

interface Pending {
  /** Absent for a directory removal or a file request. */
  handle?: SpawnHandle;
  resolve: (exit: SpawnExit) => void;
  /** A file read's 'D' reply. */
  data?: (payload: Buffer) => void;
}

/** A file the helper writes ('W'). */
export interface SmallFile {
  /** A plain name inside the directory (no '/'). */
  name: string;
  bytes: Buffer;
}

/** A file-request failure, with the errno name the helper reported as its `code`. */
export class HelperFileError extends Error {
  constructor(
    readonly code: string,
    what: string,
  ) {
    super(`${what}: ${code}`);
  }
}

const F_STDIN = 1;
const F_STDOUT = 2;
const signalNames = new Map<number, NodeJS.Signals>(
  Object.entries(os.constants.signals).map(([name, n]) => [n, name as NodeJS.Signals]),
);
const errnoNames = new Map<number, string>(Object.entries(os.constants.errno).map(([name, n]) => [n, name]));

/** Client of one spawn-helper process. */
export class Spawner {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private buffered: Buffer | undefined;
  private closed = false;
  private isolationText: string | undefined;
  /** 'I' frames still to come: the start-up one, then one per configure(). */
  private isolationReplies = 1;
  private readonly isolationWaiters: Array<(text: string) => void> = [];

  /** `busy(true)` when the first child is pending, `busy(false)` when none is: the owner holds the event loop open meanwhile. */
  constructor(
    private readonly requests: Writable,
    replies: Readable,
    private readonly busy: (busy: boolean) => void = () => undefined,
  ) {
    replies.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  private track(id: number, entry: Pending): void {
    this.pending.set(id, entry);
    if (this.pending.size === 1 && this.isolationWaiters.length === 0) this.busy(true);
  }

  private settle(id: number): void {
    if (this.pending.delete(id) && this.pending.size === 0 && this.isolationWaiters.length === 0) this.busy(false);
  }

  /**
   * How the helper isolates its children ("namespaces", "landlock" or "none: <why>"), as
   * its 'I' frame said at start-up or after configure().
   */
  isolation(): Promise<string> {
    if (this.isolationReplies === 0 && this.isolationText !== undefined) return Promise.resolve(this.isolationText);
    if (this.closed) return Promise.resolve('none: the spawn helper has exited');
    return new Promise((resolve) => {
      // Awaited at start-up, when nothing else holds the event loop open.
      if (this.pending.size === 0 && this.isolationWaiters.length === 0) this.busy(true);
      this.isolationWaiters.push(resolve);
    });
  }

  /** Settings the helper applies to children started from now on: their work root (hidden from each other), isolation (off is final), niceness. */
  configure(settings: {
    workRoot: string;
    privateDir?: string;
    appDir?: string;
    isolate: boolean;
    nice: number;
  }): void {
    const dirs = [settings.workRoot, settings.privateDir ?? '', settings.appDir ?? ''];
    if (dirs.some((d) => d.includes('\0'))) throw new TypeError('a directory name contains a NUL byte');
    const head = Buffer.alloc(8);
    head.writeUInt32LE(settings.isolate ? 1 : 0, 0);
    head.writeInt32LE(settings.nice, 4);
    this.isolationReplies += 1; // the helper answers with 'I' again
    this.sendFrame('C', 0, [head, Buffer.from(dirs.map((d) => `${d}\0`).join(''), 'utf8')]);
  }

  /** Children started and not yet reported as exited. */
  get size(): number {
    return this.pending.size;
  }

  spawn(request: SpawnRequest): SpawnHandle {
    const id = this.nextId++;
    let resolve!: (exit: SpawnExit) => void;
    const exited = new Promise<SpawnExit>((r) => (resolve = r));
    const handle: SpawnHandle = { pid: undefined, exited, kill: () => this.send('K', id) };
    if (this.closed) {
      resolve({
        exitCode: undefined,
        signal: undefined,
        cpuMs: 0,
        stdoutOverflow: false,
        startError: 'the spawn helper has exited',
      });
      return handle;
    }
    this.track(id, { handle, resolve });
    this.requests.write(encodeSpawn(id, request));
    return handle;
  }

  /** Removes a directory tree (a flat one here, else in a child of the helper); resolves true once it is gone. */
  remove(dir: string): Promise<boolean> {
    return new Promise((resolve) =>
      this.request('R', [Buffer.from(`${dir}\0`, 'utf8')], { resolve: (exit) => resolve(exit.exitCode === 0) }),
    );
  }

  /**
   * Writes `files` (new, mode 0600) into `dir`, creating `dir` (mode 0700) first
   * when `create`: one request instead of a thread-pool round trip per open,
   * write and close. Rejects with a HelperFileError.
   */
  writeFiles(dir: string, create: boolean, files: readonly SmallFile[]): Promise<void> {
    const parts: Buffer[] = [Buffer.alloc(4), Buffer.from(`${dir}\0`, 'utf8'), Buffer.alloc(4)];
    parts[0].writeUInt32LE(create ? 1 : 0, 0);
    parts[2].writeUInt32LE(files.length, 0);
    for (const file of files) {
      if (file.name.includes('/') || file.name.includes('\0'))
        throw new TypeError(`not a plain file name: ${file.name}`);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(file.bytes.length, 0);
      parts.push(Buffer.from(`${file.name}\0`, 'utf8'), length, file.bytes);
    }
    return new Promise((resolve, reject) => {
      this.request('W', parts, {
        resolve: (exit) =>
          exit.exitCode === 0
            ? resolve()
            : reject(new HelperFileError(exit.startError ?? 'EIO', `writing into ${dir}`)),
      });
    });
  }

  /** Reads `file` whole when it has at most `most` bytes; else only its size (the caller streams it). Rejects with a HelperFileError. */
  readFile(file: string, most: number): Promise<{ size: number; bytes?: Buffer }> {
    const head = Buffer.alloc(8);
    head.writeBigUInt64LE(BigInt(most), 0);
    return new Promise((resolve, reject) => {
      this.request('G', [head, Buffer.from(`${file}\0`, 'utf8')], {
        data: (payload) => {
          const size = Number(payload.readBigUInt64LE(0));
          // A copy: the payload is a view of the reply chunk.
          resolve(payload.length > 8 || size === 0 ? { size, bytes: Buffer.from(payload.subarray(8)) } : { size });
        },
        resolve: (exit) => reject(new HelperFileError(exit.startError ?? 'EIO', `reading ${file}`)),
      });
    });
  }

  /** Sends a request frame of `type` with `payload` parts, tracked until its reply. */
  private request(type: string, payload: Buffer[], entry: Pending): void {
    if (this.closed)
      return entry.resolve({
        exitCode: undefined,
        signal: undefined,
        cpuMs: 0,
        stdoutOverflow: false,
        startError: 'the spawn helper has exited',
      });
    const id = this.nextId++;
    this.track(id, entry);
    this.sendFrame(type, id, payload);
  }

  private sendFrame(type: string, id: number, payload: Buffer[]): void {
    if (this.closed) return;
    const head = Buffer.allocUnsafe(9);
    head.writeUInt32LE(5 + payload.reduce((n, b) => n + b.length, 0), 0);
    head.write(type, 4, 'latin1');
    head.writeUInt32LE(id, 5);
    this.requests.write(Buffer.concat([head, ...payload]));
  }

  /** The helper is gone: every child still pending ends as not started or lost. */
  fail(reason: string): void {
    this.closed = true;
    for (const waiter of this.isolationWaiters.splice(0)) waiter('none: the spawn helper has exited');
    for (const { resolve } of this.pending.values())
      resolve({ exitCode: undefined, signal: undefined, cpuMs: 0, stdoutOverflow: false, startError: reason });
    this.pending.clear();
    this.busy(false);
  }

  private send(type: string, id: number): void {
    if (this.closed) return;
    const frame = Buffer.allocUnsafe(9);
    frame.writeUInt32LE(5, 0);
    frame.write(type, 4, 'latin1');
    frame.writeUInt32LE(id, 5);
    this.requests.write(frame);
  }

  private receive(chunk: Buffer): void {
    const data = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    let offset = 0;
    while (data.length - offset >= 4) {
      const length = data.readUInt32LE(offset);
      if (data.length - offset - 4 < length) break;
      const type = data[offset + 4];
      const id = data.readUInt32LE(offset + 5);
      const payload = data.subarray(offset + 9, offset + 4 + length);
      offset += 4 + length;
      if (type === 0x49) {
        // 'I' (id 0): the isolation in force, at start-up and after each 'C'.
        this.isolationText = payload.toString('utf8');
        this.isolationReplies = Math.max(0, this.isolationReplies - 1);
        if (this.isolationReplies === 0 && this.isolationWaiters.length > 0) {
          for (const waiter of this.isolationWaiters.splice(0)) waiter(this.isolationText);
          if (this.pending.size === 0) this.busy(false);
        }
        continue;
      }
      const entry = this.pending.get(id);
      if (!entry) continue;
      switch (type) {
        case 0x50: // 'P' started
          if (entry.handle) entry.handle.pid = payload.readInt32LE(0);
          break;
        case 0x46: // 'F' failed to start
          this.settle(id);
          entry.resolve({
            exitCode: undefined,
            signal: undefined,
            cpuMs: 0,
            stdoutOverflow: false,
            startError: errnoNames.get(payload.readInt32LE(0)) ?? 'EUNKNOWN',
          });
          break;
        case 0x44: // 'D' a file read
          this.settle(id);
          entry.data?.(payload);
          break;
        case 0x4f: // 'O' stdout
          entry.handle?.onStdout?.(payload);
          break;
        case 0x45: // 'E' stderr
          entry.handle?.onStderr?.(payload);
          break;
        case 0x58: {
          // 'X' exit: a wait status as from waitpid(2)
          this.settle(id);
          const status = payload.readInt32LE(0);
          const termsig = status & 0x7f;
          entry.resolve({
            exitCode: termsig === 0 ? (status >> 8) & 0xff : undefined,
            signal: termsig === 0 ? undefined : signalNames.get(termsig),
            cpuMs: Number(payload.readBigUInt64LE(4)) / 1000,
            stdoutOverflow: payload[12] === 1,
            // A spawned child's frame goes on (removals and file writes end at byte 13).
            overMemory: payload.length >= 22 && payload[13] === 1,
            peakRssBytes: payload.length >= 22 ? Number(payload.readBigUInt64LE(14)) : undefined,
          });
          break;
        }
      }
    }
    this.buffered = offset === data.length ? undefined : data.subarray(offset);
    // A copy, so the chunk it came from can be collected.
    if (this.buffered && offset > 0) this.buffered = Buffer.from(this.buffered);
  }
}

/** One 'S' frame (layout in native/spawn-helper.c). */
function encodeSpawn(id: number, request: SpawnRequest): Buffer {
  const strings = [request.cwd, request.file, request.file, ...request.args];
  const envc = Object.keys(request.env).length;
  for (const [name, value] of Object.entries(request.env)) strings.push(`${name}=${value}`);
  // As Node's own spawn does: a NUL would silently cut an argument short.
  if (strings.some((s) => s.includes('\0'))) throw new TypeError(`${request.file}: an argument contains a NUL byte`);
  const text = Buffer.from(`${strings.join('\0')}\0`, 'utf8');
  const input = request.input ?? Buffer.alloc(0);
  const head = Buffer.allocUnsafe(9 + 48);
  head.writeUInt32LE(5 + 48 + text.length + input.length, 0);
  head.write('S', 4, 'latin1');
  head.writeUInt32LE(id, 5);
  head.writeUInt32LE((request.input ? F_STDIN : 0) | (request.stdout ? F_STDOUT : 0), 9);
  head.writeBigUInt64LE(BigInt(Math.max(0, Math.floor(request.memoryBytes))), 13);
  head.writeBigUInt64LE(BigInt(Math.max(0, Math.ceil(request.cpuSeconds))), 21);
  head.writeBigUInt64LE(BigInt(Math.max(0, Math.floor(request.maxStdout))), 29);
  head.writeUInt32LE(request.args.length + 1, 37);
  head.writeUInt32LE(envc, 41);
  head.writeUInt32LE(input.length, 45);
  head.writeBigUInt64LE(BigInt(Math.max(0, Math.floor(request.residentBytes))), 49);
  return input.length ? Buffer.concat([head, text, input]) : Buffer.concat([head, text]);
}
