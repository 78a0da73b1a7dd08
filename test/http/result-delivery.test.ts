// result_url (docs/api.md §6): a job's result PUT to a presigned URL of a real
// S3-protocol server (s3rver), made by the AWS SDK's own SigV4 signer; delivered
// from the delivery queue, off the worker slots, retried like webhooks and then
// 502 upstream_failed, charged (the request chose the URL; a pipeline keeps every
// step it ran). Receivers answering 503 forever do not hold the workers: another
// account's job runs meanwhile. The URL is checked at submission (400) under the
// address rules, which keep 0.0.0.0 and metadata closed even with the switches
// on. FETCH_ALLOW_PRIVATE lets the worker reach s3rver on loopback over plain http.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getJob, startReceiver, waitForJob } from '../helpers/jobs.js';
import { usedToday } from '../helpers/keys.js';
import { problemOf } from '../helpers/problem.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);

/** SHA-256 for the signer (the SDK takes any hash with this shape). */
class Sha256 {
  private readonly hash: crypto.Hash | crypto.Hmac;
  constructor(secret?: string | Uint8Array) {
    this.hash = secret ? crypto.createHmac('sha256', secret) : crypto.createHash('sha256');
  }
  update(data: string | Uint8Array): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

/** A presigned PUT URL for `key` in the bucket, valid for 10 minutes (SigV4 query signing, as the SDK's presigner makes it). */
async function presignPut(s3: TestS3, key: string): Promise<string> {
  const signer = new SignatureV4({
    service: 's3',
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    sha256: Sha256,
    uriEscapePath: false,
  });
  const endpoint = new URL(s3.endpoint);
  const request = {
    method: 'PUT',
    protocol: 'http:',
    hostname: endpoint.hostname,
    port: Number(endpoint.port),
    path: `/${s3.bucket}/${key}`,
    headers: { host: endpoint.host },
    query: {},
  };
  const signed = await signer.presign(request, { expiresIn: 600 });
  const query = new URLSearchParams(signed.query as Record<string, string>).toString();
  return `${s3.endpoint}${signed.path}?${query}`;
}

let s3: TestS3;
let server: TestServer;
let key: string;
let failing: http.Server;
let failingUrl: string;
let failingHits = 0;

beforeAll(async () => {
  s3 = await startS3('results');
  server = await startTestServer(
    { FETCH_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' },
    {},
    { retryDelaysMs: [50, 50] },
  );
  key = await server.addKey('pro');
  failing = http.createServer((req, res) => {
    failingHits++;
    req.resume();
    req.on('end', () => res.writeHead(503).end());
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/upload?X-Amz-Signature=abc`;
});
afterAll(async () => {
  await new Promise((r) => failing.close(r));
  await server.close();
  await s3.close();
});

it('PUTs the result to a presigned S3 URL before the job succeeds; result.delivered_to, in the webhook too; the result is not kept', async () => {
  const receiver = await startReceiver();
  try {
    const target = await presignPut(s3, 'out/rotated.pdf');
    const res = await server.post(
      'rotate',
      form({
        file: await filePart(corpus('multipage.pdf')),
        angle: '90',
        result_url: target,
        callback_url: receiver.url,
      }),
      key,
      { Prefer: 'respond-async' },
    );
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const job = (await waitForJob(server.url, id, key)) as unknown as {
      status: string;
      result: Record<string, unknown>;
    };
    expect(job.status).toBe('succeeded');
    expect((job as unknown as { delivery: unknown }).delivery).toEqual({ status: 'delivered', attempts: 1 });
    expect(job.result).toMatchObject({
      delivered_to: `${s3.endpoint}/results/out/rotated.pdf`,
      url: null,
      content_type: 'application/pdf',
      filename: 'multipage-rotated.pdf',
    });
    const stored = await s3.raw('out/rotated.pdf');
    expect(job.result.size).toBe(stored.length);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivered-'));
    fs.writeFileSync(path.join(dir, 'out.pdf'), stored);
    expect(Number((await run('qpdf', ['--show-npages', path.join(dir, 'out.pdf')])).stdout.trim())).toBe(6);
    const { stdout } = await run('pdfinfo', [path.join(dir, 'out.pdf')]);
    expect(stdout).toMatch(/Page rot:\s+90/);
    // Not kept: nothing to download.
    expect(
      (await fetch(`${server.url}/v1/jobs/${id}/result`, { headers: { Authorization: `Bearer ${key}` } })).status,
    ).toBe(410);
    const deadline = Date.now() + 10_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(JSON.parse(receiver.received[0].body).data.result.delivered_to).toBe(
      `${s3.endpoint}/results/out/rotated.pdf`,
    );
  } finally {
    await receiver.close();
  }
});

it('a result_url that keeps failing is retried as webhooks are, then the job fails with 502 upstream_failed, charged every step it ran', async () => {
  const before = await usedToday(server.url, key);
  const steps = JSON.stringify([
    { operation: 'rotate', options: { angle: 90 } },
    { operation: 'rotate', options: { angle: 90 } },
    { operation: 'rotate', options: { angle: 180 } },
  ]);
  const res = await server.post(
    'pipeline',
    form({ file: await filePart(corpus('trivial.pdf')), steps, result_url: failingUrl }),
    key,
    { Prefer: 'respond-async' },
  );
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  const job = (await waitForJob(server.url, id, key)) as unknown as {
    status: string;
    error: Record<string, unknown>;
    delivery: unknown;
  };
  expect(job.status).toBe('failed');
  expect(job.error).toMatchObject({ status: 502, code: 'upstream_failed', source: 'result_url', upstream_status: 503 });
  expect(job.delivery).toEqual({ status: 'failed', attempts: 3 });
  expect(JSON.stringify(job.error)).not.toContain('X-Amz-Signature');
  expect(failingHits).toBe(3);
  // The three steps ran: all three stay charged (a failing receiver is the request's, docs/api.md §3).
  expect(await usedToday(server.url, key)).toBe(before + 3);
  // Nothing of the result is left in storage.
  expect(fs.readdirSync(path.join(server.dataDir, 'jobs', 'results'))).toEqual([]);
});

it('two jobs whose result_url answers 503 forever hold no worker: another account’s job runs meanwhile; canceling them drops their results', async () => {
  const stuck = await startTestServer(
    { FETCH_ALLOW_PRIVATE: 'true', CONCURRENCY: '2' },
    {},
    { retryDelaysMs: [60_000, 60_000] },
  );
  try {
    const [a, b] = [await stuck.addKey('pro'), await stuck.addKey('pro')];
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await stuck.post(
        'rotate',
        form({ file: await filePart(corpus('trivial.pdf')), angle: '90', result_url: failingUrl }),
        a,
        { Prefer: 'respond-async' },
      );
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }
    // Both have run and failed a first PUT; they wait for a retry a minute away, still "running".
    for (const id of ids) {
      const end = Date.now() + 30_000;
      for (;;) {
        const job = (await (await getJob(stuck.url, id, a)).json()) as { status: string; delivery: unknown };
        if (job.status === 'running' && JSON.stringify(job.delivery) === '{"status":"pending","attempts":1}') break;
        if (Date.now() > end) throw new Error(`job ${id}: ${JSON.stringify(job)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // Handed over: their inputs are gone already, only the sealed results wait.
    const stored = (area: string) =>
      fs.readdirSync(path.join(stuck.dataDir, 'jobs', area)).filter((name) => ids.some((i) => name.includes(i)));
    await eventually(() => stored('inputs').length === 0);
    expect(stored('results')).toHaveLength(2);
    const other = await stuck.post('rotate', form({ file: await filePart(corpus('trivial.pdf')), angle: '90' }), b, {
      Prefer: 'respond-async',
    });
    const { id } = (await other.json()) as { id: string };
    const done = await waitForJob(stuck.url, id, b, 30_000);
    expect(done.status).toBe('succeeded');
    // It did not wait for the stuck deliveries (their next attempt is a minute away).
    expect(Date.parse(done.started_at!) - Date.parse(done.created_at)).toBeLessThan(10_000);
    for (const stuckId of ids) {
      const job = (await (await getJob(stuck.url, stuckId, a)).json()) as { status: string };
      expect(job.status).toBe('running');
      const canceled = await fetch(`${stuck.url}/v1/jobs/${stuckId}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${a}` },
      });
      expect(await canceled.json()).toMatchObject({ status: 'canceled', delivery: { status: 'failed', attempts: 1 } });
    }
    // Their sealed results went with the cancel (the other account's stays until it expires).
    const results = fs.readdirSync(path.join(stuck.dataDir, 'jobs', 'results'));
    expect(results.filter((name) => ids.some((stuckId) => name.includes(stuckId)))).toEqual([]);
    expect(results.filter((name) => name.includes(id))).toHaveLength(1);
  } finally {
    await stuck.close();
  }
});

it('result_url is checked at submission like callback_url: 400 before any work, 0.0.0.0 and metadata closed under FETCH_ALLOW_PRIVATE', async () => {
  const port = (failing.address() as AddressInfo).port;
  const before = failingHits;
  for (const url of [
    `http://0.0.0.0:${port}/x`,
    `https://0.0.0.0:${port}/x`,
    `http://[::]:${port}/x`,
    `http://[::ffff:0.0.0.0]:${port}/x`,
    'https://169.254.169.254/latest',
    'https://[fd00:ec2::254]/latest',
    'https://[fd20:ce::254]/x',
    'https://100.100.100.200/x',
    'https://224.0.0.1/x',
    'https://no-such-host.invalid/x',
    `https://user:pass@127.0.0.1:${port}/x`,
    `https://127.0.0.1:${port}/${'x'.repeat(4100)}`,
  ]) {
    const problem = await problemOf(
      await server.post(
        'rotate',
        form({ file: await filePart(corpus('trivial.pdf')), angle: '90', result_url: url }),
        key,
        {
          Prefer: 'respond-async',
        },
      ),
    );
    expect([problem.status, problem.field], url.slice(0, 60)).toEqual([400, 'result_url']);
  }
  // A pipeline with a bad result_url is a 400 charged as one request, not as its steps.
  const used = await usedToday(server.url, key);
  const steps = JSON.stringify([
    { operation: 'rotate', options: { angle: 90 } },
    { operation: 'rotate', options: { angle: 90 } },
  ]);
  const problem = await problemOf(
    await server.post(
      'pipeline',
      form({ file: await filePart(corpus('trivial.pdf')), steps, result_url: `http://0.0.0.0:${port}/x` }),
      key,
      { Prefer: 'respond-async' },
    ),
  );
  expect([problem.status, problem.field]).toEqual([400, 'result_url']);
  expect(await usedToday(server.url, key)).toBe(used + 1);
  // The same rules for callback_url under WEBHOOK_ALLOW_PRIVATE, and for remote inputs.
  const callback = await problemOf(
    await server.post(
      'rotate',
      form({ file: await filePart(corpus('trivial.pdf')), angle: '90', callback_url: `http://0.0.0.0:${port}/hook` }),
      key,
      { Prefer: 'respond-async' },
    ),
  );
  expect([callback.status, callback.field]).toEqual([400, 'callback_url']);
  const remote = await problemOf(
    await server.post('rotate', form({ file_url: `http://[fd00:ec2::254]:${port}/x.pdf`, angle: '90' }), key),
  );
  expect([remote.status, remote.code]).toEqual([422, 'fetch_failed']);
  expect(failingHits).toBe(before);
});

it('result_url only applies to jobs, and must be https (or http to a private address, when allowed)', async () => {
  const sync = await problemOf(
    await server.post(
      'rotate',
      form({ file: await filePart(corpus('trivial.pdf')), angle: '90', result_url: failingUrl }),
      key,
    ),
  );
  expect([sync.status, sync.field]).toEqual([400, 'result_url']);
  const ftp = await problemOf(
    await server.post(
      'rotate',
      form({ file: await filePart(corpus('trivial.pdf')), angle: '90', result_url: 'ftp://example.com/x' }),
      key,
      { Prefer: 'respond-async' },
    ),
  );
  expect([ftp.status, ftp.field]).toEqual([400, 'result_url']);
});
