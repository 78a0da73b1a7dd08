// Text to positioned glyphs for watermarks, page numbers and form values, in any script:
// each character gets the first installed face that covers it (font-chain.ts),
// the Unicode bidirectional algorithm (bidi-js, conformant to UAX #9 C1)
// resolves each character's level, every run of one face and one level is
// shaped by HarfBuzz (shaping.ts) with the whole text as context, and the runs
// are put in visual order by rule L2. Each glyph keeps the characters of its
// cluster, for the ToUnicode map: in visual order within a right-to-left
// cluster (a lam-alef ligature maps to alef, lam), because extractors read a
// right-to-left run's characters in drawing order and reverse them (poppler
// 22.12 does; the logical order would come out reversed).
import bidiFactory from 'bidi-js';
import { InvalidRequestError } from '../core/errors.js';
import { cjkLanguage, facesFor, type FontFamily } from './font-chain.js';
import { loadFace, readyFace, shapeRun, type FontFace, type ShapedGlyph } from './shaping.js';

const bidi = bidiFactory();

/** Characters HarfBuzz hides (joiners, variation selectors, bidi marks): they need no glyph of their own. */
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}]/u;
/** Characters every script shares (spaces, digits, punctuation, marks): they stay in the face of the text around them. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** A run of glyphs set in one face and one direction, in visual order. */
export interface GlyphRun {
  face: FontFace;
  glyphs: ShapedGlyph[];
  /** The characters each glyph stands for (its cluster's, on the cluster's first glyph; '' on the others). */
  chars: string[];
  /** Right-to-left (odd bidi level). */
  rtl: boolean;
  /** The run's characters in logical order. */
  text: string;
}

function codePointName(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Bidi classes that can make a text anything but one left-to-right run (right-to-left letters, Arabic numbers, explicit embeddings and isolates). */
const NOT_LTR = new Set(['R', 'AL', 'AN', 'RLE', 'RLO', 'LRE', 'LRO', 'PDF', 'RLI', 'LRI', 'FSI', 'PDI']);

/** Bidi levels of `text`: all 0 without a character of NOT_LTR (page numbers: skips the algorithm's ~0.1 ms per text). */
function bidiLevels(text: string): Uint8Array {
  for (const ch of text) if (NOT_LTR.has(bidi.getBidiCharTypeName(ch))) return bidi.getEmbeddingLevels(text).levels;
  return new Uint8Array(text.length);
}

/** How layoutText treats a character no face has. */
export interface LayoutOptions {
  /** What the 400's detail names (default: the field). */
  subject?: string;
  /**
   * Draw such a character as the main face's missing glyph instead of refusing
   * (a form value already in the file, not sent by the client, must still be drawn).
   */
  notdef?: boolean;
}

/** The face of each character (by UTF-16 offset); throws 400 naming the characters no face has. */
async function assignFaces(
  text: string,
  field: string,
  family: FontFamily,
  options: LayoutOptions,
): Promise<FontFace[]> {
  const faceAt: FontFace[] = new Array(text.length);
  const missing = new Set<string>();
  let previous: FontFace | undefined;
  let at = 0;
  const language = cjkLanguage(text);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let chosen: FontFace | undefined;
    if (previous && (IGNORABLE.test(ch) || (SHARED.test(ch) && previous.covers(cp)))) chosen = previous;
    for (const ref of chosen ? [] : facesFor(ch, family, language)) {
      const face =
        readyFace(ref.file, ref.index) ?? (await loadFace(ref.file, ref.index, ref.language).catch(() => undefined));
      if (face?.covers(cp)) {
        chosen = face;
        break;
      }
    }
    if (!chosen && (IGNORABLE.test(ch) || options.notdef))
      chosen = await loadFace(facesFor('a', family, language)[0].file);
    if (!chosen) missing.add(ch);
    else previous = chosen;
    for (let i = 0; i < ch.length; i++) faceAt[at + i] = chosen!;
    at += ch.length;
  }
  if (missing.size > 0) {
    const list = [...missing].slice(0, 10).map(codePointName);
    throw new InvalidRequestError(
      `${options.subject ?? field}: no bundled font (Noto, DejaVu) has ${list.join(', ')}.`,
      field,
    );
  }
  return faceAt;
}

/** Runs of one face and one bidi level, in logical order. */
function itemize(
  faceAt: FontFace[],
  levels: Uint8Array,
): Array<{ start: number; end: number; face: FontFace; level: number }> {
  const items: Array<{ start: number; end: number; face: FontFace; level: number }> = [];
  for (let i = 0; i < faceAt.length; i++) {
    const last = items.at(-1);
    if (last && last.face === faceAt[i] && last.level === levels[i]) last.end = i + 1;
    else items.push({ start: i, end: i + 1, face: faceAt[i], level: levels[i] });
  }
  return items;
}

/** Rule L2 of UAX #9 on whole runs: from the highest level down to the lowest odd one, reverse every stretch at that level or above. */
function visualOrder<T extends { level: number }>(items: T[]): T[] {
  const out = [...items];
  const highest = Math.max(0, ...out.map((i) => i.level));
  const lowestOdd = Math.min(...out.map((i) => (i.level % 2 === 1 ? i.level : Infinity)));
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < out.length; ) {
      if (out[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j].level >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

/** The characters each glyph of a shaped run stands for: a cluster's text goes on its first glyph. */
function clusterChars(text: string, glyphs: ShapedGlyph[], end: number, rtl: boolean): string[] {
  const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const textOf = new Map(
    starts.map((s, i) => {
      const chars = text.slice(s, starts[i + 1] ?? end);
      return [s, rtl ? [...chars].reverse().join('') : chars];
    }),
  );
  const seen = new Set<number>();
  return glyphs.map((g) => {
    if (seen.has(g.cluster)) return '';
    seen.add(g.cluster);
    return textOf.get(g.cluster)!;
  });
}

/**
 * `text` as runs of shaped glyphs in visual order, each run in one installed face
 * of `family`. Throws 400 (naming `field`) for characters no face has.
 */
export async function layoutText(
  text: string,
  field: string,
  family: FontFamily = 'sans',
  options: LayoutOptions = {},
): Promise<GlyphRun[]> {
  const faceAt = await assignFaces(text, field, family, options);
  const levels = bidiLevels(text);
  return visualOrder(itemize(faceAt, levels)).map((item) => {
    const rtl = item.level % 2 === 1;
    const glyphs = shapeRun(item.face, text, item.start, item.end, rtl);
    return {
      face: item.face,
      glyphs,
      chars: clusterChars(text, glyphs, item.end, rtl),
      rtl,
      text: text.slice(item.start, item.end),
    };
  });
}

/** layoutText for many texts (page numbers): each distinct text is shaped once. */
export async function layoutTexts(texts: string[], field: string, family: FontFamily = 'sans'): Promise<GlyphRun[][]> {
  const shaped = new Map<string, GlyphRun[]>();
  for (const text of texts) if (!shaped.has(text)) shaped.set(text, await layoutText(text, field, family));
  return texts.map((text) => shaped.get(text)!);
}
