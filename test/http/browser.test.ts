// In a real browser (docs/api.md §2b): headless Chromium loads a page served from
// one loopback port; the page uses the TypeScript client (bundled for the browser
// by esbuild) with a browser token, origin-bound, to merge two files on the service
// at another loopback port, and reads X-Request-Id and the RateLimit fields. The
// same page from an origin not in CORS_ORIGINS is blocked by the browser itself
// (the preflight gets no CORS headers), and nothing is charged for it.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../src/tools/chromium.js';
import { qpdfPages, usedToday } from '../helpers/keys.js';
import { corpus, ROOT, startTestServer, type TestServer } from '../helpers/server.js';

const PAGE = `<!doctype html><meta charset="utf-8"><title>merge</title>
<script type="module">
import { PdfClient } from '/client.js';
const params = new URLSearchParams(location.search);
const client = new PdfClient({ baseUrl: params.get('api'), apiKey: params.get('token'), retries: 0 });
try {
  const files = await Promise.all(['a.pdf', 'b.pdf'].map(async (name) => ({ data: await (await fetch('/' + name)).blob(), filename: name })));
  const merged = await client.merge(files);
  const bytes = await merged.bytes();
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  window.outcome = { ok: true, pdf: btoa(binary), requestId: client.lastRequestId, rateLimit: client.lastRateLimit, disposition: merged.header('content-disposition') };
} catch (error) {
  window.outcome = { ok: false, name: error.constructor.name, code: error.code, detail: String(error.detail ?? error) };
}
</script>`;

/** A static server for the page, the bundled client and the two PDFs; its origin. */
async function pageServer(bundle: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const files: Record<string, [string, Buffer | string]> = {
    '/': ['text/html', PAGE],
    '/client.js': ['text/javascript', bundle],
    '/a.pdf': ['application/pdf', fs.readFileSync(corpus('trivial.pdf'))],
    '/b.pdf': ['application/pdf', fs.readFileSync(corpus('multipage.pdf'))],
  };
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url!, 'http://x').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let service: TestServer;
let allowed: Awaited<ReturnType<typeof pageServer>>;
let other: Awaited<ReturnType<typeof pageServer>>;
let browser: Browser;
let profile: string;

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [path.join(ROOT, 'clients/typescript/src/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Only reached under Node (hasNodeHttp); left as imports the browser never runs.
    external: ['node:*'],
    write: false,
  });
  const bundle = bundled.outputFiles[0].text;
  allowed = await pageServer(bundle);
  other = await pageServer(bundle);
  service = await startTestServer({ CORS_ORIGINS: allowed.origin });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-browser-test-'));
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    pipe: true,
    userDataDir: profile,
    args: [
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await allowed?.close();
  await other?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/** Mints a token with the key (as the page's own server would) and runs the page from `origin`. */
async function runPage(
  origin: string,
  key: string,
  tokenOptions: Record<string, unknown>,
): Promise<Record<string, any>> {
  const minted = await fetch(`${service.url}/v1/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(tokenOptions),
  });
  expect(minted.status).toBe(201);
  const { token } = (await minted.json()) as { token: string };
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/?api=${encodeURIComponent(service.url)}&token=${encodeURIComponent(token)}`);
    await page.waitForFunction('window.outcome !== undefined', { timeout: 30_000 });
    return (await page.evaluate('window.outcome')) as Record<string, any>;
  } finally {
    await page.close();
  }
}

describe('in a real browser', () => {
  it('a page on an allowed origin merges with an origin-bound token and reads X-Request-Id and RateLimit', async () => {
    const key = await service.addKey('pro');
    const outcome = await runPage(allowed.origin, key, {
      ttl_seconds: 120,
      scopes: ['merge'],
      max_uses: 1,
      origin: allowed.origin,
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(outcome.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(outcome.rateLimit).toMatchObject({ limit: 10_000, remaining: 9_999 });
    expect(outcome.disposition).toContain('attachment');
    const file = path.join(profile, 'merged.pdf');
    fs.writeFileSync(file, Buffer.from(outcome.pdf, 'base64'));
    expect(await qpdfPages(file)).toBe(
      (await qpdfPages(corpus('trivial.pdf'))) + (await qpdfPages(corpus('multipage.pdf'))),
    );
    expect(await usedToday(service.url, key)).toBe(1);
  });

  it('the same page from an origin not in CORS_ORIGINS is blocked by the browser, uncharged', async () => {
    const key = await service.addKey('pro');
    // Not bound to an origin: only CORS stands in the way.
    const outcome = await runPage(other.origin, key, { ttl_seconds: 120 });
    expect(outcome.ok).toBe(false);
    expect(outcome).toMatchObject({ name: 'NetworkError', code: 'network_error' });
    expect(outcome.detail).toMatch(/Failed to fetch/);
    expect(await usedToday(service.url, key)).toBe(0);
  });
});
