// hb-subset (libharfbuzz-bin 6.0.0, Debian bookworm): the glyphs a stamp or a filled
// form uses cut out of an installed font, so only they are embedded. It replaces a
// hand-written glyf-only subsetter: HarfBuzz's own also handles CFF (the CJK
// collections are CFF) and composite closure. TrueType faces keep their glyph
// ids (--retain-gids: a few KB of empty loca/hmtx entries that deflate to
// almost nothing). CFF faces are renumbered instead (they keep their CIDs,
// see pdf/embed-fonts.ts): retaining ids in a 65,535-glyph CJK face writes an
// empty CharStrings entry for each (289 KB, 82 KB deflated, for 22 glyphs,
// against 6.6 KB renumbered).
import fs from 'node:fs/promises';
import path from 'node:path';
import { runTool, type ToolFailures } from './failures.js';
import type { RunContext } from '../core/contract.js';

/** The binary. */
export const HB_SUBSET = 'hb-subset';

/** Every failure is ours: the fonts are installed files and the glyph ids come from HarfBuzz. */
export const HB_SUBSET_FAILURES: ToolFailures = { tool: 'hb-subset', failed: 'Embedding the font failed.' };

/** Tables a PDF font program does not use (layout was applied by the shaper; names and PostScript names are unused). */
const DROPPED_TABLES = [
  'GSUB',
  'GPOS',
  'GDEF',
  'BASE',
  'JSTF',
  'MATH',
  'VORG',
  'vhea',
  'vmtx',
  'DSIG',
  'name',
  'post',
  'kern',
  'morx',
  'STAT',
];

/** What to cut: the face and the glyph ids it keeps. */
export interface SubsetRequest {
  file: string;
  index: number;
  glyphs: number[];
  /** Keep glyph ids (TrueType faces), else renumber by rank. */
  retainGids: boolean;
}

/** hb-subset's arguments (exported for unit tests). */
export function hbSubsetArgs(request: SubsetRequest, output: string): string[] {
  const gids = [...new Set([0, ...request.glyphs])].sort((a, b) => a - b).join(',');
  return [
    `--font-file=${request.file}`,
    `--face-index=${request.index}`,
    `--gids=${gids}`,
    ...(request.retainGids ? ['--retain-gids'] : []),
    `--drop-tables+=${DROPPED_TABLES.join(',')}`,
    '--notdef-outline',
    `--output-file=${output}`,
  ];
}

/** The subset font program; `name` keeps concurrent subsets of one request apart in its work directory. */
export async function subsetFont(ctx: RunContext, request: SubsetRequest, name: string): Promise<Buffer> {
  const output = path.join(ctx.workdir, `subset-${name}.bin`);
  await runTool(ctx, HB_SUBSET_FAILURES, HB_SUBSET, hbSubsetArgs(request, output), { discardStdout: true, output });
  try {
    return await fs.readFile(output);
  } finally {
    await fs.rm(output, { force: true });
  }
}
