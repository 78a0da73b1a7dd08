// sanitize: active and hidden content removed by class (pikepdf,
// tools/pikepdf-sanitize.py) from every object of the current revision,
// object streams included, and the file written whole from what is still
// reachable, so neither an earlier revision of an incremental update nor an
// orphaned object survives. X-Sanitized counts the objects removed per class.
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { sanitizeClasses, type SanitizeClass } from '../tools/pikepdf-structure.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

export interface SanitizeOptions {
  remove: SanitizeClass[];
  password?: string;
}

/** "javascript=3,embedded_files=1" in the order the classes were named (exported for unit tests). */
export function sanitizedHeader(classes: SanitizeClass[], removed: Partial<Record<SanitizeClass, number>>): string {
  return classes.map((c) => `${c}=${removed[c] ?? 0}`).join(',');
}

export async function sanitizePdf({
  files,
  options,
  run,
  config,
}: OperationInput<SanitizeOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const output = path.join(run.workdir, 'sanitized.pdf');
  const removed = await input.withPlainRetry((file) => sanitizeClasses(run, file, output, options.remove));
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-sanitized.pdf`,
    headers: { 'X-Sanitized': sanitizedHeader(options.remove, removed) },
  };
}
