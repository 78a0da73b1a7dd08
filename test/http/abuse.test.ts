// Making abuse cost the abuser, through HTTP against the real tools:
// passwords that look like options work as values and never reach the log,
// the refund rule, MAX_OUTPUT_FILES, UPLOAD_IDLE_TIMEOUT, malformed multipart,
// private webhook addresses in IPv6 disguise, and no pdf-req-* directory left
// behind by clients that give up at any point of a request.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResourceLimitError } from '../../src/core/errors.js';
import { zipEntries } from '../../src/files/zip.js';
import { defineOperation } from '../../src/routes/definition.js';
import { runQpdf } from '../../src/tools/qpdf.js';
import { liveChildren, observeRuns } from '../../src/tools/run.js';
import { waitForJob } from '../helpers/jobs.js';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { sleepOperation } from '../helpers/test-operations.js';

/** A tool that echoes the password it was given (qpdf rejecting it as an argument): its stderr must be scrubbed. */
const echoOperation = defineOperation({
  name: 'test-echo',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({ password: z.string(), how: z.enum(['qpdf', 'throw']) }),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ options, run }) => {
    if (options.how === 'throw') throw new Error(`internal failure near ${options.password}`);
    await runQpdf(run, [{ secret: options.password }, path.join(run.workdir, 'missing.pdf')], {
      inputs: [],
      passwordGiven: true,
    });
    throw new Error('not reached');
  },
});

const PASSWORDS = ['-secret', '--', '@/etc/passwd', '--allow-weak-crypto'];

let server: TestServer;
const logged: string[] = [];
let scratch: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const { createLogger } = await import('../../src/server.js');
  const { loadConfig } = await import('../../src/config.js');
  const log = createLogger(loadConfig({ LOG_LEVEL: 'debug' }), sink);
  server = await startTestServer(
    { MAX_OUTPUT_FILES: '5', UPLOAD_IDLE_TIMEOUT: '2', CONCURRENCY: '4', OPERATION_TIMEOUT: '30' },
    { operations: [echoOperation, sleepOperation] },
    {},
    { log },
  );
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-abuse-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function usedToday(key: string): Promise<number> {
  const res = await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { used_today: number }).used_today;
}

/** qpdf run by the test itself, the password read from a file (never an argument): exit code and stdout. */
function qpdfWithPassword(password: string | undefined, args: string[]): { status: number; stdout: string } {
  const extra: string[] = [];
  if (password !== undefined) {
    const file = path.join(scratch, `pw-${Math.random().toString(36).slice(2)}`);
    fs.writeFileSync(file, `${password}\n`);
    extra.push(`--password-file=${file}`);
  }
  const result = spawnSync('qpdf', [...extra, ...args], { encoding: 'utf8' });
  return { status: result.status ?? -1, stdout: result.stdout };
}

async function protect(fields: Record<string, string>, key: string): Promise<string> {
  const res = await server.post('protect', form({ file: await filePart(corpus('trivial.pdf')), ...fields }), key);
  expect(res.status, await res.clone().text()).toBe(200);
  return saveBody(res, 'protected.pdf');
}

describe('passwords are values, never options (item 5)', () => {
  it.each(PASSWORDS)(
    'protect/unlock/merge with the password %j: the file opens with exactly that password',
    async (password) => {
      const key = server.newKey();
      const user = await protect({ user_password: password }, key);
      expect(qpdfWithPassword(undefined, ['--requires-password', user]).status).toBe(0);
      expect(qpdfWithPassword(password, ['--show-npages', user])).toEqual({ status: 0, stdout: '1\n' });
      expect(qpdfWithPassword(`${password}x`, ['--show-npages', user]).status).toBe(2);
      expect(qpdfWithPassword(password.slice(1), ['--show-npages', user]).status).toBe(2);

      const owner = await protect({ user_password: 'open', owner_password: password }, key);
      expect(qpdfWithPassword(password, ['--show-encryption', owner]).stdout).toContain(
        'Supplied password is owner password',
      );

      const unlocked = await server.post('unlock', form({ file: await filePart(user), password }), key);
      expect(unlocked.status).toBe(200);
      expect(qpdfWithPassword(undefined, ['--is-encrypted', await saveBody(unlocked, 'unlocked.pdf')]).status).toBe(2);

      const merged = await server.post(
        'merge',
        form({ files: [await filePart(user), await filePart(user)], password }),
        key,
      );
      expect(merged.status).toBe(200);
      expect(qpdfWithPassword(undefined, ['--show-npages', await saveBody(merged, 'merged.pdf')]).stdout).toBe('2\n');
    },
  );

  it('a line break, the one thing a password cannot carry, is a 400 naming the field', async () => {
    const key = server.newKey();
    const file = await filePart(corpus('trivial.pdf'));
    for (const [operation, field] of [
      ['protect', 'user_password'],
      ['protect', 'owner_password'],
      ['unlock', 'password'],
    ]) {
      const res = await server.post(operation, form({ file, [field]: 'one\ntwo' }), key);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'invalid_request', field });
    }
  });

  it('a generated owner password never starts with "-" or "@"', async () => {
    const owners: string[] = [];
    const stop = observeRuns((file, args) => {
      const job = args.find((a) => a.startsWith('--job-json-file='));
      if (file === 'qpdf' && job)
        owners.push(JSON.parse(fs.readFileSync(job.slice('--job-json-file='.length), 'utf8')).encrypt.ownerPassword);
    });
    try {
      const key = server.newKey();
      for (let i = 0; i < 3; i++) await protect({ user_password: 'u' }, key);
    } finally {
      stop();
    }
    expect(owners).toHaveLength(3);
    for (const owner of owners) expect(owner).toMatch(/^[0-9a-f]{48}$/);
    expect(new Set(owners).size).toBe(3);
  });

  it('a tool that echoes a password, or an error that quotes one, leaves no trace of it in the log', async () => {
    const key = server.newKey();
    for (const password of PASSWORDS) {
      for (const how of ['qpdf', 'throw']) {
        const res = await server.post('test-echo', form({ password, how }), key);
        expect(res.status).toBe(500);
        expect(await res.text()).not.toContain(password);
      }
    }
    const log = logged.join('');
    // The failures were logged (with the tool's stderr), just not the passwords.
    expect(log).toContain('unrecognized argument [redacted]');
    expect(log).toContain('internal failure near [redacted]');
    for (const password of PASSWORDS) {
      // "--" also occurs in qpdf's own help text ("--help"): look for it where a password would stand.
      const traces = password === '--' ? [`argument ${password}\n`, `near ${password}`, `"${password}"`] : [password];
      for (const trace of traces) {
        const at = log.indexOf(trace);
        expect(at, `log contains ${trace}: …${log.slice(Math.max(0, at - 200), at + 100)}…`).toBe(-1);
      }
    }
  });
});

describe('the refund rule (item 6, API.md §3)', () => {
  it('refunds a 500; a 422 invalid_pdf or resource_limit and a 400 stay charged', async () => {
    const key = server.newKey('free');
    expect((await server.post('test-echo', form({ password: 'x', how: 'throw' }), key)).status).toBe(500);
    expect(await usedToday(key)).toBe(0);
    const invalid = await server.post('unlock', form({ file: await filePart(corpus('invalid.pdf')) }), key);
    expect((await invalid.json()).code).toBe('invalid_pdf');
    expect(await usedToday(key)).toBe(1);
    const tooMany = await server.post(
      'split',
      form({ file: await filePart(corpus('tracemonkey.pdf')), mode: 'every', pages_per_file: '1' }),
      key,
    );
    expect((await tooMany.json()).code).toBe('resource_limit');
    expect(await usedToday(key)).toBe(2);
    expect(
      (await server.post('split', form({ file: await filePart(corpus('trivial.pdf')), mode: 'nope' }), key)).status,
    ).toBe(400);
    expect(await usedToday(key)).toBe(3);
  });

  it('a job that fails with 422 resource_limit stays charged', async () => {
    const key = server.newKey('free');
    const res = await server.post(
      'split',
      form({ file: await filePart(corpus('tracemonkey.pdf')), mode: 'every', pages_per_file: '2', async: 'true' }),
      key,
    );
    expect(res.status).toBe(202);
    const job = await waitForJob(server.url, ((await res.json()) as { id: string }).id, key);
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ status: 422, code: 'resource_limit' });
    expect(await usedToday(key)).toBe(1);
  });
});

describe('MAX_OUTPUT_FILES (item 8)', () => {
  const tracemonkey = () => filePart(corpus('tracemonkey.pdf'));

  async function expectLimit(res: Response): Promise<void> {
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'resource_limit', limit: 'MAX_OUTPUT_FILES', max_output_files: 5 });
    expect(body.detail).toMatch(/at most 5 .*MAX_OUTPUT_FILES/);
  }

  it('split every=1 of 14 pages is refused before qpdf writes a file; 5 files pass', async () => {
    const key = server.newKey();
    const argvs: string[][] = [];
    const stop = observeRuns((_file, args) => argvs.push([...args]));
    try {
      await expectLimit(
        await server.post('split', form({ file: await tracemonkey(), mode: 'every', pages_per_file: '1' }), key),
      );
      await expectLimit(await server.post('split', form({ file: await tracemonkey(), ranges: '1,2,3,4,5,6' }), key));
    } finally {
      stop();
    }
    expect(argvs.some((args) => args.some((a) => a.startsWith('--split-pages')))).toBe(false);
    const five = await server.post(
      'split',
      form({ file: await tracemonkey(), mode: 'every', pages_per_file: '3' }),
      key,
    );
    expect(five.status).toBe(200);
    const zip = await saveBody(five, 'five.zip');
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(5);
  });

  it('convert to=png of 14 pages is refused before any page is rendered; 5 pages pass', async () => {
    const key = server.newKey();
    const files: string[] = [];
    const stop = observeRuns((file) => files.push(file));
    try {
      await expectLimit(await server.post('convert', form({ file: await tracemonkey(), to: 'png', dpi: '36' }), key));
    } finally {
      stop();
    }
    expect(files.filter((f) => /mutool|pdftoppm|gs/.test(f))).toEqual([]);
    const five = await server.post(
      'convert',
      form({ file: await tracemonkey(), to: 'png', dpi: '36', pages: '1-5' }),
      key,
    );
    expect(five.status).toBe(200);
    expect(
      execFileSync('unzip', ['-Z1', await saveBody(five, 'pages.zip')], { encoding: 'utf8' })
        .trim()
        .split('\n'),
    ).toHaveLength(5);
  });

  it('images extract of a PDF with 6 images is refused before pdfimages writes them', async () => {
    const key = server.newKey();
    const png = await filePart(corpus('typewriter.png'));
    const made = await server.post('images', form({ files: [png, png, png, png, png, png] }), key);
    expect(made.status).toBe(200);
    const pdf = await saveBody(made, 'six.pdf');
    expect(
      execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n').length - 2,
    ).toBeGreaterThanOrEqual(6);
    const argvs: string[][] = [];
    const stop = observeRuns((file, args) => file === 'pdfimages' && argvs.push([...args]));
    try {
      await expectLimit(await server.post('images', form({ file: await filePart(pdf) }), key));
    } finally {
      stop();
    }
    expect(argvs.every((args) => args[0] === '-list')).toBe(true);
  });

  it('the ZIP writer itself refuses more entries than the limit', async () => {
    const file = corpus('trivial.pdf');
    await expect(
      zipEntries(
        [1, 2, 3].map((n) => ({ path: file, name: `${n}.pdf` })),
        2,
      ),
    ).rejects.toBeInstanceOf(ResourceLimitError);
  });
});

/** A raw multipart request the test controls byte by byte. */
function rawRequest(operation: string, key: string, headers: Record<string, string | number> = {}) {
  const boundary = 'abuseboundary';
  const req = http.request(`${server.url}/v1/pdf/${operation}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
  });
  const response = new Promise<{ status: number; body: string; closed: Promise<void> }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          closed: new Promise((r) => (req.socket?.destroyed ? r() : req.socket?.once('close', () => r()))),
        }),
      );
    });
    req.on('error', reject);
  });
  return { req, boundary, response };
}

describe('upload limits (item 8)', () => {
  it('a body that stalls for UPLOAD_IDLE_TIMEOUT gets 408, its connection is closed and its work directory removed', async () => {
    const key = server.newKey();
    const { req, boundary, response } = rawRequest('unlock', key, { 'Content-Length': 500_000 });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`);
    req.write(Buffer.alloc(10_000, 0x20));
    await eventually(() => server.leftovers().some((name) => name.startsWith('pdf-req-')));
    const answer = await response;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'request_timeout', status: 408 });
    expect(JSON.parse(answer.body).detail).toContain('UPLOAD_IDLE_TIMEOUT');
    await answer.closed; // the server hung up: the socket is free
    await eventually(() => server.leftovers().length === 0);
  });

  it.each([
    ['a part header without a colon', 'Content-Disposition form-data; name="file"; filename="a.pdf"'],
    ['a part header line of garbage', 'garbage'],
  ])('a malformed multipart body (%s) is 400 invalid_request, never 2xx', async (_what, header) => {
    const key = server.newKey('free');
    for (const size of [100, 3_000_000]) {
      const body = Buffer.concat([
        Buffer.from(`--abuseboundary\r\n${header}\r\n\r\n%PDF-1.4\n`),
        Buffer.alloc(size, 0x20),
        Buffer.from('\r\n--abuseboundary--\r\n'),
      ]);
      const { req, response } = rawRequest('unlock', key, { 'Content-Length': body.length });
      req.on('error', () => undefined); // the server may stop reading a large refused body
      req.end(body);
      const answer = await response;
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'invalid_request',
        detail: 'The multipart body is malformed or incomplete.',
      });
    }
    // Validation errors are charged like any request (API.md §3: only server faults are refunded).
    expect(await usedToday(key)).toBe(2);
    await eventually(() => server.leftovers().length === 0);
  });
});

describe('webhooks to private addresses in IPv6 disguise (item 9)', () => {
  it.each([
    '[::127.0.0.1]',
    '[::ffff:0:7f00:1]',
    '[::ffff:0:a9fe:a9fe]',
    '[::ffff:127.0.0.1]',
    '[2002:a00:1::]',
    '[64:ff9b::10.0.0.1]',
    '[::1]',
  ])('callback_url https://%s/hook is refused with 400', async (host) => {
    const res = await server.post(
      'unlock',
      form({ file: await filePart(corpus('trivial.pdf')), async: 'true', callback_url: `https://${host}/hook` }),
      server.newKey(),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_request', field: 'callback_url' });
  });
});

describe('abandoned requests leave no work directory (item 8)', () => {
  it('20 concurrent protect requests given up after 5–60 ms, repeatedly', async () => {
    const key = server.newKey();
    const pdf = await filePart(corpus('tracemonkey.pdf'));
    for (const ms of [5, 10, 15, 20, 25, 30, 40, 60]) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.url}/v1/pdf/protect`, {
            method: 'POST',
            body: form({ file: pdf, user_password: 'p' }),
            headers: { Authorization: `Bearer ${key}` },
            signal: AbortSignal.timeout(ms),
          })
            .then((r) => r.arrayBuffer())
            .catch(() => undefined),
        ),
      );
    }
    await eventually(() => liveChildren().length === 0, 30_000);
    await eventually(() => server.leftovers().length === 0, 10_000);
  });

  it('at every point: during the upload, right after it, while the tool runs, during the download', async () => {
    const key = server.newKey();
    const body = Buffer.concat([
      Buffer.from('--abuseboundary\r\nContent-Disposition: form-data; name="file"; filename="t.pdf"\r\n\r\n'),
      fs.readFileSync(corpus('tracemonkey.pdf')),
      Buffer.from(
        '\r\n--abuseboundary\r\nContent-Disposition: form-data; name="mode"\r\n\r\nevery\r\n--abuseboundary\r\nContent-Disposition: form-data; name="pages_per_file"\r\n\r\n3\r\n--abuseboundary--\r\n',
      ),
    ]);
    for (let i = 0; i < 10; i++) {
      // During the upload: part of the body, then the connection drops.
      const during = rawRequest('split', key, { 'Content-Length': body.length });
      during.response.catch(() => undefined);
      during.req.on('error', () => undefined);
      during.req.write(body.subarray(0, 1000 + i * 50_000));
      setTimeout(() => during.req.destroy(), i * 3);
      // Right after the upload: the whole body, then gone before (or while) the tool starts.
      const after = rawRequest('split', key, { 'Content-Length': body.length });
      after.response.catch(() => undefined);
      after.req.on('error', () => undefined);
      after.req.end(body, () => setTimeout(() => after.req.destroy(), i));
    }
    // While the tool runs.
    for (let i = 0; i < 4; i++) {
      const controller = new AbortController();
      const running = fetch(`${server.url}/v1/pdf/test-sleep`, {
        method: 'POST',
        body: form({ seconds: '20' }),
        headers: { Authorization: `Bearer ${key}` },
        signal: controller.signal,
      }).catch(() => 'aborted');
      await eventually(() => liveChildren().length > 0);
      controller.abort();
      expect(await running).toBe('aborted');
    }
    // During the download.
    for (let i = 0; i < 6; i++) {
      const res = await server.post(
        'split',
        form({ file: await filePart(corpus('tracemonkey.pdf')), mode: 'every', pages_per_file: '3' }),
        key,
      );
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    await eventually(() => liveChildren().length === 0, 30_000);
    await eventually(() => server.leftovers().length === 0, 15_000);
  });
});
