// Edges of requests that once answered 500 or oversized headers (docs/api.md §1,
// "bookmarks", "pipeline", "attachments"): a bookmarks value nested far past the
// outline depth (a stack overflow in the validator), a pipeline naming
// "@__proto__" or "@constructor" as a part, a 3,000-character upload name (a
// 6 KB Content-Disposition) and attachments or uploads named like Windows
// devices (CON, NUL, LPT1…). Each is a clean 400, a capped header or a safe name.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { problemOf } from '../helpers/problem.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(async () => {
  await server.close();
});

it('a bookmarks value nested 1,700 levels (under the field limit) is a 400 naming the depth, not a 500', async () => {
  const depth = 1700;
  const nested = `{"bookmarks":${'[{"title":"a","page":1,"children":'.repeat(depth)}[]${'}]'.repeat(depth)}}`;
  expect(nested.length).toBeLessThan(64 * 1024);
  const problem = await problemOf(
    await server.post('bookmarks', form({ file: await filePart(corpus('trivial.pdf')), bookmarks: nested }), key),
  );
  expect(problem).toMatchObject({ status: 400, code: 'invalid_request', field: 'bookmarks' });
  expect(problem.detail).toMatch(/at most 64 levels/);
  // 64 levels, the outline limit, still pass.
  const deepest = `${'[{"title":"a","page":1,"children":'.repeat(64)}[]${'}]'.repeat(64)}`;
  const ok = await server.post(
    'bookmarks',
    form({ file: await filePart(corpus('trivial.pdf')), bookmarks: deepest }),
    key,
  );
  expect(ok.status, await ok.clone().text()).toBe(200);
});

it.each(['@__proto__', '@constructor', '@toString'])(
  'a pipeline step naming %s with no such part is a 400 naming the option',
  async (reference) => {
    const steps = JSON.stringify([{ operation: 'watermark', options: { image: reference } }]);
    const problem = await problemOf(
      await server.post('pipeline', form({ file: await filePart(corpus('trivial.pdf')), steps }), key),
    );
    expect(problem).toMatchObject({ status: 400, code: 'invalid_request', field: 'steps[0].options.image' });
  },
);

it('a 3,000-character upload name gives a Content-Disposition capped at 255 bytes of name, its suffix and extension kept', async () => {
  const res = await server.post(
    'rotate',
    form({ file: await filePart(corpus('trivial.pdf'), `${'n'.repeat(3000)}.pdf`), angle: '90' }),
    key,
  );
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  const header = res.headers.get('content-disposition')!;
  expect(header.length).toBeLessThan(1200);
  const ascii = /filename="([^"]*)"/.exec(header)![1];
  const utf8 = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)![1]);
  expect(ascii).toBe(utf8);
  expect(Buffer.byteLength(utf8)).toBeLessThanOrEqual(255);
  expect(utf8).toMatch(/^n{200}-rotated\.pdf$/);
  // Multi-byte names are cut at a character boundary.
  const wide = await server.post(
    'rotate',
    form({ file: await filePart(corpus('trivial.pdf'), `${'é'.repeat(3000)}.pdf`), angle: '90' }),
    key,
  );
  await wide.arrayBuffer();
  const name = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(wide.headers.get('content-disposition')!)![1]);
  expect(name).toMatch(/^é+-rotated\.pdf$/);
  expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
});

it('Windows device names are made safe: attachment names in a ZIP, and download names', async () => {
  const names = ['CON.txt', 'nul', 'LPT1.tar.gz', 'com¹.txt', 'AUX .log', 'CONSOLE.txt'];
  const added = await server.post(
    'attachments',
    form({
      file: await filePart(corpus('trivial.pdf')),
      action: 'add',
      attachments: names.map((name) => [new Blob([`content of ${name}`]), name] as [Blob, string]),
    }),
    key,
  );
  expect(added.status, await added.clone().text()).toBe(200);
  const withAttachments = await saveBody(added, 'with.pdf');
  const extracted = await server.post(
    'attachments',
    form({ file: await filePart(withAttachments), action: 'extract' }),
    key,
  );
  expect(extracted.status).toBe(200);
  const zip = await saveBody(extracted, 'attachments.zip');
  const { stdout } = await run('unzip', ['-Z1', zip]);
  expect(stdout.trim().split('\n').sort()).toEqual(
    ['_CON.txt', '_nul', '_LPT1.tar.gz', '_com¹.txt', '_AUX .log', 'CONSOLE.txt'].sort(),
  );
  // An upload named like a device gives a download name that is not one.
  const converted = await server.post(
    'extract-text',
    form({ file: await filePart(corpus('trivial.pdf'), 'CON.pdf') }),
    key,
  );
  expect(converted.status).toBe(200);
  await converted.arrayBuffer();
  expect(converted.headers.get('content-disposition')).toContain('filename="_CON.txt"');
});
