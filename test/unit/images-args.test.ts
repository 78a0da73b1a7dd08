import { describe, expect, it } from 'vitest';
import { selectImages } from '../../src/operations/images.js';
import { img2pdfArgs } from '../../src/tools/img2pdf.js';
import { parseImageList } from '../../src/tools/pdfimages.js';

const LIST = `page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio
--------------------------------------------------------------------------------------------
   1     0 image     200   100  rgb     3   8  jpeg   no         7  0    96    96  994B 1.7%
   2     1 image      50    40  rgb     3   8  image  no         9  0    96    96   68B 1.1%
   2     2 smask      50    40  gray    1   8  image  no         9  0    96    96   34B 1.7%
   3     3 image     200   100  rgb     3   8  jpeg   no         7  0    96    96  994B 1.7%
   3     4 image       8     8  gray    1   8  image  no   [inline]      72    72   64B 100%
   3     5 image       8     8  gray    1   8  image  no   [inline]      72    72   64B 100%
`;

describe('pdfimages list', () => {
  it('parses rows, inline images included', () => {
    const rows = parseImageList(LIST);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      page: 1,
      num: 0,
      type: 'image',
      width: 200,
      height: 100,
      encoding: 'jpeg',
      object: '7 0',
    });
    expect(rows[4].object).toBeUndefined();
  });

  it('keeps each image object once, drops soft masks, keeps inline images, filters by both sides', () => {
    const rows = parseImageList(LIST);
    expect(selectImages(rows, 0).map((r) => r.num)).toEqual([0, 1, 4, 5]);
    expect(selectImages(rows, 41).map((r) => r.num)).toEqual([0]);
    expect(selectImages(rows, 40).map((r) => r.num)).toEqual([0, 1]);
  });
});

describe('img2pdf arguments', () => {
  it('fit with margin; fixed sizes fit into the page and follow the image orientation', () => {
    expect(img2pdfArgs(['a.png'], 'o.pdf', { pageSize: 'fit', margin: 0 })).toEqual([
      '--output',
      'o.pdf',
      '--',
      'a.png',
    ]);
    expect(img2pdfArgs(['a.png', 'b.jpg'], 'o.pdf', { pageSize: 'a4', margin: 12.5 })).toEqual([
      '--output',
      'o.pdf',
      '--pagesize',
      'A4',
      '--fit',
      'into',
      '--auto-orient',
      '--border',
      '12.5pt',
      '--',
      'a.png',
      'b.jpg',
    ]);
  });
});
