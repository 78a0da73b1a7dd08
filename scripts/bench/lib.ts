// Shared helpers for the benchmarks: an in-process server, raw commands, medians.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPUS = path.resolve(ROOT, 'test/corpus');

export interface BenchServer {
  url: string;
  key: string;
  work: string;
  pid: number;
  close: () => Promise<void>;
}

/**
 * Starts the real service as its own process (`bin/pdf-service serve`, compiled
 * code, as users run it) on a private DATA_DIR/TMP_DIR, with an enterprise key.
 */
export async function startBenchServer(env: Record<string, string> = {}, root = ROOT): Promise<BenchServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-'));
  const fullEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(work, 'data'),
    TMP_DIR: path.join(work, 'tmp'),
    LOG_LEVEL: 'info',
    QUEUE_LIMIT: '10000',
    ...env,
  };
  const bin = path.join(root, 'bin/pdf-service');
  // Compile (dist/ is emitted even if another module has type errors).
  spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')],
    { stdio: 'ignore' },
  );
  if (fs.existsSync(path.join(root, 'scripts/build-native.sh')))
    spawnSync('bash', [path.join(root, 'scripts/build-native.sh')], { stdio: 'inherit', cwd: root });
  // BENCH_AS_NOBODY=1 (as root): the server runs as nobody, as the Docker image's user does (Landlock instead of namespaces).
  const asNobody = process.env.BENCH_AS_NOBODY === '1' && process.getuid?.() === 0;
  if (asNobody) fs.chmodSync(work, 0o777);
  const [command, prefix] = asNobody
    ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath]]
    : [process.execPath, []];
  const key = JSON.parse(
    execFileSync(command, [...prefix, bin, 'keys', 'create', '--account', 'bench', '--plan', 'enterprise', '--json'], {
      env: fullEnv,
      encoding: 'utf8',
    }),
  ).key as string;
  const child = spawn(command, [...prefix, bin, 'serve'], { env: fullEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  child.stdout!.resume();
  return {
    url,
    key,
    work,
    pid: child.pid!,
    close: async () => {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

export interface Part {
  name: string;
  filename?: string;
  value: Buffer | string;
}

/** A multipart body built once, as a client streaming a file from disk would send it. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `bench${Date.now().toString(36)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`,
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs a prebuilt multipart body and drains the answer; resolves with ms. */
export function post(
  url: string,
  key: string,
  form: { body: Buffer; contentType: string },
  expectStatus = 200,
): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': form.contentType,
          'Content-Length': form.body.length,
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () =>
          res.statusCode === expectStatus
            ? resolve(performance.now() - started)
            : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(form.body);
  });
}

/** Runs a command, resolving with its wall time in ms (rejects on failure). */
export function timeCommand(file: string, args: string[], cwd?: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, maxBuffer: 256 * 1024 * 1024 }, (error) =>
      error && (error as { code?: number }).code !== 3 ? reject(error) : resolve(performance.now() - started),
    );
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Alternates A and B `rounds` times (after `warmup`), so both see the same machine noise. */
export async function sideBySide(
  rounds: number,
  a: () => Promise<number>,
  b: () => Promise<number>,
  warmup = 2,
): Promise<{ a: number[]; b: number[] }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const out = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      out.a.push(await a());
      out.b.push(await b());
    } else {
      out.b.push(await b());
      out.a.push(await a());
    }
  }
  return out;
}

/** Prints a result line and records whether the target was met. */
export class Report {
  private failures: string[] = [];
  line(name: string, detail: string, ok: boolean): void {
    console.log(`${ok ? 'PASS' : 'MISS'}  ${name.padEnd(58)} ${detail}`);
    if (!ok) this.failures.push(name);
  }
  /** A figure printed for context, with no target attached. */
  info(name: string, detail: string): void {
    console.log(`INFO  ${name.padEnd(58)} ${detail}`);
  }
  finish(): void {
    if (this.failures.length) {
      console.log(`\n${this.failures.length} target(s) missed: ${this.failures.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nall targets met');
    }
  }
}

/**
 * A load generator for small requests that costs its cores as little as it can
 * (the service and it share the machine; a real client is elsewhere): `clients`
 * keep-alive sockets, each writing one prebuilt request (headers and body in one
 * buffer) and reading the answer by its Content-Length, `total` requests in all.
 * Resolves with requests per second; rejects on any status but 200.
 */
export async function lightLoad(
  url: string,
  key: string,
  form: { body: Buffer; contentType: string },
  clients: number,
  total: number,
): Promise<number> {
  const target = new URL(url);
  const request = Buffer.concat([
    Buffer.from(
      `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nAuthorization: Bearer ${key}\r\nContent-Type: ${form.contentType}\r\nContent-Length: ${form.body.length}\r\n\r\n`,
    ),
    form.body,
  ]);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from(
      { length: clients },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = net.connect(Number(target.port), target.hostname);
          let pending = Buffer.alloc(0);
          const send = () => {
            if (next++ >= total) return (socket.end(), resolve());
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('error', reject);
          socket.on('data', (chunk: Buffer) => {
            pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
            for (;;) {
              const end = pending.indexOf('\r\n\r\n');
              if (end < 0) return;
              const head = pending.toString('latin1', 0, end);
              const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
              if (!head.startsWith('HTTP/1.1 200') || !Number.isFinite(length))
                return (socket.destroy(), reject(new Error(`${url}: ${head.split('\r\n')[0]}`)));
              if (pending.length < end + 4 + length) return;
              pending = pending.subarray(end + 4 + length);
              send();
            }
          });
        }),
    ),
  );
  return total / ((performance.now() - started) / 1000);
}
