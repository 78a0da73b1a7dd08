// Page layout by pikepdf-layout.py (beside this module; Debian's python3 with
// python3-pikepdf 6.0 on qpdf 11.3): crop boxes, resize, n-up, booklet,
// overlay, and the size-bounded split. Pages are placed as form XObjects of
// their own content and resources, so vector stays vector and an overlay's
// resource names never meet the page's. The job travels in a JSON file (no
// long argument lists); the script's last stdout line is its JSON answer.
// Exit codes: 0 ok, anything else a failure of ours (qpdf opened the input first).
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { bundledScript } from './bundled.js';
import { failureOf, type ToolFailures } from './failures.js';
import { PIKEPDF_PYTHON } from './pikepdf-redact.js';
import { run } from './run.js';

/** Every failure is ours: the inputs were opened by qpdf before. */
export const LAYOUT_FAILURES: ToolFailures = { tool: 'pikepdf-layout.py', failed: 'Page layout failed.' };

/** Paper sizes in pt (portrait), as API.md §5e names them. */
export const PAPER_SIZES = {
  a4: [595.276, 841.89],
  letter: [612, 792],
  legal: [612, 1008],
  a3: [841.89, 1190.551],
  a5: [419.528, 595.276],
} as const;
export type Paper = keyof typeof PAPER_SIZES;

/** A job for the script; `op` picks the function, the rest are its fields. */
export type LayoutJob =
  | {
      op: 'crop';
      input: string;
      output: string;
      pages?: number[];
      box?: [number, number, number, number];
      bboxes?: (number[] | null)[];
      margin?: number;
    }
  | {
      op: 'resize';
      input: string;
      output: string;
      pages?: number[];
      size: [number, number];
      fit: 'contain' | 'cover' | 'stretch';
    }
  | {
      op: 'nup';
      input: string;
      output: string;
      per_sheet: number;
      paper: Paper;
      order: 'rows' | 'columns';
      border: boolean;
      margin: number;
    }
  | { op: 'booklet'; input: string; output: string; paper: Paper; binding: 'left' | 'right' }
  | {
      op: 'overlay';
      input: string;
      overlay: string;
      output: string;
      pages?: number[];
      layer: 'over' | 'under';
      repeat: boolean;
    }
  | { op: 'split-size'; input: string; output_dir: string; max_size: number; max_parts: number };

/** The script's answer: its result fields, or `error` naming the client's mistake. */
export type LayoutAnswer = Record<string, unknown> & { error?: string };

/** Runs one layout job; resolves with the script's JSON answer. */
export async function runLayout(ctx: RunContext, job: LayoutJob): Promise<LayoutAnswer> {
  const jobFile = path.join(ctx.workdir, `layout-${crypto.randomBytes(6).toString('hex')}.json`);
  await fsp.writeFile(jobFile, JSON.stringify(job), { mode: 0o600 });
  // -I: no user site-packages or PYTHON* variables; -B: no .pyc written beside the script.
  const result = await run(ctx, PIKEPDF_PYTHON, ['-I', '-B', bundledScript('pikepdf-layout.py'), jobFile]);
  await fsp.rm(jobFile, { force: true });
  const line = result.stdout.trim().split('\n').pop() ?? '';
  let answer: LayoutAnswer | undefined;
  try {
    answer = JSON.parse(line) as LayoutAnswer;
  } catch {
    answer = undefined;
  }
  if (result.exitCode !== 0 || answer === undefined) throw failureOf(LAYOUT_FAILURES, result, undefined);
  return answer;
}
