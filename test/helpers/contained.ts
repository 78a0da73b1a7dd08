// A real server process for hostile requests, and the checks every such
// request must pass besides its exact answer: no 504 (an answer well inside
// the operation timeout), the server's RSS growth while it ran under 64 MiB,
// /healthz answering while it runs (latencies recorded here; the targets are
// the benchmark's, scripts/bench/hostile.ts), no work directory left behind,
// and the server still serving afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { textPdf } from './hostile.js';
import { cli, startServeProcess, type ServeProcess } from './process-server.js';
import { eventually, filePart, form } from './server.js';

export type Fields = Parameters<typeof form>[0];

export interface Observed {
  status: number;
  body: Buffer;
  problem?: { code?: string; detail?: string };
  rssGrowthMiB: number;
  /** /healthz latencies (ms) measured while the request ran. */
  health: number[];
  /** Wall time of the request (ms). */
  elapsedMs: number;
}

export interface HostileServer {
  server: ServeProcess;
  key: string;
  base: string;
  tmpDir: string;
  /** POSTs a multipart form to /v1/pdf/<operation> with the suite's key. */
  call: (operation: string, fields: Fields) => Promise<Response>;
  /** Runs one request while sampling the server's RSS and polling /healthz; waits for its work directory to go. */
  observe: (operation: string, fields: Fields) => Promise<Observed>;
  /** A normal request (split of a 3-page PDF) succeeds: the server survived. */
  expectStillServing: () => Promise<void>;
  close: () => Promise<void>;
}

/** Starts `bin/pdf-service serve` with a private DATA_DIR and TMP_DIR (plus `env`), an enterprise key, and warms it up. */
export async function startHostileServer(
  env: Record<string, string> = {},
  prefix = 'pdf-hostile-',
): Promise<HostileServer> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const tmpDir = path.join(base, 'tmp');
  fs.mkdirSync(tmpDir);
  const fullEnv = {
    DATA_DIR: path.join(base, 'data'),
    TMP_DIR: tmpDir,
    MAX_PAGES: '20',
    OPERATION_TIMEOUT: '120',
    ...env,
  };
  const key = JSON.parse(cli(['keys', 'create', '--account', 'hostile', '--plan', 'enterprise', '--json'], fullEnv))
    .key as string;
  const server = await startServeProcess(fullEnv);
  const call = (operation: string, fields: Fields) =>
    fetch(`${server.url}/v1/pdf/${operation}`, {
      method: 'POST',
      body: form(fields),
      headers: { Authorization: `Bearer ${key}` },
    });

  const observe = async (operation: string, fields: Fields): Promise<Observed> => {
    const before = server.memory().rssKb;
    let peak = before;
    let done = false;
    const health: number[] = [];
    const poller = (async () => {
      // At least one probe, even if the request answers at once.
      do {
        const started = performance.now();
        const res = await fetch(`${server.url}/healthz`);
        await res.arrayBuffer();
        if (res.status === 200) health.push(performance.now() - started);
        peak = Math.max(peak, server.memory().rssKb);
        await new Promise((r) => setTimeout(r, 20));
      } while (!done);
    })();
    const sampler = setInterval(() => (peak = Math.max(peak, server.memory().rssKb)), 10);
    const started = performance.now();
    const res = await call(operation, fields);
    const body = Buffer.from(await res.arrayBuffer());
    const elapsedMs = performance.now() - started;
    done = true;
    clearInterval(sampler);
    await poller;
    peak = Math.max(peak, server.memory().rssKb);
    await eventually(() => fs.readdirSync(tmpDir).filter((n) => n.startsWith('pdf-req-')).length === 0, 10_000);
    const problem = res.headers.get('content-type')?.includes('problem+json')
      ? JSON.parse(body.toString('utf8'))
      : undefined;
    const observed = { status: res.status, body, problem, rssGrowthMiB: (peak - before) / 1024, health, elapsedMs };
    const sorted = [...health].sort((a, b) => a - b);
    console.log(
      `${operation}: ${res.status} ${problem?.code ?? ''} in ${elapsedMs.toFixed(0)} ms, rss +${observed.rssGrowthMiB.toFixed(1)} MiB, healthz n=${health.length} max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    return observed;
  };

  const expectStillServing = async () => {
    const res = await call('split', {
      file: await filePart(textPdf(3), 'after.pdf'),
      mode: 'every',
      pages_per_file: '1',
    });
    await res.arrayBuffer();
    expect(res.status, `the server stopped serving: ${server.stderr().slice(-2000)}`).toBe(200);
  };

  // Warm up (first requests load code and fonts): the RSS baseline is taken after.
  for (let i = 0; i < 3; i++)
    await (
      await call('split', { file: await filePart(textPdf(3), 'warm.pdf'), mode: 'every', pages_per_file: '1' })
    ).arrayBuffer();

  return {
    server,
    key,
    base,
    tmpDir,
    call,
    observe,
    expectStillServing,
    close: async () => {
      await server.stop();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** What every hostile request must satisfy besides its exact answer. */
export function expectContained(o: Observed): void {
  expect(o.status).not.toBe(504);
  expect(o.status).toBeLessThan(500);
  expect(o.rssGrowthMiB).toBeLessThan(64);
  expect(o.health.length).toBeGreaterThan(0);
}

/** The exact status and problem code, and contained. */
export function expectProblem(o: Observed, status: number, code: string): void {
  expect({ status: o.status, code: o.problem?.code }).toEqual({ status, code });
  expectContained(o);
}
