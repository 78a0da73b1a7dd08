// Headless Chromium (Debian's `chromium` 156, bookworm) for HTML → PDF, driven
// by puppeteer-core over --remote-debugging-pipe (fds 3/4: no listening socket
// that another local user could drive). Instances stay warm like the
// LibreOffice pool: each request gets a fresh incognito browser context, the
// instance is restarted after CHROMIUM_RESTART_AFTER renders or a crash, and
// killed with its process group on shutdown or when a page will not close.
//
// No network at all: every request a page makes is intercepted;
// only files of the upload are answered (from the request's site directory,
// under a made-up origin), everything else is aborted and counted. Behind
// that, the proxy points at a closed port and every host name resolves to
// nothing, so a request that escaped interception (WebSocket, prefetch)
// still reaches no server.
//
// Memory: V8's heap of each renderer is capped (--js-flags) and every child
// of the browser is watched in /proc (chromium-watchdog.ts); a page over
// CHROMIUM_MEMORY_LIMIT loses its renderer and answers 422 resource_limit,
// while the instance keeps serving. Output is printed up to MAX_PAGES + 1
// pages, so the operation can refuse a longer result without printing it all.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer, {
  type Browser,
  type BrowserContext,
  type CDPSession,
  type ConnectionTransport,
  type HTTPRequest,
  type Page,
} from 'puppeteer-core';
import { ClientClosedError, ProcessingFailedError, ResourceLimitError, TimeoutError } from '../core/errors.js';
import { makeShortTmpDir, profileBase } from './chromium-dirs.js';
import { ChromiumWatchdog } from './chromium-watchdog.js';
import { runStandalone, startLongLived, type LongLivedProcess } from './run.js';
import type { RunContext } from '../core/contract.js';
import { warmPools } from './warm-pools.js';

/** The browser binary itself (the /usr/bin/chromium wrapper script adds flags from /etc/chromium.d). */
export const CHROMIUM = '/usr/lib/chromium/chromium';
/** The made-up origin the upload is served under; nothing real answers for it. */
export const SITE_ORIGIN = 'http://document.invalid';
/** Internal files (the Markdown renderer) live under this path of SITE_ORIGIN. */
export const INTERNAL_PREFIX = '/__pdf-service/';

const START_TIMEOUT_MS = 30_000;
/** How long a context may take to close before its instance is killed instead (a renderer stuck in a loop). */
const CLOSE_GRACE_MS = 3_000;
/** How long a spare page may take to answer before it counts as dead (a round trip takes a few ms). */
const SPARE_PROBE_MS = 1_000;
/** How long a request waits for a spare that is still being made before making its own. */
const SPARE_WAIT_MS = 2_000;

/** How long after the watchdog killed one of an instance's processes a page crash there counts as that kill. */
const MEMORY_KILL_WINDOW_MS = 10_000;
/** What Chromium prints when a renderer runs out of V8 heap or Blink (Oilpan) memory, with the renderer's pid first. */
const OOM_LINE = /^\[(\d+):[^\]]*\][^\n]*(?:V8 javascript OOM|Oilpan: Out of memory|Out of memory)/gm;

/**
 * V8 old-space size (MiB) for a memory cap: the cap itself, a backstop behind the watchdog. With half
 * the cap, a page growing its JavaScript heap spent ~8 s in V8's last-resort collections near that
 * limit before V8 gave up; with the whole cap, the heap plus the renderer's own memory crosses the
 * cap first and the watchdog ends it in ~3 s (measured, 384 MiB cap).
 */
export function v8HeapMiB(memoryLimitBytes: number): number {
  return Math.max(64, Math.floor(memoryLimitBytes / (1024 * 1024)));
}

/** Arguments of one warm instance (exported for unit tests); `memoryLimit` 0 leaves V8's own heap limit. */
export function chromiumArgs(profileDir: string, memoryLimit = 0, sandbox = process.getuid?.() !== 0): string[] {
  const args = [
    '--headless',
    '--remote-debugging-pipe',
    `--user-data-dir=${profileDir}`,
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-breakpad',
    '--no-first-run',
    '--no-default-browser-check',
    '--mute-audio',
    '--hide-scrollbars',
    '--font-render-hinting=none',
    '--disable-features=Translate,MediaRouter,OptimizationHints,DialMediaRouteProvider,InterestFeedContentSuggestions,AutofillServerCommunication',
    // Defence in depth behind request interception: no proxy answers, no name resolves, loopback included.
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--force-webrtc-ip-handling-policy',
    ...(memoryLimit > 0 ? [`--js-flags=--max-old-space-size=${v8HeapMiB(memoryLimit)}`] : []),
    'about:blank',
  ];
  if (!sandbox) args.unshift('--no-sandbox');
  return args;
}

let sandboxDecision: Promise<boolean> | undefined;

/**
 * Whether Chromium can use its own sandbox here. Not as root (it refuses to), and not where
 * the host refuses unprivileged user namespaces, which its sandbox is built on: Docker's
 * default seccomp profile does, for any user but root ("No usable sandbox!", every render
 * failing). There it runs without it, still cut off from the network and every file outside
 * the upload, under the tool limits; the server logs which applies.
 */
export function chromiumSandboxUsable(): Promise<boolean> {
  sandboxDecision ??=
    process.getuid?.() === 0
      ? Promise.resolve(false)
      : runStandalone('unshare', ['--user', '--', 'true'], 5_000).then(
          (r) => r.exitCode === 0,
          () => false,
        );
  return sandboxDecision;
}

/** puppeteer's transport over the NUL-delimited JSON messages of --remote-debugging-pipe. */
class PipeTransport implements ConnectionTransport {
  onmessage?: (message: string) => void;
  onclose?: () => void;
  private pending = '';

  constructor(
    private readonly toChild: NodeJS.WritableStream,
    fromChild: NodeJS.ReadableStream,
  ) {
    fromChild.setEncoding('utf8');
    fromChild.on('data', (chunk: string) => {
      let rest = this.pending + chunk;
      let end = rest.indexOf('\0');
      while (end !== -1) {
        const message = rest.slice(0, end);
        rest = rest.slice(end + 1);
        // Delivered asynchronously, as puppeteer's own pipe transport does.
        setImmediate(() => this.onmessage?.(message));
        end = rest.indexOf('\0');
      }
      this.pending = rest;
    });
    fromChild.on('close', () => this.onclose?.());
    fromChild.on('error', () => undefined);
    toChild.on('error', () => undefined);
  }

  send(message: string): void {
    this.toChild.write(`${message}\0`);
  }

  close(): void {
    this.toChild.end();
  }
}

/** Page setup of one render (API.md §5b: paper, landscape, margin, print_background). */
export interface PrintOptions {
  paper: 'a4' | 'letter' | 'legal' | 'a3' | 'a5';
  landscape: boolean;
  /** Points. */
  margin: number;
  printBackground: boolean;
  /** A tagged (accessible) PDF: structure tree and marked content. Costs print time, so it is asked for. */
  tagged: boolean;
}

/** One HTML → PDF render. */
export interface RenderJob {
  /** Directory whose files the page may load (the upload, unpacked). */
  siteDir: string;
  /** Path below siteDir of the page to open, e.g. "index.html". */
  entry: string;
  /** Files answered under INTERNAL_PREFIX (name → path on disk). */
  internal?: Record<string, string>;
  /** A JavaScript expression that becomes true when the page is ready to print (after `load`). */
  readyWhen?: string;
  output: string;
  print: PrintOptions;
  /** Pages printed at most: the print stops after them (the caller refuses a longer result). */
  maxPages?: number;
}

export interface RenderResult {
  /** Requests that left the upload and were refused. */
  blocked: number;
}

interface Instance {
  process: LongLivedProcess;
  browser: Promise<Browser>;
  profileDir: string;
  /** Its TMPDIR: short, under /tmp (chromium-dirs.ts). */
  tmpDir: string;
  /** When the watchdog last killed one of its processes (epoch ms; 0 = never). */
  memoryKilledAt: number;
  /** A session on the browser target, made on first use, for its list of processes. */
  browserSession?: Promise<CDPSession>;
  renders: number;
  active: number;
  retired: boolean;
  /** Fresh contexts with one blank page each, made ahead of the next requests (none is ever used twice). */
  spares: Array<Promise<Fresh | undefined>>;
  /** True while spares are being made (one at a time). */
  filling: boolean;
}

interface Fresh {
  context: BrowserContext;
  page: Page;
  /** Set when the page's renderer crashed (puppeteer's 'error' event) before it was used. */
  crashed: boolean;
}

/** Paper sizes in mm, short side first (puppeteer's named formats round A4 to 595.92 × 842.88 pt). */
const PAPER_MM: Record<PrintOptions['paper'], [number, number]> = {
  a4: [210, 297],
  a3: [297, 420],
  a5: [148, 210],
  letter: [215.9, 279.4],
  legal: [215.9, 355.6],
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/** Health and counters, for tests and /metrics. */
export interface ChromiumPoolStats {
  size: number;
  running: number;
  active: number;
  started: number;
  renders: number;
}

/** The warm Chromium instances of one service (one DATA_DIR). */
export class ChromiumPool {
  private readonly slots: Array<Instance | undefined>;
  private readonly baseDir: string;
  private readonly watchdog: ChromiumWatchdog;
  /** Every instance whose directories are not yet removed (retired ones included: they may still be running). */
  private readonly unremoved = new Set<Instance>();
  /** Contexts being closed, or closed (closeContext). */
  private readonly closing = new WeakMap<BrowserContext, Promise<void>>();
  private startedCount = 0;
  private renderCount = 0;
  private stopped = false;
  private sandbox = false;

  constructor(
    readonly size: number,
    readonly restartAfter: number,
    dataDir: string,
    /** Fresh contexts each instance keeps ready: enough for every render the process pool lets run at once. */
    readonly sparesPerInstance = 1,
    /** Bytes one child process of the browser may fill (CHROMIUM_MEMORY_LIMIT; 0 = no cap). */
    readonly memoryLimit = 0,
  ) {
    this.slots = new Array(size).fill(undefined);
    this.baseDir = profileBase(dataDir);
    this.watchdog = new ChromiumWatchdog(memoryLimit);
  }

  stats(): ChromiumPoolStats {
    const live = this.slots.filter((s): s is Instance => s !== undefined);
    return {
      size: this.size,
      running: live.filter((s) => s.process.running()).length,
      active: live.reduce((n, s) => n + s.active, 0),
      started: this.startedCount,
      renders: this.renderCount,
    };
  }

  /** Prints `job.entry` of `job.siteDir` to `job.output` in a fresh context, within the request's pool slot and deadline. */
  async render(ctx: RunContext, job: RenderJob): Promise<RenderResult> {
    const release = await ctx.pool.acquire(1, ctx.signal);
    try {
      if (ctx.signal.aborted) throw new ClientClosedError();
      if (Date.now() >= ctx.deadline) throw new TimeoutError(ctx.timeoutMs);
      this.sandbox = await chromiumSandboxUsable();
      const instance = this.instance();
      instance.active += 1;
      const unwatch = this.watchdog.watch(
        instance.process.pid,
        () => childPids(instance),
        () => (instance.memoryKilledAt = Date.now()),
      );
      // Runs once the request's context is closed (after the answer, when the print succeeded).
      const done = () => {
        unwatch();
        instance.active -= 1;
        instance.renders += 1;
        this.renderCount += 1;
        if (instance.renders >= this.restartAfter || !instance.process.running()) this.retire(instance);
        else this.refill(instance);
      };
      return await this.renderOn(ctx, instance, job, done);
    } finally {
      release();
    }
  }

  /** Kills every instance and removes the profiles. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.slots.fill(undefined);
    // Retired instances too: the process may exit right after this, before their own exit handlers ran.
    const instances = [...this.unremoved];
    for (const instance of instances) instance.process.kill();
    await Promise.all(instances.map((instance) => instance.process.exited));
    await Promise.all([...instances.map((instance) => removeDirs(instance)), removeDir(this.baseDir)]);
  }

  private async renderOn(ctx: RunContext, instance: Instance, job: RenderJob, done: () => void): Promise<RenderResult> {
    let stoppedBy: 'timeout' | 'abort' | 'crash' | undefined;
    let context: BrowserContext | undefined;
    let printed = false;
    let interrupt: (() => void) | undefined;
    const interrupted = new Promise<never>((_, reject) => (interrupt = () => reject(new Error('stopped'))));
    interrupted.catch(() => undefined);
    // Every wait on the page ends when the render is stopped: a crashed renderer leaves puppeteer's
    // calls pending for a minute (measured: evaluate rejected 55 s after the crash). The call that
    // lost the race must not reject unhandled later.
    const until = <T>(call: Promise<T>): Promise<T> => {
      call.catch(() => undefined);
      return Promise.race([call, interrupted]);
    };
    const oomBefore = oomPids(instance.process.stderrTail());
    const stop = (why: 'timeout' | 'abort' | 'crash') => {
      stoppedBy ??= why;
      interrupt?.();
      // Closing the context ends its pending calls; a renderer that will not let go costs the instance.
      void this.closeContext(instance, context);
    };
    const timer = setTimeout(() => stop('timeout'), Math.max(0, ctx.deadline - Date.now()));
    const onAbort = () => stop('abort');
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    let blocked = 0;
    try {
      // Getting a page is bounded by the deadline too: a browser that cannot make one is retired.
      const taking = this.takeFresh(instance);
      const fresh = await Promise.race([taking, interrupted]).catch((error: unknown) => {
        void taking.then((late) => late.context.close()).catch(() => undefined);
        if (stoppedBy === 'timeout') this.retire(instance);
        throw error;
      });
      context = fresh.context;
      if (stoppedBy) throw new Error('stopped');
      const page = fresh.page;
      // The renderer died (killed by the watchdog, out of V8 heap, or a crash the page caused).
      page.once('error', () => stop('crash'));
      if (fresh.crashed) stop('crash');
      // Interception was switched on when the page was made: no request of this page goes unanswered by `answer`.
      page.on('request', (request) => {
        void this.answer(request, job).then(
          (allowed) => {
            if (!allowed) blocked += 1;
          },
          () => (blocked += 1), // answer() handles its own failures; this only keeps a rejection from ending the process
        );
      });
      await until(
        page.goto(`${SITE_ORIGIN}/${job.entry.split('/').map(encodeURIComponent).join('/')}`, {
          waitUntil: 'load',
          timeout: 0,
        }),
      );
      if (job.readyWhen) await until(page.waitForFunction(job.readyWhen, { timeout: 0, polling: 50 }));
      // Images added after `load` (rendered Markdown) and web fonts are in before printing.
      await until(
        page.evaluate(async () => {
          await Promise.all(
            Array.from(document.images)
              .filter((image) => !image.complete)
              .map(
                (image) =>
                  new Promise((done) => {
                    image.addEventListener('load', done, { once: true });
                    image.addEventListener('error', done, { once: true });
                  }),
              ),
          );
          await document.fonts.ready;
        }),
      );
      const margin = `${job.print.margin / 72}in`;
      const [short, long] = PAPER_MM[job.print.paper];
      const [width, height] = job.print.landscape ? [long, short] : [short, long];
      // Streamed to the file (Page.printToPDF ReturnAsStream). Fonts were awaited just above, in the
      // same call as the images, so puppeteer's own wait (an isolated world) is not needed.
      await until(
        page.pdf({
          path: job.output,
          width: `${width}mm`,
          height: `${height}mm`,
          printBackground: job.print.printBackground,
          margin: { top: margin, right: margin, bottom: margin, left: margin },
          tagged: job.print.tagged,
          outline: false,
          waitForFonts: false,
          timeout: 0,
          // Chromium caps the range at the document's length quietly (CDP Page.printToPDF, pageRanges).
          ...(job.maxPages ? { pageRanges: `1-${job.maxPages + 1}` } : {}),
        }),
      );
      if (stoppedBy) throw new Error('stopped');
      await assertWholePdf(job.output);
      printed = true;
      return { blocked };
    } catch (error) {
      if (stoppedBy === 'timeout') throw new TimeoutError(ctx.timeoutMs);
      if (stoppedBy === 'abort') throw new ClientClosedError();
      if (stoppedBy === 'crash' && this.outOfMemory(instance, oomBefore)) {
        // Only the page's renderer went; the browser and the other renders on it carry on.
        const mib = Math.round(this.memoryLimit / (1024 * 1024));
        throw new ResourceLimitError(
          `The page needed more memory than one Chromium renderer may use (${mib} MiB, CHROMIUM_MEMORY_LIMIT).`,
          'CHROMIUM_MEMORY_LIMIT',
          {
            value: this.memoryLimit,
          },
        );
      }
      this.retire(instance);
      throw new ProcessingFailedError('Chromium could not print the page.', error);
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onAbort);
      // A printed page's context closes while the answer goes out; a failed one is closed (or its instance killed) first.
      const closing = this.closeContext(instance, context).finally(done);
      if (printed) closing.catch(() => undefined);
      else await closing;
    }
  }

  /** A never-used context and page for one request: a spare made earlier (whose page is still open), else a new one. */
  private async takeFresh(instance: Instance): Promise<Fresh> {
    for (let spare = instance.spares.shift(); spare; spare = instance.spares.shift()) {
      // One still being made is waited for a while (it is usually nearly done); one that hangs is left to its own time limit.
      const fresh = await settledWithin(spare, SPARE_WAIT_MS);
      if (fresh === 'late') {
        void spare.then((late) => late?.context.close()).catch(() => undefined);
        continue;
      }
      if (fresh && (await answers(fresh))) return fresh;
      // A spare whose renderer went away while it waited (Chromium makes renderers the OOM killer's
      // first choice) is dropped, not handed out.
      void fresh?.context.close().catch(() => undefined);
    }
    return makeFresh(instance);
  }

  /**
   * Makes fresh contexts ahead of the requests, one at a time, until the instance holds
   * `sparesPerInstance`. Opening a page in a new context starts a renderer and costs 300–400 ms
   * of CPU across Chromium's processes (measured here): made after a render rather than during it,
   * it does not slow the render on 2 cores, and a burst of requests finds its contexts ready
   * instead of making them all at once. While renders run, only an empty stock is topped up (one
   * context), so refilling does not compete with a burst; the rest follows when the instance is
   * idle. Isolation is unchanged: no context ever serves two requests.
   */
  private refill(instance: Instance): void {
    if (instance.filling) return;
    instance.filling = true;
    const wanted = () =>
      instance.spares.length < this.sparesPerInstance && (instance.spares.length === 0 || instance.active === 0);
    void (async () => {
      try {
        while (!instance.retired && !this.stopped && wanted()) {
          const made = makeFresh(instance).catch(() => undefined);
          instance.spares.push(made);
          // An instance that cannot make a page is retired by the render that finds out.
          if (!(await made)) break;
        }
      } finally {
        instance.filling = false;
      }
    })();
  }

  /**
   * Closes a request's context once (a render stopped early closes it at once and again in its
   * `finally`: a second Target.disposeBrowserContext fails, and a failure here costs the instance);
   * kills the instance if that does not happen within CLOSE_GRACE_MS.
   */
  private closeContext(instance: Instance, context: BrowserContext | undefined): Promise<void> {
    if (!context) return Promise.resolve();
    let closing = this.closing.get(context);
    if (!closing) {
      closing = this.closeContextOnce(instance, context);
      this.closing.set(context, closing);
    }
    return closing;
  }

  private async closeContextOnce(instance: Instance, context: BrowserContext): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      context.close().then(
        () => true,
        () => !instance.process.running(),
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    if (!closed) {
      this.retire(instance);
      instance.process.kill();
    }
  }

  /**
   * Whether a page crash on `instance` came from the memory cap: the watchdog
   * killed one of its processes just now, or Chromium printed an out-of-memory
   * line for a renderer that had not printed one when the render began.
   */
  private outOfMemory(instance: Instance, oomBefore: Set<string>): boolean {
    if (this.memoryLimit <= 0) return false;
    if (Date.now() - instance.memoryKilledAt < MEMORY_KILL_WINDOW_MS) return true;
    for (const pid of oomPids(instance.process.stderrTail())) if (!oomBefore.has(pid)) return true;
    return false;
  }

  /**
   * Answers one request of the page from the upload; anything else is refused.
   * Returns whether it was allowed. Never rejects: a URL the page made up (a
   * malformed escape such as /%ff.png, an overlong path) is refused like any
   * other request that leaves the upload, and a failure while answering
   * aborts the request: an exception here ran in an event handler, where
   * nothing would catch it.
   */
  private async answer(request: HTTPRequest, job: RenderJob): Promise<boolean> {
    try {
      return await this.answerFromUpload(request, job);
    } catch {
      await request.abort('blockedbyclient').catch(() => undefined);
      return false;
    }
  }

  private async answerFromUpload(request: HTTPRequest, job: RenderJob): Promise<boolean> {
    const url = request.url();
    if (url.startsWith('data:')) {
      await request.continue().catch(() => undefined);
      return true;
    }
    let file: string | undefined;
    const pathname = url.startsWith(`${SITE_ORIGIN}/`) ? sitePath(url) : undefined;
    if (pathname !== undefined) {
      if (pathname.startsWith(INTERNAL_PREFIX)) {
        file = job.internal?.[pathname.slice(INTERNAL_PREFIX.length)];
      } else {
        const resolved = path.resolve(job.siteDir, `.${pathname}`);
        if (resolved === job.siteDir || resolved.startsWith(`${job.siteDir}${path.sep}`)) file = resolved;
      }
      if (file !== undefined) {
        const body = await fs.promises.readFile(file).catch(() => undefined);
        if (body) {
          const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
          await request.respond({ status: 200, contentType, body }).catch(() => undefined);
        } else {
          await request
            .respond({ status: 404, contentType: 'text/plain', body: 'not in the upload' })
            .catch(() => undefined);
        }
        return true;
      }
    }
    await request.abort('blockedbyclient').catch(() => undefined);
    return false;
  }

  /** The least busy instance; a new one while every running one is busy and a slot is free. */
  private instance(): Instance {
    if (this.stopped) throw new ProcessingFailedError('The service is shutting down.');
    let best = -1;
    for (let i = 0; i < this.size; i++) {
      const slot = this.slots[i];
      if (slot && (slot.retired || !slot.process.running())) this.slots[i] = undefined;
      else if (slot && (best === -1 || slot.active < this.slots[best]!.active)) best = i;
    }
    const empty = this.slots.indexOf(undefined);
    if (best === -1 || (this.slots[best]!.active > 0 && empty !== -1)) {
      best = empty;
      this.slots[best] = this.start();
    }
    return this.slots[best]!;
  }

  private start(): Instance {
    const profileDir = path.join(this.baseDir, `profile-${++this.startedCount}`);
    fs.mkdirSync(profileDir, { recursive: true, mode: 0o700 });
    const tmpDir = makeShortTmpDir();
    const child = startLongLived(
      CHROMIUM,
      chromiumArgs(profileDir, this.memoryLimit, this.sandbox),
      profileDir,
      { TMPDIR: tmpDir },
      { pipes: true },
    );
    const instance: Instance = {
      process: child,
      profileDir,
      tmpDir,
      memoryKilledAt: 0,
      renders: 0,
      active: 0,
      retired: false,
      browser: connect(child),
      spares: [],
      filling: false,
    };
    instance.browser.catch(() => {
      this.retire(instance);
      child.kill();
    });
    this.refill(instance);
    this.unremoved.add(instance);
    void child.exited.then(async () => {
      instance.retired = true;
      await removeDirs(instance);
      this.unremoved.delete(instance);
    });
    return instance;
  }

  /** Takes an instance out of service; it is stopped once its last render has finished. */
  private retire(instance: Instance): void {
    instance.retired = true;
    const index = this.slots.indexOf(instance);
    if (index !== -1) this.slots[index] = undefined;
    if (instance.active === 0) {
      for (const spare of instance.spares.splice(0))
        void spare.then((fresh) => fresh?.context.close()).catch(() => undefined);
      void instance.browser.then((b) => b.close()).catch(() => undefined);
      // close() asks politely; the group kill makes sure.
      setTimeout(() => instance.process.kill(), 1000).unref();
    } else {
      void waitIdle(instance).then(() => this.retire(instance));
    }
  }
}

function removeDir(dir: string): Promise<void> {
  return fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch(() => undefined);
}

/** Removes an exited instance's profile and temporary directory (never rejects). */
async function removeDirs(instance: Instance): Promise<void> {
  await Promise.all([removeDir(instance.profileDir), removeDir(instance.tmpDir)]);
}

/**
 * The decoded path of a URL under SITE_ORIGIN, or undefined when it has none
 * (a malformed percent escape: decodeURIComponent throws URIError on "%ff",
 * "%", "%E0%A4%A").
 */
export function sitePath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
}

/** Pids of the instance's processes other than the browser (renderers, GPU, services), as the browser lists them. */
async function childPids(instance: Instance): Promise<number[]> {
  instance.browserSession ??= instance.browser.then((browser) => browser.target().createCDPSession());
  const { processInfo } = await (await instance.browserSession).send('SystemInfo.getProcessInfo');
  return processInfo.filter((info) => info.type !== 'browser').map((info) => info.id);
}

/** Pids of the renderers whose out-of-memory line is in `stderr` (Chromium's log lines start with "[pid:tid:…]"). */
function oomPids(stderr: string): Set<string> {
  return new Set(Array.from(stderr.matchAll(OOM_LINE), (match) => match[1]));
}

/** A new context with one page at the upload's origin, interception on; bounded by START_TIMEOUT_MS (a renderer can die mid-way). */
async function makeFresh(instance: Instance): Promise<Fresh> {
  let timer: NodeJS.Timeout | undefined;
  const making = makeFreshUnbounded(instance);
  try {
    return await Promise.race([
      making,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no fresh page within the start-up time')), START_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    void making.then((late) => late.context.close()).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function makeFreshUnbounded(instance: Instance): Promise<Fresh> {
  const context = await (await instance.browser).createBrowserContext();
  try {
    const page = await context.newPage();
    // Before any navigation, so the request that gets the page pays no round trip for it.
    await page.setRequestInterception(true);
    // Taken to the upload's origin now (an empty document answered right here), so the request's
    // own navigation is same-site and finds its renderer ready: ~80 ms less per request, measured.
    const blankUrl = `${SITE_ORIGIN}${INTERNAL_PREFIX}blank`;
    const answerBlank = (request: HTTPRequest) => {
      const answered =
        request.url() === blankUrl
          ? request.respond({
              status: 200,
              contentType: 'text/html; charset=utf-8',
              body: '<!doctype html><title></title>',
            })
          : request.abort('blockedbyclient');
      answered.catch(() => undefined);
    };
    page.on('request', answerBlank);
    const crash = new Promise<never>((_, reject) => page.once('error', reject));
    crash.catch(() => undefined);
    try {
      // A renderer that dies now fails the page at once rather than at the time limit.
      await Promise.race([page.goto(blankUrl, { waitUntil: 'load', timeout: START_TIMEOUT_MS }), crash]);
    } finally {
      page.off('request', answerBlank);
    }
    const fresh: Fresh = { context, page, crashed: false };
    page.once('error', () => (fresh.crashed = true));
    return fresh;
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/** The promise's value, or 'late' when it has not settled within `ms`. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a spare page's renderer is still there: not reported crashed, and a trivial evaluation returns within SPARE_PROBE_MS. */
async function answers(fresh: Fresh): Promise<boolean> {
  if (fresh.crashed || fresh.page.isClosed()) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fresh.page.evaluate('1').then(
        () => !fresh.crashed,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SPARE_PROBE_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A print cut short (the stream ended early, the disk filled) fails here rather than at the
 * client: the file must run from a PDF header to an end-of-file marker. Cheaper than a qpdf
 * pass (a process start) for output Chromium itself wrote.
 */
export async function assertWholePdf(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(8);
    const tail = Buffer.alloc(Math.min(size, 64));
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (!head.toString('latin1').startsWith('%PDF-') || !/%%EOF\s*$/.test(tail.toString('latin1'))) {
      throw new Error(`the printed file (${size} bytes) is not a whole PDF`);
    }
  } finally {
    await handle.close();
  }
}

async function waitIdle(instance: Instance): Promise<void> {
  while (instance.active > 0 && instance.process.running()) await new Promise((r) => setTimeout(r, 100));
}

async function connect(child: LongLivedProcess): Promise<Browser> {
  if (!child.pipes) throw new ProcessingFailedError('Chromium could not be started.', new Error('no control pipes'));
  const transport = new PipeTransport(child.pipes.toChild, child.pipes.fromChild);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      puppeteer.connect({ transport, defaultViewport: null, protocolTimeout: 0 }),
      child.exited.then(() => {
        throw new ProcessingFailedError('Chromium exited at start-up.', new Error(child.stderrTail()));
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ProcessingFailedError('Chromium did not start in time.', new Error(child.stderrTail()))),
          START_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const registry = warmPools(
  (config) =>
    new ChromiumPool(
      config.CHROMIUM_POOL_SIZE,
      config.CHROMIUM_RESTART_AFTER,
      config.DATA_DIR,
      Math.ceil(config.CONCURRENCY / config.CHROMIUM_POOL_SIZE),
      config.CHROMIUM_MEMORY_LIMIT,
    ),
);

/** The pool of the service whose data lives in `config.DATA_DIR` (created on first use, started lazily). */
export const chromiumPool = registry.get;

/** Stops the pool of `config`'s service, if it was ever used (server shutdown). */
export const stopChromiumPool = registry.stop;
