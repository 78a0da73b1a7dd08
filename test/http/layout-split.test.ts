// remove-blank and split mode=blank|qr|size|bookmarks through HTTP against
// the real tools; results checked with pdftotext, zbarimg on the separator
// pages, qpdf page counts and the parts' byte sizes.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { out, outBytes, pages, text } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { makeLayoutFixtures, unzipped } from '../helpers/layout-fixtures.js';

let server: TestServer;
let key: string;
let fixture: (name: string) => string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  fixture = await makeLayoutFixtures();
});
afterAll(() => server.close());

async function call(op: string, fields: Record<string, string>, file: string): Promise<Response> {
  return server.post(op, form({ file: await filePart(file, 'doc.pdf'), ...fields }), key);
}

/** The parts of a split: [entry name, page texts joined by "|"], and the response headers. */
async function split(
  fields: Record<string, string>,
  file: string,
): Promise<{ parts: Array<[string, string]>; files: string[]; headers: Headers }> {
  const res = await call('split', fields, file);
  if (res.status !== 200) throw new Error(`split: ${res.status} ${await res.text()}`);
  const entries = await unzipped(await saveBody(res, 'parts.zip'));
  const parts: Array<[string, string]> = [];
  for (const [name, path] of entries) {
    const pageTexts = (await text(path))
      .split('\f')
      .slice(0, -1)
      .map((t) => t.trim() || '-');
    parts.push([name, pageTexts.join('|')]);
  }
  return { parts, files: entries.map((e) => e[1]), headers: res.headers };
}

describe('remove-blank', () => {
  it('drops the clean and the speckled blank page; X-Removed-Pages names them', async () => {
    const res = await call('remove-blank', {}, fixture('blanks.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-removed-pages')).toBe('4,8');
    const result = await saveBody(res, 'out.pdf');
    expect(await pages(result)).toBe(8);
    expect((await text(result)).match(/Page \d+/g)).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 5',
      'Page 6',
      'Page 7',
      'Page 9',
      'Page 10',
    ]);
  });

  it('threshold 0 keeps the speckled page; an all-blank document is refused; bad threshold', async () => {
    const strict = await call('remove-blank', { threshold: '0' }, fixture('blanks.pdf'));
    expect(strict.headers.get('x-removed-pages')).toBe('4');
    const allBlank = await problemOf(await call('remove-blank', {}, fixture('all-blank.pdf')));
    expect(allBlank.status).toBe(422);
    expect(allBlank.detail).toMatch(/every page/i);
    expect((await problemOf(await call('remove-blank', { threshold: '2' }, fixture('blanks.pdf')))).field).toBe(
      'threshold',
    );
    // A 200 × 200 in page is 207 M pixels at 72 dpi: refused before rendering, as convert refuses it.
    const huge = await problemOf(await call('remove-blank', {}, fixture('huge.pdf')));
    expect([huge.status, huge.code, huge.page]).toEqual([413, 'page_too_large', 1]);
  });
});

describe('split by content', () => {
  it('mode=blank: a blank page ends a part and is dropped', async () => {
    const { parts, headers } = await split({ mode: 'blank' }, fixture('blanks.pdf'));
    expect(parts).toEqual([
      ['doc-1.pdf', 'Page 1|Page 2|Page 3'],
      ['doc-2.pdf', 'Page 5|Page 6|Page 7'],
      ['doc-3.pdf', 'Page 9|Page 10'],
    ]);
    expect(headers.get('x-removed-pages')).toBe('4,8');
  });

  it('mode=qr: any code, a given text, kept separators, and no match at all', async () => {
    const any = await split({ mode: 'qr' }, fixture('qr.pdf'));
    expect(any.parts.map((p) => p[1])).toEqual(['Page 1|Page 2', 'Page 4|Page 5', 'Page 7']);
    expect(any.headers.get('x-separator-pages')).toBe('3,6');
    const sep = await split({ mode: 'qr', qr_text: 'SEP' }, fixture('qr.pdf'));
    expect(sep.parts.map((p) => p[1])).toEqual(['Page 1|Page 2', 'Page 4|Page 5|-|Page 7']);
    const kept = await split({ mode: 'qr', keep_separator: 'true' }, fixture('qr.pdf'));
    expect(kept.parts.map((p) => p[1])).toEqual(['Page 1|Page 2', '-|Page 4|Page 5', '-|Page 7']);
    // Checked by zbarimg itself: the kept separator opens its part.
    const render = `${kept.files[1]}.pgm`;
    fs.writeFileSync(
      render,
      await outBytes('pdftoppm', ['-gray', '-r', '150', '-f', '1', '-l', '1', '-singlefile', kept.files[1]]),
    );
    expect(await out('zbarimg', ['-q', render])).toMatch(/QR-Code:SEP/);
    const none = await split({ mode: 'qr', qr_text: 'NOPE' }, fixture('qr.pdf'));
    expect(none.parts).toHaveLength(1);
    expect(await pages(none.files[0])).toBe(7);
    expect(none.headers.get('x-separator-pages')).toBe('none');
  });

  it('mode=size: every part at most max_size bytes, pages never cut, an oversize page alone', async () => {
    const maxSize = 60_000;
    const { files, headers } = await split({ mode: 'size', max_size: String(maxSize) }, fixture('weights.pdf'));
    let total = 0;
    const sizes: number[] = [];
    for (const file of files) {
      total += await pages(file);
      sizes.push(fs.statSync(file).size);
    }
    expect(total).toBe(6);
    const oversize = (headers.get('x-oversize-parts') ?? '').split(',').map(Number);
    expect(oversize).toHaveLength(1);
    sizes.forEach((size, i) => {
      if (oversize.includes(i + 1)) expect(size).toBeGreaterThan(maxSize);
      else expect(size).toBeLessThanOrEqual(maxSize);
    });
    expect(await pages(files[oversize[0] - 1])).toBe(1);
    expect(await text(files[oversize[0] - 1])).toMatch(/Page 4/);
    // Two 20 KB pages fit in 60 KB, three do not: pages 1-2, 3, 4, 5-6.
    expect(files).toHaveLength(4);
  });

  it('mode=bookmarks: one part per top-level entry, named after its title', async () => {
    const { parts } = await split({ mode: 'bookmarks' }, fixture('chapters.pdf'));
    expect(parts).toEqual([
      ['doc-1-Intro-Part-1.pdf', 'Page 1|Page 2|Page 3'],
      ['doc-2-Methods.pdf', 'Page 4|Page 5|Page 6'],
      ['doc-3-Résumé.pdf', 'Page 7|Page 8'],
    ]);
    const noOutline = await problemOf(await call('split', { mode: 'bookmarks' }, fixture('qr.pdf')));
    expect(noOutline.status).toBe(422);
  });

  it('bad input: max_size below 1 KB, a field of another mode', async () => {
    expect(
      (await problemOf(await call('split', { mode: 'size', max_size: '500' }, fixture('weights.pdf')))).field,
    ).toBe('max_size');
    expect((await problemOf(await call('split', { mode: 'size' }, fixture('weights.pdf')))).field).toBe('max_size');
    expect((await problemOf(await call('split', { mode: 'blank', qr_text: 'SEP' }, fixture('blanks.pdf')))).field).toBe(
      'qr_text',
    );
    expect((await problemOf(await call('split', { mode: 'qr', threshold: '0.1' }, fixture('qr.pdf')))).field).toBe(
      'threshold',
    );
  });
});
