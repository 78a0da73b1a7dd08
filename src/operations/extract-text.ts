// extract-text: the text layer by pdftotext, one process for all pages (split
// on its form feeds). ocr=auto OCRs only the selected pages that have no text
// layer (pdftotext finds nothing but whitespace on them) and puts their text
// in place, in page order.
import fs from 'node:fs/promises';
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { pageTexts } from '../tools/pdftotext.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';
import { ocrPagesToText, resolveLanguages } from './ocr-support.js';
import { expandPageRanges, parsePageRanges } from './page-ranges.js';
import { PdfInput } from './pdf-input.js';

/** Parsed options of POST /v1/pdf/extract-text (routes/extract-text.ts). */
export interface ExtractTextOptions {
  pages?: string;
  layout: boolean;
  format: 'text' | 'json';
  ocr: 'never' | 'auto';
  languages?: string;
  password?: string;
}

/**
 * The route runs under OCR_TIMEOUT because ocr=auto may OCR; without OCR the
 * ordinary OPERATION_TIMEOUT applies, counted from the same start.
 */
function limitedTo(run: RunContext, limitMs: number): RunContext {
  if (limitMs >= run.timeoutMs) return run;
  return { ...run, deadline: run.deadline - run.timeoutMs + limitMs, timeoutMs: limitMs };
}

/** The text of the requested pages (OCR of text-less ones with ocr=auto), as text or JSON. */
export async function extractText({
  files,
  options,
  run: outer,
  config,
}: OperationInput<ExtractTextOptions>): Promise<OperationOutput> {
  const run = options.ocr === 'auto' ? outer : limitedTo(outer, config.OPERATION_TIMEOUT);
  const languages = options.ocr === 'auto' ? await resolveLanguages(options.languages ?? 'eng') : [];
  const file = files.file[0];
  const input = await PdfInput.open(run, file, { maxPages: config.MAX_PAGES, password: options.password });
  const { wanted, texts } = await selectText(run, input, options);
  const first = Math.min(...wanted);
  const textOf = (page: number) => texts[page - first];

  if (options.ocr === 'auto') {
    const untexted = [...new Set(wanted)].filter((page) => textOf(page).trim() === '').sort((a, b) => a - b);
    if (untexted.length > 0) {
      const recognized = await ocrPagesToText(run, input, untexted, languages, config.MAX_RENDER_PIXELS);
      untexted.forEach((page, i) => (texts[page - first] = recognized[i]));
    }
  }

  const stem = stemOf(input.name);
  if (options.format === 'json') {
    const output = path.join(run.workdir, 'text.json');
    await fs.writeFile(output, JSON.stringify({ pages: wanted.map((page) => ({ page, text: textOf(page) })) }));
    return { type: 'file', path: output, contentType: 'application/json', filename: `${stem}.json` };
  }
  const output = path.join(run.workdir, 'text.txt');
  await fs.writeFile(output, wanted.map(textOf).join('\f'));
  return { type: 'file', path: output, contentType: 'text/plain; charset=utf-8', filename: `${stem}.txt` };
}

interface Selection {
  /** Requested pages in the order asked (repeats kept). */
  wanted: number[];
  /** Text of pages min(wanted)..max(wanted), from one pdftotext run. */
  texts: string[];
}

/**
 * One pdftotext run over the span of the requested pages, on the plain copy
 * (pdftotext would need a password on its command line); a file pdftotext
 * cannot read is retried on the repaired copy.
 */
async function selectText(run: RunContext, input: PdfInput, options: ExtractTextOptions): Promise<Selection> {
  const wanted =
    options.pages === undefined
      ? range(1, input.pages)
      : expandPageRanges(parsePageRanges(options.pages, input.pages, 'pages'));
  if (wanted.length === 0) return { wanted, texts: [] };
  const span = { first: Math.min(...wanted), last: Math.max(...wanted), layout: options.layout };
  return { wanted, texts: await input.withPlainRetry((source) => pageTexts(run, source, span)) };
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
