// compare: what changed between two PDFs (old first, then new). Words with
// their boxes from each text layer (pdftotext -bbox-layout; with ocr=auto, a
// document with text-less pages is OCR'd first and read from OCRmyPDF's
// output), a Myers diff of the two word sequences in reading order across page
// breaks (compare/sequence-diff.ts), pages paired by the words they share
// (compare/changes.ts), each pair compared as pixels for what text cannot
// show (compare/visual.ts), and either that as JSON or a PDF report built by
// pikepdf from the pages themselves (tools/compare-report.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { TooManyPagesError } from '../core/errors.js';
import { ocrmypdf, tesseractTimeoutFor } from '../tools/ocrmypdf.js';
import { readWords } from '../tools/pdftotext-words.js';
import { writeCompareReport } from '../tools/compare-report.js';
import type { OperationInput, OperationOutput, RunContext } from '../core/contract.js';
import { alignPages, describeChanges, type Change } from './compare/changes.js';
import { reportSpec } from './compare/report.js';
import { diffSequences } from './compare/sequence-diff.js';
import { diffPairsVisually, type VisualChange } from './compare/visual.js';
import { DocumentWords, Vocabulary } from './compare/words.js';
import { compactRanges } from './ocr.js';
import { ocrJobs, refuseHugeImages, resolveLanguages } from './ocr-support.js';
import { PdfInput } from './pdf-input.js';

/** Parsed options of POST /v1/pdf/compare (routes/compare.ts). */
export interface CompareOptions {
  format: 'json' | 'pdf';
  ocr: 'never' | 'auto';
  languages?: string;
  password: string[];
}

/** The JSON answer (contract: API §5f). */
export interface CompareResult {
  summary: {
    words_inserted: number;
    words_deleted: number;
    pages_old: number;
    pages_new: number;
    pages_changed_visually: number;
  };
  changes: Change[];
  visual: VisualChange[];
}

/** One side, read: its words, and the file pages are rendered from. */
interface ReadSide {
  input: PdfInput;
  words: DocumentWords;
  /** The decrypted file the words were read from (the repaired copy if the upload failed): what pages are rendered and embedded from. */
  renderFile: string;
  /** Pages OCR recognized. */
  ocrPages: number[];
}

/** Compares files.files[0] (old) with files.files[1] (new). */
export async function comparePdfs({
  files,
  options,
  run,
  config,
}: OperationInput<CompareOptions>): Promise<OperationOutput> {
  const passwords = options.password;
  const languages = options.ocr === 'auto' ? await resolveLanguages(options.languages ?? 'eng') : [];
  const inputs = await Promise.all(
    files.files.map((file, i) =>
      PdfInput.open(run, file, {
        maxPages: config.MAX_PAGES,
        password: passwords.length === 2 ? passwords[i] : passwords[0],
      }),
    ),
  );
  // Both files count against MAX_PAGES together: one request.
  const total = inputs[0].pages + inputs[1].pages;
  if (total > config.MAX_PAGES) throw new TooManyPagesError(config.MAX_PAGES, total);
  const vocabulary = new Vocabulary();
  const [old, nu] = await Promise.all(
    inputs.map((input, i) => readSide(run, input, vocabulary, options, languages, config.MAX_RENDER_PIXELS, i)),
  );

  const diff = await diffSequences(old.words.ids, nu.words.ids, run);
  const pairs = alignPages(old.words, nu.words, diff);
  const { changes, masks } = describeChanges(old.words, nu.words, diff, pairs);
  const rendered = [old.renderFile, nu.renderFile];
  const { visual, skipped } = await diffPairsVisually(
    run,
    { file: rendered[0], sizes: old.words.pageSizes },
    { file: rendered[1], sizes: nu.words.pageSizes },
    pairs,
    masks,
    config.MAX_RENDER_PIXELS,
  );
  const result: CompareResult = {
    summary: {
      words_inserted: changes.reduce((sum, c) => sum + (c.new ? c.new.text.split(' ').length : 0), 0),
      words_deleted: changes.reduce((sum, c) => sum + (c.old ? c.old.text.split(' ').length : 0), 0),
      pages_old: inputs[0].pages,
      pages_new: inputs[1].pages,
      pages_changed_visually: visual.length,
    },
    changes,
    visual,
  };
  const headers: Record<string, string> = { 'X-Compare-Pairs': String(pairs.length) };
  if (skipped.length > 0) headers['X-Compare-Visual-Skipped'] = skipped.map(([p, q]) => `${p}:${q}`).join(',');
  if (old.ocrPages.length > 0) headers['X-OCR-Pages-Old'] = compactRanges(old.ocrPages);
  if (nu.ocrPages.length > 0) headers['X-OCR-Pages-New'] = compactRanges(nu.ocrPages);

  const stem = stemOf(files.files[1].name || files.files[0].name);
  if (options.format === 'json') {
    const output = path.join(run.workdir, 'compare.json');
    await fs.writeFile(output, JSON.stringify(result));
    return { type: 'file', path: output, contentType: 'application/json', filename: `${stem}-compare.json`, headers };
  }
  const output = path.join(run.workdir, 'compare-report.pdf');
  await writeCompareReport(
    run,
    reportSpec({
      old: rendered[0],
      new: rendered[1],
      names: [files.files[0].name, files.files[1].name],
      ...result,
      pairs,
    }),
    output,
  );
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}-compare.pdf`, headers };
}

/** Words of one input; with ocr=auto and text-less pages, read from an OCRmyPDF copy (skip-text: pages with text are kept as they are). */
async function readSide(
  run: RunContext,
  input: PdfInput,
  vocabulary: Vocabulary,
  options: CompareOptions,
  languages: string[],
  maxPixels: number,
  index: number,
): Promise<ReadSide> {
  // A fresh word store per attempt: a run that failed halfway must not leave its pages in the retry's.
  const { words, plain } = await input.withPlainRetry(async (file) => {
    const read = new DocumentWords(vocabulary);
    await readWords(run, file, input.pages, read);
    return { words: read.finish(), plain: file };
  });
  const empty = words.emptyPages();
  if (options.ocr !== 'auto' || empty.length === 0) return { input, words, renderFile: plain, ocrPages: [] };
  const source = await input.gsSafe();
  await refuseHugeImages(run, source, maxPixels);
  const output = path.join(run.workdir, `compare-ocr-${index}.pdf`);
  await ocrmypdf(
    run,
    {
      input: source,
      outputType: 'pdf',
      output,
      sidecar: path.join(run.workdir, `compare-ocr-${index}.txt`),
      languages,
      mode: 'skip-text',
      deskew: false,
      rotatePages: false,
      jobs: ocrJobs(run, empty.length),
      tesseractTimeoutSeconds: tesseractTimeoutFor(run),
      maxPagePixels: maxPixels,
    },
    false,
  );
  const ocrWords = new DocumentWords(vocabulary);
  await readWords(run, output, input.pages, ocrWords);
  return { input, words: ocrWords.finish(), renderFile: plain, ocrPages: empty };
}
