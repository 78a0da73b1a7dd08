// sanitize and attachments through HTTP against the real tools; outputs
// checked with qpdf --json / --qdf, pdfdetach, pdfinfo, pdftoppm and unzip.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryption, out, outBytes } from '../helpers/async-tools.js';
import { problemOf } from '../helpers/problem.js';
import { makeStructureFixtures, type StructureFixtures } from '../helpers/structure-fixtures.js';

let server: TestServer;
let key: string;
let fixtures: StructureFixtures;
/** Small enough that the 64 MiB attachment bomb crosses it (and MAX_OUTPUT_FILES 3, below the fixture's 4 attachments). */
const MAX_FILE_SIZE = 16 * 1024 * 1024;
/** Above one 12 MiB attachment of the pair fixture, below both together. */
const MAX_OUTPUT_SIZE = 20 * 1024 * 1024;

beforeAll(async () => {
  [server, fixtures] = await Promise.all([
    startTestServer({
      MAX_FILE_SIZE: String(MAX_FILE_SIZE),
      MAX_OUTPUT_FILES: '3',
      MAX_OUTPUT_SIZE: String(MAX_OUTPUT_SIZE),
    }),
    makeStructureFixtures(),
  ]);
  key = server.newKey();
});
afterAll(() => server.close());

async function call(
  op: string,
  file: string,
  fields: Record<string, string | [Blob, string] | Array<[Blob, string]>> = {},
): Promise<Response> {
  return server.post(op, form({ file: await filePart(file), ...fields }), key);
}

async function ok(
  op: string,
  file: string,
  fields: Record<string, string | [Blob, string] | Array<[Blob, string]>> = {},
): Promise<Response> {
  const res = await call(op, file, fields);
  if (res.status !== 200) throw new Error(`${op}: ${res.status} ${await res.text()}`);
  return res;
}

/** Every object of the file, uncompressed and out of object streams (qpdf --qdf), as text. */
async function qdf(file: string): Promise<string> {
  return (await outBytes('qpdf', ['--qdf', '--object-streams=disable', file, '-'])).toString('latin1');
}

/** The objects of qpdf's JSON (v2) as text, for key searches. */
async function objectsJson(file: string): Promise<string> {
  return JSON.stringify(JSON.parse(await out('qpdf', ['--json=2', '--json-key=qpdf', file])).qpdf[1]);
}

async function render(file: string, page: number): Promise<Buffer> {
  return outBytes('pdftoppm', ['-r', '40', '-gray', '-f', String(page), '-l', String(page), file]);
}

const ACTIVE = /"\/JS"|\/JavaScript|\/Launch|\/EmbeddedFiles|\/URI/;

describe('POST /v1/pdf/sanitize', () => {
  it('removes JavaScript from five places and an incremental update, Launch and URI actions and the attachment; page 1 renders the same', async () => {
    const before = await objectsJson(fixtures.active);
    expect(before).toMatch(ACTIVE);
    // pdfdetach lists the names-tree file and the file-attachment annotation's.
    expect(await out('pdfdetach', ['-list', fixtures.active])).toMatch(/^2 embedded files/);
    const res = await ok('sanitize', fixtures.active);
    expect(res.headers.get('x-sanitized')).toBe('javascript=6,actions=2,embedded_files=2');
    const output = await saveBody(res, 'clean.pdf');
    expect(await objectsJson(output)).not.toMatch(ACTIVE);
    expect(await qdf(output)).not.toMatch(/app\.alert|event\.rc|calc\.exe/);
    expect(await out('pdfdetach', ['-list', output])).toMatch(/^0 embedded files/);
    await out('qpdf', ['--check', output]);
    // Page 1 keeps everything it shows (its links have no border, the field is hidden); the GoTo link stays.
    expect((await render(output, 1)).equals(await render(fixtures.active, 1))).toBe(true);
    expect(await objectsJson(output)).toContain('/Link');
    expect(await out('pdftotext', [output, '-'])).toContain('Plain words stay');
  });

  it("removes every class when all are named; the hidden layer's content goes, the visible one stays", async () => {
    const all = 'javascript,actions,embedded_files,links,annotations,forms,metadata,xmp,thumbnails,hidden_layers';
    expect(await qdf(fixtures.active)).toContain('SECRET LAYER TEXT');
    const res = await ok('sanitize', fixtures.active, { remove: all });
    const header = Object.fromEntries(
      res.headers
        .get('x-sanitized')!
        .split(',')
        .map((kv) => kv.split('=')),
    );
    expect(header).toMatchObject({
      javascript: '6',
      actions: '2',
      embedded_files: '2',
      links: '4',
      forms: '1',
      metadata: '1',
      xmp: '1',
      thumbnails: '1',
      hidden_layers: '1',
    });
    const output = await saveBody(res, 'bare.pdf');
    // Page 1 draws the same: the hidden layer was never shown, its links and field draw nothing.
    expect((await render(output, 1)).equals(await render(fixtures.active, 1))).toBe(true);
    const text = await qdf(output);
    expect(text).not.toContain('SECRET LAYER TEXT');
    expect(text).toContain('Visible layer text');
    expect(text).not.toMatch(/\/Annots|\/AcroForm|\/Thumb|\/Metadata/);
    expect(await out('pdfinfo', [output])).not.toMatch(/^Title:/m);
    expect((await out('pdfinfo', ['-meta', output])).trim()).toBe('');
    expect(
      JSON.parse(await out('qpdf', ['--json=2', '--json-key=qpdf', output])).qpdf[1].trailer.value['/Info'],
    ).toBeUndefined();
  });

  it('keeps what is not named (only metadata removed)', async () => {
    const res = await ok('sanitize', fixtures.active, { remove: 'metadata' });
    expect(res.headers.get('x-sanitized')).toBe('metadata=1');
    expect(await objectsJson(await saveBody(res, 'm.pdf'))).toMatch(/\/JavaScript/);
  });

  it('refuses an unknown class (400 naming the field) and an encrypted file without its password', async () => {
    const bad = await problemOf(await call('sanitize', fixtures.active, { remove: 'javascript,macros' }));
    expect(bad.status).toBe(400);
    expect(bad.field).toBe('remove');
    expect(bad.detail).toContain('macros');
    const locked = await problemOf(await call('sanitize', corpus('encrypted-rc4-20-pages-user-user.pdf')));
    expect(locked.status).toBe(422);
    const opened = await ok('sanitize', corpus('encrypted-rc4-20-pages-user-user.pdf'), { password: 'user' });
    expect(await encryption(await saveBody(opened, 'e.pdf'))).toMatch(/not encrypted/);
  });
});

describe('POST /v1/pdf/attachments', () => {
  it('lists the embedded files with their decoded sizes, types and descriptions', async () => {
    const res = await ok('attachments', fixtures.attachments);
    const { attachments } = await res.json();
    const detach = await out('pdfdetach', ['-list', fixtures.attachments]);
    expect(detach).toMatch(/^4 embedded files/);
    expect(attachments.map((a: any) => a.name).sort()).toEqual([
      '../../evil.sh',
      'data.json',
      'pixel.png',
      'readme.txt',
    ]);
    const byName = Object.fromEntries(attachments.map((a: any) => [a.name, a]));
    expect(byName['readme.txt']).toMatchObject({ size: 180, content_type: 'text/plain', description: 'A text file' });
    expect(byName['pixel.png']).toMatchObject({ size: 49, content_type: 'image/png' });
    expect(byName['data.json'].size).toBe(8);
  });

  it('extracts as a ZIP with safe names, the bytes pdfdetach extracts', async () => {
    const data = form({ file: await filePart(fixtures.attachments), action: 'extract' });
    for (const name of ['../../evil.sh', 'pixel.png', 'readme.txt']) data.append('names', name);
    const res = await server.post('attachments', data, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/zip/);
    const zip = await saveBody(res, 'all.zip');
    const names = (await out('zipinfo', ['-1', zip])).trim().split('\n').sort();
    expect(names).toEqual(['evil.sh', 'pixel.png', 'readme.txt']);
    expect(res.headers.get('x-attachment-count')).toBe('3');
    const dir = fs.mkdtempSync(path.join(path.dirname(zip), 'detach-'));
    await out('pdfdetach', ['-saveall', '-o', dir, fixtures.attachments]);
    expect(await outBytes('unzip', ['-p', zip, 'readme.txt'])).toEqual(fs.readFileSync(path.join(dir, 'readme.txt')));
    expect(await outBytes('unzip', ['-p', zip, 'pixel.png'])).toEqual(fs.readFileSync(path.join(dir, 'pixel.png')));
  });

  it('extracts one named file as itself; an unknown name is 400', async () => {
    const res = await ok('attachments', fixtures.attachments, { action: 'extract', names: 'data.json' });
    expect(res.headers.get('content-disposition')).toContain('data.json');
    expect(await res.text()).toBe('{"a": 1}');
    const bad = await problemOf(
      await call('attachments', fixtures.attachments, { action: 'extract', names: '../secret' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.field).toBe('names');
  });

  it('adds files with their sniffed types, and removes by name', async () => {
    const png = corpus('typewriter.png');
    const added = await saveBody(
      await ok('attachments', fixtures.attachments, {
        action: 'add',
        attachments: [await filePart(png, '../typed.png')],
        description: 'scan',
      }),
      'added.pdf',
    );
    expect(await out('pdfdetach', ['-list', added])).toMatch(/^5 embedded files[\s\S]*typed\.png/);
    const list = (await (await ok('attachments', added)).json()).attachments;
    expect(list.find((a: any) => a.name === 'typed.png')).toMatchObject({
      size: fs.statSync(png).size,
      content_type: 'image/png',
      description: 'scan',
    });
    const res = await ok('attachments', added, { action: 'remove', names: 'data.json' });
    expect(res.headers.get('x-removed-attachments')).toBe('1');
    const removed = await saveBody(res, 'removed.pdf');
    const detach = await out('pdfdetach', ['-list', removed]);
    expect(detach).toMatch(/^4 embedded files/);
    expect(detach).not.toContain('data.json');
    const none = await saveBody(await ok('attachments', removed, { action: 'remove' }), 'none.pdf');
    expect(await out('pdfdetach', ['-list', none])).toMatch(/^0 embedded files/);
  });

  it('refuses fields of another action', async () => {
    expect((await problemOf(await call('attachments', fixtures.attachments, { action: 'add' }))).field).toBe(
      'attachments',
    );
    expect((await problemOf(await call('attachments', fixtures.attachments, { names: 'a' }))).field).toBe('names');
    expect(
      (await problemOf(await call('attachments', fixtures.attachments, { action: 'remove', description: 'x' }))).field,
    ).toBe('description');
  });

  it('refuses to extract more files than MAX_OUTPUT_FILES (422 resource_limit naming it)', async () => {
    const problem = await problemOf(await call('attachments', fixtures.attachments, { action: 'extract' }));
    expect(problem.status).toBe(422);
    expect(problem.limit).toBe('MAX_OUTPUT_FILES');
  });

  it('bounds an attachment that decodes past MAX_FILE_SIZE: size null in the list, 422 resource_limit on extract', async () => {
    const { attachments } = await (await ok('attachments', fixtures.bomb)).json();
    expect(attachments[0]).toMatchObject({ name: 'zeros.bin', size: null, size_over_limit: true });
    const problem = await problemOf(await call('attachments', fixtures.bomb, { action: 'extract' }));
    expect(problem.status).toBe(422);
    expect(problem.limit).toBe('MAX_FILE_SIZE');
  });

  it('bounds the files extracted in all by MAX_OUTPUT_SIZE: one 12 MiB file passes, both (24 MiB) are 422 resource_limit', async () => {
    // pdfdetach (Poppler) sees the two attachments the test relies on.
    expect((await out('pdfdetach', ['-list', fixtures.pair])).match(/\.bin/g)).toHaveLength(2);
    const one = Buffer.from(
      await (await ok('attachments', fixtures.pair, { action: 'extract', names: 'first.bin' })).arrayBuffer(),
    );
    expect(one.length).toBe(12 * 1024 * 1024);
    expect(one.every((b) => b === 0)).toBe(true);
    const problem = await problemOf(await call('attachments', fixtures.pair, { action: 'extract' }));
    expect(problem.status).toBe(422);
    expect(problem.limit).toBe('MAX_OUTPUT_SIZE');
    expect(problem.detail).toContain('second.bin');
  });
});
