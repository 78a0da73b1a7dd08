// Appearance streams of filled form fields (PDF 32000-1 §12.7.3.3): the
// content a viewer draws for a widget. Text is given as glyphs already set
// (Helvetica codes, or shaped glyphs of an embedded font), so this module
// only places them: single-line text by quadding and vertical centring,
// multi-line text wrapped at spaces, comb fields one character a cell, list
// boxes with their selected rows highlighted. Pure: no I/O.

/** One glyph: the font resource it is in, its code (hex), its declared and its shaped advance, its x offset (1/1000 em). */
export interface Glyph {
  font: string;
  code: string;
  width: number;
  advance: number;
  dx: number;
}

/** Sets a string (no line breaks) as glyphs in visual order. */
export type TextSetter = (text: string) => Glyph[];

/** What the field's /DA and /MK say about drawing it. */
export interface FieldStyle {
  /** 0 = auto. */
  fontSize: number;
  /** The colour operators of /DA ("0 g", "1 0 0 rg"). */
  color: string;
  /** /MK /BG and /BC as PDF colour operands (fill operator added here), undefined when absent. */
  background?: number[];
  border?: number[];
  borderWidth: number;
  /** 0 left, 1 centred, 2 right. */
  quadding: number;
}

const ASCENT = 0.718;
const DESCENT = -0.207;
const LINE_HEIGHT = 1.15;
const SELECTED_ROW = '0.6 0.75 0.86 rg';

function n(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function colorOp(components: number[], stroke: boolean): string {
  const values = components.map(n).join(' ');
  if (components.length === 1) return `${values} ${stroke ? 'G' : 'g'}`;
  if (components.length === 4) return `${values} ${stroke ? 'K' : 'k'}`;
  return `${values} ${stroke ? 'RG' : 'rg'}`;
}

/** The width of `glyphs` in 1/1000 em. */
export function widthOf(glyphs: Glyph[]): number {
  return glyphs.reduce((sum, g) => sum + g.advance, 0);
}

/** Text operators showing `glyphs` at `size`, switching fonts where they change. */
export function showGlyphs(glyphs: Glyph[], size: number): string {
  const out: string[] = [];
  let font: string | undefined;
  let items: string[] = [];
  const flush = () => {
    if (items.length > 0) out.push(`[${items.join(' ')}] TJ`);
    items = [];
  };
  for (const g of glyphs) {
    if (g.font !== font) {
      flush();
      font = g.font;
      out.push(`/${font} ${n(size)} Tf`);
    }
    if (g.dx !== 0) items.push(n(-g.dx));
    items.push(`<${g.code}>`);
    const after = g.width - g.advance + g.dx;
    if (after !== 0) items.push(n(after));
  }
  flush();
  return out.join(' ');
}

function frame(w: number, h: number, style: FieldStyle): string[] {
  const ops: string[] = [];
  if (style.background) ops.push(`${colorOp(style.background, false)} 0 0 ${n(w)} ${n(h)} re f`);
  if (style.border && style.borderWidth > 0) {
    const b = style.borderWidth;
    ops.push(`${colorOp(style.border, true)} ${n(b)} w ${n(b / 2)} ${n(b / 2)} ${n(w - b)} ${n(h - b)} re S`);
  }
  return ops;
}

function wrap(w: number, h: number, style: FieldStyle, body: string[]): string {
  const inset = Math.max(1, style.borderWidth);
  return [
    '/Tx BMC',
    'q',
    ...frame(w, h, style),
    `${n(inset)} ${n(inset)} ${n(w - 2 * inset)} ${n(h - 2 * inset)} re W n`,
    ...body,
    'Q',
    'EMC',
  ].join('\n');
}

function padding(style: FieldStyle): number {
  return 2 * Math.max(1, style.borderWidth);
}

function xFor(quadding: number, available: number, textWidth: number, pad: number): number {
  if (quadding === 1) return pad + (available - textWidth) / 2;
  if (quadding === 2) return pad + available - textWidth;
  return pad;
}

/** One line of text, vertically centred; an auto size fits the height and then the width. */
export function singleLineAppearance(w: number, h: number, style: FieldStyle, glyphs: Glyph[]): string {
  const pad = padding(style);
  const available = Math.max(0, w - 2 * pad);
  const width = widthOf(glyphs);
  let size = style.fontSize;
  if (size <= 0) {
    size = Math.min(12, Math.max(4, (h - 2 * pad) / (ASCENT - DESCENT)));
    if (width > 0) size = Math.max(4, Math.min(size, (available * 1000) / width));
  }
  const textWidth = (width * size) / 1000;
  const x = xFor(style.quadding, available, textWidth, pad);
  const y = (h - size * (ASCENT - DESCENT)) / 2 - DESCENT * size;
  return wrap(w, h, style, ['BT', style.color, `1 0 0 1 ${n(x)} ${n(y)} Tm`, showGlyphs(glyphs, size), 'ET']);
}

/** A paragraph of a multi-line field: its words set as glyphs, and whether it reads right to left. */
export interface Paragraph {
  words: Glyph[][];
  rtl: boolean;
}

/** Splits paragraphs into lines no wider than `available` pt at `size`, breaking at spaces (a word wider than a line is cut); words of a right-to-left paragraph are laid out right to left. */
export function wrapLines(paragraphs: Paragraph[], space: Glyph[], available: number, size: number): Glyph[][] {
  const scale = size / 1000;
  const spaceWidth = widthOf(space) * scale;
  const lines: Glyph[][] = [];
  for (const { words, rtl } of paragraphs) {
    let line: Glyph[][] = [];
    let lineWidth = 0;
    const finish = () => {
      const ordered = rtl ? [...line].reverse() : line;
      lines.push(ordered.flatMap((word, i) => (i === 0 ? word : [...space, ...word])));
      line = [];
      lineWidth = 0;
    };
    for (const word of words) {
      let rest = word;
      while (true) {
        const wordWidth = widthOf(rest) * scale;
        const needed = line.length > 0 ? spaceWidth + wordWidth : wordWidth;
        if (lineWidth + needed <= available || (line.length === 0 && rest.length <= 1)) {
          line.push(rest);
          lineWidth += needed;
          break;
        }
        if (line.length > 0) {
          finish();
          continue;
        }
        // A word wider than the line: cut it at the last glyph that fits.
        let cut = 1;
        let acc = rest[0].advance * scale;
        while (cut < rest.length && acc + rest[cut].advance * scale <= available) acc += rest[cut++].advance * scale;
        line.push(rest.slice(0, cut));
        finish();
        rest = rest.slice(cut);
        if (rest.length === 0) break;
      }
    }
    finish();
  }
  return lines;
}

/** Text on several lines from the top, wrapped at spaces; an auto size shrinks from 12 pt until the text fits. */
export function multiLineAppearance(
  w: number,
  h: number,
  style: FieldStyle,
  paragraphs: Paragraph[],
  space: Glyph[],
): string {
  const pad = padding(style);
  const available = Math.max(1, w - 2 * pad);
  let size = style.fontSize > 0 ? style.fontSize : 12;
  let lines = wrapLines(paragraphs, space, available, size);
  if (style.fontSize <= 0) {
    while (size > 4 && lines.length * size * LINE_HEIGHT > h - 2 * pad) {
      size -= 0.5;
      lines = wrapLines(paragraphs, space, available, size);
    }
  }
  const body = ['BT', style.color];
  let y = h - pad - ASCENT * size;
  for (const line of lines) {
    const x = xFor(style.quadding, available, (widthOf(line) * size) / 1000, pad);
    body.push(`1 0 0 1 ${n(x)} ${n(y)} Tm`, showGlyphs(line, size));
    y -= size * LINE_HEIGHT;
  }
  body.push('ET');
  return wrap(w, h, style, body);
}

/** A comb field: the rectangle cut into `cells` equal cells, one character centred in each. */
export function combAppearance(w: number, h: number, style: FieldStyle, characters: Glyph[][], cells: number): string {
  const cell = w / cells;
  let size = style.fontSize;
  if (size <= 0) size = Math.min(12, Math.max(4, (h - padding(style) * 2) / (ASCENT - DESCENT)), cell);
  const y = (h - size * (ASCENT - DESCENT)) / 2 - DESCENT * size;
  const body = ['BT', style.color];
  characters.slice(0, cells).forEach((glyphs, i) => {
    const x = i * cell + (cell - (widthOf(glyphs) * size) / 1000) / 2;
    body.push(`1 0 0 1 ${n(x)} ${n(y)} Tm`, showGlyphs(glyphs, size));
  });
  body.push('ET');
  return wrap(w, h, style, body);
}

/** A list box: every option on its own row from the top, the selected rows highlighted. */
export function listBoxAppearance(
  w: number,
  h: number,
  style: FieldStyle,
  rows: Glyph[][],
  selected: Set<number>,
): string {
  const pad = padding(style);
  const size = style.fontSize > 0 ? style.fontSize : 12;
  const rowHeight = size * LINE_HEIGHT;
  const body: string[] = [];
  rows.forEach((_, i) => {
    if (!selected.has(i)) return;
    const top = h - pad / 2 - i * rowHeight;
    body.push(`${SELECTED_ROW} ${n(pad / 2)} ${n(top - rowHeight)} ${n(w - pad)} ${n(rowHeight)} re f`);
  });
  body.push('BT', style.color);
  rows.forEach((glyphs, i) => {
    const baseline =
      h - pad / 2 - i * rowHeight - rowHeight + (rowHeight - size * (ASCENT - DESCENT)) / 2 - DESCENT * size;
    body.push(`1 0 0 1 ${n(pad)} ${n(baseline)} Tm`, showGlyphs(glyphs, size));
  });
  body.push('ET');
  return wrap(w, h, style, body);
}

/** The check mark of a checkbox or radio button that has no appearance of its own (ZapfDingbats ✔ or ●). */
export function buttonOnAppearance(w: number, h: number, style: FieldStyle, radio: boolean): string {
  const size = style.fontSize > 0 ? style.fontSize : Math.min(w, h) * 0.8;
  const code = radio ? '6c' : '34';
  const glyphWidth = radio ? 791 : 846;
  const x = (w - (glyphWidth * size) / 1000) / 2;
  const y = (h - size * 0.7) / 2;
  return [
    'q',
    ...frame(w, h, style),
    'BT',
    style.color,
    `/ZaDb ${n(size)} Tf`,
    `${n(x)} ${n(y)} Td`,
    `<${code}> Tj`,
    'ET',
    'Q',
  ].join('\n');
}

/** The off state of a generated button appearance: just its frame. */
export function buttonOffAppearance(w: number, h: number, style: FieldStyle): string {
  return ['q', ...frame(w, h, style), 'Q'].join('\n');
}

/** Reads /DA: its font size (0 = auto) and colour operators (black when it names none). */
export function parseDefaultAppearance(da: string | undefined): { fontSize: number; color: string } {
  const text = da ?? '';
  const size = /\/[^\s/]+\s+(-?[\d.]+)\s+Tf/.exec(text);
  const color = /(?:^|\s)((?:-?[\d.]+\s+){1}g|(?:-?[\d.]+\s+){3}rg|(?:-?[\d.]+\s+){4}k)(?=\s|$)/.exec(text);
  const fontSize = size ? Number(size[1]) : 0;
  return {
    fontSize: Number.isFinite(fontSize) && fontSize >= 0 && fontSize < 1000 ? fontSize : 0,
    color: color ? color[1].trim() : '0 g',
  };
}
