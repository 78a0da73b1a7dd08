// CORS from the CORS_ORIGINS allowlist only (docs/api.md §2b): preflights from a
// listed origin are answered; its responses (errors too) name it and expose the
// headers a page needs, among them every X-… header the operation set; an origin
// not listed gets no CORS header at all. The browser's side of this is in
// test/http/browser.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

const PAGE = 'http://127.0.0.1:5173';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ CORS_ORIGINS: `${PAGE}, https://app.example.com` });
});
afterAll(() => server.close());

const preflight = (origin: string) =>
  fetch(`${server.url}/v1/pdf/compress`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization',
    },
  });

describe('CORS', () => {
  it('answers a preflight from a listed origin with the methods, headers and max age of §2b', async () => {
    const response = await preflight(PAGE);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, Prefer, Idempotency-Key, X-Request-Id',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('gives an origin not listed no CORS header, on a preflight or a request', async () => {
    const response = await preflight('https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    const key = server.newKey();
    const get = await fetch(`${server.url}/v1/account`, {
      headers: { Authorization: `Bearer ${key}`, Origin: 'https://evil.example' },
    });
    expect(get.status).toBe(200);
    expect([...get.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('names the origin and exposes the fixed headers and every X-… header of the operation', async () => {
    const key = server.newKey('pro');
    const response = await server.post('compress', form({ file: await filePart(corpus('tracemonkey.pdf')) }), key, {
      Origin: PAGE,
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGE);
    const exposed = response.headers
      .get('access-control-expose-headers')!
      .split(', ')
      .map((h) => h.toLowerCase());
    for (const name of [
      'x-request-id',
      'ratelimit',
      'ratelimit-policy',
      'retry-after',
      'content-disposition',
      'location',
      'x-original-size',
      'x-compressed-size',
    ]) {
      expect(exposed).toContain(name);
    }
    expect(response.headers.get('x-compressed-size')).toMatch(/^\d+$/);
  });

  it('carries the headers on an error, so the page can read why', async () => {
    const response = await fetch(`${server.url}/v1/account`, {
      headers: { Authorization: 'Bearer pdf_live_wrong', Origin: 'https://app.example.com' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  it('refuses a CORS_ORIGINS entry that is not an origin at start-up', async () => {
    await expect(startTestServer({ CORS_ORIGINS: 'https://ok.example,https://bad.example/path' })).rejects.toThrow(
      /CORS_ORIGINS/,
    );
  });
});
