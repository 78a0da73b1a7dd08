import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendInfoRevision } from '../helpers/incremental.js';
import { makeJpeg, makePdf, tempFile, textAt } from '../helpers/make-fixtures.js';
import { textOf } from '../helpers/pdf.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, filePart, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let fixture: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  const jpeg = makeJpeg(64, 64, 72, 'IMG');
  const page1 =
    textAt('Account SECRET-alpha and more text', 72, 700) +
    textAt('Public sentence stays here', 72, 650) +
    textAt('Card 4111 1111 1111 1111 expires', 72, 600) +
    // The image at (300,300)-(400,400) in PDF space = x 300..400, y 392..492 from the top of the page.
    'q 100 0 0 100 300 300 cm /Im0 Do Q\n' +
    // A filled vector square at (72,200)-(172,300).
    '0 0 1 rg 72 200 100 100 re f\n';
  // Page 2 is turned 90° and its MediaBox starts at 50,50: area coordinates are on the page as displayed.
  const page2 = textAt('ROTATEDWORD', 150, 400) + textAt('KEEPWORD', 150, 300);
  const base = makePdf(
    [
      { content: page1, compress: true },
      { mediaBox: [50, 50, 662, 842], rotate: 90, content: page2, compress: true },
    ],
    [{ dict: '/Width 64/Height 64/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode', data: jpeg }],
  );
  const withInfo = tempFile('secret-info.pdf', appendInfoRevision(base, 'Report on secret-alpha'));
  // Two sticky notes on page 1 (added by mutool, test side): one names the term, one does not.
  const script = path.join(path.dirname(withInfo), 'annots.js');
  fs.writeFileSync(
    script,
    [
      'var doc = new Document(scriptArgs[0]);',
      'var page = doc.loadPage(0);',
      'var a = page.createAnnotation("Text"); a.setRect([10, 10, 30, 30]); a.setContents("note about SECRET-alpha"); a.update();',
      'var b = page.createAnnotation("Text"); b.setRect([40, 10, 60, 30]); b.setContents("harmless note"); b.update();',
      'doc.save(scriptArgs[1]);',
    ].join('\n'),
  );
  fixture = path.join(path.dirname(withInfo), 'secret.pdf');
  execFileSync('mutool', ['run', script, withInfo, fixture], { stdio: 'pipe' });
});
afterAll(() => server.close());

function redactForm(fields: Array<[string, string]>, file = fixture): Promise<FormData> {
  return filePart(file).then(([blob, name]) => {
    const data = new FormData();
    data.append('file', blob, name);
    for (const [k, v] of fields) data.append(k, v);
    return data;
  });
}

async function redacted(fields: Array<[string, string]>, file = fixture): Promise<{ out: string; res: Response }> {
  const res = await server.post('redact', await redactForm(fields, file), key);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return { out: await saveBody(res, 'out.pdf'), res };
}

/** Word boxes (pdftotext -bbox: the page as displayed, y from the top) of `word` on `page`. */
function boxOf(file: string, page: number, word: string): { x: number; y: number; w: number; h: number } {
  const xml = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  const m = [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].find((w) => w[5] === word);
  if (!m) throw new Error(`${word} not on page ${page}`);
  return { x: Number(m[1]), y: Number(m[2]), w: Number(m[3]) - Number(m[1]), h: Number(m[4]) - Number(m[2]) };
}

function imageHashes(file: string): string[] {
  const dir = fs.mkdtempSync(path.join(path.dirname(file), 'img-'));
  execFileSync('pdfimages', ['-png', file, path.join(dir, 'i')]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      // Hash the decoded pixels (pdftoppm-independent: the PNG pdfimages wrote, re-read by gs would be slower; the file bytes suffice here).
      return crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex');
    });
}

/** The whole file with every stream uncompressed (qpdf QDF), as text. */
function qdfText(file: string): string {
  const out = `${file}.qdf.pdf`;
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, out]);
  return fs.readFileSync(out, 'latin1');
}

describe('redact', () => {
  it('removes terms, regex matches and areas from the content; other text stays; metadata cleaned', async () => {
    expect(textOf(fixture)).toContain('SECRET-alpha');
    expect(qdfText(fixture)).toContain('note about SECRET-alpha');
    const before = imageHashes(fixture);
    const image = { page: 1, x: 320, y: 412, w: 40, h: 40 };
    const rotated = boxOf(fixture, 2, 'ROTATEDWORD');
    const { out, res } = await redacted([
      ['terms', 'secret-ALPHA'],
      ['regex', '\\d{4} \\d{4} \\d{4} \\d{4}'],
      ['areas', JSON.stringify([image, { page: 2, ...rotated }])],
      ['color', '#ff0000'],
    ]);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-redactions')).toBe('4');
    const text = textOf(out);
    expect(text).not.toMatch(/secret-alpha/i);
    expect(text).not.toContain('4111');
    expect(text).not.toContain('ROTATEDWORD');
    expect(text).toContain('Public sentence stays here');
    expect(text).toContain('KEEPWORD');
    expect(text).toContain('Account');
    expect(text).toContain('expires');
    // Not in any content stream, XObject, string or metadata once everything is uncompressed.
    const qdf = qdfText(out);
    expect(qdf).not.toMatch(/secret-alpha/i);
    expect(qdf).not.toContain('4111');
    expect(qdf).not.toContain('ROTATEDWORD');
    expect(qdf).toMatch(/\(Public sentence stays here\)\s*Tj/);
    // The annotation naming the term is gone, the other one stays.
    expect(qdf).toContain('harmless note');
    expect(execFileSync('pdfinfo', [out], { encoding: 'utf8' })).not.toMatch(/secret/i);
    // The image under the area has its pixels replaced.
    const after = imageHashes(out);
    expect(after).toHaveLength(before.length);
    expect(after[0]).not.toBe(before[0]);
    // A red box where the area was (rendered independently by pdftoppm).
    const ppm = execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '72', '-x', '330', '-y', '422', '-W', '1', '-H', '1', out], { encoding: 'latin1' });
    const pixel = Buffer.from(ppm, 'latin1').subarray(-3);
    expect([...pixel]).toEqual([255, 0, 0]);
  });

  it('counts every match of a term, case-insensitively, on a real paper', async () => {
    const source = corpus('tracemonkey.pdf');
    const { out, res } = await redacted([['terms', 'TraceMonkey']], source);
    expect(Number(res.headers.get('x-redactions'))).toBeGreaterThan(5);
    expect(textOf(out)).not.toMatch(/tracemonkey/i);
    expect(textOf(out)).toMatch(/Just-in-Time/);
  });

  it('refuses missing, malformed and unsupported options with 400 naming the field', async () => {
    const cases: Array<[Array<[string, string]>, string]> = [
      [[], 'terms'],
      [[['regex', '(unclosed']], 'regex'],
      [[['regex', '(?<=a)b']], 'regex'], // valid for Node, not for the ES5 engine in the tool
      [[['areas', 'not json']], 'areas'],
      [[['areas', '[{"page":1,"x":0,"y":0,"w":-5,"h":10}]']], 'areas'],
      [[['areas', '[{"page":9,"x":0,"y":0,"w":5,"h":10}]']], 'areas'],
      [[['terms', 'x'], ['color', 'red']], 'color'],
      [[['terms', 'x'], ['colour', '#000000']], 'colour'],
    ];
    for (const [fields, field] of cases) {
      const res = await server.post('redact', await redactForm(fields), key);
      const problem = await problemOf(res);
      expect(problem.status, JSON.stringify(fields)).toBe(400);
      expect(problem.detail, JSON.stringify(fields)).toContain(field);
    }
  });

  it('runs a catastrophic pattern in the tool process: 504 at the deadline, the server answering meanwhile', async () => {
    const short = await startTestServer({ OPERATION_TIMEOUT: '3' });
    try {
      const file = tempFile('evil.pdf', makePdf([{ content: textAt(`${'a'.repeat(40)}b`, 72, 700) }]));
      const pending = short.post('redact', await redactForm([['regex', '(a+)+$']], file), short.newKey());
      await new Promise((r) => setTimeout(r, 500));
      const health = await fetch(`${short.url}/healthz`);
      expect(health.status).toBe(200);
      const problem = await problemOf(await pending);
      expect([problem.status, problem.code]).toEqual([504, 'timeout']);
    } finally {
      await short.close();
    }
  });

  it('opens an encrypted input with its password', async () => {
    const res = await server.post('redact', await redactForm([['terms', 'the'], ['password', 'user']], corpus('encrypted-rc4-20-pages-user-user.pdf')), key);
    expect(res.status).toBe(200);
    const out = await saveBody(res, 'out.pdf');
    // qpdf --is-encrypted: exit 2 = not encrypted.
    expect(spawnSync('qpdf', ['--is-encrypted', out]).status).toBe(2);
    expect(textOf(out).length).toBeGreaterThan(100);
  });
});
