import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpus, eventually, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryptionOf, pageCountOf, qpdfCheck, textOf } from '../helpers/pdf.js';
import { makeJpeg, makePdf, rgbaPng, tempFile, textAt } from '../helpers/make-fixtures.js';

let server: TestServer;
let key: string;
let mixed: string;

/** Display size (as the reader sees it) of each page of the mixed fixture. */
const DISPLAY = [
  [612, 792],
  [792, 612],
  [612, 792],
  [420, 595],
  [595, 420],
];

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  // Letter; Letter turned 90°; Letter whose MediaBox starts at 100,100; a smaller page; a small offset page turned 270°.
  mixed = tempFile(
    'mixed.pdf',
    makePdf([
      { content: textAt('PAGEONE', 72, 700), compress: true },
      { rotate: 90, content: textAt('PAGETWO', 72, 700), compress: true },
      { mediaBox: [100, 100, 712, 892], content: textAt('PAGETHREE', 172, 800), compress: true },
      { mediaBox: [0, 0, 420, 595], content: textAt('PAGEFOUR', 72, 500), compress: true },
      { mediaBox: [50, 50, 470, 645], rotate: 270, content: textAt('PAGEFIVE', 100, 500), compress: true },
    ]),
  );
});
afterAll(() => server.close());

interface Box {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Word boxes (pdftotext -bbox, display coordinates, y from the top) of `word` on `page`. */
function boxesOf(file: string, page: number, word: string): Box[] {
  const xml = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
  return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .filter((m) => m[5] === word)
    .map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]) }));
}

async function watermark(fields: Record<string, string | [Blob, string]>, file = mixed): Promise<Response> {
  return server.post('watermark', form({ file: await filePart(file), ...fields }), key);
}

async function watermarked(fields: Record<string, string | [Blob, string]>, file = mixed): Promise<string> {
  const res = await watermark(fields, file);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return saveBody(res, 'out.pdf');
}

/** Mean gray level (0 black … 255 white) of page `page` rendered at 20 dpi. */
function meanGray(file: string, page: number): number {
  const prefix = path.join(path.dirname(file), `render-${page}`);
  execFileSync('pdftoppm', ['-gray', '-r', '20', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  const pgm = fs.readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
  const pixels = pgm.subarray(header[0].length);
  return pixels.reduce((sum, v) => sum + v, 0) / pixels.length;
}

function qdfText(file: string): string {
  return execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], {
    encoding: 'latin1',
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe('POST /v1/pdf/watermark', () => {
  it('centres upright text on rotated, offset and differently sized pages, and keeps the content streams', async () => {
    const res = await watermark({ text: 'WMARK', rotation: '0' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="mixed-watermarked.pdf"');
    const out = await saveBody(res, 'out.pdf');
    expect(qpdfCheck(out)).toBe(true);
    expect(pageCountOf(out)).toBe(5);
    DISPLAY.forEach(([w, h], i) => {
      const [box] = boxesOf(out, i + 1, 'WMARK');
      expect(box, `page ${i + 1}`).toBeDefined();
      // Horizontal for the reader: wider than tall, centred on the displayed page.
      expect(box.xMax - box.xMin).toBeGreaterThan(box.yMax - box.yMin);
      expect((box.xMin + box.xMax) / 2).toBeCloseTo(w / 2, 0);
      expect((box.yMin + box.yMax) / 2).toBeCloseTo(h / 2, 0);
    });
    // The original page text is still there, and the original content streams were not rewritten.
    expect(textOf(out, ['-f', '3', '-l', '3'])).toContain('PAGETHREE');
    // Each page's content stream survives unchanged (qpdf wraps it in a form XObject and
    // re-deflates it, but the operators are not parsed or rewritten).
    const decoded = qdfText(out);
    const streams = [
      [72, 700, 'PAGEONE'],
      [72, 700, 'PAGETWO'],
      [172, 800, 'PAGETHREE'],
      [72, 500, 'PAGEFOUR'],
      [100, 500, 'PAGEFIVE'],
    ] as const;
    for (const [x, y, label] of streams) expect(decoded).toContain(`stream\n${textAt(label, x, y)}endstream`);
  });

  it('places the mark at each of the nine positions of the displayed page, inside a 5% margin', async () => {
    const positions = [
      'top-left',
      'top',
      'top-right',
      'left',
      'center',
      'right',
      'bottom-left',
      'bottom',
      'bottom-right',
    ];
    for (const position of positions) {
      const out = await watermarked({ text: 'WMARK', rotation: '0', position, font_size: '24' });
      // Page 2 (Rotate 90, displayed 792×612) and page 4 (420×595).
      for (const page of [2, 4]) {
        const [w, h] = DISPLAY[page - 1];
        const m = 0.05 * Math.min(w, h);
        const [box] = boxesOf(out, page, 'WMARK');
        const cx = (box.xMin + box.xMax) / 2;
        const cy = (box.yMin + box.yMax) / 2;
        const where = `${position} on page ${page}`;
        if (position.endsWith('left')) expect(box.xMin, where).toBeCloseTo(m, 0);
        else if (position.endsWith('right')) expect(box.xMax, where).toBeCloseTo(w - m, 0);
        else expect(cx, where).toBeCloseTo(w / 2, 0);
        if (position.startsWith('top')) expect(box.yMin, where).toBeCloseTo(m, 0);
        else if (position.startsWith('bottom')) expect(box.yMax, where).toBeCloseTo(h - m, 0);
        else expect(cy, where).toBeCloseTo(h / 2, 0);
      }
    }
  });

  it('tiles the mark over the page', async () => {
    const out = await watermarked({ text: 'TILED', rotation: '0', position: 'tile', font_size: '20', pages: '1' });
    expect(boxesOf(out, 1, 'TILED').length).toBeGreaterThanOrEqual(10);
  });

  it('is extractable at the default 45° on exactly the selected pages', async () => {
    const out = await watermarked({ text: 'CONFIDENTIAL', pages: '1,3-4' });
    const pages = [1, 2, 3, 4, 5].map((p) => textOf(out, ['-f', String(p), '-l', String(p)]));
    expect(pages.map((t) => t.includes('CONFIDENTIAL'))).toEqual([true, false, true, true, false]);
    // Diagonal: the word's box is about as tall as it is wide.
    const [box] = boxesOf(out, 1, 'CONFIDENTIAL');
    expect(box.yMax - box.yMin).toBeGreaterThan(100);
  });

  it('sets non-Latin text (Cyrillic, Greek, Armenian) in embedded subset fonts and refuses characters no font has', async () => {
    const text = 'Черновик Πρόχειρο Սևագիր';
    const out = await watermarked({ text, rotation: '30', pages: '2' });
    expect(textOf(out, ['-f', '2', '-l', '2'])).toContain(text);
    const fonts = execFileSync('pdffonts', [out], { encoding: 'utf8' });
    expect(fonts).toMatch(/[A-Z]{6}\+NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    // The subset is small, not the whole 750 KB font.
    expect(fs.statSync(out).size).toBeLessThan(fs.statSync(mixed).size + 60_000);
    for (const [bad, code] of [
      ['A\u{10FFFD}', 'U+10FFFD'],
      ['\uE000 private', 'U+E000'],
    ]) {
      const res = await watermark({ text: bad });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('invalid_request');
      expect(body.detail).toContain(code);
    }
  });

  it('treats the text as data: PostScript/JS-looking input is drawn literally', async () => {
    const text = ') Tj ET (x) showpage quit %app.alert(1)\\';
    const out = await watermarked({ text, rotation: '0', pages: '1' });
    expect(textOf(out, ['-f', '1', '-l', '1'])).toContain(text);
  });

  it('applies font_size, color and opacity', async () => {
    const small = await watermarked({ text: 'SIZE', rotation: '0', font_size: '20', pages: '1' });
    const large = await watermarked({ text: 'SIZE', rotation: '0', font_size: '40', pages: '1' });
    const height = (f: string) => {
      const [b] = boxesOf(f, 1, 'SIZE');
      return b.yMax - b.yMin;
    };
    expect(height(large) / height(small)).toBeCloseTo(2, 1);
    const styled = qdfText(await watermarked({ text: 'C', color: '#FF8000', opacity: '0.5', pages: '1' }));
    expect(styled).toMatch(/\b1 0\.502 0 rg\b/);
    expect(styled).toMatch(/\/ca 0\.5\b/);
    const defaults = qdfText(await watermarked({ text: 'C', pages: '1' }));
    expect(defaults).toMatch(/\b0\.502 0\.502 0\.502 rg\b/);
    expect(defaults).toMatch(/\/ca 0\.3\b/);
  });

  it('shrinks text that would not fit the page', async () => {
    const out = await watermarked({
      text: 'A VERY LONG WATERMARK TEXT THAT IS WIDER THAN THE PAGE',
      rotation: '0',
      font_size: '100',
      pages: '4',
    });
    // ActualText makes the whole mark one word.
    const [box] = boxesOf(out, 4, 'A VERY LONG WATERMARK TEXT THAT IS WIDER THAN THE PAGE');
    expect(box.xMin).toBeCloseTo(0.05 * 420, 0);
    expect(box.xMax).toBeCloseTo(420 - 0.05 * 420, 0);
  });

  it('puts the mark under the content with layer=under (hidden by an opaque page), over it by default', async () => {
    const opaque = tempFile('opaque.pdf', makePdf([{ content: '1 1 1 rg 0 0 612 792 re f' }]));
    const fields = { text: 'UNDER', color: '#000000', opacity: '1', position: 'tile', font_size: '60' };
    const over = await watermarked(fields, opaque);
    const under = await watermarked({ ...fields, layer: 'under' }, opaque);
    expect(meanGray(over, 1)).toBeLessThan(253);
    expect(meanGray(under, 1)).toBeGreaterThan(254.9);
    // Still in the file and extractable, just not visible.
    expect(textOf(under)).toContain('UNDER');
  });

  it('stamps a PNG keeping its transparency, scaled to the page width', async () => {
    const png = rgbaPng(40, 20, [0, 0, 255, 128]);
    const out = await watermarked({
      image: await filePart(png, 'logo.png'),
      image_scale: '0.25',
      pages: '1,4',
      rotation: '0',
    });
    const list = execFileSync('pdfimages', ['-list', out], { encoding: 'utf8' });
    const rows = list
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/));
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['1', 'image'],
      ['1', 'smask'],
      ['4', 'image'],
      ['4', 'smask'],
    ]);
    // 40 px over a quarter of the page width: 612/4 pt → 40 / (153/72) ≈ 18.8 ppi; page 4: 40 / (105/72) ≈ 27.4 ppi.
    expect(Number(rows[0][12])).toBeCloseTo(18.8, 0);
    expect(Number(rows[2][12])).toBeCloseTo(27.4, 0);
  });

  it('stamps a JPEG unchanged', async () => {
    const jpeg = makeJpeg(60, 30);
    const out = await watermarked({ image: await filePart(jpeg, 'logo.jpg'), pages: '2' });
    const dir = path.join(path.dirname(out), 'imgs');
    fs.mkdirSync(dir);
    execFileSync('pdfimages', ['-all', out, path.join(dir, 'i')]);
    expect(fs.readdirSync(dir)).toEqual(['i-000.jpg']);
    expect(fs.readFileSync(path.join(dir, 'i-000.jpg')).equals(jpeg)).toBe(true);
  });

  it('opens encrypted input with password (output decrypted) and reports a missing one', async () => {
    const enc = corpus('encrypted-rc4-20-pages-user-user.pdf');
    const out = await watermarked({ text: 'SECRET', password: 'user', pages: '20' }, enc);
    expect(encryptionOf(out)).toContain('not encrypted');
    expect(textOf(out, ['-f', '20', '-l', '20'])).toContain('SECRET');
    const missing = await watermark({ text: 'SECRET' }, enc);
    expect(missing.status).toBe(422);
    expect((await missing.json()).code).toBe('password_required');
  });

  it('refuses bad input', async () => {
    // A PNG header claiming 5000×5000 (25 MP, over the 16 MP stamp limit); never decoded.
    const hugePng = rgbaPng(1, 1, [0, 0, 0, 255]);
    hugePng.writeUInt32BE(5000, 16);
    hugePng.writeUInt32BE(5000, 20);
    const cases: Array<[Record<string, string | [Blob, string]>, number, string?]> = [
      [{}, 400, 'text'],
      [{ text: 'A', image: await filePart(rgbaPng(4, 4, [0, 0, 0, 255]), 'a.png') }, 400, 'text'],
      [{ text: 'A', color: 'red' }, 400, 'color'],
      [{ text: 'A', color: '#12345' }, 400, 'color'],
      [{ text: 'A', opacity: '1.5' }, 400, 'opacity'],
      [{ text: 'A', opacity: '-0.1' }, 400, 'opacity'],
      [{ text: 'A', position: 'middle' }, 400, 'position'],
      [{ text: 'A', image_scale: '0.3' }, 400, 'image_scale'],
      [{ image: await filePart(rgbaPng(4, 4, [0, 0, 0, 255]), 'a.png'), font_size: '20' }, 400, 'font_size'],
      [{ text: 'A', pages: '9' }, 400, 'pages'],
      [{ image: await filePart(corpus('trivial.pdf'), 'logo.png') }, 415],
      [{ image: await filePart(hugePng, 'huge.png') }, 413],
    ];
    for (const [fields, status, field] of cases) {
      const res = await watermark(fields);
      const body = await res.json();
      expect(res.status, JSON.stringify(Object.keys(fields))).toBe(status);
      if (field) expect(body.detail).toContain(field);
    }
    const notPdf = await server.post(
      'watermark',
      form({ file: await filePart(corpus('typewriter.png'), 'doc.pdf'), text: 'A' }),
      key,
    );
    expect(notPdf.status).toBe(415);
    const invalid = await watermark({ text: 'A' }, corpus('invalid.pdf'));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).code).toBe('invalid_pdf');
    const brokenPng = Buffer.concat([rgbaPng(4, 4, [0, 0, 0, 255]).subarray(0, 40), Buffer.alloc(20)]);
    const broken = await watermark({ image: await filePart(brokenPng, 'broken.png') });
    expect(broken.status).toBe(422);
  });

  it('refuses a document over MAX_PAGES with too_many_pages', async () => {
    const small = await startTestServer({ MAX_PAGES: '3' });
    try {
      const res = await small.post('watermark', form({ file: await filePart(mixed), text: 'A' }), small.newKey());
      expect(res.status).toBe(413);
      expect((await res.json()).code).toBe('too_many_pages');
      await eventually(() => small.leftovers().length === 0);
    } finally {
      await small.close();
    }
  });

  it('leaves no temp files behind', async () => {
    await eventually(() => server.leftovers().length === 0);
  });
});
