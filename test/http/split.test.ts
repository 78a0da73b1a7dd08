import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryptionOf, pageCountOf, textOf } from '../helpers/pdf.js';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

function unzip(zipFile: string): { dir: string; names: string[] } {
  const dir = path.join(path.dirname(zipFile), 'unzipped');
  fs.mkdirSync(dir);
  execFileSync('python3', [
    '-c',
    'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2]); print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))',
    zipFile,
    dir,
  ]);
  const names = execFileSync(
    'python3',
    ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', zipFile],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n');
  return { dir, names };
}

describe('POST /v1/pdf/split', () => {
  it('mode=ranges (default): one PDF per item, zero-padded names, in order', async () => {
    const res = await server.post(
      'split',
      form({ file: await filePart(corpus('tracemonkey.pdf'), 'paper.pdf'), ranges: '1-2,3,4-5,6,7,8,9,10,11,12-' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="paper-pages.zip"');
    const zip = await saveBody(res, 'out.zip');
    expect(Number(res.headers.get('content-length'))).toBe(fs.statSync(zip).size);
    const { dir, names } = unzip(zip);
    expect(names).toEqual([
      'paper-01.pdf',
      'paper-02.pdf',
      'paper-03.pdf',
      'paper-04.pdf',
      'paper-05.pdf',
      'paper-06.pdf',
      'paper-07.pdf',
      'paper-08.pdf',
      'paper-09.pdf',
      'paper-10.pdf',
    ]);
    expect(names.map((n) => pageCountOf(path.join(dir, n)))).toEqual([2, 1, 2, 1, 1, 1, 1, 1, 1, 3]);
    expect(textOf(path.join(dir, 'paper-01.pdf'))).toContain('Trace-based Just-in-Time');
  });

  it('mode=every: files of N pages', async () => {
    const res = await server.post(
      'split',
      form({ file: await filePart(corpus('tracemonkey.pdf')), mode: 'every', pages_per_file: '4' }),
      key,
    );
    expect(res.status).toBe(200);
    const { dir, names } = unzip(await saveBody(res, 'out.zip'));
    expect(names).toEqual(['tracemonkey-1.pdf', 'tracemonkey-2.pdf', 'tracemonkey-3.pdf', 'tracemonkey-4.pdf']);
    expect(names.map((n) => pageCountOf(path.join(dir, n)))).toEqual([4, 4, 4, 2]);
  });

  it('mode=extract: one PDF of the selected pages', async () => {
    const res = await server.post(
      'split',
      form({ file: await filePart(corpus('tracemonkey.pdf')), mode: 'extract', pages: '2,4-5,14-' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('tracemonkey-extracted.pdf');
    expect(pageCountOf(await saveBody(res))).toBe(4);
  });

  it('opens an encrypted input with its password and returns unencrypted parts', async () => {
    const res = await server.post(
      'split',
      form({
        file: await filePart(corpus('encrypted-rc4-20-pages-user-user.pdf')),
        mode: 'extract',
        pages: '1-3',
        password: 'user',
      }),
      key,
    );
    expect(res.status).toBe(200);
    const out = await saveBody(res);
    expect(pageCountOf(out)).toBe(3);
    expect(encryptionOf(out)).toContain('File is not encrypted');
  });

  it.each([
    [{ ranges: '0-2' }, 'ranges', /numbered from 1/],
    [{ ranges: '3-1' }, 'ranges', /reversed/],
    [{ ranges: '1-99' }, 'ranges', /out of range/],
    [{ ranges: 'x' }, 'ranges', /page ranges/],
    [{ mode: 'every' }, 'pages_per_file', /required when mode=every/],
    [{ mode: 'every', pages_per_file: '0' }, 'pages_per_file', /at least 1/],
    [{ mode: 'extract', pages: '1', ranges: '1' }, 'ranges', /only applies to mode=ranges/],
    [{ mode: 'sideways' }, 'mode', /one of ranges, every, extract/],
    [{ ranges: '1', colour: 'red' }, 'colour', /Unknown field "colour"/],
  ])('rejects %j with 400 naming the field', async (fields, field, detail) => {
    const res = await server.post('split', form({ file: await filePart(corpus('tracemonkey.pdf')), ...fields }), key);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(body).toMatchObject({
      code: 'invalid_request',
      status: 400,
      type: 'https://pdf-service.dev/problems/invalid_request',
      field,
    });
    expect(body.detail).toMatch(detail);
  });

  it('enforces MAX_PAGES with 413 too_many_pages', async () => {
    const small = await startTestServer({ MAX_PAGES: '10' });
    try {
      const res = await small.post(
        'split',
        form({ file: await filePart(corpus('tracemonkey.pdf')), ranges: '1' }),
        small.newKey(),
      );
      expect(res.status).toBe(413);
      const body = await res.json();
      expect(body.code).toBe('too_many_pages');
      expect(body.detail).toContain('10');
    } finally {
      await small.close();
    }
  });

  it('repairs a damaged but recoverable PDF', async () => {
    // Chop the cross-reference table off: qpdf reconstructs it (exit 3, warnings).
    const bytes = fs.readFileSync(corpus('tracemonkey.pdf'));
    const cut = bytes.subarray(0, bytes.lastIndexOf(Buffer.from('xref')));
    const res = await server.post(
      'split',
      form({ file: await filePart(cut, 'damaged.pdf'), mode: 'extract', pages: '1' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(pageCountOf(await saveBody(res))).toBe(1);
  });
});
