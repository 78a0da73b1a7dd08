// crop: sets each selected page's CropBox to a box given in the visible
// page's coordinates (from its top-left, whatever /Rotate and the box offsets
// are), or to what the page really draws (Ghostscript's bbox device) plus a
// margin; TrimBox/BleedBox/ArtBox are clipped to it. Content outside the box
// stays in the file: this is a view, not a redaction.
import path from 'node:path';
import { InvalidRequestError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { drawnBoxes } from '../tools/gs-bbox.js';
import { runLayout } from '../tools/pikepdf-layout.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import { PdfInput } from './pdf-input.js';

export interface CropOptions {
  box?: [number, number, number, number];
  auto: boolean;
  margin: number;
  pages?: string;
  password?: string;
}

export async function cropPdf({ files, options, run, config }: OperationInput<CropOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const pages = options.pages ? expandPageRanges(parsePageRanges(options.pages, input.pages, 'pages')) : undefined;
  const output = path.join(run.workdir, 'cropped.pdf');
  // The gs-safe copy is a qpdf rewrite: the same pages, decrypted, for both gs and pikepdf.
  const source = await input.gsSafe();
  const bboxes = options.auto ? await drawnBoxes(run, source, input.pages) : undefined;
  const answer = await runLayout(run, {
    op: 'crop',
    input: source,
    output,
    pages,
    box: options.box,
    bboxes,
    margin: options.margin,
  });
  if (answer.error === 'box') {
    throw new InvalidRequestError(
      `box: reaches outside page ${answer.page}, whose visible size is ${answer.width} × ${answer.height} pt.`,
      'box',
    );
  }
  const empty = (answer.empty as number[] | undefined) ?? [];
  // Pages auto=true left as they were (nothing drawn on them): said, never silent.
  const headers: Record<string, string> = empty.length > 0 ? { 'X-Uncropped-Pages': empty.join(',') } : {};
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-cropped.pdf`,
    headers,
  };
}
