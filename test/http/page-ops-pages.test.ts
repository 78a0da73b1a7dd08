// rotate, organize and page-numbers through HTTP against the real tools;
// results checked with pdfinfo, qpdf --json and pdftotext -bbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryption, out, outBytes, pages as pageCount, status } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { waitForJob } from '../helpers/jobs.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { BOX_PAGES, boxesPdf, linkedPdf } from '../helpers/page-ops-fixtures.js';

let server: TestServer;
let key: string;
let boxes: string;
let linked: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  boxes = tempFile('boxes.pdf', boxesPdf());
  linked = tempFile('linked.pdf', linkedPdf());
});
afterAll(() => server.close());

async function call(op: string, fields: Record<string, string>, file: string, name?: string): Promise<Response> {
  return server.post(op, form({ file: await filePart(file, name), ...fields }), key);
}

async function ok(op: string, fields: Record<string, string>, file: string): Promise<string> {
  const res = await call(op, fields, file);
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${await res.text()}`);
  return saveBody(res, 'out.pdf');
}

/** /Rotate of every page, from pdfinfo. */
async function rotations(file: string): Promise<number[]> {
  const info = await out('pdfinfo', ['-f', '1', '-l', '9999', file]);
  return [...info.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)/gm)].map((m) => Number(m[1]));
}

/** Page sizes (points, unrotated) of every page, from pdfinfo. */
async function sizes(file: string): Promise<Array<[number, number]>> {
  const info = await out('pdfinfo', ['-f', '1', '-l', '9999', file]);
  return [...info.matchAll(/^Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+)/gm)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** Text of each page (pdftotext, form feeds split pages). */
async function pageTexts(file: string): Promise<string[]> {
  return (await out('pdftotext', [file, '-']))
    .split('\f')
    .slice(0, -1)
    .map((t) => t.trim());
}

interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words of `page` with their boxes in displayed-page coordinates (pdftotext -cropbox -bbox: crop box origin, /Rotate applied, y from the top). */
async function words(file: string, page: number): Promise<Word[]> {
  const xml = await out('pdftotext', ['-cropbox', '-bbox', '-f', String(page), '-l', String(page), file, '-']);
  return [
    ...xml.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g),
  ].map((m) => ({
    text: m[5],
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

async function expectBadField(op: string, fields: Record<string, string>, field: string, file = boxes): Promise<void> {
  const problem = await problemOf(await call(op, fields, file));
  expect(problem.status, JSON.stringify(problem)).toBe(400);
  expect(problem.code).toBe('invalid_request');
  expect(problem.field).toBe(field);
  expect(problem.detail).toContain(field);
}

describe('POST /v1/pdf/rotate', () => {
  it('adds the angle to the current /Rotate of the selected pages only', async () => {
    expect(await rotations(boxes)).toEqual([0, 90, 180, 270, 90]);
    expect(await rotations(await ok('rotate', { angle: '90', pages: '1,3-4' }, boxes))).toEqual([90, 90, 270, 0, 90]);
    expect(await rotations(await ok('rotate', { angle: '-90' }, boxes))).toEqual([270, 0, 90, 180, 0]);
    const turned = await ok('rotate', { angle: '180', pages: '5-' }, boxes);
    expect(await rotations(turned)).toEqual([0, 90, 180, 270, 270]);
    // Content and boxes untouched: the same words, the same page sizes.
    expect(await sizes(turned)).toEqual(await sizes(boxes));
    expect(await pageTexts(turned)).toEqual(await pageTexts(boxes));
  });

  it('opens an encrypted input with its password and returns it unencrypted', async () => {
    const out = await ok(
      'rotate',
      { angle: '270', pages: '2', password: 'user' },
      corpus('encrypted-rc4-20-pages-user-user.pdf'),
    );
    expect(await encryption(out)).toMatch(/not encrypted/i);
    expect(await pageCount(out)).toBe(20);
    expect((await rotations(out)).slice(0, 3)).toEqual([0, 270, 0]);
    expect(
      (await problemOf(await call('rotate', { angle: '90' }, corpus('encrypted-rc4-20-pages-user-user.pdf')))).code,
    ).toBe('password_required');
  });

  it('runs as an asynchronous job', async () => {
    const res = await call('rotate', { angle: '90', async: 'true' }, boxes);
    expect(res.status).toBe(202);
    const job = await waitForJob(server.url, ((await res.json()) as { id: string }).id, key);
    expect(job.status).toBe('succeeded');
    const result = await fetch(`${server.url}${job.result!.url}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(await rotations(await saveBody(result, 'job.pdf'))).toEqual([90, 180, 270, 0, 180]);
  });

  it('refuses bad options with 400 naming the field', async () => {
    await expectBadField('rotate', { angle: '45' }, 'angle');
    await expectBadField('rotate', {}, 'angle');
    await expectBadField('rotate', { angle: '90', pages: '0' }, 'pages');
    await expectBadField('rotate', { angle: '90', pages: '3-9' }, 'pages');
    await expectBadField('rotate', { angle: '90', pages: 'odd' }, 'pages');
  });
});

/** qpdf's view: page objects in order, outline titles, and the page each link on page `page` goes to. */
async function structure(file: string): Promise<{ titles: string[]; linkTargets: number[]; allDestsResolve: boolean }> {
  const json = JSON.parse(
    await out('qpdf', ['--json=2', '--json-key=pages', '--json-key=outlines', '--json-key=qpdf', file]),
  );
  const pages: string[] = json.pages.map((p: { object: string }) => p.object);
  const objects = json.qpdf[1];
  const titles = json.outlines.map((o: { title: string }) => o.title);
  const value = (v: unknown) => (typeof v === 'string' && /^\d+ \d+ R$/.test(v) ? objects[`obj:${v}`]?.value : v);
  const linkTargets: number[] = [];
  let allDestsResolve = true;
  for (const pageRef of pages) {
    for (const a of value(value(pageRef)['/Annots']) ?? []) {
      const annot = value(a);
      const dest = annot['/Dest'] ?? value(annot['/A'])?.['/D'];
      const index = pages.indexOf(dest[0]);
      if (index < 0) allDestsResolve = false;
      if (pageRef === pages[0]) linkTargets.push(index + 1);
    }
  }
  for (const o of json.outlines) if (!pages.includes(o.dest[0])) allDestsResolve = false;
  return { titles, linkTargets, allDestsResolve };
}

describe('POST /v1/pdf/organize', () => {
  it('orders pages with backward ranges, repeats, N- and blank pages', async () => {
    const out = await ok('organize', { order: '5-3,1,1,blank,4-' }, linked);
    expect(await pageTexts(out)).toEqual(['PAGE5', 'PAGE4', 'PAGE3', 'PAGE1', 'PAGE1', '', 'PAGE4', 'PAGE5']);
    expect([0, 3]).toContain(await status('qpdf', ['--check', out]));
  });

  it('removes links and outline entries to dropped pages and keeps those to kept pages', async () => {
    expect(await structure(linked)).toEqual({
      titles: ['Chapter 1', 'Chapter 2', 'Chapter 3', 'Chapter 4', 'Chapter 5'],
      linkTargets: [2, 3, 4, 5],
      allDestsResolve: true,
    });
    const out = await ok('organize', { order: '1,3,5' }, linked);
    expect(await pageTexts(out)).toEqual(['PAGE1', 'PAGE3', 'PAGE5']);
    // Page 1's links went to 2, 3, 4, 5 (5 by a GoTo action); 3 and 5 are now pages 2 and 3.
    expect(await structure(out)).toEqual({
      titles: ['Chapter 1', 'Chapter 3', 'Chapter 5'],
      linkTargets: [2, 3],
      allDestsResolve: true,
    });
    expect(await status('qpdf', ['--check', out])).toBe(0);
  });

  it('makes a blank page the size and rotation of the page before it, or of page 1', async () => {
    const out = await ok('organize', { order: 'blank,2,blank,4,blank,blank,3' }, boxes);
    expect(await pageCount(out)).toBe(7);
    expect(await rotations(out)).toEqual([0, 90, 90, 270, 270, 270, 180]);
    const s = await sizes(out);
    expect(s[0]).toEqual([612, 792]);
    expect(s[2]).toEqual([612, 792]);
    expect(s[4]).toEqual([420, 595]);
    expect(s[5]).toEqual([420, 595]);
    expect(await pageTexts(out)).toEqual(['', 'BODY2', '', 'BODY4', '', '', 'BODY3']);
  });

  it('opens an encrypted input with its password and returns it unencrypted', async () => {
    const out = await ok(
      'organize',
      { order: '20-18,blank', password: 'owner' },
      corpus('encrypted-rc4-20-pages-user-user.pdf'),
    );
    expect(await encryption(out)).toMatch(/not encrypted/i);
    expect(await pageCount(out)).toBe(4);
  });

  it('refuses bad orders with 400 naming the field', async () => {
    await expectBadField('organize', {}, 'order');
    await expectBadField('organize', { order: '0' }, 'order');
    await expectBadField('organize', { order: '6' }, 'order');
    await expectBadField('organize', { order: '2-9' }, 'order');
    await expectBadField('organize', { order: '1,,2' }, 'order');
    await expectBadField('organize', { order: 'blanks' }, 'order');
    await expectBadField('organize', { order: '1;2' }, 'order');
  });
});

describe('POST /v1/pdf/page-numbers', () => {
  /** The single word matching `pattern` on `page`. */
  async function label(file: string, page: number, pattern: RegExp): Promise<Word | undefined> {
    const found = (await words(file, page)).filter((w) => pattern.test(w.text));
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0];
  }

  it('puts extractable numbers bottom-centre inside the visible area of pages rotated 0/90/180/270 with offset boxes', async () => {
    const out = await ok('page-numbers', { format: 'N{n}' }, boxes);
    for (const [i, page] of BOX_PAGES.entries()) {
      const [w, h] = page.display;
      const word = (await label(out, i + 1, /^N\d+$/))!;
      expect(word?.text, `page ${i + 1}`).toBe(`N${i + 1}`);
      // Inside the visible page, centred, its bottom 36 pt above the bottom edge (the tiny page shrinks the margin).
      expect(word.xMin).toBeGreaterThan(0);
      expect(word.yMin).toBeGreaterThan(0);
      expect(word.xMax).toBeLessThan(w);
      expect(word.yMax).toBeLessThan(h);
      expect(Math.abs((word.xMin + word.xMax) / 2 - w / 2), `page ${i + 1} centre`).toBeLessThan(2);
      const margin = Math.min(36, 0.4 * Math.min(w, h));
      expect(Math.abs(h - word.yMax - margin), `page ${i + 1} margin`).toBeLessThan(3);
    }
  });

  it('formats {n:W}, {total} and start, numbers only the selected pages, counting by position', async () => {
    const out = await ok(
      'page-numbers',
      { format: 'ACME-{n:6}/{total}', start: '100', pages: '2,4-5', position: 'top-right', margin: '20' },
      boxes,
    );
    const texts = await pageTexts(out);
    expect(texts[0]).not.toContain('ACME');
    expect(texts[2]).not.toContain('ACME');
    expect(texts[1]).toContain('ACME-000101/5');
    expect(texts[3]).toContain('ACME-000103/5');
    expect(texts[4]).toContain('ACME-000104/5');
    // Top-right of the displayed page 4 (595 × 420), 20 pt in.
    const word = (await label(out, 4, /^ACME/))!;
    expect(Math.abs(595 - word.xMax - 20)).toBeLessThan(3);
    expect(Math.abs(word.yMin - 20)).toBeLessThan(3);
  });

  it('sets the size and colour asked for', async () => {
    const out = await ok('page-numbers', { font_size: '30', color: '#ff0000', pages: '1' }, boxes);
    const word = (await label(out, 1, /^1$/))!;
    expect(word.yMax - word.yMin).toBeGreaterThan(25);
    const ppm = await outBytes('pdftoppm', ['-r', '36', '-f', '1', '-l', '1', '-singlefile', out]);
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
    const px = ppm.subarray(header[0].length);
    let red = 0;
    for (let i = 0; i < px.length; i += 3) if (px[i] > 200 && px[i + 1] < 80 && px[i + 2] < 80) red++;
    expect(red).toBeGreaterThan(10);
  });

  it('refuses bad options with 400 naming the field', async () => {
    await expectBadField('page-numbers', { format: 'Page {x}' }, 'format');
    await expectBadField('page-numbers', { format: '{n:0}' }, 'format');
    await expectBadField('page-numbers', { format: '' }, 'format');
    await expectBadField('page-numbers', { format: '\u{10FFFD} {n}' }, 'format');
    await expectBadField('page-numbers', { start: '-1' }, 'start');
    await expectBadField('page-numbers', { position: 'middle' }, 'position');
    await expectBadField('page-numbers', { margin: 'wide' }, 'margin');
    await expectBadField('page-numbers', { font_size: '0' }, 'font_size');
    await expectBadField('page-numbers', { color: 'red' }, 'color');
    await expectBadField('page-numbers', { pages: '7' }, 'pages');
  });
});
