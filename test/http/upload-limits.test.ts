import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServeProcess, type ServeProcess } from '../helpers/process-server.js';
import { corpus, eventually, filePart, form, startTestServer } from '../helpers/server.js';

const MiB = 1024 * 1024;

function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    try {
      total += entry.isDirectory() ? dirBytes(full) : fs.statSync(full).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

interface RawResult {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  bytesSentBeforeResponse: number;
}

/**
 * Streams a multipart upload with one file part of `fileBytes` bytes of "%PDF-"-headed data,
 * chunked or with a declared length; stops sending as soon as a response arrives.
 */
function rawUpload(
  url: string,
  key: string,
  operation: string,
  fileBytes: number,
  opts: { declareLength?: number; onChunk?: () => void } = {},
): Promise<RawResult> {
  const boundary = 'XyZboundary42';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MiB, 0x41);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      Authorization: `Bearer ${key}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    };
    if (opts.declareLength !== undefined) headers['Content-Length'] = opts.declareLength;
    const req = http.request(`${url}/v1/pdf/${operation}`, { method: 'POST', headers });
    let sent = 0;
    let responded = false;
    req.on('response', (res) => {
      responded = true;
      const sentAt = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, body, headers: res.headers, bytesSentBeforeResponse: sentAt });
      });
    });
    req.on('error', (error) => {
      if (!responded) reject(error);
    });
    req.write(head);
    let remaining = fileBytes;
    const pump = () => {
      while (!responded && remaining > 0) {
        const piece = remaining >= chunk.length ? chunk : chunk.subarray(0, remaining);
        remaining -= piece.length;
        sent += piece.length;
        opts.onChunk?.();
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!responded && remaining === 0) req.end(tail);
    };
    pump();
  });
}

describe('upload limits while streaming', () => {
  let serve: ServeProcess;
  let key: string;
  let tmpDir: string;
  let base: string;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-upload-'));
    tmpDir = path.join(base, 'tmp');
    fs.mkdirSync(tmpDir);
    const env = { DATA_DIR: path.join(base, 'data'), TMP_DIR: tmpDir, LOG_LEVEL: 'info' };
    key = JSON.parse(cli(['keys', 'create', '--account', 'uploader', '--plan', 'enterprise', '--json'], env)).key;
    serve = await startServeProcess(env);
  });
  afterAll(async () => {
    await serve?.stop();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('refuses a declared 2 GiB body with 413 before reading it', async () => {
    const result = await rawUpload(serve.url, key, 'unlock', 2 * MiB, { declareLength: 2 * 1024 * MiB });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).code).toBe('file_too_large');
    expect(result.headers.connection).toBe('close');
    expect(dirBytes(tmpDir)).toBe(0);
  });

  it('stops a chunked 2 GiB upload once the file part passes MAX_FILE_SIZE, writing at most the limit', async () => {
    let peakDisk = 0;
    let chunks = 0;
    const result = await rawUpload(serve.url, key, 'unlock', 2 * 1024 * MiB, {
      onChunk: () => {
        if (++chunks % 8 === 0) peakDisk = Math.max(peakDisk, dirBytes(tmpDir));
      },
    });
    expect(result.status).toBe(413);
    const body = JSON.parse(result.body);
    expect(body.code).toBe('file_too_large');
    expect(body.detail).toContain(String(100 * MiB));
    // Refused near the limit, not after the whole 2 GiB (allowing for socket buffers).
    expect(result.bytesSentBeforeResponse).toBeLessThan(200 * MiB);
    expect(peakDisk).toBeLessThanOrEqual(100 * MiB + 64 * 1024);
    await eventually(() => fs.readdirSync(tmpDir).length === 0, 5000);
  });

  it('keeps the server RSS flat for a 90 MiB accepted upload', async () => {
    // Warm up once so lazily loaded code is not counted, then compare peaks.
    await rawUpload(serve.url, key, 'unlock', 2 * MiB);
    const before = serve.memory();
    const result = await rawUpload(serve.url, key, 'unlock', 90 * MiB);
    // Accepted by the limits; the junk content is then refused by qpdf.
    expect(result.status).toBe(422);
    const after = serve.memory();
    const growthMiB = (after.peakKb - before.rssKb) / 1024;
    expect(growthMiB).toBeLessThan(50);
  });
});

describe('file count limits', () => {
  it('413 too_many_files over MAX_FILES, and too_many for a single-file field', async () => {
    const server = await startTestServer({ MAX_FILES: '3' });
    try {
      const key = server.newKey();
      const pdf = await filePart(corpus('trivial.pdf'));
      const res = await server.post('merge', form({ files: [pdf, pdf, pdf, pdf] }), key);
      expect(res.status).toBe(413);
      const body = await res.json();
      expect(body.code).toBe('too_many_files');
      expect(body.detail).toContain('3');
      const two = await server.post('unlock', form({ file: [pdf, pdf] }), key);
      expect(two.status).toBe(413);
      expect((await two.json()).code).toBe('too_many_files');
      const wrongField = await server.post('unlock', form({ document: pdf }), key);
      expect(wrongField.status).toBe(400);
      expect((await wrongField.json()).detail).toContain('"document"');
      const notMultipart = await fetch(`${server.url}/v1/pdf/unlock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(notMultipart.status).toBe(400);
      expect((await notMultipart.json()).detail).toContain('multipart/form-data');
      await eventually(() => server.leftovers().length === 0);
    } finally {
      await server.close();
    }
  });

  it('a refused small upload leaves its keep-alive connection usable for the next request', async () => {
    const server = await startTestServer({ MAX_FILES: '2' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const key = server.newKey();
      const pdf = fs.readFileSync(corpus('trivial.pdf'));
      const boundary = 'KeepAliveBoundary7';
      const part = (name: string, data: Buffer) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          data,
          Buffer.from('\r\n'),
        ]);
      const end = Buffer.from(`--${boundary}--\r\n`);
      // The third part is refused while 600 KiB of it are still to come (under the 1 MiB drain limit).
      const refused = Buffer.concat([
        part('a.pdf', pdf),
        part('b.pdf', pdf),
        part('c.pdf', Buffer.concat([pdf, Buffer.alloc(600 * 1024, 0x20)])),
        end,
      ]);
      const accepted = Buffer.concat([part('a.pdf', pdf), part('b.pdf', pdf), end]);
      const sockets = new Set<unknown>();
      const post = (body: Buffer) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(
            `${server.url}/v1/pdf/merge`,
            {
              method: 'POST',
              agent,
              headers: {
                Authorization: `Bearer ${key}`,
                'Content-Type': `multipart/form-data; boundary=${boundary}`,
                'Content-Length': body.length,
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            },
          );
          req.on('socket', (socket) => sockets.add(socket));
          req.on('error', reject);
          req.setTimeout(10_000, () => req.destroy(new Error('no answer on the reused connection')));
          req.end(body);
        });
      expect(await post(refused)).toBe(413);
      expect(await post(accepted)).toBe(200);
      expect(sockets.size).toBe(1); // the same connection both times
      await eventually(() => server.leftovers().length === 0);
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
