// The "before" tree for side-by-side benchmarks: BASELINE_TREE, or an export
// of the `main` branch (git archive) into a temp directory with this tree's
// node_modules linked in. Helper of hostile.ts and damage-sweep.ts (not run on its own).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { ROOT, type BenchServer } from './lib.js';

/** Path of the baseline source tree (made once per run). */
export function baselineTree(ref = process.env.BASELINE_REF ?? 'main'): string {
  if (process.env.BASELINE_TREE) return process.env.BASELINE_TREE;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-baseline-'));
  execSync(`git -C ${JSON.stringify(ROOT)} archive ${ref} | tar -x -C ${JSON.stringify(dir)}`);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** POSTs a prebuilt multipart body; resolves with the status, problem code and ms (never rejects on a status). */
export function request(
  url: string,
  key: string,
  form: { body: Buffer; contentType: string },
  timeoutMs = 180_000,
): Promise<{ status: number; code: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: timeoutMs,
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': form.contentType,
          'Content-Length': form.body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
        res.on('end', () => {
          let code = '';
          if ((res.statusCode ?? 0) >= 400) {
            try {
              code = JSON.parse(Buffer.concat(chunks).toString('utf8')).code ?? '';
            } catch {
              code = '?';
            }
          }
          resolve({ status: res.statusCode ?? 0, code, ms: performance.now() - started });
        });
        res.on('error', () => resolve({ status: 0, code: 'reset', ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, code: 'connection', ms: performance.now() - started }));
    req.end(form.body);
  });
}

/** VmRSS of `pid` in MiB. */
export function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** A prebuilt multipart body. */
export type Form = { body: Buffer; contentType: string };

/**
 * `copies` requests at once against `server` while sampling its RSS (every
 * 5 ms) and polling /healthz (every 10 ms): the slowest answer, every status,
 * the RSS growth (MiB) and the /healthz p99 (an unanswered probe counts as
 * Infinity). Used by every side-by-side hostile benchmark.
 */
export async function attack(server: BenchServer, operation: string, form: Form, copies = 1) {
  const before = rssMiB(server.pid);
  let peak = before;
  let done = false;
  const health: number[] = [];
  const poll = (async () => {
    do {
      const started = performance.now();
      const res = await fetch(`${server.url}/healthz`).catch(() => undefined);
      await res?.arrayBuffer();
      health.push(res?.status === 200 ? performance.now() - started : Infinity);
      await new Promise((r) => setTimeout(r, 10));
    } while (!done);
  })();
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMiB(server.pid));
    } catch {
      // the process is gone (the baseline can die of out-of-memory): its last peak stands
    }
  }, 5);
  const answers = await Promise.all(
    Array.from({ length: copies }, () => request(`${server.url}/v1/pdf/${operation}`, server.key, form)),
  );
  done = true;
  clearInterval(sampler);
  await poll;
  const sorted = health.sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
  const slowest = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
  return {
    ...slowest,
    statuses: answers.map((a) => `${a.status} ${a.code}`.trim()),
    growth: peak - before,
    p99,
    probes: health.length,
  };
}
