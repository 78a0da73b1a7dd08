// compress: makes a PDF smaller without changing what it is.
// - low: lossless. mutool clean -gggg (duplicate objects and streams shared,
//   unreferenced ones dropped), then qpdf (object streams, Flate recompressed
//   at level 9).
// - medium / high: Ghostscript pdfwrite downsamples and re-encodes images and
//   subsets fonts; only its page content is grafted back onto the original
//   page objects (compress-graft.ts), so forms, links, outlines and metadata
//   survive; then the same dedup + qpdf pass (Flate level 6: level 9 costs
//   0.25 s more on multipage.pdf for 1.7% less).
// The result is never larger than the input: when a lossy level gains nothing
// the lossless pass is tried, and when that gains nothing either the input
// comes back unchanged. Encrypted inputs are decrypted by qpdf first (the
// password goes in an @argfile, never to gs) and the result is encrypted again
// like the input (qpdf --copy-encryption), so the same passwords open it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ProcessingFailedError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { rewriteWithPdfwrite, type PdfwriteSettings } from '../tools/ghostscript-compress.js';
import { deduplicateObjects } from '../tools/mutool-clean.js';
import { pageCount, updateFromJson } from '../tools/qpdf.js';
import { writeJsonUpdate, writeOptimized } from '../tools/qpdf-optimize.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';
import {
  dropTrimBoxesUpdate,
  emptyPagesUpdate,
  readPageTree,
  restoreTrimBoxesUpdate,
  trimBoxWouldClip,
} from './compress-graft.js';
import { PdfInput } from './pdf-input.js';

/** The `level` option: low is lossless, medium and high go through Ghostscript. */
export type CompressionLevel = 'low' | 'medium' | 'high';

/** Parsed options of POST /v1/pdf/compress. */
export interface CompressOptions {
  level: CompressionLevel;
  grayscale: boolean;
  password?: string;
}

/**
 * pdfwrite settings of the lossy levels (measured: docs/operations/compress.md).
 * A level with two variants runs both side by side and keeps the smaller gs output.
 */
export const LOSSY_LEVELS: Record<Exclude<CompressionLevel, 'low'>, Array<Omit<PdfwriteSettings, 'grayscale'>>> = {
  // /ebook's resolution and JPEG quantisation (QFactor 0.76 ≈ IJG quality 62), gs's per-image JPEG/Flate choice.
  medium: [{ imageDpi: 150, monoDpi: 300, qFactor: 0.76, jpegEverything: false }],
  // 96 dpi, QFactor 1.0 ≈ IJG quality 50. Neither filter policy wins everywhere: gs's choice keeps a
  // downsampled graphic in Flate (multipage.pdf: high 774 KB > medium 765 KB), all-JPEG bloats tiny
  // icons (tracemonkey.pdf: 714 KB > medium 659 KB); the smaller of the two is 594 / 642 KB.
  high: [
    { imageDpi: 96, monoDpi: 200, qFactor: 1.0, jpegEverything: false },
    { imageDpi: 96, monoDpi: 200, qFactor: 1.0, jpegEverything: true },
  ],
};

/** Flate levels of the final qpdf pass. */
const LOSSLESS_FLATE_LEVEL = 9;
const LOSSY_FLATE_LEVEL = 6;

interface Source {
  /** The unencrypted input (the upload itself when it is not encrypted), or its repaired copy. */
  plain: string;
  /** What Ghostscript reads: a qpdf rewrite of `plain` (PdfInput.gsSafe). */
  gsInput: string;
  pages: number;
  /** Prefix of this attempt's work files (a retry on the repaired copy must not collide). */
  prefix: string;
  /** Set when the output must be encrypted like the upload. */
  encryptionFrom?: { file: string; password?: string };
}

/** Compresses `files.file[0]`; the answer is never larger than the input (headers X-Original-Size, X-Compressed-Size, X-Compression-Applied, X-Compression-Level). */
export async function compressPdf({
  files,
  options,
  run,
  config,
}: OperationInput<CompressOptions>): Promise<OperationOutput> {
  const file = files.file[0];
  const filename = `${stemOf(file.name)}-compressed.pdf`;
  const opened = await PdfInput.open(run, file, { maxPages: config.MAX_PAGES, password: options.password });
  const encryptionFrom = opened.encrypted ? { file: opened.path, password: options.password } : undefined;
  const originalSize = (await fs.stat(opened.path)).size;
  // A file a tool fails on is compressed again from its repaired copy (PdfInput's retry rule).
  const { result, size, applied } = await opened.withPlainRetry(async (plain, repaired) => {
    const source: Source = {
      plain,
      gsInput: repaired ? plain : await opened.gsSafe(),
      pages: opened.pages,
      encryptionFrom,
      prefix: repaired ? 'repaired-' : '',
    };
    return compressSource(run, source, options, originalSize);
  });
  const headers: Record<string, string> = { 'X-Original-Size': String(originalSize) };
  if (size >= originalSize) {
    return {
      type: 'file',
      path: opened.path,
      contentType: 'application/pdf',
      filename,
      headers: {
        ...headers,
        'X-Compressed-Size': String(originalSize),
        'X-Compression-Applied': 'false',
        'X-Compression-Level': 'none',
      },
    };
  }
  return {
    type: 'file',
    path: result,
    contentType: 'application/pdf',
    filename,
    headers: {
      ...headers,
      'X-Compressed-Size': String(size),
      'X-Compression-Applied': 'true',
      'X-Compression-Level': applied,
    },
  };
}

/** One compression attempt of `source`. */
async function compressSource(
  run: RunContext,
  source: Source,
  options: CompressOptions,
  originalSize: number,
): Promise<{ result: string; size: number; applied: CompressionLevel }> {
  let applied: CompressionLevel = options.level;
  let result =
    options.level === 'low'
      ? await lossless(run, source)
      : await lossy(
          run,
          source,
          LOSSY_LEVELS[options.level].map((variant) => ({ ...variant, grayscale: options.grayscale })),
        );
  let size = (await fs.stat(result)).size;
  if (size >= originalSize && options.level !== 'low' && !options.grayscale) {
    // Already well compressed (e.g. a small scan at its native resolution):
    // the lossy rewrite is larger, but the lossless pass may still gain.
    applied = 'low';
    result = await lossless(run, source);
    size = (await fs.stat(result)).size;
  }
  return { result, size, applied };
}

function work(run: RunContext, name: string): string {
  return path.join(run.workdir, name);
}

/** Lossless: shared duplicates, object streams, Flate at level 9. */
async function lossless(run: RunContext, source: Source): Promise<string> {
  const deduped = work(run, `${source.prefix}lossless-dedup.pdf`);
  const output = work(run, `${source.prefix}lossless.pdf`);
  await deduplicateObjects(run, source.plain, deduped);
  await writeOptimized(run, deduped, output, {
    compressionLevel: LOSSLESS_FLATE_LEVEL,
    encryptionFrom: source.encryptionFrom,
  });
  return output;
}

/** Runs every pdfwrite variant on `input` side by side; returns the smallest output. */
async function smallestRewrite(
  run: RunContext,
  input: string,
  variants: PdfwriteSettings[],
  prefix: string,
): Promise<string> {
  const outputs = variants.map((_, i) => work(run, `${prefix}gs-${i}.pdf`));
  await Promise.all(variants.map((settings, i) => rewriteWithPdfwrite(run, input, outputs[i], settings)));
  const sizes = await Promise.all(outputs.map(async (output) => (await fs.stat(output)).size));
  return outputs[sizes.indexOf(Math.min(...sizes))];
}

/** Lossy: gs page content grafted onto the original pages, then the lossless finish. */
async function lossy(run: RunContext, source: Source, variants: PdfwriteSettings[]): Promise<string> {
  // The page tree is read while gs runs (another pool slot): it is only
  // needed for the graft, except when TrimBoxes would clip (rare), where gs
  // must run again on a copy without them.
  const [treeResult, gsResult] = await Promise.allSettled([
    readPageTree(run, source.plain),
    smallestRewrite(run, source.gsInput, variants, source.prefix),
  ]);
  if (treeResult.status === 'rejected') throw treeResult.reason;
  if (gsResult.status === 'rejected') throw gsResult.reason;
  const tree = treeResult.value;
  let rewritten = gsResult.value;
  const clipping = trimBoxWouldClip(tree.pages);
  if (clipping) {
    const untrimmed = work(run, `${source.prefix}untrimmed.pdf`);
    await updateFromJson(run, source.plain, dropTrimBoxesUpdate(tree), untrimmed);
    rewritten = await smallestRewrite(run, untrimmed, variants, source.prefix);
  }
  const gsPages = await pageCount(run, rewritten);
  if (gsPages !== source.pages) {
    // qpdf --overlay would leave the missing pages blank: never return that.
    throw new ProcessingFailedError(
      'Ghostscript did not reproduce every page.',
      new Error(`gs wrote ${gsPages} of ${source.pages} pages`),
    );
  }
  const content = work(run, `${source.prefix}gs-dedup.pdf`);
  await deduplicateObjects(run, rewritten, content);
  const emptied = await writeJsonUpdate(run, `${source.prefix}empty-pages.json`, emptyPagesUpdate(tree, clipping));
  const grafted = work(run, `${source.prefix}grafted.pdf`);
  await writeOptimized(run, source.plain, grafted, {
    compressionLevel: LOSSY_FLATE_LEVEL,
    updateJson: emptied,
    overlay: content,
    encryptionFrom: clipping ? undefined : source.encryptionFrom,
  });
  if (!clipping) return grafted;
  const restored = work(run, `${source.prefix}restored.pdf`);
  const restore = await writeJsonUpdate(
    run,
    `${source.prefix}restore-trim.json`,
    restoreTrimBoxesUpdate(await readPageTree(run, grafted), tree.pages),
  );
  await writeOptimized(run, grafted, restored, { updateJson: restore, encryptionFrom: source.encryptionFrom });
  return restored;
}
