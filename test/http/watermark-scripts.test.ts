// Watermarks in every script, through HTTP, checked with independent tools:
// pdftotext gives the text back, the glyph ids in the stamped content stream
// are the ones Debian's hb-shape (HarfBuzz 6.0, a different build from the
// service's WebAssembly one) gives for the same font, text and direction, in
// the same visual order, and the page rendered at 150 dpi has the same ink
// profile as hb-view's own rendering of the string.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONT_DIRS } from '../../src/pdf/font-chain.js';
import { filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { makePdf, tempFile } from '../helpers/make-fixtures.js';

const run = promisify(execFile);
let server: TestServer;
let key: string;
let blank: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  blank = tempFile('blank.pdf', makePdf([{ content: '' }]));
});
afterAll(() => server.close());

type Run = [font: string, text: string, direction: 'ltr' | 'rtl'];

/** Sample, and the runs it must be drawn as, left to right (Unicode bidi by hand). */
const SAMPLES: Array<[script: string, text: string, runs: Run[]]> = [
  ['Arabic', 'سري للغاية', [['NotoSansArabic-Regular', 'سري للغاية', 'rtl']]],
  ['Hebrew', 'סודי ביותר', [['NotoSansHebrew-Regular', 'סודי ביותר', 'rtl']]],
  ['Hindi', 'हिन्दी गोपनीय', [['NotoSansDevanagari-Regular', 'हिन्दी गोपनीय', 'ltr']]],
  ['Bengali', 'গোপনীয় নথি', [['NotoSansBengali-Regular', 'গোপনীয় নথি', 'ltr']]],
  ['Thai', 'ลับที่สุด', [['NotoSansThai-Regular', 'ลับที่สุด', 'ltr']]],
  ['Chinese (Simplified)', '机密文件请勿外传', [['NotoSansCJK-Regular2', '机密文件请勿外传', 'ltr']]],
  ['Chinese (Traditional)', '機密文件請勿外傳', [['NotoSansCJK-Regular2', '機密文件請勿外傳', 'ltr']]],
  ['Japanese', '社外秘です', [['NotoSansCJK-Regular0', '社外秘です', 'ltr']]],
  ['Korean', '대외비 문서', [['NotoSansCJK-Regular1', '대외비 문서', 'ltr']]],
  ['Greek', 'Εμπιστευτικό', [['NotoSans-Regular', 'Εμπιστευτικό', 'ltr']]],
  ['Cyrillic', 'Конфиденциально', [['NotoSans-Regular', 'Конфиденциально', 'ltr']]],
  [
    'Arabic + English + digits',
    'سري للغاية Top Secret 2024',
    // An Arabic paragraph: the Latin words with the number (digits after Latin are Latin, rule W7), then
    // the Arabic, its trailing space between the two.
    [
      ['NotoSans-Regular', 'Top Secret 2024', 'ltr'],
      ['NotoSansArabic-Regular', 'سري للغاية ', 'rtl'],
    ],
  ],
];

/** The installed file, face index and HarfBuzz options of a font named as the service names it (CJK faces: JP, KR, SC, TC). */
function fontFile(name: string): [string, number, string[]] {
  const cjk = /^(Noto(?:Sans|Serif)CJK-Regular)(\d+)$/.exec(name);
  if (cjk)
    return [
      path.join(FONT_DIRS.notoCjk, `${cjk[1]}.ttc`),
      Number(cjk[2]),
      [`--language=${['ja', 'ko', 'zh'][Number(cjk[2])]}`],
    ];
  return [path.join(FONT_DIRS.noto, `${name}.ttf`), 0, []];
}

/** hb-shape's glyph ids for `text` in `font`, in visual order. */
async function hbShape([font, text, direction]: Run): Promise<number[]> {
  const [file, index, options] = fontFile(font);
  const { stdout } = await run('hb-shape', [
    `--font-file=${file}`,
    `--face-index=${index}`,
    `--direction=${direction}`,
    ...options,
    '--no-glyph-names',
    '--no-positions',
    '--no-clusters',
    `--text=${text}`,
  ]);
  return stdout
    .trim()
    .replace(/^\[|\]$/g, '')
    .split('|')
    .map(Number);
}

/** Each font switch of the stamp's text, in drawing order: the font's name and the glyph codes shown. */
async function shownGlyphs(file: string): Promise<Array<[string, number[]]>> {
  const { stdout } = await run('qpdf', ['--qdf', '--object-streams=disable', file, '-'], {
    encoding: 'latin1',
    maxBuffer: 64 << 20,
  });
  const objects = new Map<string, string>();
  for (const m of stdout.matchAll(/\n(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(m[1], m[2]);
  // The stamp's font dictionary: the one whose fonts are Type0.
  const fontNames = new Map<string, string>();
  for (const dict of stdout.matchAll(/\/Font <<([^>]*)>>/g)) {
    for (const [, name, id] of dict[1].matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const base = /\/BaseFont \/[A-Z]{6}\+([\w-]+)/.exec(objects.get(id) ?? '');
      if (base && /\/Subtype \/Type0/.test(objects.get(id)!)) fontNames.set(name, base[1]);
    }
  }
  const shows: Array<[string, number[]]> = [];
  for (const m of stdout.matchAll(/\/(\w+) [\d.]+ Tf ((?:\[[^\]]*\] TJ|-?[\d.]+ Ts|\s)*)/g)) {
    if (!fontNames.has(m[1])) continue;
    shows.push([fontNames.get(m[1])!, [...m[2].matchAll(/<([0-9A-F]{4})>/g)].map((g) => Number.parseInt(g[1], 16))]);
  }
  return shows;
}

/** pdftotext's text of `file`, without the bidi embedding marks it adds and the page's end. */
async function extracted(file: string, args: string[] = []): Promise<string> {
  const { stdout } = await run('pdftotext', [...args, file, '-']);
  return stdout.replace(/[\u202a-\u202e]/g, '').trim();
}

/** Ink columns of a gray image (PGM), cropped to the ink, resampled to `bins` columns, plus the ink box's aspect ratio. */
async function inkProfile(pdf: string, page: number, bins = 64): Promise<{ profile: number[]; aspect: number }> {
  const prefix = `${pdf}-p${page}`;
  await run('pdftoppm', ['-gray', '-r', '150', '-f', String(page), '-l', String(page), '-singlefile', pdf, prefix]);
  const pgm = fs.readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40))!;
  const [w, h] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const columns = new Array<number>(w).fill(0);
  let [top, bottom] = [h, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (pixels[y * w + x] >= 128) continue;
      columns[x]++;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  const first = columns.findIndex((c) => c > 0);
  const last = columns.length - 1 - [...columns].reverse().findIndex((c) => c > 0);
  const span = last - first + 1;
  const profile = Array.from({ length: bins }, (_, b) => {
    const [from, to] = [first + Math.floor((b * span) / bins), first + Math.floor(((b + 1) * span) / bins)];
    let sum = 0;
    for (let x = from; x < Math.max(to, from + 1); x++) sum += columns[x];
    return sum;
  });
  return { profile, aspect: span / (bottom - top + 1) };
}

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  a.forEach((x, i) => {
    ab += (x - ma) * (b[i] - mb);
    aa += (x - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  });
  return ab / Math.sqrt(aa * bb);
}

/** hb-view's rendering of a single-run sample (as PDF, rasterised like the output). */
async function hbView([font, text, direction]: Run, dir: string): Promise<string> {
  const [file, index, options] = fontFile(font);
  const out = path.join(dir, 'hb-view.pdf');
  await run('hb-view', [
    `--font-file=${file}`,
    `--face-index=${index}`,
    `--direction=${direction}`,
    ...options,
    '--font-size=48',
    '--margin=20',
    '-O',
    'pdf',
    '-o',
    out,
    `--text=${text}`,
  ]);
  return out;
}

describe('POST /v1/pdf/watermark in every script', () => {
  it.each(SAMPLES)('%s: shaped by HarfBuzz, in visual order, extractable', async (_script, text, runs) => {
    expect(text).toBe(text.normalize('NFC'));
    const res = await server.post(
      'watermark',
      form({ file: await filePart(blank), text, rotation: '0', opacity: '1', color: '#000000' }),
      key,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const out = await saveBody(res, 'out.pdf');

    // Glyphs: the same ids as hb-shape, run by run, left to right.
    const shown = await shownGlyphs(out);
    const expected = await Promise.all(runs.map(async (r) => [r[0], await hbShape(r)] as [string, number[]]));
    expect(shown).toEqual(expected);

    // Text: pdftotext gives the sent characters (it wraps right-to-left text in U+202B…U+202C
    // embedding marks); in a mixed line, each directional run in logical order, runs left to right.
    expect(await extracted(out)).toBe(runs.length === 1 ? text : 'Top Secret 2024 سري للغاية');

    // Rendering: the same ink profile as hb-view's (single-font samples).
    if (runs.length === 1) {
      const mine = await inkProfile(out, 1);
      const theirs = await inkProfile(await hbView(runs[0], path.dirname(out)), 1);
      expect(mine.aspect / theirs.aspect).toBeGreaterThan(0.9);
      expect(mine.aspect / theirs.aspect).toBeLessThan(1.1);
      expect(correlation(mine.profile, theirs.profile)).toBeGreaterThan(0.9);
    }
  });

  it('reads right-to-left and mixed text back at the default 45° and on a page turned 90°', async () => {
    const turned = tempFile('turned.pdf', makePdf([{ content: '' }, { rotate: 90, content: '' }]));
    // A mixed line comes back as its directional runs, each in logical order, in the order of
    // the line's main direction as pdftotext judges it (here by its letters: mostly Arabic).
    for (const [text, expected] of [
      ['سري للغاية', ['سري للغاية']],
      ['סודי ביותר', ['סודי ביותר']],
      ['لا إله Top 2024', ['لا إله Top 2024', 'Top 2024 لا إله']],
    ] as const) {
      const res = await server.post('watermark', form({ file: await filePart(turned), text }), key);
      expect(res.status).toBe(200);
      const out = await saveBody(res, 'diagonal.pdf');
      for (const page of ['1', '2'])
        expect(expected, `${text}, page ${page}`).toContain(await extracted(out, ['-f', page, '-l', page]));
    }
  });

  it('sets font=serif and font=mono in their own faces and embeds only the glyphs used', async () => {
    for (const [font, face] of [
      ['serif', 'NotoSerif-Regular'],
      ['mono', 'NotoSansMono-Regular'],
    ]) {
      const res = await server.post('watermark', form({ file: await filePart(blank), text: 'Draft', font }), key);
      expect(res.status).toBe(200);
      const out = await saveBody(res, `${font}.pdf`);
      const { stdout } = await run('pdffonts', [out]);
      expect(stdout).toMatch(new RegExp(`[A-Z]{6}\\+${face}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`));
    }
  });

  it('refuses a character no bundled font has, naming it, and text past the limit', async () => {
    const missing = await server.post('watermark', form({ file: await filePart(blank), text: 'ok \u{10FFFD}' }), key);
    expect(missing.status).toBe(400);
    expect((await missing.json()).detail).toContain('U+10FFFD');
    const long = await server.post('watermark', form({ file: await filePart(blank), text: '机'.repeat(10_000) }), key);
    expect(long.status).toBe(400);
    expect((await long.json()).detail).toMatch(/at most 500 characters/);
  });
});
