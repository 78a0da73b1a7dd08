// OCR → compress → protect on a scan in one pipeline (docs/api.md, "Pipelines"): the
// result opens with the password, has the recognized text, and is smaller than OCR alone.
// Kept apart from pipeline.test.ts: OCR takes most of the time, so the two run side by side.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = await server.addKey('pro');
});
afterAll(() => server.close());

it('OCR → compress → protect on a scan: opens with the password, has the text, smaller than OCR alone', async () => {
  const scan = await filePart(corpus('linn.pdf'));
  const [piped, alone] = await Promise.all([
    server.post(
      'pipeline',
      form({
        file: scan,
        steps: JSON.stringify([
          { operation: 'ocr', options: { languages: 'eng' } },
          { operation: 'compress', options: { level: 'high' } },
          { operation: 'protect', options: { user_password: 'scan-pw' } },
        ]),
      }),
      key,
    ),
    server.post('ocr', form({ file: scan }), key),
  ]);
  expect(piped.status, await piped.clone().text()).toBe(200);
  expect(alone.status).toBe(200);
  expect(piped.headers.get('x-pipeline')).toMatch(/^ocr=\d+ms,compress=\d+ms,protect=\d+ms$/);
  // The last step's headers come along (compress's are the middle step's and do not).
  const out = await saveBody(piped);
  const ocrOnly = await saveBody(alone);
  expect((await run('qpdf', ['--password=scan-pw', '--show-encryption', out])).stdout).toContain('R = 6');
  await expect(run('pdftotext', [out, '-'])).rejects.toThrow();
  const text = (await run('pdftotext', ['-upw', 'scan-pw', out, '-'])).stdout;
  expect(text).toMatch(/\w{4,}/);
  const words = new Set(
    fs
      .readFileSync(corpus('linn.txt'), 'utf8')
      .toLowerCase()
      .match(/[a-z]{5,}/g),
  );
  const found = (text.toLowerCase().match(/[a-z]{5,}/g) ?? []).filter((w) => words.has(w));
  expect(found.length).toBeGreaterThan(100);
  expect(fs.statSync(out).size).toBeLessThan(fs.statSync(ocrOnly).size);
});
