// bookmarks through HTTP against the real tools: the outline of a generated
// file (explicit, named and name-tree destinations, a GoTo action, Unicode
// titles) read, written and read again; what was written checked with
// qpdf's own outline reader (--json-key=outlines) and MuPDF (mutool show).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { out, pages, status } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { outlinedPdf } from '../helpers/forms-fixtures.js';
import { outlineDag } from '../helpers/hostile-structure.js';

let server: TestServer;
let key: string;
let outlined: string;

interface Mark {
  title: string;
  page: number | null;
  children: Mark[];
}

const EXPECTED: Mark[] = [
  { title: 'Introduction', page: 1, children: [] },
  {
    title: 'Chapter by name',
    page: 2,
    children: [
      { title: 'Section by string', page: 4, children: [] },
      { title: 'Το Εργο 中文', page: 5, children: [] },
    ],
  },
  { title: 'Nowhere', page: null, children: [] },
];

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  outlined = tempFile('outlined.pdf', outlinedPdf());
});
afterAll(() => server.close());

async function call(file: string, fields: Record<string, string> = {}): Promise<Response> {
  return server.post('bookmarks', form({ file: await filePart(file), ...fields }), key);
}

async function readMarks(file: string): Promise<Mark[]> {
  const res = await call(file);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { bookmarks: Mark[] }).bookmarks;
}

async function write(file: string, bookmarks: unknown): Promise<string> {
  const res = await call(file, { bookmarks: JSON.stringify(bookmarks) });
  if (res.status !== 200) throw new Error(`bookmarks: ${res.status} ${await res.text()}`);
  return saveBody(res, 'marked.pdf');
}

/** qpdf's view of the outline: [title, page (1-based) or null, kids]. */
async function qpdfOutline(file: string): Promise<Mark[]> {
  const json = JSON.parse(await out('qpdf', ['--json=2', '--json-key=outlines', file]));
  const convert = (items: Array<{ title: string; destpageposfrom1: number | null; kids: unknown[] }>): Mark[] =>
    items.map((i) => ({ title: i.title, page: i.destpageposfrom1, children: convert(i.kids as never) }));
  return convert(json.outlines);
}

describe('POST /v1/pdf/bookmarks', () => {
  it('reads the outline nested, with Unicode titles and pages resolved through named destinations and actions', async () => {
    // The named destinations the file holds, as poppler resolves them.
    expect(await out('pdfinfo', ['-dests', outlined])).toMatch(/4 \[ Fit\s*\] "sec-4"/);
    expect(await readMarks(outlined)).toEqual(EXPECTED);
    expect(await readMarks(corpus('trivial.pdf'))).toEqual([]);
  });

  it('writes exactly the outline given; read → write → read gives the same JSON', async () => {
    const marked = await write(corpus('multipage.pdf'), { bookmarks: EXPECTED });
    expect(await qpdfOutline(marked)).toEqual(EXPECTED);
    expect(await readMarks(marked)).toEqual(EXPECTED);
    expect(await status('qpdf', ['--check', marked])).toBe(0);
    expect(await pages(marked)).toBe(await pages(corpus('multipage.pdf')));
    // The answer of a read goes back as it is.
    const read = await (await call(outlined)).text();
    const again = await call(outlined, { bookmarks: read });
    expect(again.status).toBe(200);
    const rewritten = await saveBody(again, 'again.pdf');
    expect(await readMarks(rewritten)).toEqual(EXPECTED);
    expect(await out('mutool', ['show', rewritten, 'outline'])).toContain('"Το Εργο 中文"\t#page=5');
  });

  it('replaces an existing outline, and an empty list removes it', async () => {
    const replaced = await write(outlined, [{ title: 'Only', page: 3 }]);
    expect(await qpdfOutline(replaced)).toEqual([{ title: 'Only', page: 3, children: [] }]);
    const removed = await write(outlined, []);
    expect(await qpdfOutline(removed)).toEqual([]);
    expect(await readMarks(removed)).toEqual([]);
  });

  it('walks an outline whose children are shared (a DAG of 2^30 paths) in bounded time', async () => {
    const started = Date.now();
    const res = await call(tempFile('dag.pdf', outlineDag(30)));
    expect([200, 422]).toContain(res.status);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses a page past the last, malformed JSON and a wrong shape with 400', async () => {
    const past = await problemOf(
      await call(outlined, {
        bookmarks: JSON.stringify([{ title: 'A', page: 1, children: [{ title: 'B', page: 7 }] }]),
      }),
    );
    expect(past.status).toBe(400);
    expect(past.field).toBe('bookmarks');
    expect(past.detail).toContain('bookmarks[0].children[0]');
    expect(past.detail).toContain('page 7');
    for (const bad of [
      '[{"title":"A","page":1}',
      '[{"title":"A","page":0}]',
      '[{"title":"A"}]',
      '[{"title":"A","page":1,"colour":"red"}]',
      '{"x":1}',
    ]) {
      const problem = await problemOf(await call(outlined, { bookmarks: bad }));
      expect(problem.status, bad).toBe(400);
      expect(problem.field, bad).toMatch(/^bookmarks/);
    }
  });
});
