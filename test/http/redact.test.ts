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
  const page2 = `${textAt('ROTATEDWORD', 150, 400) + textAt('KEEPWORD', 150, 300)}0.5 w 155 398.5 m 200 398.5 l S\n`; // a line under the word
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
  const xml = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
  const m = [
    ...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].find((w) => w[5] === word);
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
      return crypto
        .createHash('sha256')
        .update(fs.readFileSync(path.join(dir, name)))
        .digest('hex');
    });
}

/** The whole file with every stream uncompressed (qpdf QDF), as text. */
function qdfText(file: string): string {
  const out = `${file}.qdf.pdf`;
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, out]);
  return fs.readFileSync(out, 'latin1');
}

describe('redact', () => {
  it('takes terms and regex as repeated fields; any other field sent twice is 400', async () => {
    const { out } = await redacted([
      ['terms', 'secret-ALPHA'],
      ['terms', 'KEEPWORD'],
      ['regex', '\\d{4} \\d{4} \\d{4} \\d{4}'],
      ['regex', 'ROTATED\\w+'],
    ]);
    const text = textOf(out);
    for (const gone of ['SECRET-alpha', 'KEEPWORD', '4111', 'ROTATEDWORD']) expect(text).not.toContain(gone);
    expect(text).toContain('Public sentence stays here');
    const twice = await server.post(
      'redact',
      await redactForm([
        ['terms', 'x'],
        ['color', '#ff0000'],
        ['color', '#00ff00'],
      ]),
      key,
    );
    expect(twice.status).toBe(400);
    expect((await twice.json()).detail).toBe('color: given more than once.');
  });

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
    // The line under ROTATEDWORD (page turned, MediaBox offset): the only vector content under a redaction.
    expect(res.headers.get('x-redactions-vector')).toBe('1');
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
    expect(qdf).not.toContain('155 398.5 m');
    expect(qdf).toContain('72 200 100 100 re');
    // The annotation naming the term is gone, the other one stays.
    expect(qdf).toContain('harmless note');
    expect(execFileSync('pdfinfo', [out], { encoding: 'utf8' })).not.toMatch(/secret/i);
    // The image under the area has its pixels replaced.
    const after = imageHashes(out);
    expect(after).toHaveLength(before.length);
    expect(after[0]).not.toBe(before[0]);
    // A red box where the area was (rendered independently by pdftoppm).
    const ppm = execFileSync(
      'pdftoppm',
      ['-f', '1', '-l', '1', '-r', '72', '-x', '330', '-y', '422', '-W', '1', '-H', '1', out],
      { encoding: 'latin1' },
    );
    const pixel = Buffer.from(ppm, 'latin1').subarray(-3);
    expect([...pixel]).toEqual([255, 0, 0]);
  });

  it('removes vector content under an area and under a match (paths, curves, shadings, a shared form used there); the rest stays', async () => {
    // Page 612×792. The area is x 90..250, y 560..660 in PDF space (top-left: x 90, y 132).
    const content =
      '0.9 0.9 0.9 rg 0 0 612 792 re f\n' + // page background: encloses the area, kept
      '1 0 0 rg 100 600 80 40 re f\n' + // red square inside
      '1 0 1 RG 3 w 110 580 m 170 640 l S\n' + // magenta line inside
      '1 0.5 0 RG 1 w 200 570 m 210 650 230 650 240 570 c S\n' + // orange curve inside
      'q 190 600 40 40 re W n /Sh0 sh Q\n' + // a gradient painted inside
      'q 1 0 0 1 120 570 cm /Fm0 Do Q\n' + // the shared form, inside
      '0 0 0.5 rg 60 540 60 40 re f\n' + // navy rectangle with a corner inside: only its part outside stays
      '0.5 0.5 0 RG 2 w 60 650 m 120 650 l 120 700 l S\n' + // olive polyline with a vertex inside: only its parts outside stay
      '0 1 0 rg 300 600 80 40 re f\n' + // green square outside
      '0 1 1 RG 2 w 400 500 m 500 550 l S\n' + // cyan line outside
      'q 400 100 40 40 re W n /Sh0 sh Q\n' + // the gradient outside
      'q 1 0 0 1 400 300 cm /Fm0 Do Q\n' + // the shared form, outside
      '0 0 0 RG 0.5 w 50 620 m 560 620 l S\n' + // a rule straight through the area, ends outside: kept
      textAt('UNDERLINED', 72, 400) +
      textAt('KEEP THIS', 300, 400) +
      '0.5 0 0.5 RG 1 w 75 398 m 130 398 l S\n'; // purple underline under the matched word
    const shading =
      '/Shading<</Sh0<</ShadingType 2/ColorSpace/DeviceRGB/Coords[0 0 612 0]/Function<</FunctionType 2/Domain[0 1]/C0[1 1 0]/C1[0 1 1]/N 1>>>>>>';
    const file = tempFile(
      'vector.pdf',
      makePdf([{ content, resources: shading }], [], ['0 0.5 0 rg 0 0 20 20 re f\n']),
    );
    /** Fill and stroke colours of what poppler (cairo) draws, glyph outlines aside, with their counts. */
    const painted = (pdf: string): Record<string, number> => {
      const svg = `${pdf}.svg`;
      execFileSync('pdftocairo', ['-svg', pdf, svg]);
      const body = fs.readFileSync(svg, 'utf8').replace(/<symbol[\s\S]*?<\/symbol>/g, '');
      const counts: Record<string, number> = {};
      for (const m of body.matchAll(/(fill|stroke):(rgb\([^)]*\)|url\([^)]*\))/g)) {
        const key = `${m[1]}:${m[2].startsWith('url') ? 'gradient' : m[2]}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    };
    const before = painted(file);
    expect(before).toMatchObject({
      'fill:rgb(100%,0%,0%)': 1,
      'stroke:rgb(100%,0%,100%)': 1,
      'stroke:rgb(100%,50%,0%)': 1,
      'stroke:rgb(50%,0%,50%)': 1,
      'fill:rgb(0%,50%,0%)': 2,
      'fill:gradient': 2,
    });

    const { out, res } = await redacted(
      [
        ['areas', JSON.stringify([{ page: 1, x: 90, y: 132, w: 160, h: 100 }])],
        ['terms', 'underlined'],
      ],
      file,
    );
    expect(res.headers.get('x-redactions')).toBe('2');
    // Square, line, curve, gradient, the form's square (in its copy), the underline, and the two cut across the edge.
    expect(res.headers.get('x-redactions-vector')).toBe('8');
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);
    const after = painted(out);
    for (const inside of [
      'fill:rgb(100%,0%,0%)',
      'stroke:rgb(100%,0%,100%)',
      'stroke:rgb(100%,50%,0%)',
      'stroke:rgb(50%,0%,50%)',
    ])
      expect(after[inside], inside).toBeUndefined();
    expect(after['fill:rgb(0%,50%,0%)']).toBe(1);
    expect(after['fill:gradient']).toBe(1);
    expect(after['fill:rgb(0%,100%,0%)']).toBeGreaterThanOrEqual(1);
    expect(after['stroke:rgb(0%,100%,100%)']).toBe(1);
    expect(after['fill:rgb(89.99939%,89.99939%,89.99939%)']).toBe(1);
    expect(after['fill:rgb(0%,0%,50%)']).toBe(1);
    expect(after['stroke:rgb(50%,50%,0%)']).toBe(1);
    // Rendered by poppler at 72 dpi (y from the top): the cut shapes' outside parts are where they were, the box over the rest.
    const pixel = (x: number, y: number) => [
      ...Buffer.from(
        execFileSync('pdftoppm', ['-r', '72', '-x', String(x), '-y', String(y), '-W', '1', '-H', '1', out], {
          encoding: 'latin1',
        }),
        'latin1',
      ).subarray(-3),
    ];
    expect(pixel(70, 792 - 545)).toEqual([0, 0, 128]); // navy, outside
    expect(pixel(100, 792 - 575)).toEqual([0, 0, 0]); // its corner inside: the box
    expect(pixel(70, 792 - 650)).toEqual([128, 128, 0]); // olive, first leg outside
    expect(pixel(120, 792 - 685)).toEqual([128, 128, 0]); // olive, second leg outside
    expect(pixel(120, 792 - 640)).toEqual([0, 0, 0]);
    // The content itself, uncompressed by qpdf: no path of the area anywhere (page or XObject), the others intact.
    const qdf = qdfText(out);
    for (const gone of ['100 600 80 40 re', '110 580 m', '240 570 c', '75 398 m', '60 540 60 40 re', '120 650 l'])
      expect(qdf).not.toContain(gone);
    expect(qdf.match(/\/Sh0 sh/g)).toHaveLength(1);
    for (const kept of ['300 600 80 40 re', '400 500 m', '50 620 m', '560 620 l', '0 0 612 792 re'])
      expect(qdf).toContain(kept);
    // The original form (drawn outside) still holds its square; the copy used inside does not.
    expect(qdf.match(/0 0 20 20 re/g)).toHaveLength(1);
    const text = textOf(out);
    expect(text).not.toMatch(/underlined/i);
    // The text object after the one removed whole stays where it was (MuPDF 1.21 alone moves it off the page).
    expect(text).toContain('KEEP THIS');
    expect(boxOf(out, 1, 'KEEP')).toEqual(boxOf(file, 1, 'KEEP'));
  });

  it('keeps text after a text object removed whole where it was, whether placed by Td or TD, on the page or in a form', async () => {
    const file = tempFile(
      'positions.pdf',
      makePdf(
        [{ content: 'BT /F1 12 Tf 72 400 TD (GONEWORD) Tj ET BT /F1 12 Tf 300 400 TD (STAYWORD) Tj ET\n/Fm0 Do\n' }],
        [],
        ['BT /F1 12 Tf 72 300 Td (GONEWORD) Tj ET BT /F1 12 Tf 300 300 Td (FORMWORD) Tj ET\n'],
      ),
    );
    const { out } = await redacted([['terms', 'goneword']], file);
    expect(textOf(out)).not.toMatch(/goneword/i);
    for (const word of ['STAYWORD', 'FORMWORD']) expect(boxOf(out, 1, word)).toEqual(boxOf(file, 1, word));
  });

  it('follows nested form XObjects, and refuses (422) rather than skips a nesting deeper than it walks', async () => {
    // Fm<i> draws Fm<i+1>; the last draws a square in the area.
    const chain = (depth: number) => [
      ...Array.from({ length: depth }, (_, i) => `/Fm${i + 1} Do\n`),
      '0 0 0.5 rg 100 600 20 20 re f\n',
    ];
    const area = ['areas', JSON.stringify([{ page: 1, x: 90, y: 132, w: 160, h: 100 }])] as [string, string];
    const shallow = tempFile('nested-5.pdf', makePdf([{ content: '/Fm0 Do\n' }], [], chain(5)));
    const { out, res } = await redacted([area], shallow);
    expect(res.headers.get('x-redactions-vector')).toBe('1');
    expect(qdfText(out)).not.toContain('100 600 20 20 re');
    const deep = tempFile('nested-14.pdf', makePdf([{ content: '/Fm0 Do\n' }], [], chain(14)));
    const problem = await problemOf(await server.post('redact', await redactForm([area], deep), key));
    expect([problem.status, problem.code]).toEqual([422, 'resource_limit']);
    expect(problem.detail).toMatch(/nested/);
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
      [
        [
          ['terms', 'x'],
          ['color', 'red'],
        ],
        'color',
      ],
      [
        [
          ['terms', 'x'],
          ['colour', '#000000'],
        ],
        'colour',
      ],
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
    const res = await server.post(
      'redact',
      await redactForm(
        [
          ['terms', 'the'],
          ['password', 'user'],
        ],
        corpus('encrypted-rc4-20-pages-user-user.pdf'),
      ),
      key,
    );
    expect(res.status).toBe(200);
    const out = await saveBody(res, 'out.pdf');
    // qpdf --is-encrypted: exit 2 = not encrypted.
    expect(spawnSync('qpdf', ['--is-encrypted', out]).status).toBe(2);
    expect(textOf(out).length).toBeGreaterThan(100);
  });
});
