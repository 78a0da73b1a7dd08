// redact: terms, patterns and areas removed from the document by MuPDF (text
// and images, tools/mutool-redact.ts), then the vector content there by the
// pikepdf pass (tools/pikepdf-redact.ts), which draws the filled boxes; matching
// metadata and annotations deleted. The output is rewritten whole (no earlier
// revision survives) and not encrypted: the client proved it may open it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { redactWithMupdf, type RedactArea } from '../tools/mutool-redact.js';
import { absoluteTextPositions, redactVectors } from '../tools/pikepdf-redact.js';
import { PdfInput } from './pdf-input.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

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

export async function redactPdf({
  files,
  options,
  run,
  config,
}: OperationInput<RedactOptions>): Promise<OperationOutput> {
  const pdf = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const textRedacted = path.join(run.workdir, 'redacted-text.pdf');
  const output = path.join(run.workdir, 'redacted.pdf');
  // Order matters: text positions made absolute (for MuPDF 1.21's sake, see
  // pikepdf-redact.ts), MuPDF (it rewrites the content it redacts), then the
  // vector pass over its output, which draws the boxes last, on top.
  // Areas alone: only their pages can lose text; a term or pattern may match anywhere.
  const onlyAreas = options.terms.length === 0 && options.regex.length === 0;
  const prepared = await absoluteTextPositions(
    run,
    await pdf.plain(),
    path.join(run.workdir, 'redact-prepared.pdf'),
    onlyAreas ? options.areas.map((a) => a.page) : undefined,
  );
  const mupdf = await redactWithMupdf(run, prepared, textRedacted, {
    terms: options.terms,
    regex: options.regex,
    areas: options.areas,
  });
  let vectors = 0;
  if (Object.keys(mupdf.pages).length > 0) {
    vectors = await redactVectors(run, textRedacted, output, mupdf.pages, rgb(options.color));
  } else {
    await fs.rename(textRedacted, output);
  }
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(pdf.name)}-redacted.pdf`,
    headers: { 'X-Redactions': String(mupdf.redactions), 'X-Redactions-Vector': String(vectors) },
  };
}
