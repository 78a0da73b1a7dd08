// qpdf (tested with 11.3.0) for compress: the lossless pass (object streams,
// Flate recompressed at a chosen level; unreferenced objects are never
// written) and the graft that lays Ghostscript's page content onto the
// original page objects (--update-from-json + --overlay), optionally
// re-applying the input's encryption (--copy-encryption, password via
// @argfile). Never --normalize-content: it inflates content streams.
import fs from 'node:fs/promises';
import path from 'node:path';
import { runQpdf, type QpdfArg } from './qpdf.js';
import type { RunContext } from '../core/contract.js';

/** The finishing options of a qpdf write. */
export interface OptimizeOptions {
  /** zlib level 1..9 for --recompress-flate; streams are copied as they are when absent. */
  compressionLevel?: number;
  /** A qpdf JSON v2 update applied to the input before anything else. */
  updateJson?: string;
  /** A PDF whose page i is laid over page i of the input. */
  overlay?: string;
  /** Re-encrypt like this (original) file, opened with `password`. */
  encryptionFrom?: { file: string; password?: string };
}

/** The qpdf argument list (exported for unit tests). */
export function optimizeArgs(input: string, output: string, options: OptimizeOptions): QpdfArg[] {
  const args: QpdfArg[] = [input];
  if (options.updateJson) args.push(`--update-from-json=${options.updateJson}`);
  if (options.overlay) args.push('--overlay', options.overlay, '--');
  args.push('--object-streams=generate');
  if (options.compressionLevel !== undefined)
    args.push('--recompress-flate', `--compression-level=${options.compressionLevel}`);
  if (options.encryptionFrom) {
    args.push(`--copy-encryption=${options.encryptionFrom.file}`);
    if (options.encryptionFrom.password !== undefined)
      args.push({ secret: `--encryption-file-password=${options.encryptionFrom.password}` });
  }
  args.push(output);
  return args;
}

/** Writes `input` to `output` with the lossless finishing pass (and graft/encryption when asked). */
export async function writeOptimized(
  ctx: RunContext,
  input: string,
  output: string,
  options: OptimizeOptions,
): Promise<void> {
  const inputs = [input, ...(options.overlay ? [options.overlay] : [])];
  await runQpdf(ctx, optimizeArgs(input, output, options), {
    inputs,
    passwordGiven: options.encryptionFrom?.password !== undefined,
  });
}

/** Writes a qpdf JSON v2 update next to the work files and returns its path. */
export async function writeJsonUpdate(ctx: RunContext, name: string, update: object): Promise<string> {
  const file = path.join(ctx.workdir, name);
  await fs.writeFile(file, JSON.stringify(update));
  return file;
}
