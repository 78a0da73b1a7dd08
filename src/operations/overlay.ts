// overlay: the pages of a second PDF drawn over or under the document's pages
// (letterheads, stamps, backgrounds), each as a form XObject with its own
// resources (no clash with the page's font or image names), turned upright
// and scaled to fit the target page's visible box. repeat=true cycles the
// overlay's pages (overlay page i on page i); false puts its page 1 everywhere.
import path from 'node:path';
import { stemOf } from '../core/names.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { runLayout } from '../tools/pikepdf-layout.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import { PdfInput } from './pdf-input.js';

export interface OverlayOptions {
  layer: 'over' | 'under';
  pages?: string;
  repeat: boolean;
  password?: string;
}

export async function overlayPdf({ files, options, run, config }: OperationInput<OverlayOptions>): Promise<OperationOutput> {
  const [input, stamp] = await Promise.all([
    PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password }),
    PdfInput.open(run, files.overlay[0], { maxPages: config.MAX_PAGES }),
  ]);
  const pages = options.pages ? expandPageRanges(parsePageRanges(options.pages, input.pages, 'pages')) : undefined;
  const output = path.join(run.workdir, 'overlaid.pdf');
  const overlayFile = await stamp.plain();
  await input.withPlainRetry((file) => runLayout(run, { op: 'overlay', input: file, overlay: overlayFile, output, pages, layer: options.layer, repeat: options.repeat }));
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(input.name)}-overlaid.pdf` };
}
