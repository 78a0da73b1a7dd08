import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';
import { textOf } from '../helpers/pdf.js';
import { problemOf } from '../helpers/problem.js';
import { wordRecall } from '../helpers/recall.js';

let server: TestServer;
let key: string;

/** pdftotext of one page, run from the test side (without its closing form feed). */
const pageText = (file: string, page: number, extra: string[] = []) =>
  textOf(file, ['-enc', 'UTF-8', ...extra, '-f', String(page), '-l', String(page)]).replace(/\f$/, '');

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

describe('POST /v1/pdf/extract-text', () => {
  it('returns the text of every page, separated by form feeds', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('tracemonkey.pdf'), 'paper.pdf') }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="paper.txt"; filename*=UTF-8''paper.txt`);
    const pages = (await res.text()).split('\f');
    expect(pages).toHaveLength(14);
    expect(pages[0]).toContain('Trace-based Just-in-Time Type Specialization');
    for (const page of [1, 7, 14]) expect(pages[page - 1]).toBe(pageText(corpus('tracemonkey.pdf'), page));
  });

  it('layout=true keeps the physical layout', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('tracemonkey.pdf')), pages: '2', layout: 'true' }),
      key,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toBe(pageText(corpus('tracemonkey.pdf'), 2, ['-layout']));
    expect(text).not.toBe(pageText(corpus('tracemonkey.pdf'), 2));
  });

  it('pages selects pages in the order given', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('tracemonkey.pdf')), pages: '4-5,2,13-' }),
      key,
    );
    expect(res.status).toBe(200);
    const pages = (await res.text()).split('\f');
    expect(pages).toEqual([4, 5, 2, 13, 14].map((p) => pageText(corpus('tracemonkey.pdf'), p)));
    const out = await problemOf(
      await server.post('extract-text', form({ file: await filePart(corpus('tracemonkey.pdf')), pages: '15' }), key),
    );
    expect([out.status, out.code, out.field]).toEqual([400, 'invalid_request', 'pages']);
  });

  it('format=json gives one entry per requested page', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('tracemonkey.pdf')), pages: '3,1', format: 'json' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toContain('filename="tracemonkey.json"');
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['pages']);
    expect(body.pages.map((p: { page: number }) => p.page)).toEqual([3, 1]);
    expect(Object.keys(body.pages[0])).toEqual(['page', 'text']);
    expect(body.pages[1].text).toBe(pageText(corpus('tracemonkey.pdf'), 1));
  });

  it('ocr=never leaves pages without a text layer empty', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('multipage.pdf')), format: 'json' }),
      key,
    );
    expect(res.status).toBe(200);
    const { pages } = await res.json();
    expect(pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages.filter((p: { text: string }) => p.text.trim() === '').map((p: { page: number }) => p.page)).toEqual([
      1, 2, 3, 5, 6,
    ]);
    expect(pages[3].text).toBe(pageText(corpus('multipage.pdf'), 4));
  });

  it('ocr=auto OCRs only the pages without text and merges them in page order', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('multipage.pdf')), ocr: 'auto' }),
      key,
    );
    expect(res.status).toBe(200);
    const pages = (await res.text()).split('\f');
    expect(pages).toHaveLength(6);
    for (const page of pages) expect(page.trim()).not.toBe('');
    // Page 4 has a text layer: it is taken as is, not OCR'd again.
    expect(pages[3]).toBe(pageText(corpus('multipage.pdf'), 4));
    expect(pages[0]).toMatch(/Chapter/);
    expect(pages[0]).toMatch(/tip-toeing/);
    expect(pages[1]).toMatch(/megapixels/);
    expect(pages[4]).toMatch(/throne of England/);
    expect(pages[5]).toMatch(/throne of England/);
  });

  it('ocr=auto only OCRs requested pages, keeps the requested order, and opens encrypted input', async () => {
    const res = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('multipage.pdf')), ocr: 'auto', pages: '4,1', format: 'json' }),
      key,
    );
    expect(res.status).toBe(200);
    const { pages } = await res.json();
    expect(pages.map((p: { page: number }) => p.page)).toEqual([4, 1]);
    expect(pages[0].text).toBe(pageText(corpus('multipage.pdf'), 4));
    expect(pages[1].text).toMatch(/tip-toeing/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extract-text-'));
    const locked = path.join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'sesame', 'owner', '256', '--', corpus('linn.pdf'), locked]);
    const enc = await server.post(
      'extract-text',
      form({ file: await filePart(locked), ocr: 'auto', password: 'sesame' }),
      key,
    );
    expect(enc.status).toBe(200);
    expect(wordRecall(fs.readFileSync(corpus('linn.txt'), 'utf8'), await enc.text())).toBeGreaterThanOrEqual(0.9);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('languages only goes with ocr=auto, and must be installed', async () => {
    const alone = await problemOf(
      await server.post('extract-text', form({ file: await filePart(corpus('trivial.pdf')), languages: 'deu' }), key),
    );
    expect([alone.status, alone.field]).toEqual([400, 'languages']);
    const unknown = await problemOf(
      await server.post(
        'extract-text',
        form({ file: await filePart(corpus('trivial.pdf')), ocr: 'auto', languages: 'xx' }),
        key,
      ),
    );
    expect([unknown.status, unknown.field]).toEqual([400, 'languages']);
    expect(unknown.detail).toContain('eng');
  });

  it('opens encrypted input with password; reports missing and wrong passwords', async () => {
    const file = corpus('encrypted-rc4-20-pages-user-user.pdf');
    const ok = await server.post(
      'extract-text',
      form({ file: await filePart(file), password: 'user', pages: '1-3' }),
      key,
    );
    expect(ok.status).toBe(200);
    const pages = (await ok.text()).split('\f');
    expect(pages).toHaveLength(3);
    expect(pages).toEqual(
      [1, 2, 3].map((p) => textOf(file, ['-upw', 'user', '-f', String(p), '-l', String(p)]).replace(/\f$/, '')),
    );
    expect(pages.join('').trim()).not.toBe('');
    const missing = await problemOf(await server.post('extract-text', form({ file: await filePart(file) }), key));
    expect([missing.status, missing.code]).toEqual([422, 'password_required']);
    const wrong = await problemOf(
      await server.post('extract-text', form({ file: await filePart(file), password: 'nope' }), key),
    );
    expect([wrong.status, wrong.code]).toEqual([422, 'incorrect_password']);
    // Owner-only encryption opens without a password.
    const owner = await server.post(
      'extract-text',
      form({ file: await filePart(corpus('encrypted-aes256-owner-only.pdf')), pages: '1' }),
      key,
    );
    expect(owner.status).toBe(200);
    expect((await owner.text()).trim()).not.toBe('');
  });

  it('never puts the password on a command line', async () => {
    const seen: string[] = [];
    const timer = setInterval(() => {
      try {
        seen.push(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }));
      } catch {
        // ps raced with an exiting process
      }
    }, 5);
    try {
      const res = await server.post(
        'extract-text',
        form({ file: await filePart(corpus('encrypted-rc4-20-pages-user-user.pdf')), password: 'user' }),
        key,
      );
      expect(res.status).toBe(200);
    } finally {
      clearInterval(timer);
    }
    expect(seen.join('\n')).not.toMatch(/(-upw|-opw|--password)\s*=?\s*user/);
  });

  it('rejects an unrepairable PDF with invalid_pdf', async () => {
    const res = await problemOf(
      await server.post('extract-text', form({ file: await filePart(corpus('invalid.pdf')) }), key),
    );
    expect([res.status, res.code]).toEqual([422, 'invalid_pdf']);
  });

  it('leaves no temp files behind', async () => {
    await eventually(() => server.leftovers().length === 0);
  });
});
