// The TypeScript client against a real server and the real tools: every
// operation once, an error of each class, quota exhaustion, a job with a
// webhook verified by the client's helper, ZIP iteration, flat memory on a
// large round trip (in a separate process, so the server's memory does not count).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IncorrectPasswordError,
  InvalidPdfError,
  InvalidRequestError,
  PasswordRequiredError,
  PdfClient,
  PdfServiceError,
  QuotaExceededError,
  AuthenticationError,
  UnsupportedMediaTypeError,
  verifyWebhook,
  WebhookVerificationError,
} from '../../clients/typescript/src/index.js';
import { findAccountByName, webhookSecret } from '../../src/store/accounts.js';
import { startReceiver } from '../helpers/jobs.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { corpus, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { runEveryOperation, signingCertificate } from './examples.js';

let server: TestServer;
let client: PdfClient;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  client = new PdfClient({ baseUrl: server.url, apiKey: server.newKey('pro') });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-ts-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('TypeScript client', () => {
  it('runs every operation of the server once, through its typed method', async () => {
    await runEveryOperation(client, scratch);
  });

  it('takes files as paths, bytes, Blobs and streams; saves, streams and iterates ZIP entries', async () => {
    const bytes = fs.readFileSync(corpus('trivial.pdf'));
    const stream = new Blob([bytes]).stream();
    const merged = await client.merge(
      [
        corpus('trivial.pdf'),
        bytes,
        { data: new Blob([bytes]), filename: 'blob.pdf' },
        { data: stream, filename: 'stream.pdf' },
      ],
      { bookmarks: true },
    );
    expect(merged.filename).toBe('trivial-merged.pdf');
    const file = path.join(scratch, 'merged.pdf');
    fs.writeFileSync(file, await merged.bytes());
    expect(pageCountOf(file)).toBe(4);

    const split = await client.split(corpus('tracemonkey.pdf'), { mode: 'every', pages_per_file: 5 });
    expect(split.contentType).toBe('application/zip');
    const names: string[] = [];
    for await (const entry of split.entries()) {
      const pdf = path.join(scratch, entry.name);
      fs.writeFileSync(pdf, await entry.bytes());
      names.push(`${entry.name}:${pageCountOf(pdf)}`);
    }
    expect(names).toEqual(['tracemonkey-1.pdf:5', 'tracemonkey-2.pdf:5', 'tracemonkey-3.pdf:4']);

    const text = await client.extractText(corpus('tracemonkey.pdf'), { pages: '1', format: 'json' });
    const parsed = await text.json<{ pages: Array<{ page: number; text: string }> }>();
    expect(parsed.pages[0].text).toContain('Trace-based Just-in-Time');
  });

  it('raises one error type with status, code, detail, request id and the problem; subclasses per code', async () => {
    const cases: Array<[() => Promise<unknown>, Function, string, number]> = [
      [
        () => client.split(corpus('trivial.pdf'), { mode: 'every', pages_per_file: 0 }),
        InvalidRequestError,
        'invalid_request',
        400,
      ],
      [() => client.unlock(corpus('invalid.pdf')), InvalidPdfError, 'invalid_pdf', 422],
      [
        () => client.unlock(corpus('encrypted-aes256-user-view-owner-master.pdf')),
        PasswordRequiredError,
        'password_required',
        422,
      ],
      [
        () => client.unlock(corpus('encrypted-aes256-user-view-owner-master.pdf'), { password: 'wrong' }),
        IncorrectPasswordError,
        'incorrect_password',
        422,
      ],
      [() => client.unlock(corpus('typewriter.png')), UnsupportedMediaTypeError, 'unsupported_media_type', 415],
      [
        () => new PdfClient({ baseUrl: server.url, apiKey: 'pdf_live_nope' }).account(),
        AuthenticationError,
        'invalid_api_key',
        401,
      ],
    ];
    for (const [call, Class, code, status] of cases) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, code).toBeInstanceOf(Class);
      expect(error).toBeInstanceOf(PdfServiceError);
      const e = error as PdfServiceError;
      expect(e.status).toBe(status);
      expect(e.code).toBe(code);
      expect(e.detail.length).toBeGreaterThan(0);
      expect(e.requestId).toMatch(/\S/);
      expect(e.problem.code).toBe(code);
    }
    // A network error (nothing listens there) is an error of the same type, status 0.
    const offline = await new PdfClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', retries: 1, backoffMs: 10 })
      .account()
      .catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(PdfServiceError);
    expect((offline as PdfServiceError).code).toBe('network_error');
  });

  it('a free key: RateLimit parsed, then quota_exceeded with Retry-After, as QuotaExceededError', async () => {
    const free = new PdfClient({ baseUrl: server.url, apiKey: server.newKey('free') });
    const first = await free.unlock(corpus('trivial.pdf'));
    expect(first.rateLimit).toMatchObject({ limit: 100, remaining: 99 });
    await first.bytes();
    // Use up the rest of the day with requests refused before any tool runs (still charged).
    for (let i = 0; i < 99; i++)
      await free.split(corpus('trivial.pdf'), { mode: 'every', pages_per_file: 0 }).catch(() => undefined);
    const error = await free.unlock(corpus('trivial.pdf')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((error as QuotaExceededError).retryAfter).toBeGreaterThan(0);
    expect(free.lastRateLimit).toMatchObject({ limit: 100, remaining: 0 });
    const account = await free.account();
    expect(account).toMatchObject({ plan: 'free', used_today: 100, remaining: 0 });
  });

  it('jobs: submit, wait (woken by a webhook verified with verifyWebhook), result, cancel, runAsync', async () => {
    const key = server.newKey('pro', `client-jobs-${process.pid}`);
    const jobs = new PdfClient({ baseUrl: server.url, apiKey: key });
    const account = (await findAccountByName(server.services.store, `client-jobs-${process.pid}`))!;
    const secret = (await webhookSecret(server.services.store, server.services.dataKey, account.id))!;
    const receiver = await startReceiver();
    try {
      const job = await jobs.submit(
        'split',
        { file: corpus('tracemonkey.pdf') },
        { mode: 'extract', pages: '2-3' },
        { callbackUrl: receiver.url },
      );
      expect(job.status).toMatch(/queued|running/);
      const delivered = new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (receiver.received.length > 0) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
      });
      const done = await jobs.wait(job, { notified: delivered, timeoutMs: 60_000 });
      expect(done.status).toBe('succeeded');
      const out = path.join(scratch, 'job.pdf');
      await (await jobs.result(done)).save(out);
      expect(pageCountOf(out)).toBe(2);
      await delivered;
      const hook = receiver.received[0];
      const event = await verifyWebhook<{ type: string; data: { id: string } }>(
        hook.headers as Record<string, string>,
        hook.body,
        secret,
      );
      expect(event).toMatchObject({ type: 'job.succeeded', data: { id: job.id } });
      await expect(
        verifyWebhook(hook.headers as Record<string, string>, `${hook.body} `, secret),
      ).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect(
        verifyWebhook(hook.headers as Record<string, string>, hook.body, secret, {
          now: new Date(Date.now() + 3_600_000),
        }),
      ).rejects.toBeInstanceOf(WebhookVerificationError);

      const viaRun = await jobs.runAsync('unlock', { file: corpus('trivial.pdf') });
      const unlocked = path.join(scratch, 'run-async.pdf');
      await viaRun.save(unlocked);
      expect(pageCountOf(unlocked)).toBe(1);

      const slow = await jobs.submit('ocr', { file: corpus('multipage.pdf') }, { mode: 'force' });
      const canceled = await jobs.cancel(slow);
      expect(canceled?.status).toBe('canceled');
    } finally {
      await receiver.close();
    }
  });

  it('a 90 MiB upload and download keep the client process flat (RSS growth well under the file; the 32 MiB target is measured by scripts/bench/clients.ts)', async () => {
    const big = path.join(scratch, 'big.pdf');
    // One page with a 90 MiB stream: unlock returns an unencrypted input unchanged.
    execFileSync('python3', ['-c', BIG_PDF_SCRIPT, big]);
    const script = path.join(ROOT, 'test/clients/roundtrip.ts');
    // Asynchronously: the server answering it runs in this process.
    const result = await runNode([
      '--import',
      'tsx',
      script,
      server.url,
      server.newKey(),
      big,
      path.join(scratch, 'big-out.pdf'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    const { growthMiB, bytes } = JSON.parse(result.stdout.trim().split('\n').pop()!);
    expect(bytes).toBe(fs.statSync(big).size);
    // Flat: a client that buffered would grow by the file's 90 MiB at least.
    expect(growthMiB).toBeLessThan(48);
  });
});

function runNode(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const BIG_PDF_SCRIPT = `
import sys
size = 90 * 1024 * 1024
with open(sys.argv[1], 'wb') as f:
    offsets = []
    f.write(b'%PDF-1.4\\n')
    def obj(body):
        offsets.append(f.tell()); f.write(('%d 0 obj\\n' % (len(offsets))).encode() + body + b'\\nendobj\\n')
    obj(b'<</Type/Catalog/Pages 2 0 R>>')
    obj(b'<</Type/Pages/Kids[3 0 R]/Count 1>>')
    obj(b'<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>')
    offsets.append(f.tell())
    f.write(b'4 0 obj\\n<</Length %d>>\\nstream\\n' % size)
    chunk = b'% padding line of a big content stream ........................................\\n'
    written = 0
    while written < size:
        part = chunk[: size - written]; f.write(part); written += len(part)
    f.write(b'\\nendstream\\nendobj\\n')
    xref = f.tell()
    f.write(b'xref\\n0 5\\n0000000000 65535 f \\n' + b''.join(b'%010d 00000 n \\n' % o for o in offsets))
    f.write(b'trailer\\n<</Size 5/Root 1 0 R>>\\nstartxref\\n%d\\n%%%%EOF\\n' % xref)
`;

void signingCertificate;
void textOf;
