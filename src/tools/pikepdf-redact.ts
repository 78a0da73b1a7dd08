// The pikepdf passes around MuPDF's redaction (pikepdf-text-positions.py and
// pikepdf-vector-redact.py with redact_geometry.py, beside this module, run
// by Debian's python3 with python3-pikepdf 6.0 on qpdf 11):
// before it, text positions made absolute where MuPDF 1.21 would misplace the
// text it keeps; after it (mutool-redact.ts, no line-art removal in 1.21),
// paths, shadings and inline images under the redaction rectangles removed
// from page content and form XObjects, then the filled boxes drawn.
// pikepdf parses and writes the content streams; the script only follows the
// graphics state. Exit codes: 0 ok, anything else a failure of ours (qpdf
// opened the input first), so 500.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ResourceLimitError } from '../core/errors.js';
import { failureOf, type ToolFailures } from './failures.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';
import { bundledScript } from './bundled.js';

/** Debian's interpreter: python3-pikepdf is installed for it, not for other Pythons on PATH. */
export const PIKEPDF_PYTHON = '/usr/bin/python3';

/** Every failure (or a last line that is not the script's JSON answer) is ours: qpdf opened the input first. */
export const PIKEPDF_FAILURES: ToolFailures = { tool: 'pikepdf script', failed: 'Redaction failed.' };

/** Rectangles [x0, y0, x1, y1] in a page's default user space (PDF units, y up). */
export type UserRect = [number, number, number, number];

/** One page's redaction rectangles: where vector content goes, and the boxes drawn. */
export interface PageMarks {
  vector: UserRect[];
  boxes: UserRect[];
}

const script = bundledScript;

/** Runs one of the scripts; its last stdout line, parsed. */
async function runScript<T>(ctx: RunContext, name: string, args: string[], what: string): Promise<T> {
  // -I: no user site-packages or PYTHON* variables; -B: no .pyc written beside the script.
  const result = await run(ctx, PIKEPDF_PYTHON, ['-I', '-B', script(name), ...args]);
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let answer: T | undefined;
  try {
    answer = JSON.parse(line) as T;
  } catch {
    answer = undefined;
  }
  if (result.exitCode !== 0 || answer === undefined) {
    throw failureOf({ ...PIKEPDF_FAILURES, tool: name }, result, undefined, `${what} failed.`);
  }
  return answer;
}

/**
 * Makes each text object's first Td/TD an equal Tm (MuPDF 1.21 misplaces the
 * text after a text object it removes whole, when that text is placed by Td),
 * on `pages` (1-based; all when undefined); returns the file to redact:
 * `output`, or `input` when nothing needed it.
 */
export async function absoluteTextPositions(
  ctx: RunContext,
  input: string,
  output: string,
  pages?: number[],
): Promise<string> {
  const args = [input, output, ...(pages ? [[...new Set(pages)].join(',')] : [])];
  const answer = await runScript<{ rewritten: number }>(
    ctx,
    'pikepdf-text-positions.py',
    args,
    'Preparing the redaction',
  );
  return answer.rewritten > 0 ? output : input;
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
  const answer = await runScript<{ removed: number } | { error: 'limit'; message: string }>(
    ctx,
    'pikepdf-vector-redact.py',
    [input, output, specFile],
    'Redaction of vector content',
  );
  if ('error' in answer)
    throw new ResourceLimitError(
      `Vector content under a redaction could not be examined: ${answer.message}.`,
      'form nesting',
    );
  return answer.removed;
}
