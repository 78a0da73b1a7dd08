// The pikepdf passes of the structure operations, run by Debian's python3 with
// python3-pikepdf 6.0 on qpdf 11: pikepdf-sanitize.py (active and hidden
// content removed by class) and pikepdf-attachments.py (embedded files
// listed, extracted, added, removed), both beside this module. Each prints
// one JSON line; qpdf opened the input before they run, so any other ending
// is a failure of ours (500), and the retry rule tries the repaired copy.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { bundledScript } from './bundled.js';
import { failureOf } from './failures.js';
import { PIKEPDF_FAILURES, PIKEPDF_PYTHON } from './pikepdf-redact.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';

/** Runs a bundled pikepdf script; its last stdout line, parsed. */
async function runScript<T>(ctx: RunContext, name: string, args: string[], what: string): Promise<T> {
  // -I: no user site-packages or PYTHON* variables; -B: no .pyc written beside the script.
  const result = await run(ctx, PIKEPDF_PYTHON, ['-I', '-B', bundledScript(name), ...args]);
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let answer: T | undefined;
  try {
    answer = JSON.parse(line) as T;
  } catch {
    answer = undefined;
  }
  if (result.exitCode !== 0 || answer === undefined)
    throw failureOf({ ...PIKEPDF_FAILURES, tool: name }, result, undefined, `${what} failed.`);
  return answer;
}

async function jsonFile(ctx: RunContext, what: string, value: unknown): Promise<string> {
  const file = path.join(ctx.workdir, `${what}-${crypto.randomBytes(6).toString('hex')}.json`);
  await fsp.writeFile(file, JSON.stringify(value), { mode: 0o600 });
  return file;
}

/** The classes `sanitize` removes (API.md §5d). */
export const SANITIZE_CLASSES = [
  'javascript',
  'actions',
  'embedded_files',
  'links',
  'annotations',
  'forms',
  'metadata',
  'xmp',
  'thumbnails',
  'hidden_layers',
] as const;
export type SanitizeClass = (typeof SANITIZE_CLASSES)[number];

/** Writes `input` without the named classes; returns how many objects of each were removed. */
export async function sanitizeClasses(
  ctx: RunContext,
  input: string,
  output: string,
  classes: SanitizeClass[],
): Promise<Record<SanitizeClass, number>> {
  const answer = await runScript<{ removed: Record<SanitizeClass, number> }>(
    ctx,
    'pikepdf-sanitize.py',
    [input, output, classes.join(',')],
    'Sanitizing',
  );
  return answer.removed;
}

/** One embedded file as `attachments` lists it (API.md §5d); size null when it decodes past the limit. */
export interface AttachmentInfo {
  name: string;
  size: number | null;
  size_over_limit?: boolean;
  content_type: string | null;
  created: string | null;
  modified: string | null;
  description: string | null;
}

/** Lists the document-level embedded files; sizes counted by decoding, up to `maxBytes` each. */
export async function listAttachments(ctx: RunContext, input: string, maxBytes: number): Promise<AttachmentInfo[]> {
  return (
    await runScript<{ attachments: AttachmentInfo[] }>(
      ctx,
      'pikepdf-attachments.py',
      ['list', input, String(maxBytes)],
      'Listing the attachments',
    )
  ).attachments;
}

/** What an extraction ended with: the files written, or why it stopped. */
export type ExtractResult =
  | { files: Array<{ name: string; path: string; size: number }> }
  | { error: 'unknown'; names: string[] }
  | { error: 'too_many'; count: number }
  | { error: 'too_large'; name: string }
  | { error: 'too_large_total'; name: string };

/** Writes the embedded files `names` (all when empty) into `outDir`, each stopped past `maxBytes`, all of them past `maxTotal`, at most `maxFiles`. */
export async function extractAttachments(
  ctx: RunContext,
  input: string,
  outDir: string,
  names: string[],
  maxBytes: number,
  maxFiles: number,
  maxTotal: number,
): Promise<ExtractResult> {
  await fsp.mkdir(outDir, { recursive: true });
  const list = await jsonFile(ctx, 'names', names);
  return runScript<ExtractResult>(
    ctx,
    'pikepdf-attachments.py',
    ['extract', input, outDir, String(maxBytes), String(maxFiles), String(maxTotal), list],
    'Extracting the attachments',
  );
}

/** A file to embed. */
export interface NewAttachment {
  name: string;
  path: string;
  mime: string | null;
  description: string;
}

/** Writes `input` with `files` embedded (a name already present is replaced). */
export async function addAttachments(
  ctx: RunContext,
  input: string,
  output: string,
  files: NewAttachment[],
): Promise<void> {
  const spec = await jsonFile(ctx, 'attachments', files);
  await runScript<{ count: number }>(
    ctx,
    'pikepdf-attachments.py',
    ['add', input, output, spec],
    'Adding the attachments',
  );
}

/** Writes `input` without the embedded files `names` (all when empty); the names it does not hold come back. */
export async function removeAttachments(
  ctx: RunContext,
  input: string,
  output: string,
  names: string[],
): Promise<{ removed: number } | { error: 'unknown'; names: string[] }> {
  const list = await jsonFile(ctx, 'names', names);
  return runScript(ctx, 'pikepdf-attachments.py', ['remove', input, output, list], 'Removing the attachments');
}
