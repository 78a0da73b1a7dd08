// forms (fill, flatten) through HTTP against the real tools. What the fill
// wrote is read back by the service, drawn by two independent renderers
// (poppler's pdftoppm and MuPDF's mutool draw: ink where each field is,
// none before), its text extracted by pdftotext after flattening, and its
// fonts listed by pdffonts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { out, status, text } from '../helpers/async-tools.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { everyFieldForm } from '../helpers/forms-fixtures.js';

let server: TestServer;
let key: string;
let formFile: string;
let filled: string;
let flattened: string;

const VALUES = {
  'person.first': 'Ada',
  'person.last': 'Byron',
  notes: 'Notes long enough to be wrapped over more than one line of this box.\nSecond paragraph',
  code: 'AB12',
  agree: true,
  color: 'green',
  country: 'DE',
  langs: ['French', 'German'],
  city: 'Москва سلام 東京',
  turned: 'Sideways',
};

async function fill(values: unknown, extra: Record<string, string> = {}): Promise<string> {
  const res = await server.post(
    'forms',
    form({ file: await filePart(formFile), values: JSON.stringify(values), ...extra }),
    key,
  );
  if (res.status !== 200) throw new Error(`forms: ${res.status} ${await res.text()}`);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return saveBody(res, 'filled.pdf');
}

async function read(file: string): Promise<Record<string, any>> {
  const res = await server.post('forms', form({ file: await filePart(file) }), key);
  expect(res.status).toBe(200);
  const { fields } = (await res.json()) as { fields: Array<Record<string, any>> };
  return Object.fromEntries(fields.map((f) => [f.name, f]));
}

/** A 72 dpi grey render of page 1 by `renderer`, as rows of bytes (1 px = 1 pt). */
async function render(renderer: 'pdftoppm' | 'mutool', file: string): Promise<{ width: number; pixels: Buffer }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-render-'));
  const target = path.join(dir, 'page.pgm');
  if (renderer === 'pdftoppm')
    await out('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
  else await out('mutool', ['draw', '-q', '-r', '72', '-c', 'gray', '-o', target, file, '1']);
  const data = fs.readFileSync(target);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'))!;
  return { width: Number(header[1]), pixels: data.subarray(header[0].length) };
}

/** Dark pixels inside [x,y,w,h] (pt from the top-left), the outermost 2 pt left out (borders). */
function inkIn(image: { width: number; pixels: Buffer }, [x, y, w, h]: number[]): number {
  let count = 0;
  for (let row = Math.ceil(y + 2); row < Math.floor(y + h - 2); row++) {
    for (let col = Math.ceil(x + 2); col < Math.floor(x + w - 2); col++)
      if (image.pixels[row * image.width + col] < 128) count++;
  }
  return count;
}

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  formFile = tempFile('every-field.pdf', everyFieldForm());
  [filled, flattened] = await Promise.all([fill(VALUES), fill(VALUES, { flatten: 'true' })]);
});
afterAll(() => server.close());

describe('POST /v1/pdf/forms (fill)', () => {
  it('sets every field type; reading the result gives the values back', async () => {
    const fields = await read(filled);
    for (const [name, value] of Object.entries(VALUES)) expect(fields[name].value, name).toEqual(value);
    expect(fields.locked.value).toBe('fixed');
    expect(await status('qpdf', ['--check', filled])).toBe(0);
    const json = await out('qpdf', ['--json=2', '--json-key=qpdf', filled]);
    expect(json).not.toContain('/NeedAppearances');
    // "locked" was not sent but held a value without an appearance: it gets one too, as no viewer is asked to make it now.
    const objects = Object.values(JSON.parse(json).qpdf[1]) as Array<{ value?: Record<string, unknown> }>;
    expect(objects.find((o) => o.value?.['/T'] === 'u:locked')?.value?.['/AP']).toBeDefined();
    expect(objects.find((o) => o.value?.['/T'] === 'u:sig')?.value?.['/AP']).toBeUndefined();
  });

  it('draws the values so that poppler and MuPDF both show them', async () => {
    const fields = await read(formFile);
    const shown = ['person.first', 'person.last', 'notes', 'code', 'agree', 'country', 'langs', 'city'];
    for (const renderer of ['pdftoppm', 'mutool'] as const) {
      const [before, after] = await Promise.all([render(renderer, formFile), render(renderer, filled)]);
      for (const name of shown) {
        const ink = inkIn(after, fields[name].rect);
        expect(ink, `${renderer} ${name} after`).toBeGreaterThan(10);
        // Renderers draw a value or a list's options themselves before (NeedAppearances): there the picture must change.
        if (name === 'person.last' || name === 'langs') expect(ink).not.toBe(inkIn(before, fields[name].rect));
        else expect(inkIn(before, fields[name].rect), `${renderer} ${name} before`).toBe(0);
      }
      // The radio group shows its "green" button on, the others off.
      const [red, green] = [fields.color.rect, [fields.color.rect[0] + 30, ...fields.color.rect.slice(1)]];
      expect(inkIn(after, green), `${renderer} green`).toBeGreaterThan(10);
      expect(inkIn(after, red), `${renderer} red`).toBe(0);
    }
  });

  it('sets multi-line text on several lines and a comb field one character a cell', async () => {
    const fields = await read(formFile);
    const image = await render('pdftoppm', filled);
    const [x, y, w] = fields.notes.rect;
    // Ink on the first three text lines (10 pt type, 11.5 pt apart): the first paragraph wraps.
    for (const line of [0, 1, 2]) expect(inkIn(image, [x, y + line * 11.5, w, 15]), `line ${line}`).toBeGreaterThan(5);
    const [cx, cy, cw, ch] = fields.code.rect;
    const cell = cw / 6;
    for (let i = 0; i < 4; i++) expect(inkIn(image, [cx + i * cell, cy, cell, ch]), `cell ${i}`).toBeGreaterThan(5);
    for (let i = 4; i < 6; i++) expect(inkIn(image, [cx + i * cell, cy, cell, ch]), `cell ${i}`).toBe(0);
  });

  it('embeds a font subset for non-Latin text, and the text extracts in the characters sent', async () => {
    const fonts = await out('pdffonts', [filled]);
    expect(fonts).toMatch(/\+NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).toMatch(/\+NotoSansArabic-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).toMatch(/\+NotoSansCJK-Regular\d*\s+CID Type 0C\s+Identity-H\s+yes\s+yes\s+yes/);
    const words = await text(flattened);
    // poppler reorders right-to-left text itself (a ligature's letters come out reversed), so the Arabic is checked letter by letter.
    expect(words).toMatch(/[سم].*[سم]/u);
    for (const expected of ['Ada', 'Byron', 'Москва', '東京', 'Germany', 'French', 'Sideways', 'Second paragraph'])
      expect(words).toContain(expected);
    expect(words).toMatch(/A\s*B\s*1\s*2/);
  });

  it('flatten=true draws the fields into the page: no form is left, other annotations stay', async () => {
    const json = JSON.parse(await out('qpdf', ['--json=2', '--json-key=qpdf', flattened]));
    const objects = Object.values(json.qpdf[1]) as Array<{ value?: Record<string, unknown> }>;
    expect(objects.some((o) => o.value?.['/Subtype'] === '/Widget')).toBe(false);
    expect(objects.some((o) => o.value?.['/Subtype'] === '/Link')).toBe(true);
    expect(await status('qpdf', ['--check', flattened])).toBe(0);
    const fields = await read(formFile);
    const image = await render('mutool', flattened);
    expect(inkIn(image, fields['person.first'].rect)).toBeGreaterThan(10);
    // The field on the /Rotate 90 page has /MK /R 90: its text reads upright on the page as shown, inside its box.
    const bbox = await out('pdftotext', ['-bbox', '-f', '2', '-l', '2', flattened, '-']);
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Sideways<\/word>/
      .exec(bbox)!
      .slice(1)
      .map(Number);
    const [x, y, w, h] = fields.turned.rect;
    expect(word[2] - word[0]).toBeGreaterThan(word[3] - word[1]);
    expect(
      word[0] >= x && word[2] <= x + w && word[1] >= y && word[3] <= y + h,
      JSON.stringify({ word, rect: fields.turned.rect }),
    ).toBe(true);
  });

  it('draws a value already in the file that has a character no font has, as the missing glyph, instead of refusing', async () => {
    // "locked" holds "Ж🚀" (UTF-16BE) without an appearance; only another field is sent.
    const withRocket = tempFile('rocket-form.pdf', everyFieldForm('<FEFF0416D83DDE80>'));
    const res = await server.post(
      'forms',
      form({ file: await filePart(withRocket), values: JSON.stringify({ 'person.first': 'Ada' }) }),
      key,
    );
    expect(res.status).toBe(200);
    const result = await saveBody(res, 'rocket-filled.pdf');
    expect(await out('pdffonts', [result])).toMatch(/\+NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    const objects = Object.values(
      JSON.parse(await out('qpdf', ['--json=2', '--json-key=qpdf', result])).qpdf[1],
    ) as Array<{ value?: Record<string, unknown> }>;
    expect(objects.find((o) => o.value?.['/T'] === 'u:locked')?.value?.['/AP']).toBeDefined();
  });

  it('unchecks a checkbox and clears a text field', async () => {
    const again = await fill({ agree: false, 'person.last': '' }, {});
    const fields = await read(again);
    expect(fields.agree.value).toBe(false);
    expect(fields['person.last'].value).toBe('');
  });
});
