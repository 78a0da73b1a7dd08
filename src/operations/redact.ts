// redact: terms, patterns and areas removed from the document by MuPDF (see
// tools/mutool-redact.ts), filled boxes drawn where they were, matching
// metadata and annotations deleted. The output is rewritten whole (no earlier
// revision survives) and not encrypted: the client proved it may open it.
import path from 'node:path';
import { stemOf } from '../http/filename.js';
import { redactWithMupdf, type RedactArea } from '../tools/mutool-redact.js';
import { openInput } from './input-adapter.js';
import type { OperationInput, OperationOutput } from './types.js';

export interface RedactOptions {
  terms: string[];
  regex: string[];
  areas: RedactArea[];
  color: string;
  password?: string;
}

/** "#RRGGBB" → components 0..1. */
function rgb(color: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number];
}

export async function redactPdf({ files, options, run, config }: OperationInput<RedactOptions>): Promise<OperationOutput> {
  const pdf = await openInput(run, files.file[0], config, options.password);
  const output = path.join(run.workdir, 'redacted.pdf');
  const count = await redactWithMupdf(run, pdf.path, output, {
    terms: options.terms,
    regex: options.regex,
    areas: options.areas,
    color: rgb(options.color),
  });
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(pdf.name)}-redacted.pdf`,
    headers: { 'X-Redactions': String(count) },
  };
}
