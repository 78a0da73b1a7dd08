// result_url (docs/api.md §6): a job's result PUT to a presigned URL of a real
// S3-protocol server (s3rver), made by the AWS SDK's own SigV4 signer; retried like
// webhooks and then 502 upstream_failed (refunded). FETCH_ALLOW_PRIVATE lets the
// worker reach s3rver on loopback over plain http.
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
import { startReceiver, waitForJob } from '../helpers/jobs.js';
import { usedToday } from '../helpers/keys.js';
import { problemOf } from '../helpers/problem.js';
import { startS3, type TestS3 } from '../helpers/s3.js';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

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
    { timings: { resultRetryDelaysMs: [50, 50] } },
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

it('a result_url that keeps failing is retried as webhooks are, then the job fails with 502 upstream_failed (refunded)', async () => {
  const before = await usedToday(server.url, key);
  const res = await server.post(
    'rotate',
    form({ file: await filePart(corpus('trivial.pdf')), angle: '90', result_url: failingUrl }),
    key,
    { Prefer: 'respond-async' },
  );
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  const job = (await waitForJob(server.url, id, key)) as unknown as { status: string; error: Record<string, unknown> };
  expect(job.status).toBe('failed');
  expect(job.error).toMatchObject({ status: 502, code: 'upstream_failed', upstream_status: 503 });
  expect(JSON.stringify(job.error)).not.toContain('X-Amz-Signature');
  expect(failingHits).toBe(3);
  expect(await usedToday(server.url, key)).toBe(before);
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
