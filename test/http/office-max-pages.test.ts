// Office → PDF output is held to MAX_PAGES like every other output: a small
// document can print to many pages (page breaks, a wide spreadsheet).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf } from '../helpers/problem.js';
import { eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ MAX_PAGES: '3' });
  key = server.newKey();
});
afterAll(async () => {
  await server.close();
});

/** An RTF document of `pages` pages (explicit page breaks). */
const rtf = (pages: number) =>
  Buffer.from(`{\\rtf1\\ansi ${Array.from({ length: pages }, (_, i) => `Page ${i + 1}.`).join('\\page ')}\\par}`);

describe('Office → PDF and MAX_PAGES', () => {
  it('a document printing to more pages than MAX_PAGES is 413 too_many_pages', async () => {
    const res = await server.post('convert', form({ file: await filePart(rtf(6), 'long.rtf'), to: 'pdf' }), key);
    const problem = await problemOf(res);
    expect({ status: problem.status, code: problem.code }).toEqual({ status: 413, code: 'too_many_pages' });
    expect(problem.detail).toContain('MAX_PAGES');
    // The work directory goes once the answer is sent.
    await eventually(() => server.leftovers().filter((n) => n.startsWith('pdf-req-')).length === 0);
  });

  it('one at the limit converts', async () => {
    const res = await server.post('convert', form({ file: await filePart(rtf(3), 'ok.rtf'), to: 'pdf' }), key);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});
