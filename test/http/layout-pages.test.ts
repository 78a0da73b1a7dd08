// crop, resize, n-up, booklet and overlay through HTTP against the real tools;
// results checked with pdfinfo -box, pdftotext -bbox, pdffonts, pdfimages,
// qpdf --json and poppler renders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { out, pages } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { makeLayoutFixtures, objectsOf, pageBox, renderRed, wordsOf } from '../helpers/layout-fixtures.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { linkedPdf } from '../helpers/page-ops-fixtures.js';

let server: TestServer;
let key: string;
let fixture: (name: string) => string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  fixture = await makeLayoutFixtures();
});
afterAll(() => server.close());

async function call(
  op: string,
  fields: Record<string, string>,
  file: string,
  extra: Record<string, [Blob, string]> = {},
): Promise<Response> {
  return server.post(op, form({ file: await filePart(file, 'doc.pdf'), ...extra, ...fields }), key);
}

async function ok(
  op: string,
  fields: Record<string, string>,
  file: string,
  extra: Record<string, [Blob, string]> = {},
): Promise<string> {
  const res = await call(op, fields, file, extra);
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${await res.text()}`);
  return saveBody(res, 'out.pdf');
}

const near = (actual: number[], expected: number[], tolerance = 1) =>
  actual.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThanOrEqual(tolerance));

/** The text of each word of `page`, in reading order (`raw`: content-stream order). */
const textOf = async (file: string, page: number, raw = false) =>
  (await wordsOf(file, page, raw)).map((w) => w.text).join(' ');

describe('crop', () => {
  it('box: visible-page coordinates on a rotated, offset page; other boxes clipped', async () => {
    const result = await ok('crop', { box: '10,20,300,400', pages: '2' }, fixture('drawings.pdf'));
    // Visible page 792 × 612 (MediaBox 100 200 712 992, /Rotate 90): the box maps to user x 120..520, y 210..510.
    near(await pageBox(result, 2, 'CropBox'), [120, 210, 520, 510], 0.01);
    near(await pageBox(result, 2, 'TrimBox'), [120, 210, 520, 510], 0.01);
    near(await pageBox(result, 1, 'CropBox'), [0, 0, 595, 842], 0.01);
    const render = await renderRed(result, 2);
    expect([render.width, render.height]).toEqual([300, 400]);
    // The red rectangle was at x 150..200, y 100..300 of the visible page: now 140..190, 80..280.
    near([render.red!.xMin, render.red!.yMin, render.red!.xMax, render.red!.yMax], [140, 80, 190, 280]);
  });

  it('auto: each page cropped to what it draws (within 1 pt), plus margin', async () => {
    const res = await call('crop', { auto: 'true' }, fixture('drawings.pdf'));
    expect(res.headers.get('x-uncropped-pages')).toBe('4');
    const result = await saveBody(res, 'out.pdf');
    near(await pageBox(result, 2, 'CropBox'), [200, 350, 400, 400]);
    near(await pageBox(result, 4, 'CropBox'), [0, 0, 595, 842], 0.01);
    const first = await pageBox(result, 1, 'CropBox');
    near(first.slice(0, 2), [100, 150]);
    expect(first[2]).toBeGreaterThanOrEqual(300 - 1);
    expect(first[3]).toBeGreaterThan(610); // the top of LINK's glyphs (24 pt at y 600)
    const words = await wordsOf(result, 3);
    expect(words.map((w) => w.text)).toEqual(['HELLO']);
    const withMargin = await ok('crop', { auto: 'true', margin: '10', pages: '2' }, fixture('drawings.pdf'));
    near(await pageBox(withMargin, 2, 'CropBox'), [190, 340, 410, 410]);
  });

  it('bad input: a box outside the page, neither box nor auto, margin without auto', async () => {
    const outside = await problemOf(await call('crop', { box: '500,20,300,400' }, fixture('drawings.pdf')));
    expect([outside.status, outside.field]).toEqual([400, 'box']);
    expect(outside.detail).toMatch(/page 1/);
    expect((await problemOf(await call('crop', {}, fixture('drawings.pdf')))).status).toBe(400);
    expect(
      (await problemOf(await call('crop', { box: '1,1,10,10', margin: '5' }, fixture('drawings.pdf')))).field,
    ).toBe('margin');
    expect((await problemOf(await call('crop', { box: '1,1,0,10' }, fixture('drawings.pdf')))).field).toBe('box');
  });
});

describe('resize', () => {
  it('contain to letter: exact size, orientation kept, the link still covers its word', async () => {
    const result = await ok('resize', { paper: 'letter' }, fixture('drawings.pdf'));
    for (const page of [1, 2, 3]) near(await pageBox(result, page, 'MediaBox'), [0, 0, 612, 792], 0.01);
    expect(await out('pdfinfo', ['-f', '2', '-l', '2', result])).toMatch(/Page\s+2\s+rot:\s+90/);
    const link = (await objectsOf(result)).find((o) => o?.['/Subtype'] === '/Link');
    const [x0, y0, x1, y1] = link!['/Rect'] as number[];
    const word = (await wordsOf(result, 1)).find((w) => w.text === 'LINK')!;
    // pdftotext boxes are from the top-left; the link's from the bottom-left.
    expect(word.xMin).toBeGreaterThanOrEqual(x0);
    expect(word.xMax).toBeLessThanOrEqual(x1);
    expect(792 - word.yMax).toBeGreaterThanOrEqual(y0 - 0.5);
    expect(792 - word.yMin).toBeLessThanOrEqual(y1 + 0.5);
    // Scaled by 792/842 and centred: LINK at x 100 moves to 26.2 + 100 × 0.9406.
    expect(word.xMin).toBeCloseTo(26.2 + 100 * (792 / 842), 0);
  });

  it('stretch to a size; cover fills the page; bad input', async () => {
    const stretched = await ok('resize', { size: '300,200', fit: 'stretch', pages: '1' }, fixture('drawings.pdf'));
    near(await pageBox(stretched, 1, 'MediaBox'), [0, 0, 200, 300], 0.01); // portrait page: short side across
    near(await pageBox(stretched, 3, 'MediaBox'), [0, 0, 595, 842], 0.01);
    const covered = await ok('resize', { paper: 'a5', fit: 'cover', pages: '2' }, fixture('drawings.pdf'));
    const render = await renderRed(covered, 2);
    near([render.width, render.height], [595, 420]);
    expect(
      (await problemOf(await call('resize', { paper: 'a4', size: '100,100' }, fixture('drawings.pdf')))).field,
    ).toBe('size');
    expect((await problemOf(await call('resize', { paper: 'b5' }, fixture('drawings.pdf')))).field).toBe('paper');
  });
});

describe('encrypted input', () => {
  it('is opened with its password through the shared input (n-up, crop auto, overlay), the result not encrypted', async () => {
    const encrypted = corpus('encrypted-rc4-20-pages-user-user.pdf');
    const sheets = await ok('n-up', { per_sheet: '16', password: 'user' }, encrypted);
    expect(await pages(sheets)).toBe(2);
    expect(await out('qpdf', ['--show-encryption', sheets])).toMatch(/not encrypted/);
    const cropped = await ok('crop', { auto: 'true', password: 'user', pages: '1' }, encrypted);
    expect(await pages(cropped)).toBe(20);
    const stamp = { overlay: await filePart(fixture('stamp-a4.pdf'), 'stamp.pdf') };
    expect(await pages(await ok('overlay', { password: 'user' }, encrypted, stamp))).toBe(20);
    const missing = await problemOf(await call('resize', {}, encrypted));
    expect([missing.status, missing.code]).toEqual([422, 'password_required']);
  });
});

describe('n-up and booklet', () => {
  it('4 per sheet in rows and columns: sheet order, text kept vector and in reading order', async () => {
    const rows = await ok('n-up', { per_sheet: '4' }, fixture('chapters.pdf'));
    expect(await pages(rows)).toBe(2);
    expect(await textOf(rows, 1)).toBe('Page 1 Page 2 Page 3 Page 4');
    const words = await wordsOf(rows, 2);
    const at = (n: string) => words.find((w, i) => w.text === 'Page' && words[i + 1]?.text === n)!;
    expect(at('6').xMin).toBeGreaterThan(at('5').xMin); // 6 right of 5
    expect(at('7').yMin).toBeGreaterThan(at('5').yMin); // 7 below 5
    expect(await out('pdffonts', [rows])).toMatch(/Helvetica/);
    expect((await out('pdfimages', ['-list', rows])).trim().split('\n')).toHaveLength(2); // header lines only: nothing rasterized
    const columns = await ok('n-up', { per_sheet: '4', order: 'columns' }, fixture('chapters.pdf'));
    const cw = await wordsOf(columns, 1);
    const cat = (n: string) => cw.find((w, i) => w.text === 'Page' && cw[i + 1]?.text === n)!;
    expect(cat('2').yMin).toBeGreaterThan(cat('1').yMin); // 2 below 1
    expect(Math.abs(cat('2').xMin - cat('1').xMin)).toBeLessThan(1);
  });

  it('a rotated page is placed upright; links move with their page; bad per_sheet', async () => {
    const sheet = await ok('n-up', { per_sheet: '2', border: 'true' }, fixture('drawings.pdf'));
    const render = await renderRed(sheet, 1);
    expect(render.width).toBeGreaterThan(render.height); // 2-up sheets are landscape
    // Page 2's red bar is upright (visible 50 wide, 200 high), not lying down.
    expect(render.red!.yMax - render.red!.yMin).toBeGreaterThan(2 * (render.red!.xMax - render.red!.xMin));
    expect(render.red!.xMin).toBeGreaterThan(render.width / 2);
    const link = (await objectsOf(sheet)).find((o) => o?.['/Subtype'] === '/Link');
    expect(link?.['/A']).toMatchObject({ '/URI': 'https://example.com/' });
    // Moved with page 1 into the left cell: still over LINK.
    const word = (await wordsOf(sheet, 1)).find((w) => w.text === 'LINK')!;
    const rect = link!['/Rect'] as number[];
    expect(word.xMin).toBeGreaterThanOrEqual(rect[0]);
    expect(word.xMax).toBeLessThanOrEqual(rect[2]);
    const bad = await problemOf(await call('n-up', { per_sheet: '5' }, fixture('chapters.pdf')));
    expect([bad.status, bad.field]).toEqual([400, 'per_sheet']);
  });

  it('the outline and links to pages follow their pages onto the sheets', async () => {
    const linked = tempFile('linked.pdf', linkedPdf());
    const sheets = await ok('n-up', { per_sheet: '2' }, linked);
    expect(await pages(sheets)).toBe(3);
    const json = JSON.parse(await out('qpdf', ['--json=2', '--json-key=outlines', '--json-key=pages', sheets]));
    expect(
      json.outlines.map((o: { title: string; destpageposfrom1: number }) => [o.title, o.destpageposfrom1]),
    ).toEqual([
      ['Chapter 1', 1],
      ['Chapter 2', 1],
      ['Chapter 3', 2],
      ['Chapter 4', 2],
      ['Chapter 5', 3],
    ]);
    // Page 1's four links (to pages 2-5, by /Dest and by a GoTo action) now lead to sheets 1, 2, 2 and 3.
    const pageObjects = json.pages.map((p: { object: string }) => p.object);
    const links = (await objectsOf(sheets)).filter((o) => o?.['/Subtype'] === '/Link');
    expect(links.map((l) => pageObjects.indexOf((l['/Dest'] as string[])[0]) + 1).sort()).toEqual([1, 2, 2, 3]);
  });

  it('booklet: saddle-stitch order, padded to a multiple of 4, right binding mirrored', async () => {
    const booklet = await ok('booklet', {}, fixture('chapters.pdf'));
    const sides = [];
    for (let side = 1; side <= 4; side++) sides.push(await textOf(booklet, side));
    expect(sides).toEqual(['Page 8 Page 1', 'Page 2 Page 7', 'Page 6 Page 3', 'Page 4 Page 5']);
    near(await pageBox(booklet, 1, 'MediaBox'), [0, 0, 841.89, 595.276], 0.01);
    const padded = await ok('booklet', { binding: 'right', paper: 'a3' }, fixture('drawings.pdf'));
    expect(await pages(padded)).toBe(2);
    expect(await textOf(padded, 1)).toBe('LINK'); // page 1 alone beside the padding page 4, on the left for right binding
    expect((await wordsOf(padded, 1))[0].xMax).toBeLessThan(1190.551 / 2);
  });
});

describe('overlay', () => {
  it('cycles the overlay pages over each page, fitted to the visible box, fonts kept apart', async () => {
    const stamp = { overlay: await filePart(fixture('stamp.pdf'), 'stamp.pdf') };
    const result = await ok('overlay', {}, fixture('chapters.pdf'), stamp);
    const texts = [];
    for (const page of [1, 2, 3]) texts.push(await textOf(result, page));
    expect(texts).toEqual(['Page 1 STAMPA', 'Page 2 STAMPB', 'Page 3 STAMPA']);
    const fonts = await out('pdffonts', ['-l', '1', result]);
    expect(fonts).toMatch(/Helvetica/);
    expect(fonts).toMatch(/Courier/);
    // A5 stamp on A4: scaled by 595/420; STAMPA at 40 pt from the bottom-left lands at 56.7 pt.
    const word = (await wordsOf(result, 1)).find((w) => w.text === 'STAMPA')!;
    expect(word.xMin).toBeCloseTo(40 * (595 / 420), 0);
    const fixed = await ok(
      'overlay',
      { repeat: 'false', layer: 'under', pages: '2-3' },
      fixture('chapters.pdf'),
      stamp,
    );
    // Under: drawn first, so first in content order.
    expect([await textOf(fixed, 1, true), await textOf(fixed, 2, true), await textOf(fixed, 3, true)]).toEqual([
      'Page 1',
      'STAMPA Page 2',
      'STAMPA Page 3',
    ]);
  });

  it('an overlay the size of the pages lands unscaled, on the selected pages only', async () => {
    const stamp = { overlay: await filePart(fixture('stamp-a4.pdf'), 'stamp.pdf') };
    const result = await ok('overlay', { pages: '2,4' }, fixture('chapters.pdf'), stamp);
    expect(await pages(result)).toBe(8);
    expect([await textOf(result, 1), await textOf(result, 2), await textOf(result, 4)]).toEqual([
      'Page 1',
      'Page 2 STAMPC',
      'Page 4 STAMPC',
    ]);
    const word = (await wordsOf(result, 2)).find((w) => w.text === 'STAMPC')!;
    expect(word.xMin).toBeCloseTo(40, 0);
    expect(await out('pdffonts', ['-f', '2', '-l', '2', result])).toMatch(/Courier/);
    const under = await ok('overlay', { layer: 'under' }, fixture('chapters.pdf'), stamp);
    expect(await textOf(under, 3, true)).toBe('STAMPC Page 3');
  });

  it('an overlay that is not a PDF is refused', async () => {
    const res = await call('overlay', {}, fixture('chapters.pdf'), {
      overlay: await filePart(fixture('qr-sep.png'), 'stamp.png'),
    });
    expect([400, 415]).toContain(res.status);
  });
});
