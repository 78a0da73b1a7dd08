// The vector redaction pass (vector-redact.py beside this module, run by
// Debian's python3 with python3-pikepdf 6.0 on qpdf 11): paths, shadings and
// inline images under the redaction rectangles removed from page content and
// form XObjects, then the filled boxes drawn. It runs after MuPDF's text and
// image redaction (mutool-redact.ts), which has no line-art removal in 1.21.
// pikepdf parses and writes the content streams; the script only follows the
// graphics state. Exit codes: 0 ok, anything else a failure of ours (the input
// went through MuPDF's rewrite first), so 500.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProcessingFailedError } from '../errors.js';
import { run, type RunContext } from './run.js';

/** Debian's interpreter: python3-pikepdf is installed for it, not for other Pythons on PATH. */
export const PIKEPDF_PYTHON = '/usr/bin/python3';

/** Rectangles [x0, y0, x1, y1] in a page's default user space (PDF units, y up). */
export type UserRect = [number, number, number, number];

/** One page's redaction rectangles: where vector content goes, and the boxes drawn. */
export interface PageMarks {
  vector: UserRect[];
  boxes: UserRect[];
}

function vectorScript(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'vector-redact.py'), path.resolve(here, '../../src/tools/vector-redact.py')];
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[0];
}

/**
 * Removes the vector content under `pages` (page index → marks) from `input`
 * and draws the boxes in `color` (0..1); returns how many vector items
 * (subpaths, shadings, inline images) were removed.
 */
export async function redactVectors(
  ctx: RunContext,
  input: string,
  output: string,
  pages: Record<string, PageMarks>,
  color: [number, number, number],
): Promise<number> {
  const specFile = path.join(ctx.workdir, `vector-${crypto.randomBytes(6).toString('hex')}.json`);
  await fsp.writeFile(specFile, JSON.stringify({ color, pages }), { mode: 0o600 });
  // -I: no user site-packages or PYTHON* variables; -B: no .pyc written beside the script.
  const result = await run(ctx, PIKEPDF_PYTHON, ['-I', '-B', vectorScript(), input, output, specFile]);
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let removed: number | undefined;
  try {
    removed = (JSON.parse(line) as { removed: number }).removed;
  } catch {
    removed = undefined;
  }
  if (result.exitCode !== 0 || typeof removed !== 'number') {
    throw new ProcessingFailedError('Redaction of vector content failed.', new Error(`vector-redact.py exit ${result.exitCode}: ${result.stderr}`));
  }
  return removed;
}
