// Helpers for asynchronous job tests: submit, poll, download, and an
// independent Standard Webhooks signature check (not the service's code).
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CORPUS } from './server.js';

export interface JobObject {
  id: string;
  operation: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  result: { url: string; filename: string; content_type: string; size: number; expires_at: string } | null;
  error: Record<string, unknown> | null;
}

const FINAL = ['succeeded', 'failed', 'canceled'];

export async function getJob(baseUrl: string, id: string, key: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${key}` } });
}

/** Polls until the job is in one of `statuses` (default: any final state). */
export async function waitForJob(baseUrl: string, id: string, key: string, ms = 60_000, statuses = FINAL): Promise<JobObject> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await getJob(baseUrl, id, key);
    if (res.status !== 200) throw new Error(`GET job ${id}: ${res.status} ${await res.text()}`);
    const job = (await res.json()) as JobObject;
    if (statuses.includes(job.status)) return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function download(baseUrl: string, id: string, key: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/jobs/${id}/result`, { headers: { Authorization: `Bearer ${key}` } });
}

/** Verifies a Standard Webhooks signature the way a receiver would (independent of src/). */
export function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local webhook receiver; `respond` picks the status of each delivery (default 204). */
export async function startReceiver(respond: (n: number, req: http.IncomingMessage) => number = () => 204) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      res.statusCode = respond(received.length, req);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A PDF of `copies` × tracemonkey (14 pages each), made with qpdf from the test side. */
export function bigPdf(copies: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-big-'));
  const out = path.join(dir, `big-${copies}.pdf`);
  const args: string[] = [];
  for (let i = 0; i < copies; i++) args.push(path.join(CORPUS, 'tracemonkey.pdf'), '1-z');
  execFileSync('qpdf', ['--empty', '--pages', ...args, '--', out]);
  return out;
}

/** Every file under `dir` (recursive), relative names. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile());
}

/** Processes whose working directory is under `dir` (tool children left behind). */
export function processesUnder(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`).startsWith(dir)) pids.push(Number(entry));
    } catch {
      // gone, or not ours
    }
  }
  return pids;
}
