// resize: every selected page gets exactly the paper's size (turned to the
// page's own orientation), its content scaled by one matrix around the
// unchanged content stream (contain, cover or stretch) and centred; link and
// annotation rectangles move by the same matrix, so a link still covers its text.
import path from 'node:path';
import { stemOf } from '../core/names.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { PAPER_SIZES, runLayout, type Paper } from '../tools/pikepdf-layout.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import { PdfInput } from './pdf-input.js';

export interface ResizeOptions {
  paper?: Paper;
  size?: [number, number];
  fit: 'contain' | 'cover' | 'stretch';
  pages?: string;
  password?: string;
}

export async function resizePdf({
  files,
  options,
  run,
  config,
}: OperationInput<ResizeOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const pages = options.pages ? expandPageRanges(parsePageRanges(options.pages, input.pages, 'pages')) : undefined;
  const size = options.size ?? ([...PAPER_SIZES[options.paper ?? 'a4']] as [number, number]);
  const output = path.join(run.workdir, 'resized.pdf');
  await input.withPlainRetry((file) =>
    runLayout(run, { op: 'resize', input: file, output, pages, size, fit: options.fit }),
  );
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(input.name)}-resized.pdf` };
}
