// The compare report as a PDF: pikepdf-compare-report.py (Debian's python3
// with python3-pikepdf 6.0 on qpdf 11) embeds the original pages as form
// XObjects side by side and draws the highlights; this module decides which
// pages go in and what the summary page says. Inputs are decrypted copies
// qpdf opened, so a failure here is ours (500).
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { bundledScript } from './bundled.js';
import { failureOf, type ToolFailures } from './failures.js';
import { PIKEPDF_PYTHON } from './pikepdf-redact.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';

/** Every failure is ours: both inputs are PDFs qpdf opened. */
export const COMPARE_REPORT_FAILURES: ToolFailures = {
  tool: 'pikepdf-compare-report.py',
  failed: 'Building the comparison report failed.',
};

type Rect = [number, number, number, number];

/** One page of the report: an old page beside a new one (either may be absent), and what to draw on each. */
export interface ReportPage {
  old: number | null;
  new: number | null;
  deleted: Rect[];
  inserted: Rect[];
  visual_old: Rect[];
  visual_new: Rect[];
}

/** What the report script reads. */
export interface ReportSpec {
  old: string;
  new: string;
  summary: string[];
  pages: ReportPage[];
}

/** Writes the report described by `spec` to `output`; resolves with its page count. */
export async function writeCompareReport(ctx: RunContext, spec: ReportSpec, output: string): Promise<number> {
  const specFile = path.join(ctx.workdir, `compare-report-${crypto.randomBytes(6).toString('hex')}.json`);
  await fsp.writeFile(specFile, JSON.stringify(spec));
  // -I: no user site-packages or PYTHON* variables; -B: no .pyc written beside the script.
  const result = await run(ctx, PIKEPDF_PYTHON, [
    '-I',
    '-B',
    bundledScript('pikepdf-compare-report.py'),
    specFile,
    output,
  ]);
  let pages: number | undefined;
  try {
    pages = (JSON.parse(result.stdout.trim().split('\n').pop() ?? '') as { pages: number }).pages;
  } catch {
    pages = undefined;
  }
  if (result.exitCode !== 0 || pages === undefined) throw failureOf(COMPARE_REPORT_FAILURES, result, undefined);
  return pages;
}
