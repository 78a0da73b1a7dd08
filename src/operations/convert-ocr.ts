// ocr=auto for PDF → XLSX/CSV/PPTX: a scanned page has no text for the layout
// analysis to read, so when any page's text layer is empty OCRmyPDF puts one
// under it first (--skip-text: pages with text are left as they are) and the
// analysis reads that copy. One pdftotext pass decides; a document whose
// pages all have text costs nothing more. Runs within the convert operation's
// time limit (OPERATION_TIMEOUT).
import path from 'node:path';
import type { RunContext } from '../core/contract.js';
import { ocrmypdf, tesseractTimeoutFor } from '../tools/ocrmypdf.js';
import { pageTexts } from '../tools/pdftotext.js';
import { ocrJobs, refuseHugeImages, resolveLanguages } from './ocr-support.js';
import type { PdfInput } from './pdf-input.js';

/** The OCR'd copy and the pages that were recognized (1-based), or undefined when every page has text. */
export async function ocrTextlessPages(
  run: RunContext,
  pdf: PdfInput,
  languages: string,
  maxPixels: number,
): Promise<{ path: string; pages: number[] } | undefined> {
  const codes = await resolveLanguages(languages);
  const texts = await pdf.withPlainRetry((source) =>
    pageTexts(run, source, { first: 1, last: pdf.pages, layout: false }),
  );
  const textless = texts.flatMap((t, i) => (t.trim() === '' ? [i + 1] : []));
  if (textless.length === 0) return undefined;
  // OCRmyPDF runs Ghostscript: it reads only the qpdf rewrite (PdfInput.gsSafe).
  const input = await pdf.gsSafe();
  await refuseHugeImages(run, input, maxPixels);
  const output = path.join(run.workdir, 'ocr-layer.pdf');
  await ocrmypdf(
    run,
    {
      input,
      outputType: 'pdf',
      output,
      sidecar: path.join(run.workdir, 'ocr-layer.txt'),
      languages: codes,
      mode: 'skip-text',
      deskew: false,
      rotatePages: false,
      jobs: ocrJobs(run, pdf.pages),
      tesseractTimeoutSeconds: tesseractTimeoutFor(run),
      maxPagePixels: maxPixels,
    },
    false,
  );
  return { path: output, pages: textless };
}
