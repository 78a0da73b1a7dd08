// HarfBuzz's command-line tools (Debian libharfbuzz-bin, HarfBuzz 6.0):
// hb-shape turns text into positioned glyphs (joining, ligatures, marks, and
// right-to-left runs in visual order), hb-subset cuts a font down to the
// glyphs a document uses. Both read one of the system's font files; the text
// goes in a file in the work directory (one string a line), never on the
// command line. Any failure is ours (the inputs are our fonts and our text).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { runTool, type ToolFailures } from './failures.js';

const HB_SHAPE = 'hb-shape';
const HB_SUBSET = 'hb-subset';

const FAILURES: ToolFailures = { tool: 'harfbuzz', failed: 'Setting the text in a font failed.' };

/** One shaped glyph: its index, the character index of its cluster, offsets and advance in 1/1000 em. */
export interface ShapedGlyph {
  g: number;
  cl: number;
  dx: number;
  dy: number;
  ax: number;
}

/** A font file and, for a collection (.ttc), the face in it. */
export interface FontFace {
  file: string;
  index: number;
}

/** Shapes each of `lines` (no line breaks inside) with `face`; glyph positions in 1/1000 em. */
export async function shapeLines(ctx: RunContext, face: FontFace, lines: string[]): Promise<ShapedGlyph[][]> {
  const textFile = path.join(ctx.workdir, `shape-${crypto.randomBytes(6).toString('hex')}.txt`);
  await fs.writeFile(textFile, lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
  const result = await runTool(ctx, FAILURES, HB_SHAPE, [
    '--no-glyph-names',
    '--output-format=json',
    '--font-size=1000',
    `--face-index=${face.index}`,
    `--text-file=${textFile}`,
    `--font-file=${face.file}`,
  ]);
  const out = result.stdout.split('\n').filter((l) => l.trim() !== '');
  if (out.length !== lines.length) throw new Error(`hb-shape gave ${out.length} lines for ${lines.length}`);
  return out.map((l) => JSON.parse(l) as ShapedGlyph[]);
}

/** Writes to `output` the subset of `face` holding `glyphs`, glyph indices unchanged (no layout tables, no hints). */
export async function subsetFont(ctx: RunContext, face: FontFace, glyphs: number[], output: string): Promise<void> {
  await runTool(
    ctx,
    FAILURES,
    HB_SUBSET,
    [
      `--font-file=${face.file}`,
      `--face-index=${face.index}`,
      `--gids=${[...new Set([0, ...glyphs])].sort((a, b) => a - b).join(',')}`,
      '--unicodes=',
      '--retain-gids',
      '--no-hinting',
      '--drop-tables=GSUB,GPOS,GDEF,BASE,JSTF,MATH,morx,kerx,kern',
      `--output-file=${output}`,
    ],
    { output, failed: 'Embedding a font subset failed.' },
  );
}
