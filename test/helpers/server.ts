// Starts the real app on port 0 with a private DATA_DIR and TMP_DIR, against
// the real tools, and offers small helpers to call it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { startJobs, type JobsHandle, type StartJobsOptions } from '../../src/jobs/index.js';
import { createApp, createServices, listen, type AppExtensions, type RunningServer } from '../../src/server.js';
import { createKey, generateKey } from '../../src/store/keys.js';
import type { Plan } from '../../src/store/plans.js';
import { probeTools, type ToolStatus } from '../../src/tools/versions.js';
import pino, { type Logger } from 'pino';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS = path.resolve(ROOT, 'test/corpus');

/** Path of a corpus file (read-only; copy before writing). */
export function corpus(name: string): string {
  return path.join(CORPUS, name);
}

let toolsOnce: Promise<ToolStatus[]> | undefined;

export interface TestServer extends RunningServer {
  dataDir: string;
  tmpDir: string;
  /**
   * A fresh key of a fresh account. SQLite only: its statements run before the
   * caller's next I/O, so the key is usable at once. Use addKey on PostgreSQL.
   */
  newKey: (plan?: Plan, account?: string) => string;
  /** A fresh key of a fresh account, stored when this resolves (either backend). */
  addKey: (plan?: Plan, account?: string) => Promise<string>;
  /** POST multipart to /v1/pdf/<op>. */
  post: (operation: string, form: FormData, key: string, headers?: Record<string, string>) => Promise<Response>;
  /** Entries left in TMP_DIR (should be none once requests are over). */
  leftovers: () => string[];
  /** The job system (worker embedded unless EMBEDDED_WORKER=false). */
  jobs: JobsHandle;
}

let accountCounter = 0;

export async function startTestServer(
  env: Record<string, string> = {},
  extensions: AppExtensions = {},
  jobOptions: StartJobsOptions = {},
  options: { log?: Logger } = {},
): Promise<TestServer> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
  const dataDir = path.join(base, 'data');
  const tmpDir = path.join(base, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    TMP_DIR: tmpDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  toolsOnce ??= probeTools();
  const services = await createServices(config, {
    tools: await toolsOnce,
    log: options.log ?? pino({ level: env.LOG_LEVEL ?? 'silent' }),
  });
  const jobs = startJobs(services, { worker: config.EMBEDDED_WORKER, ...jobOptions });
  const running = await listen(services, createApp(services, extensions));
  // The test and the server share one event loop: a tool run synchronously between two requests
  // can hold it past the 5 s keep-alive timer, which then closes the idle connection just as
  // fetch reuses it (ECONNRESET on write or read). A minute outlasts any such pause here.
  running.server.keepAliveTimeout = 60_000;
  return {
    ...running,
    dataDir,
    tmpDir,
    newKey: (plan = 'enterprise', account = `acct-${process.pid}-${++accountCounter}`) => {
      if (services.store.kind !== 'sqlite') throw new Error('newKey is synchronous on SQLite only; use addKey');
      const key = generateKey();
      void createKey(services.store, services.dataKey, account, plan, key);
      return key;
    },
    addKey: async (plan = 'enterprise', account = `acct-${process.pid}-${++accountCounter}`) =>
      (await createKey(services.store, services.dataKey, account, plan)).key,
    post: (operation, form, key, headers = {}) =>
      postOnce(`${running.url}/v1/pdf/${operation}`, form, { Authorization: `Bearer ${key}`, ...headers }),
    leftovers: () => fs.readdirSync(tmpDir),
    jobs,
    close: async () => {
      await jobs.stop();
      await running.close();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * POSTs a form. The server and the test share one event loop, so a test that runs a tool
 * synchronously between two requests can make the server's keep-alive timer close an idle
 * connection just as fetch reuses it (write ECONNRESET, nothing sent): that one case is sent
 * again on a fresh connection; any answer, and any other error, is the test's to see.
 */
async function postOnce(url: string, body: FormData, headers: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', body, headers });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; syscall?: string } }).cause;
    if (cause?.code !== 'ECONNRESET' || cause.syscall !== 'write') throw error;
    return fetch(url, { method: 'POST', body, headers });
  }
}

/** A file part from disk (or bytes) with the name the client claims. */
export async function filePart(source: string | Buffer, name?: string): Promise<[Blob, string]> {
  const blob = typeof source === 'string' ? await fs.openAsBlob(source) : new Blob([source]);
  return [blob, name ?? (typeof source === 'string' ? path.basename(source) : 'upload.bin')];
}

/** Builds a FormData: strings are fields, [Blob, name] tuples (or arrays of them) are files. */
export function form(fields: Record<string, string | [Blob, string] | Array<[Blob, string]>>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else if (Array.isArray(value[0]))
      for (const [blob, filename] of value as Array<[Blob, string]>) data.append(name, blob, filename);
    else data.append(name, (value as [Blob, string])[0], (value as [Blob, string])[1]);
  }
  return data;
}

/** Waits until `check` is true (polling), failing after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Writes a response body to a temp file and returns its path. */
export async function saveBody(response: Response, name = 'out.bin'): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-out-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}
