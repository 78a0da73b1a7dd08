// forms (read and the bad inputs) through HTTP against the real tools: the
// field list checked against what the generated fixture declares, and every
// refusal of docs/api.md §5d (unknown field, wrong type, option not offered,
// XFA-only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';
import { problemOf } from '../helpers/problem.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { everyFieldForm, FORM_FIELDS, xfaOnlyForm } from '../helpers/forms-fixtures.js';
import { fieldTreeDag } from '../helpers/hostile-structure.js';

let server: TestServer;
let key: string;
let formFile: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  formFile = tempFile('every-field.pdf', everyFieldForm());
});
afterAll(() => server.close());

async function call(fields: Record<string, string>, file = formFile): Promise<Response> {
  return server.post('forms', form({ file: await filePart(file), ...fields }), key);
}

async function expectRefused(values: unknown, mention: string[]): Promise<void> {
  const problem = await problemOf(await call({ values: JSON.stringify(values) }));
  expect(problem.status, JSON.stringify(problem)).toBe(400);
  expect(problem.field).toMatch(/^values/);
  for (const m of mention) expect(problem.detail).toContain(m);
}

describe('POST /v1/pdf/forms (read)', () => {
  it('lists every terminal field with full names, types, values, options, pages, rectangles and flags', async () => {
    const res = await call({});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { fields } = (await res.json()) as { fields: Array<Record<string, any>> };
    expect(Object.fromEntries(fields.map((f) => [f.name, f.type]))).toEqual(FORM_FIELDS);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName['person.first']).toEqual({
      name: 'person.first',
      type: 'text',
      value: null,
      options: [],
      page: 1,
      rect: [72, 80, 200, 22],
      required: true,
      read_only: false,
      max_length: null,
    });
    expect(byName['person.last'].value).toBe('Lovelace');
    expect(byName.code.max_length).toBe(6);
    expect(byName.agree).toMatchObject({ value: false, options: ['Yes'] });
    expect(byName.color).toMatchObject({ value: null, options: ['red', 'green', 'blue'], rect: [72, 342, 20, 20] });
    expect(byName.country).toMatchObject({ value: null, options: ['FR', 'DE', 'JP'] });
    expect(byName.langs.options).toEqual(['English', 'French', 'German']);
    expect(byName.locked).toMatchObject({ value: 'fixed', read_only: true });
    expect(byName.sig).toMatchObject({ type: 'signature', value: null });
    // Page 2 is turned by /Rotate 90: the rectangle (30 × 200 pt in user space) is measured on the page as shown.
    expect(byName.turned).toMatchObject({ page: 2, rect: [50, 100, 200, 30] });
  });

  it('answers an empty list for a PDF without a form', async () => {
    const res = await call({}, corpus('trivial.pdf'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ fields: [] });
  });

  it('refuses an XFA-only form with 422 unsupported_document, for reading and filling', async () => {
    const xfa = tempFile('xfa.pdf', xfaOnlyForm());
    for (const fields of [{}, { values: '{"a":"b"}' }]) {
      const problem = await problemOf(await call(fields, xfa));
      expect(problem.status).toBe(422);
      expect(problem.code).toBe('unsupported_document');
      expect(problem.detail).toContain('XFA');
    }
  });

  it('refuses unknown fields, wrong types, options not offered, read-only fields and overlong values, naming the field', async () => {
    await expectRefused({ nosuch: 'x' }, ['nosuch']);
    await expectRefused({ agree: 'yes' }, ['agree', 'true or false']);
    await expectRefused({ 'person.first': 42 }, ['person.first']);
    await expectRefused({ color: 'purple' }, ['color', 'purple', 'red']);
    await expectRefused({ country: 'IT' }, ['country', 'IT']);
    await expectRefused({ country: ['FR', 'DE'] }, ['country']);
    await expectRefused({ langs: ['English', 'Klingon'] }, ['langs', 'Klingon']);
    await expectRefused({ locked: 'new' }, ['locked', 'read-only']);
    await expectRefused({ code: 'ABCDEFG' }, ['code', '6']);
    await expectRefused({ 'person.first': 'two\nlines' }, ['person.first', 'single-line']);
    await expectRefused({ sig: 'x' }, ['sig', 'signature']);
    const malformed = await problemOf(await call({ values: '{not json' }));
    expect(malformed.status).toBe(400);
    expect(malformed.field).toBe('values');
    const flattenAlone = await problemOf(await call({ flatten: 'true' }));
    expect(flattenAlone.status).toBe(400);
    expect(flattenAlone.field).toBe('flatten');
  });

  it('opens an encrypted input with its password and asks for it otherwise', async () => {
    const locked = corpus('encrypted-aes256-user-view-owner-master.pdf');
    expect((await problemOf(await call({}, locked))).code).toBe('password_required');
    const res = await call({ password: 'view' }, locked);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ fields: [] });
  });

  it('walks a field tree whose kids are shared (2^40 paths) in bounded time', async () => {
    const started = Date.now();
    const res = await call({}, tempFile('dag.pdf', fieldTreeDag(40)));
    expect([200, 422]).toContain(res.status);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses text that no bundled font has, naming the field', async () => {
    await expectRefused({ city: 'Mars \u{1F680}' }, ['city', 'U+1F680']);
  });
});
