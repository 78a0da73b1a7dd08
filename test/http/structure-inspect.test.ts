// inspect and linearize through HTTP against the real tools; reports checked
// against qpdf, pdfinfo, pdffonts and pdfimages, outputs with
// qpdf --check-linearization.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryption, out, pages } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { makeStructureFixtures, type StructureFixtures } from '../helpers/structure-fixtures.js';

let server: TestServer;
let key: string;
let fixtures: StructureFixtures;

beforeAll(async () => {
  [server, fixtures] = await Promise.all([startTestServer(), makeStructureFixtures()]);
  key = server.newKey();
});
afterAll(() => server.close());

async function call(op: string, file: string, fields: Record<string, string> = {}): Promise<Response> {
  return server.post(op, form({ file: await filePart(file), ...fields }), key);
}

async function inspect(file: string, fields: Record<string, string> = {}): Promise<any> {
  const res = await call('inspect', file, fields);
  if (res.status !== 200) throw new Error(`inspect: ${res.status} ${await res.text()}`);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
}

/** pdfimages -list rows of type "image" or "stencil" per page (soft masks are listed apart; each image once per page). */
async function imagesPerPage(file: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const line of (await out('pdfimages', ['-list', file])).split('\n').slice(2)) {
    const cols = line.trim().split(/\s+/);
    if (cols[2] === 'image' || cols[2] === 'stencil')
      counts.set(Number(cols[0]), (counts.get(Number(cols[0])) ?? 0) + 1);
  }
  return counts;
}

describe('POST /v1/pdf/inspect', () => {
  it('reports tracemonkey.pdf as qpdf, pdfinfo, pdffonts and pdfimages see it', async () => {
    const file = corpus('tracemonkey.pdf');
    const report = await inspect(file);
    expect(report.page_count).toBe(await pages(file));
    expect(report.pages).toHaveLength(14);
    expect(report.file_size).toBe((await out('stat', ['-c', '%s', file])).trim() * 1);
    const info = await out('pdfinfo', [file]);
    expect(report.pdf_version).toBe(/PDF version:\s+(\S+)/.exec(info)![1]);
    expect(/Page size:\s+(\d+) x (\d+)/.exec(info)!.slice(1).map(Number)).toEqual([
      report.pages[0].width,
      report.pages[0].height,
    ]);
    expect(report.pages.every((p: any) => p.has_text && p.rotate === 0)).toBe(true);
    // Fonts: every one pdffonts lists, with the same embedded/subset flags (pdffonts keeps a "_167"-style suffix MuPDF drops).
    const pdffonts = (await out('pdffonts', [file]))
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/));
    const listed = new Map(pdffonts.map((cols) => [cols[0].replace(/_\d+$/, ''), cols]));
    expect(report.fonts.map((f: any) => f.name).sort()).toEqual([...listed.keys()].sort());
    for (const font of report.fonts) {
      const cols = listed.get(font.name)!;
      expect(font.embedded, font.name).toBe(cols[cols.length - 5] === 'yes');
      expect(font.subset, font.name).toBe(cols[cols.length - 4] === 'yes');
    }
    expect(new Set(report.pages.flatMap((p: any) => p.fonts))).toEqual(new Set(report.fonts.map((f: any) => f.name)));
    const images = await imagesPerPage(file);
    // `images` counts paints; pdfimages lists each image of a page once. On pages 2 and 11 each image is painted once;
    // on page 13 two images are painted 41 times through a form XObject.
    for (const page of report.pages)
      expect(page.images, `page ${page.number}`).toBeGreaterThanOrEqual(images.get(page.number) ?? 0);
    expect([report.pages[1].images, report.pages[10].images]).toEqual([images.get(2), images.get(11)]);
    expect(images.get(13)).toBe(2);
    expect(report.pages[12].images).toBe(41);
    expect(report).toMatchObject({
      encryption: null,
      linearized: false,
      tagged: false,
      pdfa: null,
      pdfua: false,
      javascript: false,
      signatures: 0,
      attachments: 0,
      outline_entries: 0,
      layers: 0,
    });
    expect(report.forms).toEqual({ type: null, fields: 0 });
    expect(report.metadata.pages).toBe(14);
  });

  it('reads a long document in two halves as it reads its parts: tracemonkey.pdf five times, then the active fixture (JavaScript and an attachment annotation in the second half)', async () => {
    // 72 pages: past SPLIT_FROM_PAGES (64), so two MuPDF processes share the pages (tools/mutool-inspect.ts).
    const mixed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inspect-split-')), 'mixed.pdf');
    const tracemonkey = corpus('tracemonkey.pdf');
    await out('qpdf', [
      '--empty',
      '--pages',
      ...Array.from({ length: 5 }, () => [tracemonkey, '1-z']).flat(),
      fixtures.active,
      '1-z',
      '--',
      mixed,
    ]);
    const [report, tm, active] = await Promise.all([inspect(mixed), inspect(tracemonkey), inspect(fixtures.active)]);
    expect(report.page_count).toBe(await pages(mixed));
    const withoutNumber = ({ number: _n, ...page }: any) => page;
    const expected = [...Array.from({ length: 5 }, () => tm.pages).flat(), ...active.pages];
    expect(report.pages.map((p: any) => p.number)).toEqual(expected.map((_, i) => i + 1));
    expect(report.pages.map(withoutNumber)).toEqual(expected.map(withoutNumber));
    const byName = new Map([...tm.fonts, ...active.fonts].map((f: any) => [f.name, f]));
    expect(report.fonts).toEqual([...byName.keys()].sort().map((name) => byName.get(name)));
    // Only pages of the active fixture carry these (qpdf --pages keeps page /AA and annotations, not the catalog's).
    expect(tm.javascript).toBe(false);
    expect(report.javascript).toBe(true);
    expect(report.attachment_annotations).toBe(active.attachment_annotations);
    expect(report.attachment_annotations).toBeGreaterThan(0);
  });

  it('counts what the active fixture holds: JavaScript, a form field, an attachment and its annotation, an outline, layers', async () => {
    const report = await inspect(fixtures.active);
    // Independent view: qpdf's JSON of the same file.
    const json = JSON.parse(
      await out('qpdf', [
        '--json=2',
        '--json-key=attachments',
        '--json-key=outlines',
        '--json-key=acroform',
        fixtures.active,
      ]),
    );
    expect(report.attachments).toBe(Object.keys(json.attachments).length);
    expect(report.outline_entries).toBe(
      json.outlines.length + json.outlines.reduce((n: number, o: any) => n + o.kids.length, 0),
    );
    expect(report.forms).toEqual({ type: 'acroform', fields: json.acroform.fields.length });
    expect(report).toMatchObject({
      javascript: true,
      attachments: 1,
      attachment_annotations: 1,
      outline_entries: 3,
      layers: 2,
      page_count: 2,
    });
    expect(report.metadata.title).toBe('Active fixture');
    expect(report.pages.map((p: any) => p.fonts)).toEqual([['Helvetica'], ['Helvetica']]);
    expect(report.fonts).toEqual([{ name: 'Helvetica', type: 'Type1', embedded: false, subset: false }]);
  });

  it('reads an encrypted file with its password and names the method; without it, 422 password_required', async () => {
    const file = corpus('encrypted-rc4-20-pages-user-user.pdf');
    const problem = await problemOf(await call('inspect', file));
    expect(problem.status).toBe(422);
    expect(problem.code ?? problem.type).toMatch(/password_required/);
    const report = await inspect(file, { password: 'user' });
    expect(report.page_count).toBe(20);
    expect(report.encryption.method).toBe('RC4-128');
    expect(report.encryption.permissions.print).toBe(true);
    expect(await encryption(file)).toMatch(/R = 3/);
  });

  it('reports the restrictions of an owner-password-only AES-256 file', async () => {
    const report = await inspect(corpus('encrypted-aes256-owner-only.pdf'));
    expect(report.encryption.method).toBe('AES-256');
    expect(report.encryption.permissions).toMatchObject({
      print: false,
      copy: false,
      modify: false,
      accessibility: true,
      assemble: true,
    });
  });

  it('answers 422 invalid_pdf for a file that is not a PDF inside', async () => {
    const problem = await problemOf(await call('inspect', corpus('invalid.pdf')));
    expect(problem.status).toBe(422);
  });
});

describe('POST /v1/pdf/linearize', () => {
  it('writes a linearized file that qpdf --check-linearization passes and inspect reports as linearized', async () => {
    const file = corpus('tracemonkey.pdf');
    expect(await out('qpdf', ['--check-linearization', file])).toContain('is not linearized');
    const res = await call('linearize', file);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('tracemonkey-linearized.pdf');
    const output = await saveBody(res, 'lin.pdf');
    expect(await out('qpdf', ['--check-linearization', output])).toContain('no linearization errors');
    expect(await pages(output)).toBe(14);
    expect((await inspect(output)).linearized).toBe(true);
  });

  it('opens an encrypted input with its password and writes it unencrypted', async () => {
    const res = await call('linearize', corpus('encrypted-aes256-user-view-owner-master.pdf'), { password: 'view' });
    expect(res.status).toBe(200);
    const output = await saveBody(res, 'lin.pdf');
    expect(await encryption(output)).toMatch(/not encrypted/);
    expect(await out('qpdf', ['--check-linearization', output])).toContain('no linearization errors');
  });

  it('refuses an unknown field', async () => {
    const problem = await problemOf(await call('linearize', corpus('trivial.pdf'), { level: '1' }));
    expect(problem.status).toBe(400);
  });
});
