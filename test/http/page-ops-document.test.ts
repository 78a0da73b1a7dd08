// metadata, repair and flatten through HTTP against the real tools; results
// checked with pdfinfo (-meta), qpdf --check / --json and pdftoppm renders.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryption, out, outBytes, pages, status, text } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { annotatedPdf, formPdf, pdfaTaggedPdf } from '../helpers/page-ops-fixtures.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

async function call(op: string, fields: Record<string, string>, file: string): Promise<Response> {
  return server.post(op, form({ file: await filePart(file), ...fields }), key);
}

async function ok(op: string, fields: Record<string, string>, file: string): Promise<string> {
  const res = await call(op, fields, file);
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${await res.text()}`);
  return saveBody(res, 'out.pdf');
}

async function expectBadField(
  op: string,
  fields: Record<string, string>,
  field: string,
  file = corpus('trivial.pdf'),
): Promise<void> {
  const problem = await problemOf(await call(op, fields, file));
  expect(problem.status, JSON.stringify(problem)).toBe(400);
  expect(problem.field).toBe(field);
  expect(problem.detail).toContain(field);
}

/** pdfinfo's "Key: value" lines. */
async function pdfinfo(file: string): Promise<Record<string, string>> {
  const info = await out('pdfinfo', ['-rawdates', file]);
  return Object.fromEntries([...info.matchAll(/^([^:\n]+):\s*(.*)$/gm)].map((m) => [m[1], m[2]]));
}

function xmpOf(file: string): Promise<string> {
  return out('pdfinfo', ['-meta', file]);
}

describe('POST /v1/pdf/metadata', () => {
  it('reads the Info dictionary as JSON with ISO dates, nulls for what is absent', async () => {
    const res = await call('metadata', {}, corpus('tracemonkey.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const info = await pdfinfo(corpus('tracemonkey.pdf'));
    expect(info.CreationDate).toBe("D:20090401163925-07'00'");
    expect(await res.json()).toEqual({
      title: null,
      author: null,
      subject: null,
      keywords: null,
      creator: info.Creator,
      producer: info.Producer,
      created: '2009-04-01T16:39:25-07:00',
      modified: null,
      pages: Number(info.Pages),
      pdf_version: info['PDF version'],
      encrypted: false,
      pdfa: null,
    });
  });

  it('reads XMP where Info is silent, and the PDF/A part and conformance', async () => {
    const file = tempFile('pdfa.pdf', pdfaTaggedPdf());
    const report = await (await call('metadata', {}, file)).json();
    expect(report).toMatchObject({
      title: 'XMP only title',
      created: '2021-03-04T05:06:07+01:00',
      pdfa: '2B',
      pages: 1,
    });
  });

  it('reports encryption, and opens a user-password file with its password', async () => {
    expect((await (await call('metadata', {}, corpus('encrypted-aes256-owner-only.pdf'))).json()).encrypted).toBe(true);
    const res = await call('metadata', { password: 'view' }, corpus('encrypted-aes256-user-view-owner-master.pdf'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      encrypted: true,
      pages: await pages(corpus('encrypted-aes256-user-view-owner-master.pdf'), 'view'),
    });
    expect(
      (await problemOf(await call('metadata', {}, corpus('encrypted-aes256-user-view-owner-master.pdf')))).code,
    ).toBe('password_required');
  });

  it('writes Info and XMP consistently, removes a field sent empty and keeps other XMP', async () => {
    const before = await xmpOf(corpus('multipage.pdf'));
    expect(before).toContain('xmpMM:DocumentID');
    expect(before).toContain('<xmp:CreatorTool>');
    const out = await ok(
      'metadata',
      { title: 'Rapport – été 2024', author: 'Ada Lovelace', keywords: 'alpha, beta', creator: '' },
      corpus('multipage.pdf'),
    );
    const info = await pdfinfo(out);
    expect(info.Title).toBe('Rapport – été 2024');
    expect(info.Author).toBe('Ada Lovelace');
    expect(info.Keywords).toBe('alpha, beta');
    expect(info.Creator).toBeUndefined();
    expect(info.Producer).toBe((await pdfinfo(corpus('multipage.pdf'))).Producer);
    const xmp = await xmpOf(out);
    expect(xmp).toMatch(/<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">Rapport – été 2024<\/rdf:li>/);
    expect(xmp).toMatch(/<dc:creator>\s*<rdf:Seq>\s*<rdf:li>Ada Lovelace<\/rdf:li>/);
    expect(xmp).toContain('<pdf:Keywords>alpha, beta</pdf:Keywords>');
    expect(xmp).not.toContain('CreatorTool');
    expect(xmp).toContain('<xmpMM:DocumentID>uuid:ecd37186-2bb4-8942-9d5b-a2e5dcb79192</xmpMM:DocumentID>');
    expect(xmp).toContain('<xmp:CreateDate>2015-07-28T09:33:02Z</xmp:CreateDate>');
    expect(await pages(out)).toBe(6);
    expect(await status('qpdf', ['--check', out])).toBe(0);
    // And the service reads back what it wrote.
    expect(await (await call('metadata', {}, out)).json()).toMatchObject({
      title: 'Rapport – été 2024',
      author: 'Ada Lovelace',
      keywords: 'alpha, beta',
      creator: null,
    });
  });

  it('creates an XMP packet when there is none, and keeps XMP properties it does not own', async () => {
    expect((await xmpOf(corpus('tracemonkey.pdf'))).trim()).toBe('');
    const out = await ok('metadata', { title: 'TraceMonkey', subject: 'Trace trees' }, corpus('tracemonkey.pdf'));
    expect((await pdfinfo(out)).Title).toBe('TraceMonkey');
    const xmp = await xmpOf(out);
    expect(xmp).toMatch(/<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">TraceMonkey</);
    expect(xmp).toMatch(/<dc:description>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">Trace trees</);
    // The new packet agrees with the Info fields that were already there.
    expect(xmp).toContain('<xmp:CreatorTool>TeX</xmp:CreatorTool>');
    expect(xmp).toContain('<pdf:Producer>pdfeTeX-1.21a</pdf:Producer>');
    const tagged = await ok('metadata', { title: 'New' }, tempFile('pdfa.pdf', pdfaTaggedPdf()));
    const taggedXmp = await xmpOf(tagged);
    expect(taggedXmp).toContain('<custom:Keep>untouched value</custom:Keep>');
    expect(taggedXmp).toContain('pdfaid:part="2"');
    expect(taggedXmp).not.toContain('XMP only title');
    expect((await pdfinfo(tagged)).Title).toBe('New');
  });

  it('edits an encrypted input opened with its password; the result is not encrypted', async () => {
    const out = await ok(
      'metadata',
      { title: 'Opened', password: 'user' },
      corpus('encrypted-rc4-20-pages-user-user.pdf'),
    );
    expect(await encryption(out)).toMatch(/not encrypted/i);
    expect((await pdfinfo(out)).Title).toBe('Opened');
    expect(await pages(out)).toBe(20);
  });

  it('refuses bad values with 400 naming the field', async () => {
    await expectBadField('metadata', { title: 'a\u0001b' }, 'title');
    await expectBadField('metadata', { author: 'x'.repeat(2001) }, 'author');
    await expectBadField('metadata', { titel: 'typo' }, 'titel');
  });
});

/** Damaged variants of corpus files, written to a temp dir. */
function damaged(): Record<string, { file: string; pages: number; action: string }> {
  const trace = fs.readFileSync(corpus('tracemonkey.pdf'));
  const multi = fs.readFileSync(corpus('multipage.pdf'));
  const withoutStartxref = (pdf: Buffer) =>
    Buffer.concat([pdf.subarray(0, pdf.lastIndexOf('startxref')), Buffer.from('%%EOF\n')]);
  const xrefAt = trace.lastIndexOf('\nxref') + 1;
  const brokenXref = Buffer.concat([
    trace.subarray(0, xrefAt),
    Buffer.from('xref\n0 5\ngarbage garbage\n'),
    trace.subarray(xrefAt + 40),
  ]);
  // Content bytes of one page's stream overwritten: qpdf copies it, but it no longer inflates.
  const streamAt = trace.indexOf('stream', 5000) + 20;
  const badStream = Buffer.from(trace);
  badStream.fill(0x41, streamAt, streamAt + 180);
  return {
    'truncated (tracemonkey, last 300 bytes cut)': {
      file: tempFile('truncated.pdf', trace.subarray(0, trace.length - 300)),
      pages: 14,
      action: 'rewritten-by-mupdf',
    },
    'truncated (multipage, last 3000 bytes cut)': {
      file: tempFile('truncated-multi.pdf', multi.subarray(0, multi.length - 3000)),
      pages: 6,
      action: 'xref-rebuilt',
    },
    'missing startxref (tracemonkey)': {
      file: tempFile('no-startxref.pdf', withoutStartxref(trace)),
      pages: 14,
      action: 'xref-rebuilt',
    },
    'missing startxref (multipage, xref stream)': {
      file: tempFile('no-startxref-multi.pdf', withoutStartxref(multi)),
      pages: 6,
      action: 'xref-rebuilt',
    },
    'broken xref table': { file: tempFile('bad-xref.pdf', brokenXref), pages: 14, action: 'xref-rebuilt' },
    'undecodable content stream': {
      file: tempFile('bad-stream.pdf', badStream),
      pages: 14,
      action: 'rewritten-by-ghostscript',
    },
  };
}

describe('POST /v1/pdf/repair', () => {
  it('rebuilds damaged variants into files that pass qpdf --check, saying what it did', async () => {
    const cases = Object.entries(damaged());
    // Damaged indeed: qpdf --check does not pass the inputs.
    for (const [name, c] of cases) expect(await status('qpdf', ['--check', c.file]), name).not.toBe(0);
    const results: Array<{ name: string; code: number; actions: string[]; file: string }> = [];
    for (const [name, c] of cases) {
      const res = await call('repair', {}, c.file);
      results.push({
        name,
        code: res.status,
        actions: (res.headers.get('x-repair-actions') ?? '').split(','),
        file: await saveBody(res, 'repaired.pdf'),
      });
    }
    for (const [i, { name, code, actions, file }] of results.entries()) {
      const c = cases[i][1];
      expect(code, name).toBe(200);
      expect(actions, name).toContain(c.action);
      expect(await status('qpdf', ['--check', file]), `${name}: qpdf --check`).toBe(0);
      expect(await pages(file), name).toBe(c.pages);
    }
  });

  it('keeps the text of a file whose xref was rebuilt', async () => {
    const out = await ok('repair', {}, damaged()['missing startxref (tracemonkey)'].file);
    expect(await text(out)).toBe(await text(corpus('tracemonkey.pdf')));
  });

  it('says none for an intact file, and 422 invalid_pdf for what cannot be recovered', async () => {
    const res = await call('repair', {}, corpus('trivial.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-repair-actions')).toBe('none');
    const bad = await problemOf(await call('repair', {}, corpus('invalid.pdf')));
    expect(bad).toMatchObject({ status: 422, code: 'invalid_pdf' });
    const trace = fs.readFileSync(corpus('tracemonkey.pdf'));
    const gutted = await problemOf(await call('repair', {}, tempFile('gutted.pdf', trace.subarray(0, 700_000))));
    expect(gutted).toMatchObject({ status: 422, code: 'invalid_pdf' });
  });

  it('refuses unknown fields with 400', async () => {
    await expectBadField('repair', { mode: 'hard' }, 'mode');
  });
});

/** Gray pixels of page 1 rendered at 50 dpi (pdftoppm), with size. */
async function render(file: string): Promise<{ width: number; height: number; pixels: Buffer }> {
  const pgm = await outBytes('pdftoppm', ['-gray', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file]);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

/** Share of pixels that differ by more than a quarter of the gray range, and how many dark pixels each has. */
async function compare(a: string, b: string): Promise<{ differing: number; darkA: number; darkB: number }> {
  const x = await render(a);
  const y = await render(b);
  expect([y.width, y.height]).toEqual([x.width, x.height]);
  let differing = 0;
  let darkA = 0;
  let darkB = 0;
  for (let i = 0; i < x.pixels.length; i++) {
    if (Math.abs(x.pixels[i] - y.pixels[i]) > 64) differing++;
    if (x.pixels[i] < 128) darkA++;
    if (y.pixels[i] < 128) darkB++;
  }
  return { differing: differing / x.pixels.length, darkA, darkB };
}

/** Annotation subtypes on page 1 and whether the catalog has /AcroForm (qpdf --json). */
async function annotations(file: string): Promise<{ subtypes: string[]; acroForm: boolean }> {
  const json = JSON.parse(
    await out('qpdf', ['--json=2', '--json-key=qpdf', '--json-key=pages', '--json-key=acroform', file]),
  );
  const objects = json.qpdf[1];
  const value = (v: unknown) => (typeof v === 'string' && /^\d+ \d+ R$/.test(v) ? objects[`obj:${v}`]?.value : v);
  const page = value(json.pages[0].object);
  const subtypes = ((value(page['/Annots']) ?? []) as unknown[]).map((a) => value(a)['/Subtype'] as string).sort();
  const root = value(objects.trailer.value['/Root']);
  return { subtypes, acroForm: root['/AcroForm'] !== undefined };
}

describe('POST /v1/pdf/flatten', () => {
  let formFile: string;
  let annotated: string;
  beforeAll(() => {
    formFile = tempFile('form.pdf', formPdf());
    annotated = tempFile('annotated.pdf', annotatedPdf());
  });

  it('forms: fields (one without an appearance) drawn into the page, the form removed, the page looking the same', async () => {
    expect(await annotations(formFile)).toEqual({ subtypes: ['/Widget', '/Widget', '/Widget'], acroForm: true });
    for (const what of ['forms', 'all']) {
      const out = await ok('flatten', { what }, formFile);
      expect(await annotations(out)).toEqual({ subtypes: [], acroForm: false });
      const drawn = await text(out);
      expect(drawn).toContain('Ada Lovelace'); // had no appearance: generated, then drawn
      expect(drawn).toContain('London');
      const diff = await compare(formFile, out);
      expect(diff.differing, what).toBeLessThan(0.005);
      expect(Math.abs(diff.darkB - diff.darkA) / diff.darkA, what).toBeLessThan(0.1);
    }
  });

  it('annotations: every annotation with an appearance drawn in and removed, links kept, the page looking the same', async () => {
    expect((await annotations(annotated)).subtypes).toEqual(['/FreeText', '/Link', '/Square', '/Square']);
    const out = await ok('flatten', { what: 'annotations' }, annotated);
    expect((await annotations(out)).subtypes).toEqual(['/Link']);
    expect(await text(out)).toContain('APPROVED');
    const diff = await compare(annotated, out);
    expect(diff.differing).toBeLessThan(0.001);
    expect(diff.darkB).toBe(diff.darkA);
  });

  it('flattens only what is asked: forms leave annotations, annotations leave the form', async () => {
    expect((await annotations(await ok('flatten', { what: 'forms' }, annotated))).subtypes).toEqual([
      '/FreeText',
      '/Link',
      '/Square',
      '/Square',
    ]);
    expect(await annotations(await ok('flatten', { what: 'annotations' }, formFile))).toEqual({
      subtypes: ['/Widget', '/Widget', '/Widget'],
      acroForm: true,
    });
  });

  it('refuses bad options with 400 naming the field', async () => {
    await expectBadField('flatten', { what: 'everything' }, 'what');
  });
});

describe('work directories', () => {
  it('leaves nothing behind in TMP_DIR after successes and failures', async () => {
    // Removal finishes just after the last response is sent.
    await eventually(() => server.leftovers().length === 0, 10_000);
  });
});
