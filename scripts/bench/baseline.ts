// The "before" tree for side-by-side benchmarks: BASELINE_TREE, or an export
// of the `main` branch (git archive) into a temp directory with this tree's
// node_modules linked in. Helper of hostile.ts and damage-sweep.ts (not run on its own).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { ROOT } from './lib.js';

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
export function request(url: string, key: string, form: { body: Buffer; contentType: string }, timeoutMs = 180_000): Promise<{ status: number; code: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent, timeout: timeoutMs, headers: { Authorization: `Bearer ${key}`, 'Content-Type': form.contentType, 'Content-Length': form.body.length } }, (res) => {
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
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, code: 'connection', ms: performance.now() - started }));
    req.end(form.body);
  });
}

/** VmRSS of `pid` in MiB. */
export function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}
