// Settings of any length: with a DATA_DIR and TMP_DIR of 150 characters,
// HTML→PDF (Chromium), Office→PDF (LibreOffice) and OCR (OCRmyPDF) still
// answer. A tool that creates a Unix socket under a path that grows with the
// user's settings passes the socket path limit (108 bytes) and fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from '../helpers/pdf.js';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let base: string;

/** A directory whose absolute path is exactly `length` characters. */
function deepDir(root: string, length: number): string {
  let dir = root;
  while (dir.length < length - 1) dir = path.join(dir, 'd'.repeat(Math.min(40, length - dir.length - 1)));
  return dir.length === length ? dir : dir + 'x'.repeat(length - dir.length);
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-long-'));
  const dataDir = deepDir(path.join(base, 'data'), 150);
  const tmpDir = deepDir(path.join(base, 'tmp'), 150);
  fs.mkdirSync(tmpDir, { recursive: true });
  expect([dataDir.length, tmpDir.length]).toEqual([150, 150]);
  server = await startTestServer({ DATA_DIR: dataDir, TMP_DIR: tmpDir });
  key = server.newKey();
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

async function pdfText(res: Response): Promise<string> {
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.status, body.toString('utf8', 0, 400)).toBe(200);
  const file = path.join(base, `out-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, body);
  return textOf(file);
}

describe('a 150-character DATA_DIR and TMP_DIR', () => {
  it('HTML → PDF', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(Buffer.from('<!doctype html><h1>Long path heading</h1>'), 'page.html'), to: 'pdf' }),
      key,
    );
    expect(await pdfText(res)).toContain('Long path heading');
  });

  it('Office (RTF) → PDF', async () => {
    const res = await server.post(
      'convert',
      form({ file: await filePart(Buffer.from('{\\rtf1\\ansi Long path office text.\\par}'), 'note.rtf'), to: 'pdf' }),
      key,
    );
    expect(await pdfText(res)).toContain('Long path office text');
  });

  it('OCR', async () => {
    const res = await server.post('ocr', form({ file: await filePart(corpus('linn.pdf')) }), key);
    expect((await pdfText(res)).length).toBeGreaterThan(100);
  });
});
