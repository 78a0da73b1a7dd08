// Remote inputs (docs/api.md, "Remote files"): `file_url`, `files_url`, `<part>_url`
// for any operation, the pipeline and jobs, against a loopback file server (allowed by
// FETCH_ALLOW_PRIVATE=true on the first server) and refused by the address rules on a
// second server that keeps them (the default).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob, download } from '../helpers/jobs.js';
import { usedToday } from '../helpers/keys.js';
import { rgbaPng } from '../helpers/make-fixtures.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const pagesOf = async (file: string) => Number((await run('qpdf', ['--show-npages', file])).stdout.trim());
const LIMIT = 2 * 1024 * 1024;

let files: http.Server;
let origin: string;
const seen: http.IncomingHttpHeaders[] = [];
const stalls: http.ServerResponse[] = [];

function startFiles(): Promise<void> {
  const trivial = fs.readFileSync(corpus('trivial.pdf'));
  const multipage = fs.readFileSync(corpus('multipage.pdf'));
  const logo = rgbaPng(30, 30, [0, 0, 255, 255]);
  files = http.createServer((req, res) => {
    seen.push(req.headers);
    const url = new URL(req.url ?? '/', 'http://x').pathname;
    const redirect = /^\/hop\/(\d+)$/.exec(url);
    if (redirect) {
      const left = Number(redirect[1]);
      res.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : '/trivial.pdf' }).end();
    } else if (url === '/trivial.pdf') res.writeHead(200, { 'content-length': trivial.length }).end(trivial);
    else if (url === '/logo.png') res.writeHead(200).end(logo);
    else if (url === '/multipage.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(multipage);
    else if (url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    else if (url === '/endless') {
      // No Content-Length: chunked, until the reader stops.
      res.writeHead(200);
      const chunk = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024 - 9, 32)]);
      const write = () => {
        while (res.write(chunk));
      };
      res.on('drain', write);
      res.on('close', () => res.off('drain', write));
      write();
    } else if (url === '/stall') {
      res.writeHead(200, { 'content-length': '100000' });
      res.write('%PDF-1.7\n');
      stalls.push(res);
    } else res.writeHead(404).end('no');
  });
  return new Promise((resolve) =>
    files.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let server: TestServer;
let strict: TestServer;
let key: string;
let strictKey: string;

beforeAll(async () => {
  await startFiles();
  [server, strict] = await Promise.all([
    startTestServer({ FETCH_ALLOW_PRIVATE: 'true', FETCH_TIMEOUT: '2', MAX_FILE_SIZE: String(LIMIT) }),
    startTestServer({ MAX_FILE_SIZE: String(LIMIT) }),
  ]);
  key = await server.addKey('pro');
  strictKey = await strict.addKey('pro');
});
afterAll(async () => {
  for (const res of stalls) res.destroy();
  files.closeAllConnections();
  await new Promise((r) => files.close(r));
  await Promise.all([server.close(), strict.close()]);
});

describe('remote inputs', () => {
  it('file_url is fetched like an upload: the operation runs on it, named after the URL, no credentials of ours sent', async () => {
    seen.length = 0;
    const res = await server.post('rotate', form({ file_url: `${origin}/multipage.pdf?sig=abc`, angle: '90' }), key);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('multipage-rotated.pdf');
    expect(await pagesOf(await saveBody(res))).toBe(6);
    expect(seen).toHaveLength(1);
    expect(seen[0].authorization).toBeUndefined();
    expect(seen[0].cookie).toBeUndefined();
  });

  it('files_url may repeat (merge), and mixes with uploaded parts', async () => {
    const data = form({});
    data.append('files_url', `${origin}/trivial.pdf`);
    data.append('files', new Blob([fs.readFileSync(corpus('trivial.pdf'))]), 'local.pdf');
    data.append('files_url', `${origin}/hop/2`);
    const res = await server.post('merge', data, key);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await pagesOf(await saveBody(res))).toBe(3);
  });

  it('a 404 is 422 fetch_failed with url (no query) and upstream_status, and stays charged', async () => {
    const before = await usedToday(server.url, key);
    const problem = await problemOf(
      await server.post('compress', form({ file_url: `${origin}/nothing.pdf?token=secret` }), key),
    );
    expect([problem.status, problem.code, problem.upstream_status, problem.url]).toEqual([
      422,
      'fetch_failed',
      404,
      `${origin}/nothing.pdf`,
    ]);
    expect(JSON.stringify(problem)).not.toContain('secret');
    expect((await usedToday(server.url, key)) - before).toBe(1);
  });

  it('follows 3 redirects, not 4', async () => {
    expect((await server.post('rotate', form({ file_url: `${origin}/hop/3`, angle: '90' }), key)).status).toBe(200);
    const problem = await problemOf(await server.post('compress', form({ file_url: `${origin}/hop/4` }), key));
    expect([problem.status, problem.code, problem.upstream_status]).toEqual([422, 'fetch_failed', 302]);
    expect(problem.detail).toContain('more than 3 redirects');
  });

  it('a body larger than MAX_FILE_SIZE without Content-Length is cut at the limit (413)', async () => {
    const problem = await problemOf(await server.post('compress', form({ file_url: `${origin}/endless` }), key));
    expect([problem.status, problem.code]).toEqual([413, 'file_too_large']);
  });

  it('a body that stalls is cut at FETCH_TIMEOUT (422 fetch_failed)', async () => {
    const started = Date.now();
    const problem = await problemOf(await server.post('compress', form({ file_url: `${origin}/stall` }), key));
    expect([problem.status, problem.code]).toEqual([422, 'fetch_failed']);
    expect(problem.detail).toContain('FETCH_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('a redirect to a link-local (metadata) address is refused even when private addresses are allowed', async () => {
    const problem = await problemOf(await server.post('compress', form({ file_url: `${origin}/to-metadata` }), key));
    expect([problem.status, problem.code, problem.url]).toEqual([
      422,
      'fetch_failed',
      'http://169.254.169.254/latest/meta-data',
    ]);
    expect(problem.detail).toContain('not allowed');
  });

  it('with the default rules: plain http is 400; a host name resolving to 127.0.0.1 and a loopback literal are refused at connect time', async () => {
    const port = (files.address() as AddressInfo).port;
    const http400 = await problemOf(
      await strict.post('compress', form({ file_url: `${origin}/trivial.pdf` }), strictKey),
    );
    expect([http400.status, http400.field]).toEqual([400, 'file_url']);
    seen.length = 0;
    for (const url of [
      `https://localhost:${port}/trivial.pdf`,
      `https://127.0.0.1:${port}/trivial.pdf`,
      `https://[::ffff:127.0.0.1]:${port}/trivial.pdf`,
    ]) {
      const problem = await problemOf(await strict.post('compress', form({ file_url: url }), strictKey));
      expect([problem.status, problem.code, problem.upstream_status], url).toEqual([422, 'fetch_failed', null]);
      expect(problem.detail).toContain('not allowed');
    }
    expect(seen).toHaveLength(0);
  });

  it('works in a pipeline (file_url and a named part as <name>_url) and as a job', async () => {
    const piped = await server.post(
      'pipeline',
      form({
        file_url: `${origin}/multipage.pdf`,
        logo_url: `${origin}/logo.png`,
        steps: JSON.stringify([
          { operation: 'rotate', options: { angle: 180 } },
          { operation: 'watermark', options: { image: '@logo' } },
        ]),
      }),
      key,
    );
    expect(piped.status, await piped.clone().text()).toBe(200);
    const out = await saveBody(piped);
    expect(await pagesOf(out)).toBe(6);
    expect((await run('pdfimages', ['-list', out])).stdout).toMatch(/\b30 +30\b/);
    const accepted = await server.post('rotate', form({ file_url: `${origin}/trivial.pdf`, angle: '90' }), key, {
      Prefer: 'respond-async',
    });
    expect(accepted.status).toBe(202);
    const job = (await accepted.json()) as { id: string };
    expect((await waitForJob(server.url, job.id, key)).status).toBe('succeeded');
    expect(await pagesOf(await saveBody(await download(server.url, job.id, key)))).toBe(1);
  });
});
