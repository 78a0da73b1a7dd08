// The pure parts of forms and bookmarks: rectangles turned to the visible
// page, /DA parsing, line wrapping, and the outline built back from JSON.
import { describe, expect, it } from 'vitest';
import { parseDefaultAppearance, wrapLines, type Glyph } from '../../src/pdf/field-appearance.js';
import { userToVisible } from '../../src/pdf/qpdf-values.js';
import { buildOutline, readOutline } from '../../src/pdf/outline.js';
import { isRightToLeft } from '../../src/operations/forms-text.js';

const glyphs = (text: string): Glyph[] =>
  Array.from(text).map((c) => ({ font: 'F', code: c.charCodeAt(0).toString(16), width: 500, advance: 500, dx: 0 }));
const textOf = (line: Glyph[]) => line.map((g) => String.fromCharCode(parseInt(g.code, 16))).join('');

describe('forms layout', () => {
  it('measures rectangles from the visible top-left for every /Rotate', () => {
    const box: [number, number, number, number] = [0, 0, 612, 792];
    expect(userToVisible([100, 50, 300, 80], box, 0)).toEqual([100, 712, 200, 30]);
    expect(userToVisible([100, 50, 300, 80], box, 90)).toEqual([50, 100, 30, 200]);
    expect(userToVisible([100, 50, 300, 80], box, 180)).toEqual([312, 50, 200, 30]);
    expect(userToVisible([100, 50, 300, 80], box, 270)).toEqual([712, 312, 30, 200]);
    expect(userToVisible([110, 60, 310, 90], [10, 10, 622, 802], 0)).toEqual([100, 712, 200, 30]);
  });

  it('reads the font size and colour of /DA', () => {
    expect(parseDefaultAppearance('/Helv 12 Tf 0 g')).toEqual({ fontSize: 12, color: '0 g' });
    expect(parseDefaultAppearance('0 0 1 rg /F1 0 Tf')).toEqual({ fontSize: 0, color: '0 0 1 rg' });
    expect(parseDefaultAppearance(undefined)).toEqual({ fontSize: 0, color: '0 g' });
  });

  it('wraps at spaces, cuts a word wider than the line, and lays right-to-left words out from the right', () => {
    // 500/1000 em at 10 pt = 5 pt a character; 30 pt holds 6.
    const lines = wrapLines([{ words: ['ab', 'cd', 'efghijklmn'].map(glyphs), rtl: false }], glyphs(' '), 30, 10);
    expect(lines.map(textOf)).toEqual(['ab cd', 'efghij', 'klmn']);
    const rtl = wrapLines([{ words: ['one', 'two'].map(glyphs), rtl: true }], glyphs(' '), 100, 10);
    expect(rtl.map(textOf)).toEqual(['two one']);
    expect(isRightToLeft('123 שלום')).toBe(true);
    expect(isRightToLeft('Hi שלום')).toBe(false);
  });
});

describe('outline', () => {
  it('builds objects that read back as the same bookmarks', () => {
    const marks = [
      { title: 'A', page: 1, children: [{ title: 'A.1', page: 2, children: [] }] },
      { title: 'Ω', page: null, children: [] },
    ];
    const pages = ['10 0 R', '11 0 R'];
    const built = buildOutline(marks, pages, 20);
    const objects: Record<string, unknown> = {
      ...built.objects,
      'obj:1 0 R': { value: { '/Type': '/Catalog', '/Outlines': built.ref } },
    };
    expect(readOutline(objects, (objects['obj:1 0 R'] as { value: Record<string, unknown> }).value, pages)).toEqual(
      marks,
    );
  });
});
