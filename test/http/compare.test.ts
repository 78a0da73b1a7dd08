
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { out } from '../helpers/async-tools.js';
import { editCases, type EditCase } from '../helpers/compare-fixtures.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let cases: EditCase[];

interface Side {
  page: number;
  text: string;
  boxes: number[][];
}
interface Answer {
  summary: {
    words_inserted: number;
    words_deleted: number;
    pages_old: number;
    pages_new: number;
    pages_changed_visually: number;
  };
  changes: Array<{ type: string; old: Side | null; new: Side | null }>;
  visual: Array<{ page_old: number; page_new: number; changed_ratio: number; boxes: number[][] }>;
}

beforeAll(async () => {
  cases = editCases();
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

async function compare(
  old: string | Buffer,
  nu: string | Buffer,
  fields: Record<string, string> = {},
): Promise<Response> {
  return server.post(
    'compare',
    form({ files: [await filePart(old, 'old.pdf'), await filePart(nu, 'new.pdf')], ...fields }),
    key,
  );
}

async function compareJson(old: string | Buffer, nu: string | Buffer): Promise<Answer> {
  const res = await compare(old, nu);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Answer;
}

/** Every word box pdftotext -bbox finds on `page` of `file`: text → [x0, y0, x1, y1] list. */
async function bboxWords(file: string, page: number): Promise<Array<{ text: string; box: number[] }>> {
  const html = await out('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({
    text: m[5],
    box: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])],
  }));
}

/** The line boxes pdftotext -bbox gives the run of `wanted` words starting at `start` (words on one line merged). */
function lineBoxes(words: Array<{ text: string; box: number[] }>, start: number, count: number): number[][] {
  const lines = new Map<number, number[]>();
  for (const { box } of words.slice(start, start + count)) {
    const key = Math.round(box[1]);
    const line = lines.get(key);
    lines.set(
      key,
      line
        ? [Math.min(line[0], box[0]), Math.min(line[1], box[1]), Math.max(line[2], box[2]), Math.max(line[3], box[3])]
        : [...box],
    );
  }
  return [...lines.values()];
}

/** Checks that the side's boxes are where pdftotext -bbox finds its words (within 2 pt), at one of the places the run occurs. */
async function expectBoxesMatch(file: string, side: Side): Promise<void> {
  const words = await bboxWords(file, side.page);
  const wanted = side.text.split(' ');
  const within = (expected: number[][]) =>
    expected.length === side.boxes.length &&
    side.boxes.every(([x, y, w, h], i) => [x, y, x + w, y + h].every((v, k) => Math.abs(v - expected[i][k]) <= 2));
  const places = words.flatMap((_, i) => (wanted.every((w, k) => words[i + k]?.text === w) ? [i] : []));
  expect(places.length, `"${side.text}" on page ${side.page}`).toBeGreaterThan(0);
  expect(
    places.some((i) => within(lineBoxes(words, i, wanted.length))),
    `boxes of "${side.text}": ${JSON.stringify(side.boxes)}`,
  ).toBe(true);
}

describe('POST /v1/pdf/compare (json)', () => {
  it('reports exactly the known edits of each generated pair, with precision and recall ≥ 0.98', async () => {
    let truePositives = 0;
    let reported = 0;
    let known = 0;
    for (const edit of cases) {
      const dir = path.dirname(tempFile(`${edit.name}-old.pdf`, edit.old));
      const oldFile = path.join(dir, `${edit.name}-old.pdf`);
      const newFile = tempFile(`${edit.name}-new.pdf`, edit.new);
      const answer = await compareJson(oldFile, newFile);
      const deleted = answer.changes.flatMap((c) => (c.old ? c.old.text.split(' ') : []));
      const inserted = answer.changes.flatMap((c) => (c.new ? c.new.text.split(' ') : []));
      expect({ name: edit.name, deleted, inserted }).toEqual({
        name: edit.name,
        deleted: edit.deleted,
        inserted: edit.inserted,
      });
      expect(answer.summary.words_deleted).toBe(edit.deleted.length);
      expect(answer.summary.words_inserted).toBe(edit.inserted.length);
      expect({ name: edit.name, visual: answer.visual.map((v) => [v.page_old, v.page_new]) }).toEqual({
        name: edit.name,
        visual: edit.visual,
      });
      expect(answer.summary.pages_changed_visually).toBe(edit.visual.length);
      for (const change of answer.changes) {
        if (change.old) await expectBoxesMatch(oldFile, change.old);
        if (change.new) await expectBoxesMatch(newFile, change.new);
      }
      // Precision and recall over words (multisets).
      const pool = [...edit.deleted.map((w) => `-${w}`), ...edit.inserted.map((w) => `+${w}`)];
      const got = [...deleted.map((w) => `-${w}`), ...inserted.map((w) => `+${w}`)];
      known += pool.length;
      reported += got.length;
      for (const word of got) {
        const at = pool.indexOf(word);
        if (at >= 0) {
          pool.splice(at, 1);
          truePositives++;
        }
      }
    }
    expect(truePositives / reported).toBeGreaterThanOrEqual(0.98);
    expect(truePositives / known).toBeGreaterThanOrEqual(0.98);
  });

  it('pairs pages by text: after an inserted page, old page 2 is compared with new page 3', async () => {
    const edit = cases.find((c) => c.name === 'page inserted')!;
    const res = await compare(edit.old, edit.new);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.changes).toHaveLength(1);
    expect(answer.changes[0]).toMatchObject({ type: 'insert', old: null, new: { page: 2 } });
    expect(answer.summary.pages_new).toBe(answer.summary.pages_old + 1);
    // Every old page was paired, none with the inserted page (else the page after it would differ in pixels).
    expect(res.headers.get('x-compare-pairs')).toBe(String(answer.summary.pages_old));
    expect(answer.visual).toEqual([]);
  });

  it('reports the region of a changed picture', async () => {
    const edit = cases.find((c) => c.name === 'picture swapped')!;
    const answer = await compareJson(edit.old, edit.new);
    // The picture is drawn at x 200..360, y 120..240 (PDF), i.e. y 552..672 from the top.
    for (const [x, y, w, h] of answer.visual[0].boxes) {
      expect(x).toBeGreaterThanOrEqual(196);
      expect(x + w).toBeLessThanOrEqual(364);
      expect(y).toBeGreaterThanOrEqual(548);
      expect(y + h).toBeLessThanOrEqual(676);
    }
    expect(answer.visual[0].changed_ratio).toBeGreaterThan(0);
    expect(answer.visual[0].changed_ratio).toBeLessThan(0.05);
  });

  it('finds no change between identical files, nor after qpdf and Ghostscript re-save them', async () => {
    const edit = cases.find((c) => c.name === 'colour changed')!;
    const original = tempFile('original.pdf', edit.new);
    const dir = path.dirname(original);
    const viaQpdf = path.join(dir, 'qpdf.pdf');
    const viaGs = path.join(dir, 'gs.pdf');
    const tracemonkeyQpdf = path.join(dir, 'tracemonkey-qpdf.pdf');
    await out('qpdf', ['--object-streams=generate', '--compress-streams=y', '--recompress-flate', original, viaQpdf]);
    await out('qpdf', ['--object-streams=generate', '--recompress-flate', corpus('tracemonkey.pdf'), tracemonkeyQpdf]);
    await out('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', `-sOutputFile=${viaGs}`, original]);
    for (const [a, b] of [
      [original, original],
      [original, viaQpdf],
      [original, viaGs],
      [corpus('tracemonkey.pdf'), corpus('tracemonkey.pdf')],
      [corpus('tracemonkey.pdf'), tracemonkeyQpdf],
    ]) {
      const answer = await compareJson(a, b);
      expect({ b: path.basename(b), changes: answer.changes, visual: answer.visual }).toEqual({
        b: path.basename(b),
        changes: [],
        visual: [],
      });
      expect(answer.summary.pages_changed_visually).toBe(0);
      expect(answer.summary.words_inserted + answer.summary.words_deleted).toBe(0);
    }
  });

  it('opens encrypted inputs with their passwords, in file order', async () => {
    const encrypted = corpus('encrypted-rc4-20-pages-user-user.pdf');
    const missing = await compare(encrypted, corpus('trivial.pdf'));
    expect(missing.status).toBe(422);
    expect((await missing.json()).code).toBe('password_required');
    const res = await server.post(
      'compare',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(encrypted)], password: 'user' }),
      key,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).summary).toMatchObject({ pages_old: 1, pages_new: 20 });
  });

  it('refuses one file, three files and a non-PDF', async () => {
    const pdf = await filePart(corpus('trivial.pdf'));
    const one = await server.post('compare', form({ files: [pdf] }), key);
    expect(one.status).toBe(400);
    const three = await server.post('compare', form({ files: [pdf, pdf, pdf] }), key);
    expect([400, 413]).toContain(three.status);
    const png = await server.post('compare', form({ files: [pdf, await filePart(corpus('typewriter.png'))] }), key);
    expect(png.status).toBe(415);
    const format = await server.post('compare', form({ files: [pdf, pdf], format: 'html' }), key);
    expect(format.status).toBe(400);
    expect((await format.json()).field).toBe('format');
  });
});
