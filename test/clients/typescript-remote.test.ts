// The TypeScript client's newer request forms against a real server: a pipeline with an extra
// "@logo" part, remote inputs (RemoteFile → `<part>_url`) from a loopback file server, a job
// whose result is PUT to `result_url`, and an idempotent submission sent twice.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfClient, remoteFile } from '../../clients/typescript/src/index.js';
import { corpus, startTestServer, type TestServer } from '../helpers/server.js';
import { startRemoteFixtures, type RemoteFixtures } from './remote-fixtures.js';

const run = promisify(execFile);
let server: TestServer;
let fixtures: RemoteFixtures;
let client: PdfClient;
let scratch: string;

async function imagesIn(bytes: Uint8Array): Promise<number> {
  const file = path.join(scratch, `out-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2).length;
}
const pagesOf = async (bytes: Uint8Array) => {
  const file = path.join(scratch, `pages-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return Number((await run('qpdf', ['--show-npages', file])).stdout.trim());
};

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-ts-remote-'));
  server = await startTestServer({ FETCH_ALLOW_PRIVATE: 'true' });
  fixtures = await startRemoteFixtures(scratch);
  client = new PdfClient({ baseUrl: server.url, apiKey: server.newKey('pro') });
});
afterAll(async () => {
  await server.close();
  await fixtures.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('TypeScript client: pipelines, remote files, result delivery, idempotency', () => {
  it('a pipeline step names an extra part ("@logo"), uploaded from a path', async () => {
    const result = await client.pipeline(
      corpus('trivial.pdf'),
      { steps: [{ operation: 'watermark', options: { image: '@logo', opacity: 1 } }] },
      { parts: { logo: fixtures.logoPath } },
    );
    expect(await imagesIn(await result.bytes())).toBeGreaterThan(0);
  });

  it('an input and a pipeline part from URLs (file_url, logo_url)', async () => {
    const compressed = await client.compress(remoteFile(`${fixtures.origin}/multipage.pdf`));
    expect(await pagesOf(await compressed.bytes())).toBe(6);
    const merged = await client.merge([corpus('trivial.pdf'), remoteFile(`${fixtures.origin}/multipage.pdf`)]);
    expect(await pagesOf(await merged.bytes())).toBe(7);
    const marked = await client.pipeline(
      remoteFile(`${fixtures.origin}/multipage.pdf`),
      { steps: [{ operation: 'watermark', options: { image: '@logo', opacity: 1 } }] },
      { parts: { logo: remoteFile(`${fixtures.origin}/logo.png`) } },
    );
    expect(await imagesIn(await marked.bytes())).toBeGreaterThan(0);
  });

  it('an idempotent job submitted twice is one job; its result is PUT to result_url', async () => {
    const key = `ts-${process.pid}-${Date.now()}`;
    const call = { async: true as const, idempotencyKey: key, resultUrl: `${fixtures.origin}/put/ts.pdf` };
    const first = await client.rotate(corpus('multipage.pdf'), { angle: 90 }, call);
    const second = await client.rotate(corpus('multipage.pdf'), { angle: 90 }, call);
    expect(second.id).toBe(first.id);
    const done = await client.wait(first, { timeoutMs: 60_000 });
    expect(done.status).toBe('succeeded');
    expect(done.result?.url).toBeNull();
    expect(await pagesOf(fixtures.delivered.get('ts.pdf')!)).toBe(6);
    // Another request under the same key is refused, not a second job.
    await expect(client.rotate(corpus('trivial.pdf'), { angle: 90 }, call)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
  });
});
