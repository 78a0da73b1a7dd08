import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

describe('POST /v1/pdf/merge', () => {
  it('merges in upload order', async () => {
    const res = await server.post(
      'merge',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('tracemonkey.pdf'))] }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="trivial-merged.pdf"; filename*=UTF-8''trivial-merged.pdf`,
    );
    const file = await saveBody(res);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(pageCountOf(file)).toBe(15);
    // Page 2 is tracemonkey's first page.
    expect(textOf(file, ['-f', '2', '-l', '2'])).toContain('Trace-based Just-in-Time');
  });

  it('adds one bookmark per input titled by its file name', async () => {
    const res = await server.post(
      'merge',
      form({
        files: [
          await filePart(corpus('trivial.pdf'), 'première.pdf'),
          await filePart(corpus('tracemonkey.pdf'), 'paper.pdf'),
        ],
        bookmarks: 'true',
      }),
      key,
    );
    expect(res.status).toBe(200);
    const outline = execFileSync('mutool', ['show', await saveBody(res), 'outline'], { encoding: 'utf8' });
    expect(outline).toMatch(/"première\.pdf"\s+#page=1/);
    expect(outline).toMatch(/"paper\.pdf"\s+#page=2/);
  });

  it('opens encrypted inputs with password and reports missing or wrong passwords', async () => {
    const enc = await filePart(corpus('encrypted-rc4-20-pages-user-user.pdf'));
    const plain = await filePart(corpus('trivial.pdf'));
    const ok = await server.post('merge', form({ files: [plain, enc], password: 'user' }), key);
    expect(ok.status).toBe(200);
    expect(pageCountOf(await saveBody(ok))).toBe(21);
    const missing = await server.post('merge', form({ files: [plain, enc] }), key);
    expect(missing.status).toBe(422);
    expect((await missing.json()).code).toBe('password_required');
    const wrong = await server.post('merge', form({ files: [plain, enc], password: 'nope' }), key);
    expect(wrong.status).toBe(422);
    const body = await wrong.json();
    expect(body.code).toBe('incorrect_password');
    expect(JSON.stringify(body)).not.toContain('nope');
  });

  it('needs at least two files and refuses non-PDF content whatever its name', async () => {
    const one = await server.post('merge', form({ files: [await filePart(corpus('trivial.pdf'))] }), key);
    expect(one.status).toBe(400);
    expect((await one.json()).code).toBe('invalid_request');
    const png = await server.post(
      'merge',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('typewriter.png'), 'fake.pdf')] }),
      key,
    );
    expect(png.status).toBe(415);
    const body = await png.json();
    expect(body.code).toBe('unsupported_media_type');
    expect(body.detail).toContain('image/png');
  });

  it('rejects an unrepairable PDF with invalid_pdf', async () => {
    const res = await server.post(
      'merge',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('invalid.pdf'))] }),
      key,
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('invalid_pdf');
    expect(body.detail).not.toContain('/');
  });

  it('leaves no temp files behind', async () => {
    await eventually(() => server.leftovers().length === 0);
  });
});
