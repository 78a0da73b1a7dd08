// pdftoppm (poppler-utils 22.12.0, Debian bookworm): JPEG page images. Measured
// on tracemonkey.pdf (14 pages, 150 dpi): pdftoppm -jpeg 0.7 s, the fastest
// JPEG path here (mutool 1.21 draw writes no JPEG; its PNG is used for PNG).
// Inputs are already opened and decrypted by qpdf. Exit codes: 0 ok, 1 error
// opening the PDF, 2 output file, 3 permissions, 99 other.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PageRange, RunContext } from '../core/contract.js';
import { runTool, type ToolFailures } from './failures.js';
import { filesByPage } from './mutool.js';

export const PDFTOPPM = 'pdftoppm';

/** Every failure is ours: the input is a PDF qpdf has opened. */
export const PDFTOPPM_FAILURES: ToolFailures = { tool: 'pdftoppm', failed: 'Rendering failed.' };

/** JPEG quality (libjpeg scale); poppler's default of 75 shows artefacts around text. */
export const JPEG_QUALITY = 85;

/** Arguments rendering pages first..last of `input` as JPEG under `prefix` (exported for unit tests). */
export function jpegArgs(input: string, range: PageRange, dpi: number, prefix: string): string[] {
  return [
    '-jpeg',
    '-jpegopt',
    `quality=${JPEG_QUALITY}`,
    '-r',
    String(dpi),
    '-f',
    String(range.first),
    '-l',
    String(range.last),
    input,
    prefix,
  ];
}

/** Renders `ranges` at `dpi` as JPEG; returns page number → file. One process per contiguous range. */
export async function renderJpeg(
  ctx: RunContext,
  input: string,
  ranges: PageRange[],
  dpi: number,
  outDir: string,
): Promise<Map<number, string>> {
  return renderPages(ctx, input, ranges, dpi, outDir, 'jpeg');
}

/** Renders `ranges` at `dpi` as PNG (the fallback when MuPDF fails on a file); returns page number → file. */
export async function renderPngPages(
  ctx: RunContext,
  input: string,
  ranges: PageRange[],
  dpi: number,
  outDir: string,
): Promise<Map<number, string>> {
  return renderPages(ctx, input, ranges, dpi, outDir, 'png');
}

async function renderPages(
  ctx: RunContext,
  input: string,
  ranges: PageRange[],
  dpi: number,
  outDir: string,
  format: 'jpeg' | 'png',
): Promise<Map<number, string>> {
  await fs.mkdir(outDir, { recursive: true });
  const done = new Set<string>();
  for (const range of ranges) {
    const key = `${range.first}-${range.last}`;
    if (done.has(key)) continue;
    done.add(key);
    const prefix = path.join(outDir, 'page');
    const args =
      format === 'jpeg'
        ? jpegArgs(input, range, dpi, prefix)
        : ['-png', '-r', String(dpi), '-f', String(range.first), '-l', String(range.last), input, prefix];
    await runTool(ctx, PDFTOPPM_FAILURES, PDFTOPPM, args);
  }
  // pdftoppm names files page-<n>.jpg, n zero-padded to the width of the document's page count.
  return filesByPage(outDir, format === 'jpeg' ? /^page-0*(\d+)\.jpg$/ : /^page-0*(\d+)\.png$/);
}

/**
 * Renders pages of `input` in grey at `dpi` as binary PGM (one process);
 * returns page number → file. Used to find blank pages and read QR codes:
 * grey is a third of the bytes of colour and all either needs, and neither
 * needs smooth edges, so anti-aliasing is off: on 100 text pages at 100 dpi
 * that took the render from 0.90 to 0.18 s of CPU, with the same QR codes read.
 */
export async function renderGreyPages(
  ctx: RunContext,
  input: string,
  pages: PageRange,
  dpi: number,
  outDir: string,
): Promise<Map<number, string>> {
  await fs.mkdir(outDir, { recursive: true });
  // -cropbox: the visible page, as the client sees it (content outside the CropBox is no ink).
  const args = [
    '-gray',
    '-cropbox',
    '-aa',
    'no',
    '-aaVector',
    'no',
    '-r',
    String(dpi),
    '-f',
    String(pages.first),
    '-l',
    String(pages.last),
    input,
    path.join(outDir, 'page'),
  ];
  await runTool(ctx, PDFTOPPM_FAILURES, PDFTOPPM, args);
  return filesByPage(outDir, /^page-0*(\d+)\.pgm$/);
}
