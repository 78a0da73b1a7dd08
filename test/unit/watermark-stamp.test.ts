import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { groupBySize } from '../../src/operations/watermark.js';
import { displaySize } from '../../src/operations/stamping.js';
import { layoutText } from '../../src/pdf/fonts.js';
import { decodePng } from '../../src/pdf/png.js';
import { marginFor, MAX_TILES, placeMark, type Mark } from '../../src/pdf/stamp.js';
import { parsePageGeometry } from '../../src/tools/pdfinfo.js';
import { hbSubsetArgs } from '../../src/tools/hb-subset.js';
import { compactRange, stampArgs } from '../../src/tools/qpdf-overlay.js';

const imageMark = (w: number, h: number, scale: number): Mark => ({
  kind: 'image',
  scale,
  image: { width: w, height: h, dict: '<<>>', data: Buffer.alloc(0), orientation: [1, 0, 0, 1, 0, 0] },
});

describe('watermark placement', () => {
  const page = { width: 600, height: 800 };
  const m = marginFor(page);

  it('puts corners inside the margin and centres in the middle', () => {
    const mark = imageMark(100, 50, 0.5); // 300 × 150 pt
    expect(placeMark(mark, { opacity: 1, rotation: 0, position: 'center' }, page)).toEqual({
      scale: 1,
      centres: [[300, 400]],
    });
    expect(placeMark(mark, { opacity: 1, rotation: 0, position: 'top-left' }, page).centres).toEqual([
      [m + 150, 800 - m - 75],
    ]);
    expect(placeMark(mark, { opacity: 1, rotation: 0, position: 'bottom-right' }, page).centres).toEqual([
      [600 - m - 150, m + 75],
    ]);
  });

  it('uses the rotated extent and shrinks (never grows) to fit', () => {
    const tall = placeMark(imageMark(100, 50, 0.5), { opacity: 1, rotation: 90, position: 'left' }, page);
    expect(tall.centres[0][0]).toBeCloseTo(m + 75);
    const wide = placeMark(imageMark(100, 10, 1), { opacity: 1, rotation: 0, position: 'center' }, page);
    expect(wide.scale).toBeCloseTo((600 - 2 * m) / 600);
  });

  it('tiles copies that all touch the page', () => {
    const { centres } = placeMark(imageMark(10, 10, 0.1), { opacity: 1, rotation: 0, position: 'tile' }, page);
    expect(centres.length).toBeGreaterThan(20);
    for (const [x, y] of centres) {
      expect(x).toBeGreaterThan(-30);
      expect(x).toBeLessThan(630);
      expect(y).toBeGreaterThan(-30);
      expect(y).toBeLessThan(830);
    }
  });

  it('caps the number of tiles for a tiny mark', () => {
    const { centres } = placeMark(imageMark(1, 1, 0.001), { opacity: 1, rotation: 30, position: 'tile' }, page);
    expect(centres.length).toBeGreaterThan(100);
    expect(centres.length).toBeLessThanOrEqual(MAX_TILES * 1.3);
  });

  it('groups pages by displayed size (rotation swaps width and height)', () => {
    const geometry = [
      { box: [0, 0, 612, 792] as [number, number, number, number], rotate: 0 },
      { box: [0, 0, 792, 612] as [number, number, number, number], rotate: 90 },
      { box: [100, 100, 712, 892] as [number, number, number, number], rotate: 0 },
      { box: [0, 0, 612, 792] as [number, number, number, number], rotate: 270 },
    ];
    expect(displaySize(geometry[3])).toEqual({ width: 792, height: 612 });
    const { sizes, groups } = groupBySize(geometry, [1, 2, 3, 4]);
    expect(sizes).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
    ]);
    expect(groups).toEqual([
      { pages: [1, 2, 3], stampPage: 1 },
      { pages: [4], stampPage: 2 },
    ]);
  });
});

describe('qpdf overlay arguments', () => {
  it('compacts page lists', () => {
    expect(compactRange([5, 1, 2, 3, 9, 8])).toBe('1-3,5,8-9');
  });

  it('uses --repeat for one stamp page and a --from list for several', () => {
    expect(stampArgs('in.pdf', 's.pdf', [{ pages: [1, 2, 3], stampPage: 1 }], 'over', 'out.pdf')).toEqual([
      'in.pdf',
      '--decrypt',
      '--overlay',
      's.pdf',
      '--to=1-3',
      '--from=',
      '--repeat=1',
      '--',
      'out.pdf',
    ]);
    expect(
      stampArgs(
        'in.pdf',
        's.pdf',
        [
          { pages: [1, 3], stampPage: 1 },
          { pages: [2], stampPage: 2 },
        ],
        'under',
        'out.pdf',
      ),
    ).toEqual(['in.pdf', '--decrypt', '--underlay', 's.pdf', '--to=1-3', '--from=1,2,1', '--', 'out.pdf']);
  });
});

describe('pdfinfo geometry', () => {
  it('reads trim boxes and rotations, stopping at the document end', () => {
    const out = [
      'Pages:           2',
      'Page    1 size:  612 x 792 pts (letter)',
      'Page    1 rot:   90',
      'Page    2 rot:   0',
      'Page    1 TrimBox:     100.00   100.00   712.00   892.00',
      'Page    2 TrimBox:       0.00     0.00   420.00   595.00',
    ].join('\n');
    expect(parsePageGeometry(out, 2000)).toEqual([
      { box: [100, 100, 712, 892], rotate: 90 },
      { box: [0, 0, 420, 595], rotate: 0 },
    ]);
  });
});

describe('text layout', () => {
  it('falls back per character to the face of its script and shapes each run', async () => {
    const runs = await layoutText('AᏣ', 'text'); // Latin (Noto Sans), Cherokee (Noto Sans Cherokee)
    expect(runs.map((r) => r.face.name)).toEqual(['NotoSans-Regular', 'NotoSansCherokee-Regular']);
    expect(runs.every((r) => r.glyphs.every((g) => g.glyph > 0))).toBe(true);
  });

  it('puts right-to-left runs in visual order and keeps digits and Latin left-to-right inside them', async () => {
    const runs = await layoutText('سري 2024 Top', 'text');
    // An Arabic paragraph: reading from the left, "Top", then the number, then the Arabic
    // (the space between a number and Latin takes the paragraph's direction, rule N2).
    expect(runs.map((r) => [r.text, r.rtl])).toEqual([
      ['Top', false],
      [' ', true],
      ['2024', false],
      ['سري ', true],
    ]);
  });

  it('refuses a character no face has naming the subject, or draws it as the missing glyph when asked', async () => {
    await expect(
      layoutText('A\u{1F680}', 'values', 'sans', { subject: 'values: the value of "city"' }),
    ).rejects.toThrow(/^values: the value of "city": .*U\+1F680/);
    const runs = await layoutText('A\u{1F680}', 'values', 'sans', { notdef: true });
    expect(runs.map((r) => r.face.name)).toEqual(['NotoSans-Regular']);
    expect(runs[0].glyphs.map((g) => g.glyph === 0)).toEqual([false, true]);
  });

  it('maps a lam-alef ligature to both characters, in drawing order', async () => {
    const [run] = await layoutText('لا', 'text');
    expect(run.glyphs).toHaveLength(1);
    expect(run.chars).toEqual(['ال']);
  });

  it('chooses the CJK face by the text: kana means Japanese, hangul Korean, else Chinese', async () => {
    expect((await layoutText('機密', 'text'))[0].face.name).toBe('NotoSansCJK-Regular2');
    expect((await layoutText('社外秘です', 'text'))[0].face.name).toBe('NotoSansCJK-Regular0');
    expect((await layoutText('대외비', 'text'))[0].face.name).toBe('NotoSansCJK-Regular1');
    expect((await layoutText('機密', 'text', 'serif'))[0].face.name).toBe('NotoSerifCJK-Regular2');
  });

  it('names the characters no face has', async () => {
    await expect(layoutText('a\u{10FFFD}', 'text')).rejects.toThrow(/U\+10FFFD/);
  });

  it('subsets TrueType faces keeping glyph ids and CFF faces renumbered', () => {
    const args = hbSubsetArgs({ file: 'f.ttf', index: 0, glyphs: [9, 3, 9], retainGids: true }, 'out.ttf');
    expect(args).toEqual(
      expect.arrayContaining([
        '--font-file=f.ttf',
        '--face-index=0',
        '--gids=0,3,9',
        '--retain-gids',
        '--output-file=out.ttf',
      ]),
    );
    expect(hbSubsetArgs({ file: 'f.ttc', index: 2, glyphs: [5], retainGids: false }, 'o')).not.toContain(
      '--retain-gids',
    );
  });
});

describe('PNG decoding', () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    let c = 0xffffffff;
    for (const b of Buffer.concat([head.subarray(4), data])) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE((c ^ 0xffffffff) >>> 0);
    return Buffer.concat([head, data, crc]);
  };
  const png = (w: number, h: number, depth: number, colorType: number, rows: Buffer[], extra: Buffer[] = []) => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr[8] = depth;
    ihdr[9] = colorType;
    const raw = Buffer.concat(rows.map((r) => Buffer.concat([Buffer.from([0]), r])));
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      ...extra,
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };

  it('decodes palette images with tRNS into RGB + alpha', () => {
    const data = png(
      2,
      1,
      8,
      3,
      [Buffer.from([0, 1])],
      [chunk('PLTE', Buffer.from([255, 0, 0, 0, 0, 255])), chunk('tRNS', Buffer.from([0]))],
    );
    const image = decodePng(data);
    expect(image.channels).toBe(3);
    expect([...image.pixels]).toEqual([255, 0, 0, 0, 0, 255]);
    expect([...image.alpha!]).toEqual([0, 255]);
  });

  it('decodes 1-bit gray and 16-bit RGBA', () => {
    expect([...decodePng(png(3, 1, 1, 0, [Buffer.from([0b10100000])])).pixels]).toEqual([255, 0, 255]);
    const rgba16 = decodePng(png(1, 1, 16, 6, [Buffer.from([0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0x80, 0x00])]));
    expect([...rgba16.pixels]).toEqual([0x12, 0x56, 0x9a]);
    expect([...rgba16.alpha!]).toEqual([0x80]);
  });

  it('decodes Adam7-interlaced RGB', () => {
    const w = 11;
    const h = 7;
    const pixel = (x: number, y: number) => [x * 20, y * 30, (x + y) * 7];
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ];
    const raw: number[] = [];
    for (const [x0, y0, dx, dy] of passes) {
      for (let y = y0; y < h; y += dy) {
        if (x0 >= w) break;
        raw.push(0);
        for (let x = x0; x < w; x += dx) raw.push(...pixel(x, y));
      }
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    ihdr[12] = 1;
    const data = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.from(raw))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const image = decodePng(data);
    const expected: number[] = [];
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expected.push(...pixel(x, y));
    expect([...image.pixels]).toEqual(expected);
    expect(image.alpha).toBeUndefined();
  });

  it('refuses images over the pixel limit before inflating', () => {
    expect(() => decodePng(png(100, 100, 8, 0, [Buffer.alloc(100)]), 1000)).toThrow(/over the limit/);
  });
});
