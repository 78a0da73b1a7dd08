// pdfimages (poppler-utils 22.12.0, Debian bookworm): the list of images a
// PDF draws (-list) and their extraction (-all: JPEG, JPEG 2000, JBIG2 and
// CCITT streams copied as they are, CMYK as TIFF, the rest as PNG; -png:
// everything as PNG). Passwords only go on argv, so encrypted inputs are
// decrypted by qpdf first. Exit codes: 0 ok, 1 cannot open the PDF, 2 output
// file error, 3 permissions, 99 other.
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidPdfError, ResourceLimitError } from '../core/errors.js';
import { runTool, type ToolFailures } from './failures.js';
import type { RunContext } from '../core/contract.js';

export const PDFIMAGES = 'pdfimages';

/** A listing cut at `maxImages` rows is the client's 422; so is a PDF it cannot open; the rest is ours. */
export const PDFIMAGES_FAILURES: ToolFailures<{ maxImages?: number }> = {
  tool: 'pdfimages',
  rules: [
    {
      exit: [-1],
      stderr: /output exceeded the buffer limit/,
      when: (_, call) => call.maxImages !== undefined,
      error: (_, { maxImages }) =>
        new ResourceLimitError(
          `The PDF draws more than ${maxImages} images; at most ${maxImages} files are extracted (MAX_OUTPUT_FILES).`,
          'MAX_OUTPUT_FILES',
          { max_output_files: maxImages },
        ),
    },
    { exit: [1], error: () => new InvalidPdfError('The PDF cannot be read for image extraction.') },
  ],
  failed: 'Image extraction failed.',
};

/** One image drawn on a page (one row of `pdfimages -list`). */
export interface ListedImage {
  page: number;
  /** Running number; the extracted file is <prefix>-<num padded to 3>.<ext>. */
  num: number;
  /** image, mask, smask or stencil. */
  type: string;
  width: number;
  height: number;
  /** jpeg, jp2, jbig2, ccitt, image (decoded samples), … */
  encoding: string;
  /** "12 0"; undefined for inline images. */
  object?: string;
}

const ROW =
  /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(\d+)\s+(\d+)\s+\S+\s+\d+\s+\d+\s+(\S+)\s+\S+\s+(?:(\d+)\s+(\d+)\b|\[inline\])/;

/** Parses `pdfimages -list` output (exported for unit tests). */
export function parseImageList(stdout: string): ListedImage[] {
  const images: ListedImage[] = [];
  for (const line of stdout.split('\n')) {
    const m = ROW.exec(line);
    if (!m) continue;
    images.push({
      page: Number(m[1]),
      num: Number(m[2]),
      type: m[3],
      width: Number(m[4]),
      height: Number(m[5]),
      encoding: m[6],
      object: m[7] === undefined ? undefined : `${m[7]} ${m[8]}`,
    });
  }
  return images;
}

/** Bytes of one `pdfimages -list` row, generously (a row is ~95 bytes). */
const LIST_ROW_BYTES = 200;

/**
 * Every image drawn, in page order. With `maxImages`, the listing is cut off
 * (and 422 resource_limit given) once it could hold more rows than that, so
 * a file drawing 70,000 inline images costs neither the memory nor the
 * event-loop time of parsing them all.
 */
export async function listImages(ctx: RunContext, file: string, maxImages?: number): Promise<ListedImage[]> {
  const maxStdout = maxImages === undefined ? 256 * 1024 * 1024 : (maxImages + 2) * LIST_ROW_BYTES;
  const result = await runTool(ctx, PDFIMAGES_FAILURES, PDFIMAGES, ['-list', file], {
    maxStdout,
    call: { maxImages },
    failed: 'Image listing failed.',
  });
  const images = parseImageList(result.stdout);
  if (maxImages !== undefined && images.length > maxImages) {
    throw new ResourceLimitError(
      `The PDF draws ${images.length} images; at most ${maxImages} files are extracted (MAX_OUTPUT_FILES).`,
      'MAX_OUTPUT_FILES',
      { max_output_files: maxImages },
    );
  }
  return images;
}

/** Extracts all images into `outDir`; returns file paths by running number (sidecars such as .jb2g/.params included). */
export async function extractImages(
  ctx: RunContext,
  file: string,
  outDir: string,
  format: 'original' | 'png',
): Promise<Map<number, string[]>> {
  await fs.mkdir(outDir, { recursive: true });
  await runTool(
    ctx,
    PDFIMAGES_FAILURES,
    PDFIMAGES,
    [format === 'png' ? '-png' : '-all', file, path.join(outDir, 'img')],
    { call: {} },
  );
  const byNum = new Map<number, string[]>();
  for (const name of (await fs.readdir(outDir)).sort()) {
    const m = /^img-(\d+)\.(\w+)$/.exec(name);
    if (!m) continue;
    const list = byNum.get(Number(m[1])) ?? [];
    list.push(path.join(outDir, name));
    byNum.set(Number(m[1]), list);
  }
  return byNum;
}
