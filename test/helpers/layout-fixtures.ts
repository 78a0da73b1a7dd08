// Makes the page-layout fixtures once per test file: QR codes by qrencode,
// the PDFs by layout-fixtures.py (Debian's python3 with pikepdf and PIL), and
// small readers the layout tests share (boxes, words, ZIP entries).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { out, outBytes } from './async-tools.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes every fixture into a fresh directory; returns name → path. */
export async function makeLayoutFixtures(): Promise<(name: string) => string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layout-fixtures-'));
  await run('qrencode', ['-o', path.join(dir, 'qr-sep.png'), '-m', '2', 'SEP']);
  await run('qrencode', ['-o', path.join(dir, 'qr-other.png'), '-m', '2', 'OTHER']);
  await run('/usr/bin/python3', ['-W', 'ignore', path.join(here, 'layout-fixtures.py'), dir]);
  return (name) => path.join(dir, name);
}

/** A page box [x0, y0, x1, y1] as `pdfinfo -box` reports it. */
export async function pageBox(file: string, page: number, box: 'MediaBox' | 'CropBox' | 'TrimBox'): Promise<number[]> {
  const info = await out('pdfinfo', ['-box', '-f', String(page), '-l', String(page), file]);
  const match = new RegExp(`^Page\\s+${page}\\s+${box}:\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)`, 'm').exec(info);
  if (!match) throw new Error(`no ${box} for page ${page}`);
  return match.slice(1, 5).map(Number);
}

/** A word and its box from `pdftotext -bbox` (pt, from the visible page's top-left). */
export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of `page`, in pdftotext's reading order (`raw`: in content-stream order). */
export async function wordsOf(file: string, page: number, raw = false): Promise<Word[]> {
  const html = await out('pdftotext', [
    '-bbox',
    ...(raw ? ['-raw'] : []),
    '-f',
    String(page),
    '-l',
    String(page),
    file,
    '-',
  ]);
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({
    text: m[5],
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

/** The entries of a ZIP extracted into a fresh directory, in archive order: [name, path]. */
export async function unzipped(zip: string): Promise<Array<[string, string]>> {
  const names = (await out('unzip', ['-Z1', zip])).trim().split('\n');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unzipped-'));
  await run('unzip', ['-q', zip, '-d', dir]);
  return names.map((name) => [name, path.join(dir, name)]);
}

/** A 72 dpi RGB render of the visible `page` (pdftoppm -cropbox, PPM on stdout): its size and the box of its reddish pixels. */
export async function renderRed(
  file: string,
  page: number,
): Promise<{ width: number; height: number; red: Word | null }> {
  const ppm = await outBytes('pdftoppm', [
    '-cropbox',
    '-r',
    '72',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
  ]);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PPM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  let red: Word | null = null;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (pixels[i] > 200 && pixels[i + 1] < 80 && pixels[i + 2] < 80) {
        red ??= { text: 'red', xMin: x, yMin: y, xMax: x + 1, yMax: y + 1 };
        red.xMin = Math.min(red.xMin, x);
        red.yMin = Math.min(red.yMin, y);
        red.xMax = Math.max(red.xMax, x + 1);
        red.yMax = Math.max(red.yMax, y + 1);
      }
    }
  }
  return { width, height, red };
}

/** Every object of `file` (qpdf JSON v1 "objects": "N 0 R" → value). */
export async function objectsOf(file: string): Promise<Array<Record<string, unknown>>> {
  const json = JSON.parse(await out('qpdf', ['--json=1', '--json-key=objects', file]));
  return Object.values(json.objects as Record<string, Record<string, unknown>>);
}
