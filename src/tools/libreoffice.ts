// LibreOffice (soffice 7.4.7, Debian bookworm, with python3-uno) kept warm for
// Office → PDF. A cold `soffice --convert-to` pays the whole start-up per
// document; here LIBREOFFICE_POOL_SIZE headless instances (own profile each)
// listen on named pipes, and each conversion is one short python3 UNO client
// (libreoffice-uno.py) run through run.ts, so the request pool, deadline and
// group kill apply as for any tool. One instance holds one document at a time:
// a document that hangs occupies one instance until the request's deadline,
// then that instance is killed and replaced while the others keep converting.
// Instances start on the first Office conversion (servers that never convert
// Office files never pay for them) and are restarted after
// LIBREOFFICE_RESTART_AFTER conversions or when they die. Each instance runs
// under Landlock (libreoffice-sandbox.py), able to read only system files and
// its own directory, where the one document it converts is linked.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ClientClosedError,
  IncorrectPasswordError,
  InvalidDocumentError,
  PasswordRequiredError,
  ProcessingFailedError,
  TimeoutError,
} from '../core/errors.js';
import type { FileKind, RunContext } from '../core/contract.js';
import { failureOf, type ToolFailures } from './failures.js';
import { exists, memoryCapError, run, runStandalone, startLongLived, type LongLivedProcess } from './run.js';
import { warmPools } from './warm-pools.js';
import { bundledScript } from './bundled.js';

export const SOFFICE = 'soffice';
/** Debian's interpreter: python3-uno is installed for it, not for other Pythons on PATH. */
export const UNO_PYTHON = '/usr/bin/python3';

/** Exit codes of libreoffice-uno.py. */
export const UnoExitCode = {
  ok: 0,
  passwordRequired: 10,
  incorrectPassword: 11,
  loadFailed: 12,
  exportFailed: 13,
  noConnection: 14,
} as const;

/** What the client script answers about the document (the instance is fine). */
const UNO_ANSWERS: readonly number[] = [
  UnoExitCode.passwordRequired,
  UnoExitCode.incorrectPassword,
  UnoExitCode.loadFailed,
  UnoExitCode.exportFailed,
];

/** A conversion's failures by the client script's exit code; `format` is the target. */
export const UNO_FAILURES: ToolFailures<{ format: string }> = {
  tool: 'uno client',
  rules: [
    {
      exit: [UnoExitCode.passwordRequired],
      error: () =>
        new PasswordRequiredError('The document is password-protected; send its password in the field "password".'),
    },
    { exit: [UnoExitCode.incorrectPassword], error: () => new IncorrectPasswordError() },
    {
      exit: [UnoExitCode.loadFailed],
      error: () =>
        new InvalidDocumentError(
          'The document cannot be opened: it is damaged or not in a supported Office, OpenDocument, RTF or text format.',
        ),
    },
    {
      exit: [UnoExitCode.exportFailed],
      error: (_f, { format }, cause) =>
        new ProcessingFailedError(`LibreOffice could not export the document to ${format.toUpperCase()}.`, cause),
    },
  ],
  failed: 'LibreOffice failed.',
};

/** What the pool writes: PDF, or ODT (text documents only). */
export type OfficeOutput = 'pdf' | 'odt';

/** Seconds a fresh instance may take to open its pipe. */
const START_WAIT_SECONDS = 30;

const script = bundledScript;
const unoScript = () => script('libreoffice-uno.py');
/** Starts soffice under Landlock, confined to its own home (libreoffice-sandbox.py). */
const sandboxScript = () => script('libreoffice-sandbox.py');
/** libreoffice-sandbox.py's exit code when the kernel has no Landlock. */
const SANDBOX_UNSUPPORTED = 3;

/**
 * Profile settings written before an instance first starts: macros disabled
 * outright, links of untrusted referers (every document we load) blocked, no
 * formula recalculation on load (WEBSERVICE() and external references keep
 * their cached values instead of fetching), no update checks or recovery.
 */
export const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Save/Document"><prop oor:name="AutoSave" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Recovery/AutoSave"><prop oor:name="Enabled" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Recovery/RecoveryInfo"><prop oor:name="Enabled" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments"><prop oor:name="AutoCheckEnabled" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/** soffice arguments for one warm instance (exported for unit tests). */
export function sofficeArgs(profileDir: string, pipeName: string): string[] {
  return [
    `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
    '--headless',
    '--invisible',
    '--nologo',
    '--nodefault',
    '--norestore',
    '--nolockcheck',
    `--accept=pipe,name=${pipeName};urp;StarOffice.ComponentContext`,
  ];
}

interface Instance {
  process: LongLivedProcess;
  /** The only directory the sandboxed instance may write, and besides system files the only one it may read. */
  home: string;
  pipe: string;
  /** Resolves once the pipe answers; rejects if it never does. */
  ready: Promise<void>;
  /** True once `ready` has resolved. */
  warm: boolean;
  conversions: number;
}

interface Waiter {
  grant: (slot: number) => void;
  fail: (error: Error) => void;
}

/** Health and counters, for tests and /metrics. */
export interface OfficePoolStats {
  size: number;
  running: number;
  busy: number;
  queued: number;
  started: number;
  conversions: number;
}

/** The warm LibreOffice instances of one service (one DATA_DIR). */
export class OfficePool {
  private readonly slots: Array<Instance | undefined>;
  private readonly busy: boolean[];
  private readonly queue: Waiter[] = [];
  private readonly baseDir: string;
  private startedCount = 0;
  private conversionCount = 0;
  private stopped = false;

  constructor(
    readonly size: number,
    readonly restartAfter: number,
    dataDir: string,
  ) {
    this.slots = new Array(size).fill(undefined);
    this.busy = new Array(size).fill(false);
    const root = path.join(dataDir, 'libreoffice');
    this.baseDir = path.join(root, `${process.pid}-${crypto.randomBytes(3).toString('hex')}`);
    removeStaleProfiles(root);
  }

  /** Where this pool keeps its instances' profiles (tests). */
  get profilesDir(): string {
    return this.baseDir;
  }

  stats(): OfficePoolStats {
    return {
      size: this.size,
      running: this.slots.filter((s) => s?.process.running()).length,
      busy: this.busy.filter(Boolean).length,
      queued: this.queue.length,
      started: this.startedCount,
      conversions: this.conversionCount,
    };
  }

  /** Converts `input` (an Office/OpenDocument/RTF/text file of `kind`) to `output` as PDF (or ODT, for text documents). */
  async convert(
    ctx: RunContext,
    input: string,
    output: string,
    kind: FileKind,
    password?: string,
    format: OfficeOutput = 'pdf',
  ): Promise<void> {
    const slot = await this.acquire(ctx);
    try {
      const instance = await this.instanceFor(slot);
      await this.convertOn(ctx, slot, instance, input, output, kind, format, password);
    } finally {
      this.release(slot);
    }
  }

  /** Kills every instance and removes the profiles. Waiting conversions fail. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of this.queue.splice(0)) waiter.fail(new ProcessingFailedError('The service is shutting down.'));
    const exits = this.slots.map((instance) => {
      if (!instance) return Promise.resolve();
      instance.process.kill();
      return instance.process.exited.then(() => undefined);
    });
    this.slots.fill(undefined);
    await Promise.all(exits);
    await fs.promises.rm(this.baseDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  /**
   * The instance is sandboxed to its own home, so the document is handed over
   * there: hard-linked into `job/` (copied across file systems), converted, and
   * the result moved back to `output`; `job/` is emptied on every path. One
   * instance converts one document at a time, so `job/` never holds another
   * request's file.
   */
  private async convertOn(
    ctx: RunContext,
    slot: number,
    instance: Instance,
    input: string,
    output: string,
    kind: FileKind,
    format: OfficeOutput,
    password?: string,
  ): Promise<void> {
    const job = path.join(instance.home, 'job');
    await fs.promises.rm(job, { recursive: true, force: true });
    await fs.promises.mkdir(job, { mode: 0o700 });
    try {
      const jobInput = path.join(job, path.basename(input));
      const jobOutput = path.join(job, `converted.${format}`);
      await linkOrCopy(input, jobInput);
      await this.convertInJob(ctx, slot, instance, jobInput, jobOutput, kind, format, password);
      await moveOrCopy(jobOutput, output);
    } finally {
      await fs.promises.rm(job, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    }
  }

  private async convertInJob(
    ctx: RunContext,
    slot: number,
    instance: Instance,
    input: string,
    output: string,
    kind: FileKind,
    format: OfficeOutput,
    password?: string,
  ): Promise<void> {
    const args = [
      unoScript(),
      'convert',
      instance.pipe,
      pathToFileURL(input).href,
      pathToFileURL(output).href,
      kind,
      format,
    ];
    let result;
    try {
      // The password goes on stdin; an empty stdin means "none". The client works in its
      // instance's home, not the request's work directory: it touches no file (soffice, in its
      // own sandbox, reads and writes them) but must reach the instance's pipe in /tmp, which
      // a tool confined to its work directory (Landlock, when not root) may not.
      result = await run({ ...ctx, workdir: instance.home }, UNO_PYTHON, args, { input: password ?? '' });
    } catch (error) {
      // Timeout or client gone: the instance may still be busy with the document; replace it.
      this.retire(slot);
      throw error;
    }
    instance.conversions += 1;
    this.conversionCount += 1;
    const crashed = !instance.process.running();
    if (crashed || instance.conversions >= this.restartAfter) this.retire(slot);
    // The instance's tree passed TOOL_MEMORY_LIMIT while converting this document: the client's 422, not a 500.
    if (crashed && (await instance.process.exited).overMemory) throw memoryCapError('soffice');
    if (result.exitCode === UnoExitCode.ok) {
      if (!(await exists(output)))
        throw new ProcessingFailedError('LibreOffice produced no PDF.', new Error(result.stderr));
      return;
    }
    // An exit the client script does not answer with leaves the instance in an unknown state: replace it.
    if (!UNO_ANSWERS.includes(result.exitCode)) this.retire(slot);
    throw failureOf(UNO_FAILURES, result, { format });
  }

  /** The running instance of `slot`, started (and waited for) if needed. */
  private async instanceFor(slot: number): Promise<Instance> {
    if (this.stopped) throw new ProcessingFailedError('The service is shutting down.');
    let instance = this.slots[slot];
    if (instance && !instance.process.running()) {
      this.retire(slot, false);
      instance = undefined;
    }
    instance ??= this.start(slot);
    // First use: the other instances start now, in the background, so a burst finds them warm.
    for (let other = 0; other < this.size; other++) if (!this.slots[other]) this.start(other);
    try {
      await instance.ready;
    } catch (error) {
      this.retire(slot, false);
      throw error;
    }
    return instance;
  }

  private start(slot: number): Instance {
    const home = path.join(this.baseDir, `instance-${slot}`);
    const profile = path.join(home, 'profile');
    fs.mkdirSync(path.join(profile, 'user'), { recursive: true, mode: 0o700 });
    const settings = path.join(profile, 'user', 'registrymodifications.xcu');
    if (!fs.existsSync(settings)) fs.writeFileSync(settings, PROFILE_SETTINGS);
    const pipe = `pdfsvc-${process.pid}-${slot}-${crypto.randomBytes(6).toString('hex')}`;
    // Landlock, applied by the launcher and inherited by every soffice process, confines
    // file access to `home` and the system directories (docs/operations/convert.md).
    const child = startLongLived(
      UNO_PYTHON,
      [sandboxScript(), home, '--', SOFFICE, ...sofficeArgs(profile, pipe)],
      home,
      { SAL_USE_VCLPLUGIN: 'svp' },
    );
    this.startedCount += 1;
    // Outside any request (a background start has none); bounded by its own timeout.
    const ping = runStandalone(
      UNO_PYTHON,
      [unoScript(), 'ping', pipe, String(START_WAIT_SECONDS)],
      (START_WAIT_SECONDS + 5) * 1000,
    ).then((result) => {
      if (result.exitCode !== UnoExitCode.ok || !child.running()) {
        child.kill();
        throw new ProcessingFailedError(
          'LibreOffice did not start.',
          new Error(`${result.stdout}\n${child.stderrTail()}`),
        );
      }
    });
    // An instance that exits before its pipe answers fails the start at once, not after the ping's wait.
    const died = child.exited.then((exit) => {
      // Fail closed: without the sandbox a document could read any file the service can.
      const why =
        exit.exitCode === SANDBOX_UNSUPPORTED
          ? 'LibreOffice did not start: this kernel has no Landlock, which confines it to its own files.'
          : 'LibreOffice did not start.';
      throw new ProcessingFailedError(why, new Error(child.stderrTail()));
    });
    died.catch(() => undefined);
    const ready = Promise.race([ping, died]);
    // A start nobody waits for must not become an unhandled rejection.
    ready.catch(() => undefined);
    const instance: Instance = { process: child, home, pipe, ready, warm: false, conversions: 0 };
    ready.then(
      () => (instance.warm = true),
      () => undefined,
    );
    this.slots[slot] = instance;
    return instance;
  }

  /** Kills the instance of `slot` and (unless told not to) starts its replacement in the background. */
  private retire(slot: number, replace = true): void {
    const instance = this.slots[slot];
    this.slots[slot] = undefined;
    instance?.process.kill();
    if (replace && !this.stopped) this.start(slot);
  }

  private acquire(ctx: RunContext): Promise<number> {
    if (this.stopped) return Promise.reject(new ProcessingFailedError('The service is shutting down.'));
    if (ctx.signal.aborted) return Promise.reject(new ClientClosedError());
    const free = this.freeSlot();
    if (free >= 0) {
      this.busy[free] = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        ctx.signal.removeEventListener('abort', onAbort);
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
      };
      const waiter: Waiter = {
        grant: (slot) => {
          cleanup();
          resolve(slot);
        },
        fail: (error) => {
          cleanup();
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(new ClientClosedError());
      const timer = setTimeout(
        () => waiter.fail(new TimeoutError(ctx.timeoutMs)),
        Math.max(0, ctx.deadline - Date.now()),
      );
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private release(slot: number): void {
    const next = this.queue.shift();
    if (next && !this.stopped) next.grant(slot);
    else this.busy[slot] = false;
  }

  /** A free slot, preferring a warm instance, then one that is starting, then an empty one. */
  private freeSlot(): number {
    let best = -1;
    let bestRank = 3;
    for (let i = 0; i < this.size; i++) {
      if (this.busy[i]) continue;
      const instance = this.slots[i];
      const rank = instance?.process.running() ? (instance.warm ? 0 : 1) : 2;
      if (rank < bestRank) [best, bestRank] = [i, rank];
    }
    return best;
  }
}

/** Hard-links `from` to `to`, or copies it when they are on different file systems. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.promises.copyFile(from, to);
  }
}

/** Renames `from` to `to`, or copies it when they are on different file systems. */
async function moveOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.promises.copyFile(from, to);
  }
}

/** Removes profile directories left by processes that died without stopping their pool. */
function removeStaleProfiles(root: string): void {
  let entries: string[] = [];
  try {
    entries = fs.readdirSync(root);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = Number(/^(\d+)-/.exec(entry)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const registry = warmPools(
  (config) => new OfficePool(config.LIBREOFFICE_POOL_SIZE, config.LIBREOFFICE_RESTART_AFTER, config.DATA_DIR),
);

/** The pool of the service whose data lives in `config.DATA_DIR` (created on first use, started lazily). */
export const officePool = registry.get;

/** Stops the pool of `config`'s service, if it was ever used (server shutdown). */
export const stopOfficePool = registry.stop;
