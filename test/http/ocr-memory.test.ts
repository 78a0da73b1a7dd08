// TOOL_MEMORY_LIMIT measures resident memory, at the default settings: an
// ordinary document never trips it while a bomb still does. Its own file
// because the OCR run takes minutes on a shared machine (run in parallel with
// the other files).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveChildren } from '../../src/tools/run.js';
import { contentStreamBomb } from '../helpers/hostile.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const MiB = 1024 * 1024;

/** POST without fetch's 300 s wait for response headers: on a shared 2-core machine this OCR has taken longer. */
async function postPatiently(url: string, body: FormData, key: string): Promise<Response> {
  const encoded = new Response(body);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': encoded.headers.get('content-type')!,
          'Content-Length': bytes.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve(
            new Response(Buffer.concat(chunks), {
              status: res.statusCode,
              headers: res.headers as Record<string, string>,
            }),
          ),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}
let server: TestServer;
let key: string;

beforeAll(async () => {
  // Default settings: TOOL_MEMORY_LIMIT 2 GiB, MAX_RENDER_PIXELS 100 megapixels.
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

describe('TOOL_MEMORY_LIMIT at its default', () => {
  it('a content-stream bomb (960 MiB inflated, under the 1 GiB the structure check allows; qpdf holds it several times) is 422 resource_limit naming the cap and the setting', async () => {
    const res = await server.post(
      'watermark',
      form({ file: await filePart(await contentStreamBomb(960 * MiB), 'bomb.pdf'), text: 'X' }),
      key,
    );
    const problem = await problemOf(res);
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('resource_limit');
    expect(problem.limit).toBe('TOOL_MEMORY_LIMIT');
    expect(problem.detail).toContain('2048 MiB, TOOL_MEMORY_LIMIT');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await eventually(() => server.leftovers().length === 0 && liveChildren().length === 0);
  }, 120_000);

  it('OCR mode=force of tracemonkey.pdf (14 pages; page 13 draws an image at 1907 ppi) succeeds with a text layer on every page', async () => {
    const res = await postPatiently(
      `${server.url}/v1/pdf/ocr`,
      form({ file: await filePart(corpus('tracemonkey.pdf')), mode: 'force' }),
      key,
    );
    if (res.status !== 200) throw new Error(`ocr answered ${res.status}: ${await res.text()}`);
    expect(res.headers.get('x-ocr-pages')).toBe('14');
    const file = await saveBody(res, 'tracemonkey-ocr.pdf');
    expect(pageCountOf(file)).toBe(14);
    // --force-ocr replaced the vector text with page images: any text now is the OCR layer.
    for (let page = 1; page <= 14; page++)
      expect(textOf(file, ['-f', String(page), '-l', String(page)]).trim().length, `page ${page}`).toBeGreaterThan(100);
    expect(textOf(file, ['-f', '1', '-l', '1'])).toMatch(/Specialization/i);
    await eventually(() => server.leftovers().length === 0 && liveChildren().length === 0);
  }, 900_000);
});
