// POST /v1/pdf/compare, format=pdf (the report, checked with qpdf, pdftotext,
// pdfimages and a rendering) and ocr=auto on a scanned pair.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { out, outBytes, pages } from '../helpers/async-tools.js';
import { editCases, type EditCase } from '../helpers/compare-fixtures.js';
import { makePdf, tempFile, textAt } from '../helpers/make-fixtures.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let cases: EditCase[];

beforeAll(async () => {
  cases = editCases();
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

async function compare(old: string | Buffer, nu: string | Buffer, fields: Record<string, string>): Promise<Response> {
  return server.post(
    'compare',
    form({ files: [await filePart(old, 'old.pdf'), await filePart(nu, 'new.pdf')], ...fields }),
    key,
  );
}

/** RGB of pixel (x, y) of a PPM rendering of `page` of `file` at 72 dpi. */
async function pixel(file: string, page: number, x: number, y: number): Promise<number[]> {
  const ppm = await outBytes('pdftoppm', [
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    '-x',
    String(Math.round(x)),
    '-y',
    String(Math.round(y)),
    '-W',
    '1',
    '-H',
    '1',
    file,
  ]);
  return [...ppm.subarray(ppm.length - 3)];
}

describe('POST /v1/pdf/compare (pdf)', () => {
  it('writes a summary page, then each changed page beside the old one, highlighted, as vector content', async () => {
    const edit = cases.find((c) => c.name === 'word replaced')!;
    const res = await compare(edit.old, edit.new, { format: 'pdf' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('new-compare.pdf');
    const report = await saveBody(res, 'report.pdf');
    // Summary + one page (the replaced word is on page 1 or 2 of both).
    expect(await pages(report)).toBe(2);
    const summary = await out('pdftotext', ['-f', '1', '-l', '1', report, '-']);
    expect(summary).toContain('Comparison report');
    expect(summary).toMatch(/Words inserted: 1\s/);
    expect(summary).toMatch(/Words deleted: 1\s/);
    // The pages themselves, as text (not pictures): both versions' words are on the report page.
    const side = await out('pdftotext', ['-f', '2', '-l', '2', report, '-']);
    expect(side).toContain('Zeppelin');
    expect(side).toContain('Old, page');
    expect(await out('pdfimages', ['-list', report])).not.toMatch(/^\s+\d+\s+\d+\s+image/m);
    // Where the new word sits: green under it on the right-hand page, red under the old word on the left.
    const json = (await (await compare(edit.old, edit.new, {})).json()) as {
      changes: Array<{ old: { boxes: number[][] }; new: { boxes: number[][] } }>;
    };
    const [ox, oy, ow, oh] = json.changes[0].old.boxes[0];
    const [nx, ny, nw, nh] = json.changes[0].new.boxes[0];
    // Report layout: 24 pt margin, 30 pt header, the old page (612 pt wide) then 24 pt, then the new page.
    const red = await pixel(report, 2, 24 + ox + ow / 2, 30 + oy + 1);
    const green = await pixel(report, 2, 24 + 612 + 24 + nx + nw / 2, 30 + ny + 1);
    expect(red[0]).toBeGreaterThan(red[1] + 40);
    expect(green[1]).toBeGreaterThan(green[0] + 40);
    expect(oh + nh).toBeGreaterThan(0);
  });

  it('outlines a visual change and reports no page for identical files', async () => {
    const edit = cases.find((c) => c.name === 'picture swapped')!;
    const res = await compare(edit.old, edit.new, { format: 'pdf' });
    expect(res.status).toBe(200);
    const report = await saveBody(res, 'picture.pdf');
    expect(await pages(report)).toBe(2);
    expect(await out('pdftotext', ['-f', '1', '-l', '1', report, '-'])).toMatch(/Pages changed visually: 1\s/);
    const same = await compare(edit.old, edit.old, { format: 'pdf' });
    expect(same.status).toBe(200);
    expect(await pages(await saveBody(same, 'same.pdf'))).toBe(1);
  });
});

describe('POST /v1/pdf/compare (limits)', () => {
  it('counts both files against MAX_PAGES, and names the pairs too large to compare as pixels', async () => {
    const small = await startTestServer({ MAX_PAGES: '20', MAX_RENDER_PIXELS: '200000' });
    try {
      const smallKey = small.newKey();
      const edit = cases.find((c) => c.name === 'picture swapped')!;
      const tracemonkey = await filePart(corpus('tracemonkey.pdf'));
      const tooMany = await small.post('compare', form({ files: [tracemonkey, tracemonkey] }), smallKey);
      expect(tooMany.status).toBe(413);
      expect((await tooMany.json()).code).toBe('too_many_pages');
      // A letter page is 484,704 pixels at 72 dpi: over the limit, so no pair is compared as pixels, and the client is told.
      const res = await small.post(
        'compare',
        form({ files: [await filePart(edit.old, 'old.pdf'), await filePart(edit.new, 'new.pdf')] }),
        smallKey,
      );
      expect(res.status).toBe(200);
      const pairs = Number(res.headers.get('x-compare-pairs'));
      expect(res.headers.get('x-compare-visual-skipped')).toBe(
        Array.from({ length: pairs }, (_, i) => `${i + 1}:${i + 1}`).join(','),
      );
      expect(((await res.json()) as { visual: unknown[] }).visual).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('POST /v1/pdf/compare (ocr=auto)', () => {
  it('OCRs scanned pages and reports the word that changed', async () => {
    const scan = async (word: string, name: string) => {
      const text = makePdf([
        {
          content:
            textAt(`The brown fox jumps over the ${word} dog`, 60, 600, 22) +
            textAt('Second line of plain words', 60, 540, 22),
        },
      ]);
      const vector = tempFile(`${name}-vector.pdf`, text);
      const png = path.join(path.dirname(vector), `${name}.png`);
      await out('pdftoppm', ['-r', '150', '-png', '-singlefile', vector, png.replace(/\.png$/, '')]);
      const scanned = path.join(path.dirname(vector), `${name}-scan.pdf`);
      await out('img2pdf', ['--output', scanned, png]);
      return scanned;
    };
    const old = await scan('lazy', 'old');
    const nu = await scan('sleepy', 'new');
    const withoutOcr = (await (await compare(old, nu, {})).json()) as { changes: unknown[]; visual: unknown[] };
    expect(withoutOcr.changes).toEqual([]);
    // Without text the change is still seen in the pixels.
    expect(withoutOcr.visual).toHaveLength(1);
    const res = await compare(old, nu, { ocr: 'auto' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('x-ocr-pages-old')).toBe('1');
    const answer = (await res.json()) as {
      changes: Array<{ type: string; old: { text: string }; new: { text: string } }>;
    };
    expect(answer.changes).toHaveLength(1);
    expect(answer.changes[0]).toMatchObject({ type: 'replace', old: { text: 'lazy' }, new: { text: 'sleepy' } });
  });
});
