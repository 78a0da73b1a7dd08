// Setting form values in fonts. Text all in WinAnsiEncoding is set in the
// standard Helvetica (measured with its AFM widths, nothing embedded). Any
// other text is set in the Noto face of its script (Debian fonts-noto-core,
// fonts-noto-cjk), shaped by hb-shape (joining, ligatures, marks, right-to-
// left runs), and the glyphs used are embedded as one subset per face
// (hb-subset) shared by every field of the document. Two passes: collect
// every string first (one hb-shape run per face), then set them.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { InvalidRequestError } from '../core/errors.js';
import { cidFontObjects } from '../pdf/cid-font.js';
import type { Glyph } from '../pdf/field-appearance.js';
import { helveticaGlyph, isWinAnsi } from '../pdf/helvetica.js';
import { shapeLines, subsetFont, type FontFace, type ShapedGlyph } from '../tools/harfbuzz.js';

/** Where Debian puts the Noto faces. */
const NOTO_TTF = '/usr/share/fonts/truetype/noto';
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Scripts that have their own Noto Sans face (NotoSans<Script>-Regular.ttf). */
const OWN_FACE = [
  'Arabic', 'Hebrew', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala',
  'Thai', 'Lao', 'Myanmar', 'Khmer', 'Georgian', 'Armenian', 'Ethiopic', 'Syriac', 'Thaana', 'Cherokee', 'Mongolian', 'Tibetan',
];
const SCRIPT_TESTS = OWN_FACE.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')] as const);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG = /[\p{L}]/u;

/** The resource names of the fonts in generated appearances. */
export const HELVETICA_RESOURCE = 'Helv';
export const DINGBATS_RESOURCE = 'ZaDb';

function faceKey(face: FontFace): string {
  return `${face.file}#${face.index}`;
}

/** The Noto face for a character that has a script of its own, undefined for a neutral one (spaces, digits, marks). */
function faceFor(char: string): FontFace | undefined {
  if (NEUTRAL.test(char)) return undefined;
  if (CJK.test(char)) return { file: NOTO_CJK, index: 0 };
  for (const [script, test] of SCRIPT_TESTS) if (test.test(char)) return { file: path.join(NOTO_TTF, `NotoSans${script}-Regular.ttf`), index: 0 };
  return { file: path.join(NOTO_TTF, 'NotoSans-Regular.ttf'), index: 0 };
}

/** `text` cut into runs of one face each; neutral characters go with the run they are in (or the next one). */
function runsOf(text: string): Array<{ face: FontFace; text: string }> {
  const runs: Array<{ face: FontFace | undefined; text: string }> = [];
  for (const char of text) {
    const face = faceFor(char);
    const last = runs[runs.length - 1];
    if (last && (face === undefined || (last.face && faceKey(last.face) === faceKey(face)))) last.text += char;
    else if (last && last.face === undefined && face) {
      last.face = face;
      last.text += char;
    } else runs.push({ face, text: char });
  }
  const base = { file: path.join(NOTO_TTF, 'NotoSans-Regular.ttf'), index: 0 };
  // Spaces at either end of a right-to-left run belong between the runs: shaped inside it they would land on its far side.
  return runs.flatMap((r) => {
    const face = r.face ?? base;
    const m = /^(\s*)(.*?)(\s*)$/su.exec(r.text)!;
    if (!isRightToLeft(r.text) || (m[1] === '' && m[3] === '')) return [{ face, text: r.text }];
    return [
      ...(m[1] ? [{ face: base, text: m[1] }] : []),
      ...(m[2] ? [{ face, text: m[2] }] : []),
      ...(m[3] ? [{ face: base, text: m[3] }] : []),
    ];
  });
}

/** Whether a paragraph reads right to left (its first letter is of a right-to-left script). */
export function isRightToLeft(text: string): boolean {
  for (const c of text) if (STRONG.test(c)) return RTL.test(c);
  return false;
}

interface FaceState {
  face: FontFace;
  resource: string;
  lines: Set<string>;
  shaped: Map<string, ShapedGlyph[]>;
  widths: Map<number, number>;
  unicode: Map<number, string>;
}

/** Sets the strings of one fill: collect with `need`, then `prepare`, then `setter`. */
export class FormText {
  private readonly faces = new Map<string, FaceState>();
  private helveticaUsed = false;
  dingbatsUsed = false;

  /** Whether `strings` (one field's) can be set in Helvetica. */
  static fitsHelvetica(strings: string[]): boolean {
    return strings.every(isWinAnsi);
  }

  /** Records strings (words, no line breaks) an embedded font must set. */
  need(strings: string[]): void {
    for (const s of strings) {
      for (const run of runsOf(s)) {
        const key = faceKey(run.face);
        let state = this.faces.get(key);
        if (!state) {
          state = { face: run.face, resource: `NF${this.faces.size}`, lines: new Set(), shaped: new Map(), widths: new Map(), unicode: new Map() };
          this.faces.set(key, state);
        }
        state.lines.add(run.text);
      }
    }
  }

  /**
   * Shapes every recorded string, one hb-shape run per face. A character no face has → 400 naming the field
   * `fieldOf(text)` gives; undefined (a value already in the file, not sent) draws it as the font's missing glyph.
   */
  async prepare(run: RunContext, fieldOf: (text: string) => string | undefined): Promise<void> {
    await Promise.all(
      [...this.faces.values()].map(async (state) => {
        const lines = [...state.lines];
        const shaped = await shapeLines(run, state.face, lines);
        lines.forEach((line, i) => {
          const glyphs = shaped[i];
          const chars = Array.from(line);
          const missing = glyphs.find((g) => g.g === 0);
          const field = missing ? fieldOf(line) : undefined;
          if (missing && field !== undefined) {
            const char = chars[missing.cl] ?? '?';
            throw new InvalidRequestError(
              `values: the value of "${field}" has "${char}" (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}), which no bundled font has.`,
              'values',
            );
          }
          state.shaped.set(line, glyphs);
          const starts = [...new Set(glyphs.map((g) => g.cl))].sort((a, b) => a - b);
          const named = new Set<number>();
          for (const g of glyphs) {
            if (!state.widths.has(g.g)) state.widths.set(g.g, g.ax);
            if (named.has(g.cl)) continue;
            named.add(g.cl);
            const next = starts.find((s) => s > g.cl) ?? chars.length;
            if (!state.unicode.has(g.g)) state.unicode.set(g.g, chars.slice(g.cl, next).join(''));
          }
        });
      }),
    );
  }

  /** `text` as glyphs in visual order: Helvetica codes, or shaped glyphs of the embedded faces. */
  set(text: string, helvetica: boolean): Glyph[] {
    if (helvetica) {
      this.helveticaUsed = true;
      return Array.from(text).map((c) => {
        const [code, width] = helveticaGlyph(c) ?? [0x3f, 556];
        return { font: HELVETICA_RESOURCE, code: code.toString(16).padStart(2, '0'), width, advance: width, dx: 0 };
      });
    }
    const runs = runsOf(text).map((r) => {
      const state = this.faces.get(faceKey(r.face))!;
      const glyphs = state.shaped.get(r.text) ?? [];
      return glyphs.map((g) => ({ font: state.resource, code: g.g.toString(16).padStart(4, '0'), width: state.widths.get(g.g) ?? g.ax, advance: g.ax, dx: g.dx }));
    });
    if (isRightToLeft(text)) runs.reverse();
    return runs.flat();
  }

  /**
   * The font objects of this fill for a qpdf JSON update (numbered from
   * `firstObject`) and the font resources every generated appearance gets.
   */
  async fontObjects(run: RunContext, firstObject: number): Promise<{ resources: Record<string, string>; objects: Record<string, unknown>; next: number }> {
    const resources: Record<string, string> = {};
    const objects: Record<string, unknown> = {};
    let next = firstObject;
    if (this.helveticaUsed) {
      const ref = `${next++} 0 R`;
      objects[`obj:${ref}`] = { value: { '/Type': '/Font', '/Subtype': '/Type1', '/BaseFont': '/Helvetica', '/Encoding': '/WinAnsiEncoding' } };
      resources[`/${HELVETICA_RESOURCE}`] = ref;
    }
    if (this.dingbatsUsed) {
      const ref = `${next++} 0 R`;
      objects[`obj:${ref}`] = { value: { '/Type': '/Font', '/Subtype': '/Type1', '/BaseFont': '/ZapfDingbats' } };
      resources[`/${DINGBATS_RESOURCE}`] = ref;
    }
    const subsets = await Promise.all(
      [...this.faces.values()].map(async (state) => {
        const file = path.join(run.workdir, `subset-${state.resource}-${crypto.randomBytes(4).toString('hex')}.font`);
        await subsetFont(run, state.face, [...state.widths.keys()], file);
        return { state, bytes: await fs.readFile(file) };
      }),
    );
    for (const { state, bytes } of subsets) {
      const tag = Array.from(crypto.randomBytes(6), (b) => String.fromCharCode(65 + (b % 26))).join('');
      const name = path.basename(state.face.file).replace(/\.(ttf|otf|ttc)$/, '');
      const built = cidFontObjects({ name, tag, bytes, widths: state.widths, unicode: state.unicode }, next);
      next += 5;
      Object.assign(objects, built.objects);
      resources[`/${state.resource}`] = built.ref;
    }
    return { resources, objects, next };
  }
}
