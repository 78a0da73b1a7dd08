// The embedded fonts of a text stamp or of a form fill's values: one
// hb-subset run per face its glyph runs use (pdf/embed-fonts.ts says how each kind of face is embedded).
import type { RunContext } from '../core/contract.js';
import { cffTable, glyphsByFace, type EmbeddedFont } from '../pdf/embed-fonts.js';
import type { GlyphRun } from '../pdf/fonts.js';
import type { FontFace } from '../pdf/shaping.js';
import { subsetFont } from '../tools/hb-subset.js';

/** Subsets every face used by `runs`, one after another (each run takes a few ms). */
export async function embedFonts(ctx: RunContext, runs: GlyphRun[]): Promise<Map<FontFace, EmbeddedFont>> {
  const embedded = new Map<FontFace, EmbeddedFont>();
  let n = 0;
  for (const [face, glyphs] of glyphsByFace(runs)) {
    const program = await subsetFont(
      ctx,
      { file: face.file, index: face.index, glyphs, retainGids: !face.cff },
      String(n++),
    );
    embedded.set(face, { face, program: face.cff ? cffTable(program) : program });
  }
  return embedded;
}
