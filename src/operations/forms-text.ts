// Setting form values in fonts. Text all in WinAnsiEncoding is set in the
// standard Helvetica (measured with its AFM widths, nothing embedded). Any
// other text goes the watermark's way: each character in the first installed
// face that has it (pdf/font-chain.ts), bidi and HarfBuzz shaping in-process
// (pdf/fonts.ts, pdf/shaping.ts), one subset per face (tools/hb-subset.ts via
// stamp-fonts.ts) shared by every field of the document, embedded as
// pdf/cid-font.ts writes it. Two passes: collect every string first, then set them.
import type { RunContext } from '../core/contract.js';
import { cidFontObjects, usedGlyphs, type UsedGlyphs } from '../pdf/cid-font.js';
import type { Glyph } from '../pdf/field-appearance.js';
import { layoutText, type GlyphRun } from '../pdf/fonts.js';
import { helveticaGlyph, isWinAnsi } from '../pdf/helvetica.js';
import type { FontFace } from '../pdf/shaping.js';
import { embedFonts } from './stamp-fonts.js';

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG = /[\p{L}]/u;

/** The resource names of the fonts in generated appearances. */
export const HELVETICA_RESOURCE = 'Helv';
export const DINGBATS_RESOURCE = 'ZaDb';

/** Whether a paragraph reads right to left (its first letter is of a right-to-left script). */
export function isRightToLeft(text: string): boolean {
  for (const c of text) if (STRONG.test(c)) return RTL.test(c);
  return false;
}

/** Sets the strings of one fill: collect with `need`, then `prepare`, then `set`. */
export class FormText {
  /** Each string to set in an embedded font → the field that sent it (undefined: a value already in the file). */
  private readonly owners = new Map<string, string | undefined>();
  private readonly laidOut = new Map<string, GlyphRun[]>();
  private readonly resources = new Map<FontFace, string>();
  private used = new Map<FontFace, UsedGlyphs>();
  private helveticaUsed = false;
  dingbatsUsed = false;

  /** Whether `strings` (one field's) can be set in Helvetica. */
  static fitsHelvetica(strings: string[]): boolean {
    return strings.every(isWinAnsi);
  }

  /** Records strings (words, no line breaks) an embedded font must set; `owner` is the field whose sent value holds them. */
  need(strings: string[], owner?: string): void {
    for (const s of strings)
      if (!this.owners.has(s) || (owner !== undefined && this.owners.get(s) === undefined)) this.owners.set(s, owner);
  }

  /**
   * Lays out every recorded string. A character no face has → 400 naming the field that sent it; in a value
   * already in the file (not sent) it is drawn as the font's missing glyph.
   */
  async prepare(): Promise<void> {
    for (const [text, owner] of this.owners) {
      const options = owner === undefined ? { notdef: true } : { subject: `values: the value of "${owner}"` };
      const runs = await layoutText(text, 'values', 'sans', options);
      this.laidOut.set(text, runs);
      for (const run of runs)
        if (!this.resources.has(run.face)) this.resources.set(run.face, `NF${this.resources.size}`);
    }
    this.used = usedGlyphs([...this.laidOut.values()].flat());
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
    return (this.laidOut.get(text) ?? []).flatMap((run) => {
      const k = 1000 / run.face.unitsPerEm;
      const widths = this.used.get(run.face)!.widths;
      const font = this.resources.get(run.face)!;
      return run.glyphs.map((g) => ({
        font,
        code: g.glyph.toString(16).padStart(4, '0'),
        width: widths.get(g.glyph)!,
        advance: g.xAdvance * k,
        dx: g.xOffset * k,
      }));
    });
  }

  /**
   * The font objects of this fill for a qpdf JSON update (numbered from
   * `firstObject`) and the font resources every generated appearance gets.
   */
  async fontObjects(
    run: RunContext,
    firstObject: number,
  ): Promise<{ resources: Record<string, string>; objects: Record<string, unknown>; next: number }> {
    const resources: Record<string, string> = {};
    const objects: Record<string, unknown> = {};
    let next = firstObject;
    if (this.helveticaUsed) {
      const ref = `${next++} 0 R`;
      objects[`obj:${ref}`] = {
        value: { '/Type': '/Font', '/Subtype': '/Type1', '/BaseFont': '/Helvetica', '/Encoding': '/WinAnsiEncoding' },
      };
      resources[`/${HELVETICA_RESOURCE}`] = ref;
    }
    if (this.dingbatsUsed) {
      const ref = `${next++} 0 R`;
      objects[`obj:${ref}`] = { value: { '/Type': '/Font', '/Subtype': '/Type1', '/BaseFont': '/ZapfDingbats' } };
      resources[`/${DINGBATS_RESOURCE}`] = ref;
    }
    const embedded = await embedFonts(run, [...this.laidOut.values()].flat());
    for (const [face, font] of embedded) {
      const ids = [0, 1, 2, 3, 4].map(() => next++);
      // qpdf compresses the streams (unencoded here) when it writes the file.
      for (const object of cidFontObjects(font, this.used.get(face)!, ids)) {
        objects[`obj:${object.id} 0 R`] = object.stream
          ? { stream: { dict: object.value, data: object.stream.toString('base64') } }
          : { value: object.value };
      }
      resources[`/${this.resources.get(face)}`] = `${ids[0]} 0 R`;
    }
    return { resources, objects, next };
  }
}
