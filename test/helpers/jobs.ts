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
export async function waitForJob(
  baseUrl: string,
  id: string,
  key: string,
  ms = 60_000,
  statuses = FINAL,
): Promise<JobObject> {
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
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
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

/** Every file under `dir` (recursive), relative names. One removed between the listing and its stat (the sweeper at work) is not there. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
    (name) => fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.isFile() ?? false,
  );
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

/**
 * Writes a valid one-page PDF of about `bytes` bytes to `file`: the page draws
 * an image of random (incompressible) samples.
 * Streamed to disk, so a 100 MiB file costs no memory.
 */
export function largePdf(file: string, bytes: number): string {
  const fd = fs.openSync(file, 'w');
  let offset = 0;
  const offsets: number[] = [];
  const write = (data: string | Buffer) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    fs.writeSync(fd, buffer);
    offset += buffer.length;
  };
  const object = (n: number, body: string) => {
    offsets[n] = offset;
    write(`${n} 0 obj\n${body}\nendobj\n`);
  };
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
  );
  const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
  object(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  // Unfiltered RGB samples, 1024 pixels wide: the noise is exactly width × height × 3 bytes.
  const height = Math.max(1, Math.floor(bytes / 3072));
  const length = height * 3072;
  offsets[5] = offset;
  write(
    `5 0 obj\n<< /Type /XObject /Subtype /Image /Width 1024 /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${length} >>\nstream\n`,
  );
  const chunk = 3 * 1024 * 1024;
  for (let left = length; left > 0; left -= chunk) write(crypto.randomBytes(Math.min(chunk, left)));
  write('\nendstream\nendobj\n');
  const xref = offset;
  write(
    `xref\n0 6\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
      .join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  fs.closeSync(fd);
  return file;
}
