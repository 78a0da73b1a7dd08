// Redaction by MuPDF (mutool run, MuPDF 1.21.1, Debian bookworm) with the
// script mupdf-redact-script.js next to this module: Redact annotations over the
// matches and areas, then PDFPage.applyRedactions, which removes the glyphs
// and replaces image pixels under them. The patterns are evaluated in that
// process (MuJS), so a catastrophic regex costs a child killed at the
// deadline, never the server's event loop.
// Not done by MuPDF 1.21 (its pdf_redact_options has no line-art option; it
// came in 1.23): vector paths. The script hands back the redacted rectangles
// in PDF user space for the vector pass (pikepdf-redact.ts), which also draws
// the filled boxes.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError } from '../core/errors.js';
import { failureOf } from './failures.js';
import { MUTOOL, MUTOOL_FAILURES } from './mutool.js';
import type { PageMarks } from './pikepdf-redact.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';
import { bundledScript } from './bundled.js';

/** A rectangle in pt on the visible page (top-left origin, CropBox and /Rotate applied). */
export interface RedactArea {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RedactSpec {
  terms: string[];
  regex: string[];
  areas: RedactArea[];
}

/** The redaction script (a bundled script). */
const redactScript = () => bundledScript('mupdf-redact-script.js');

/** What MuPDF did: redactions (matches + areas) and, per page index with any, their rectangles. */
export interface MupdfRedaction {
  redactions: number;
  pages: Record<string, PageMarks>;
}

type ScriptAnswer = MupdfRedaction | { error: 'regex' | 'areas'; index: number; message: string };

/** Redacts text and images of `input` into `output` (boxes not drawn yet: see pikepdf-redact.ts). */
export async function redactWithMupdf(
  ctx: RunContext,
  input: string,
  output: string,
  spec: RedactSpec,
): Promise<MupdfRedaction> {
  // The terms are the data being hidden: a 0600 file in the private workdir, not argv.
  const specFile = path.join(ctx.workdir, `redact-${crypto.randomBytes(6).toString('hex')}.json`);
  await fsp.writeFile(specFile, JSON.stringify(spec), { mode: 0o600 });
  const result = await run(ctx, MUTOOL, ['run', redactScript(), input, output, specFile]);
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let answer: ScriptAnswer | undefined;
  try {
    answer = JSON.parse(line) as ScriptAnswer;
  } catch {
    answer = undefined;
  }
  if (result.exitCode !== 0 || !answer) {
    throw failureOf(MUTOOL_FAILURES, result, undefined, 'Redaction failed.');
  }
  if ('error' in answer) {
    if (answer.error === 'regex') {
      throw new InvalidRequestError(
        `regex: pattern ${answer.index + 1} is not supported (${answer.message}); the engine takes ECMAScript 5 syntax (no lookbehind, named groups or flags).`,
        'regex',
      );
    }
    throw new InvalidRequestError(`areas: entry ${answer.index + 1}: ${answer.message}.`, 'areas');
  }
  return answer;
}
