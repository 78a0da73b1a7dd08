// The font programs a stamp or a form fill embeds: for each face its text
// uses, the subset of the glyphs it draws (cut by tools/hb-subset.ts, called from
// operations/stamp-fonts.ts). The content stream writes
// HarfBuzz's glyph ids as the character codes (CIDs) of every font:
// - TrueType faces keep their glyph ids in the subset (CIDFontType2 with
//   /CIDToGIDMap /Identity).
// - CFF faces (the Noto CJK collections) are renumbered by the subsetter but
//   stay CID-keyed, their charset mapping each new glyph to its old CID; in
//   Noto CJK (ROS Adobe-Identity-0) a glyph's CID is its glyph id. The bare
//   CFF table is embedded (FontFile3 /CIDFontType0C), which poppler 22.12 and
//   MuPDF 1.21 both read through the charset; wrapped as OpenType, poppler
//   ignores the charset and MuPDF follows it, so no one code set suits both.
import type { GlyphRun } from './fonts.js';
import type { FontFace } from './shaping.js';

/** One face's embedded subset. */
export interface EmbeddedFont {
  face: FontFace;
  /** A TrueType font file, or a bare CFF font program for a CFF face. */
  program: Buffer;
}

/** The 'CFF ' table of an OpenType font file. */
export function cffTable(font: Buffer): Buffer {
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    if (font.toString('latin1', at, at + 4) !== 'CFF ') continue;
    const offset = font.readUInt32BE(at + 8);
    return font.subarray(offset, offset + font.readUInt32BE(at + 12));
  }
  throw new Error('the subset has no CFF table');
}

/** The glyph ids each face of `runs` draws. */
export function glyphsByFace(runs: GlyphRun[]): Map<FontFace, number[]> {
  const used = new Map<FontFace, Set<number>>();
  for (const run of runs) {
    const glyphs = used.get(run.face) ?? new Set<number>();
    for (const g of run.glyphs) glyphs.add(g.glyph);
    used.set(run.face, glyphs);
  }
  return new Map([...used].map(([face, glyphs]) => [face, [...glyphs]]));
}
