import { describe, expect, it } from 'vitest';
import { diffRasters, parsePpm, type Raster } from '../../src/operations/compare/pixels.js';
import { parseBboxLayout } from '../../src/tools/pdftotext-words.js';

/** A white raster with `draw` applied (x, y) → RGB or undefined. */
function raster(
  width: number,
  height: number,
  draw: (x: number, y: number) => number[] | undefined = () => undefined,
): Raster {
  const data = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const rgb = draw(x, y);
      if (rgb) data.set(rgb, (y * width + x) * 3);
    }
  return { width, height, data };
}

describe('diffRasters', () => {
  it('finds nothing between identical rasters', () => {
    const a = raster(60, 40, (x, y) => (x > 10 && x < 20 && y > 5 && y < 30 ? [0, 0, 0] : undefined));
    expect(
      diffRasters(
        a,
        raster(60, 40, (x, y) => (x > 10 && x < 20 && y > 5 && y < 30 ? [0, 0, 0] : undefined)),
        [],
      ),
    ).toEqual({ changedRatio: 0, boxes: [] });
  });

  it('sees a new 1-pixel line (1 pt at 72 dpi) and boxes it', () => {
    const diff = diffRasters(
      raster(60, 40),
      raster(60, 40, (x, y) => (y === 21 && x >= 8 && x < 40 ? [90, 90, 90] : undefined)),
      [],
    );
    expect(diff.boxes).toEqual([[8, 20, 32, 4]]);
    expect(diff.changedRatio).toBeCloseTo(32 / 2400, 6);
  });

  it('sees a colour change of the same shape', () => {
    const shape = (rgb: number[]) => raster(40, 40, (x, y) => (x >= 8 && x < 24 && y >= 8 && y < 24 ? rgb : undefined));
    expect(diffRasters(shape([200, 0, 0]), shape([0, 0, 200]), []).boxes).toEqual([[8, 8, 16, 16]]);
  });

  it('ignores an edge moved by one pixel and a lone speck', () => {
    const bar = (shift: number) =>
      raster(40, 40, (x, y) => (x >= 8 + shift && x < 24 + shift && y >= 8 && y < 24 ? [0, 0, 0] : undefined));
    expect(diffRasters(bar(0), bar(1), []).boxes).toEqual([]);
    expect(
      diffRasters(
        raster(40, 40),
        raster(40, 40, (x, y) => (x === 5 && y === 5 ? [0, 0, 0] : undefined)),
        [],
      ).boxes,
    ).toEqual([]);
  });

  it('leaves out masked areas', () => {
    const b = raster(40, 40, (x, y) => (x >= 8 && x < 24 && y >= 8 && y < 24 ? [0, 0, 0] : undefined));
    expect(diffRasters(raster(40, 40), b, [6, 6, 26, 26]).boxes).toEqual([]);
  });

  it('counts the area only one rendering has', () => {
    expect(diffRasters(raster(40, 40), raster(40, 48), []).boxes).toEqual([[0, 40, 40, 8]]);
  });
});

describe('parsePpm', () => {
  it('reads a binary PPM and refuses other data', () => {
    const file = Buffer.concat([Buffer.from('P6\n2 1\n255\n'), Buffer.from([1, 2, 3, 4, 5, 6])]);
    expect(parsePpm(file)).toMatchObject({ width: 2, height: 1 });
    expect([...parsePpm(file).data]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => parsePpm(Buffer.from('P5\n2 1\n255\n\x01\x02'))).toThrow();
    expect(() => parsePpm(Buffer.from('P6\n2 1\n255\n\x01\x02'))).toThrow(/truncated/);
  });
});

describe('parseBboxLayout', () => {
  it('feeds pages and words (entities decoded, blank words dropped)', () => {
    const seen: unknown[] = [];
    const xhtml =
      '<page width="612.000000" height="792.000000"><flow><block><line>' +
      '<word xMin="72.000000" yMin="70.5" xMax="100.25" yMax="82">R&amp;D</word><word xMin="1" yMin="2" xMax="3" yMax="4"> </word>' +
      '</line></block></flow></page><page width="300" height="400"></page>';
    const pages = parseBboxLayout(xhtml, {
      page: (w, h) => seen.push(['page', w, h]),
      word: (...args) => seen.push(['word', ...args]),
    });
    expect(pages).toBe(2);
    expect(seen).toEqual([
      ['page', 612, 792],
      ['word', 'R&D', 72, 70.5, 100.25, 82],
      ['page', 300, 400],
    ]);
  });
});
