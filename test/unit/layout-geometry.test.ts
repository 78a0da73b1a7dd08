// The pure parts of the page-layout operations: page boxes read in-process
// (inheritance down the page tree), when qpdf --overlay places alike, the
// split-mode page arithmetic, title clean-up, and the tool-output parsers.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { quickPageBoxes } from '../../src/files/pdf-page-boxes.js';
import { inkFraction } from '../../src/files/pgm.js';
import { qpdfPlacesAlike } from '../../src/operations/overlay.js';
import { batchesOf } from '../../src/operations/page-scan.js';
import { chapterParts, partsAtSeparators, runsOf, safeTitle } from '../../src/operations/split-modes.js';
import { parseBoxes } from '../../src/tools/gs-bbox.js';
import { parseCodes } from '../../src/tools/zbarimg.js';
import { tempFile } from '../helpers/make-fixtures.js';
import { pdfFromObjects } from '../helpers/page-ops-fixtures.js';

describe('quickPageBoxes', () => {
  it('inherits MediaBox, CropBox and Rotate from the page tree; TrimBox stays on its page', async () => {
    const file = tempFile(
      'tree.pdf',
      pdfFromObjects([
        '<</Type/Catalog/Pages 2 0 R>>',
        '<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2/MediaBox[0 0 612 792]/Rotate 90>>',
        '<</Type/Page/Parent 2 0 R/CropBox[10 10 600 780]/TrimBox[20 20 590 770]>>',
        '<</Type/Page/Parent 2 0 R/MediaBox[0 842 595 0]/Rotate -90>>',
      ]),
    );
    expect(await quickPageBoxes(file, 10)).toEqual([
      { media: [0, 0, 612, 792], crop: [10, 10, 600, 780], trim: [20, 20, 590, 770], rotate: 90 },
      { media: [0, 0, 595, 842], crop: undefined, trim: undefined, rotate: 270 },
    ]);
  });

  it('gives up on an indirect box or a loop', async () => {
    const indirect = tempFile(
      'indirect.pdf',
      pdfFromObjects([
        '<</Type/Catalog/Pages 2 0 R>>',
        '<</Type/Pages/Kids[3 0 R]/Count 1>>',
        '<</Type/Page/Parent 2 0 R/MediaBox 4 0 R>>',
        '[0 0 612 792]',
      ]),
    );
    expect(await quickPageBoxes(indirect, 10)).toBeUndefined();
    const loop = tempFile(
      'loop.pdf',
      pdfFromObjects(['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[2 0 R]/Count 1>>']),
    );
    expect(await quickPageBoxes(loop, 10)).toBeUndefined();
  });
});

describe('qpdfPlacesAlike', () => {
  const a4 = { media: [0, 0, 595, 842] as [number, number, number, number], rotate: 0 };
  it('only for equal shown sizes with no trim box of their own', () => {
    expect(qpdfPlacesAlike(a4, a4)).toBe(true);
    expect(qpdfPlacesAlike({ ...a4, rotate: 90 }, a4)).toBe(false);
    expect(qpdfPlacesAlike({ ...a4, rotate: 90 }, { media: [0, 0, 842, 595], rotate: 0 })).toBe(true);
    expect(qpdfPlacesAlike({ ...a4, trim: [10, 10, 585, 832] }, a4)).toBe(false);
    expect(qpdfPlacesAlike(a4, { media: [0, 0, 420, 595], rotate: 0 })).toBe(false);
  });
});

describe('split arithmetic', () => {
  it('runs, separators and chapters', () => {
    expect(runsOf([1, 2, 3, 5, 6, 9])).toEqual([
      { first: 1, last: 3 },
      { first: 5, last: 6 },
      { first: 9, last: 9 },
    ]);
    expect(partsAtSeparators(7, [3, 6], false)).toEqual([
      { first: 1, last: 2 },
      { first: 4, last: 5 },
      { first: 7, last: 7 },
    ]);
    expect(partsAtSeparators(7, [1, 6], true)).toEqual([
      { first: 1, last: 5 },
      { first: 6, last: 7 },
    ]);
    expect(partsAtSeparators(3, [], false)).toEqual([{ first: 1, last: 3 }]);
    expect(
      chapterParts(8, [
        { title: 'B', page: 4 },
        { title: 'A', page: 2 },
        { title: 'A2', page: 2 },
        { title: 'Off', page: 99 },
      ]),
    ).toEqual([
      { title: 'A', range: { first: 1, last: 3 } },
      { title: 'B', range: { first: 4, last: 8 } },
    ]);
  });

  it('titles made safe for file names', () => {
    expect(safeTitle('Intro: Part/1')).toBe('Intro-Part-1');
    expect(safeTitle('../../etc/passwd')).toBe('etc-passwd');
    expect(safeTitle('Résumé')).toBe('Résumé');
    expect(safeTitle('***')).toBe('untitled');
    expect([...safeTitle('x'.repeat(100))]).toHaveLength(60);
  });
});

describe('tool output', () => {
  it('gs bbox lines, empty pages as null', () => {
    expect(parseBoxes('%%BoundingBox: 1 2 3 4\n%%HiResBoundingBox: 1.5 2 3 4\n%%HiResBoundingBox: 0 0 0 0\n')).toEqual([
      [1.5, 2, 3, 4],
      null,
    ]);
  });

  it('zbarimg XML by image, CDATA and base64', () => {
    const xml =
      "<barcodes><source href='/w/p-1.pgm'>\n<index num='0'>\n<symbol type='QR-Code'><data><![CDATA[SEP]]></data></symbol>\n</index>\n</source><source href='/w/p-2.pgm'>\n</source>" +
      `<source href='/w/p-3.pgm'><index num='0'><symbol type='QR-Code'><data format='base64'>${Buffer.from('ü').toString('base64')}</data></symbol></index></source></barcodes>`;
    expect([...parseCodes(xml)]).toEqual([
      ['/w/p-1.pgm', ['SEP']],
      ['/w/p-2.pgm', []],
      ['/w/p-3.pgm', ['ü']],
    ]);
  });

  it('ink fraction of a PGM', async () => {
    const pixels = Buffer.alloc(100, 255);
    pixels[0] = 0;
    pixels[1] = 199;
    pixels[2] = 200;
    const file = tempFile('page.pgm', Buffer.concat([Buffer.from('P5\n10 10\n255\n'), pixels]));
    expect(await inkFraction(file)).toBeCloseTo(0.02);
    fs.writeFileSync(file, Buffer.from('P5\n2 1\n255\n\x00\xff', 'latin1'));
    expect(await inkFraction(file)).toBe(0.5);
    fs.writeFileSync(file, 'P6\n1 1\n255\n\0\0\0');
    await expect(inkFraction(file)).rejects.toThrow(/PGM/);
  });
});

describe('render batches', () => {
  it('at most 25 pages and 25 M pixels a batch; a larger page alone', () => {
    expect(batchesOf(Array(60).fill(500_000))).toEqual([
      [1, 25],
      [26, 50],
      [51, 60],
    ]);
    expect(batchesOf([1_000_000, 30_000_000, 1_000_000, 1_000_000])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
    expect(batchesOf([])).toEqual([]);
  });
});
