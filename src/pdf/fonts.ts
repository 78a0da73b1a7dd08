// The bundled fonts for watermark text (Debian fonts-dejavu-core and
// fonts-noto-core): DejaVu Sans first, then Noto Sans, then every other Noto
// regular face, character by character. Text is set one glyph per character
// without shaping, so scripts that need shaping or right-to-left ordering are
// refused rather than drawn wrongly. fonts-noto-core has no CJK faces.
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError } from '../core/errors.js';
import { loadTrueType, type TrueTypeFont } from './truetype.js';

/** Where the Debian packages put the fonts. */
export const FONT_DIRS = { dejavu: '/usr/share/fonts/truetype/dejavu', noto: '/usr/share/fonts/truetype/noto' };

/** Scripts drawn wrongly without a shaping engine (joining, reordering, RTL). */
const NEEDS_SHAPING =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Lao}\p{Script=Tibetan}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Mongolian}\p{Script=Javanese}\p{Script=Balinese}]/u;

let chain: Promise<string[]> | undefined;
const loaded = new Map<string, Promise<TrueTypeFont>>();

/** Font files in fallback order. */
async function fontChain(): Promise<string[]> {
  chain ??= (async () => {
    const noto = (await fs.readdir(FONT_DIRS.noto).catch(() => [] as string[]))
      .filter((f) => f.endsWith('-Regular.ttf') && f !== 'NotoSans-Regular.ttf')
      .sort((a, b) => Number(b.startsWith('NotoSans')) - Number(a.startsWith('NotoSans')) || a.localeCompare(b));
    return [path.join(FONT_DIRS.dejavu, 'DejaVuSans.ttf'), path.join(FONT_DIRS.noto, 'NotoSans-Regular.ttf'), ...noto.map((f) => path.join(FONT_DIRS.noto, f))];
  })();
  return chain;
}

function font(file: string): Promise<TrueTypeFont> {
  let f = loaded.get(file);
  if (!f) {
    f = loadTrueType(file);
    loaded.set(file, f);
    f.catch(() => loaded.delete(file));
  }
  return f;
}

/** A run of characters set in one font. */
export interface GlyphRun {
  font: TrueTypeFont;
  glyphs: number[];
  /** The characters of each glyph (for ToUnicode). */
  chars: string[];
}

/**
 * Splits `text` into runs of the first bundled font that has each character.
 * Throws 400 (naming `field`) for characters no font has or scripts that need shaping.
 */
export async function layoutText(text: string, field: string): Promise<GlyphRun[]> {
  const shaped = NEEDS_SHAPING.exec(text);
  if (shaped) {
    throw new InvalidRequestError(
      `${field}: "${shaped[0]}" (U+${shaped[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) belongs to a script that needs text shaping or right-to-left layout, which watermarks do not support.`,
      field,
    );
  }
  const files = await fontChain();
  const runs: GlyphRun[] = [];
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let placed = false;
    for (const file of files) {
      const f = await font(file).catch(() => undefined);
      const glyph = f?.glyphFor(cp) ?? 0;
      if (!f || glyph === 0) continue;
      const last = runs.at(-1);
      if (last && last.font === f) {
        last.glyphs.push(glyph);
        last.chars.push(ch);
      } else runs.push({ font: f, glyphs: [glyph], chars: [ch] });
      placed = true;
      break;
    }
    if (!placed) missing.add(ch);
  }
  if (missing.size > 0) {
    const list = [...missing].slice(0, 10).map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    throw new InvalidRequestError(`${field}: no bundled font (DejaVu, Noto) has ${list.join(', ')}.`, field);
  }
  return runs;
}

/**
 * layoutText for many texts that share their characters (page numbers):
 * each distinct character is looked up in the font chain once.
 */
export async function layoutTexts(texts: string[], field: string): Promise<GlyphRun[][]> {
  const distinct = [...new Set(texts.flatMap((t) => [...t]))];
  const placed = new Map<string, { font: TrueTypeFont; glyph: number }>();
  if (distinct.length > 0) {
    for (const run of await layoutText(distinct.join(''), field)) run.chars.forEach((ch, i) => placed.set(ch, { font: run.font, glyph: run.glyphs[i] }));
  }
  return texts.map((text) => {
    const runs: GlyphRun[] = [];
    for (const ch of text) {
      const { font: f, glyph } = placed.get(ch)!;
      const last = runs.at(-1);
      if (last && last.font === f) {
        last.glyphs.push(glyph);
        last.chars.push(ch);
      } else runs.push({ font: f, glyphs: [glyph], chars: [ch] });
    }
    return runs;
  });
}
