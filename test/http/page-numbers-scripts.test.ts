// Page numbers in other scripts, through HTTP, checked with pdftotext and
// pdffonts: an Arabic label (right-to-left, joined, digits kept left-to-right),
// a Chinese one (the CFF CJK face) and a Devanagari one (conjuncts).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { makePdf, tempFile } from '../helpers/make-fixtures.js';

const run = promisify(execFile);
let server: TestServer;
let key: string;
let doc: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  doc = tempFile('three.pdf', makePdf([{ content: '' }, { content: '' }, { content: '' }]));
});
afterAll(() => server.close());

/** The text of each page, without the bidi embedding marks pdftotext puts around right-to-left text. */
async function pageTexts(file: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', [file, '-']);
  return stdout
    .split('\f')
    .slice(0, -1)
    .map((t) => t.replace(/[\u202a-\u202e]/g, '').trim());
}

describe('POST /v1/pdf/page-numbers in other scripts', () => {
  it.each([
    ['Arabic', 'صفحة {n} من {total}', 'NotoSansArabic-Regular', (n: number) => ['صفحة', `${n}`, 'من', '3']],
    ['Chinese', '第{n}页，共{total}页', 'NotoSansCJK-Regular2', (n: number) => [`第${n}页，共3页`]],
    ['Hindi', 'पृष्ठ {n}', 'NotoSansDevanagari-Regular', (n: number) => [`पृष्ठ ${n}`]],
  ])('%s', async (_script, format, font, expected) => {
    const res = await server.post('page-numbers', form({ file: await filePart(doc), format }), key);
    expect(res.status, await res.clone().text()).toBe(200);
    const out = await saveBody(res, 'numbered.pdf');
    const pages = await pageTexts(out);
    expect(pages).toHaveLength(3);
    pages.forEach((text, i) => {
      for (const part of expected(i + 1)) expect(text, `page ${i + 1}`).toContain(part);
    });
    const { stdout } = await run('pdffonts', [out]);
    expect(stdout).toContain(`+${font}`);
  });
});
