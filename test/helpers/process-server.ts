// Runs `bin/pdf-service serve` as a real child process (compiled code), for
// tests that need several processes on one database or the server's own RSS.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.js';

export interface ServeProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything it wrote to stdout so far (JSON log lines). */
  log: () => string;
  /** Its stderr so far, and how it ended if it did (for failure messages). */
  stderr: () => string;
  /** Resident set size now and at its peak (kB, from /proc). */
  memory: () => { rssKb: number; peakKb: number };
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

const BIN = path.join(ROOT, 'bin/pdf-service');

/** Runs a CLI command and returns its stdout. */
export function cli(args: string[], env: Record<string, string>): string {
  return execFileSync(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
}

/** setpriv's arguments that run a command as nobody, with no supplementary group (the suite runs as root). */
export const AS_NOBODY = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];

/** `bin/pdf-service serve [args]` on a free port, optionally behind a prefix such as AS_NOBODY; resolves once it listens. */
export async function startServeProcess(
  env: Record<string, string>,
  args: string[] = [],
  prefix: string[] = [],
): Promise<ServeProcess> {
  const [command, ...head] = [...prefix, process.execPath];
  const child = spawn(command!, [...head, BIN, 'serve', ...args], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const readKb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
  return {
    url,
    pid: child.pid!,
    child,
    log: () => out,
    stderr: () =>
      `${stderr}${child.exitCode !== null || child.signalCode !== null ? `\n(exited: ${child.exitCode ?? child.signalCode})` : ''}`,
    memory: () => ({ rssKb: readKb('VmRSS'), peakKb: readKb('VmHWM') }),
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        // A child killed by a signal has signalCode set and exitCode still null.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export interface WorkerProcess {
  pid: number;
  child: ChildProcess;
  /** Its worker id ("host/pid/random"), as logged at start. */
  workerId: string;
  /** Everything it logged so far (JSON lines). */
  log: () => string;
  memory: () => { rssKb: number; peakKb: number };
  /** Sends `signal` (unless it already exited) and resolves with its exit code once it is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Runs `bin/pdf-service worker`; resolves once it logged that it started. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [BIN, 'worker'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const workerId = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${stderr}`)), 90_000);
    const check = () => {
      const line = out.split('\n').find((l) => l.includes('job worker started'));
      if (line) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(String(JSON.parse(line).worker));
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
  });
  const readKb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
  return {
    pid: child.pid!,
    child,
    workerId,
    log: () => out,
    memory: () => ({ rssKb: readKb('VmRSS'), peakKb: readKb('VmHWM') }),
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
