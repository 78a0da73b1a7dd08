// The server's own parsing of untrusted bytes is bounded: page
// counts walk the real page tree with capped inflates and rows, the PNG
// decoder inflates no more than the header declares, and image sizes come
// from the data a decoder would use (JPEG 2000 SIZ, every TIFF directory).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { imageSize, imageSizeFromHeader } from '../../src/files/image-size.js';
import { jpxSize } from '../../src/files/jpx-size.js';
import { quickPageCount } from '../../src/files/pdf-page-count.js';
import { ChunkedBytes } from '../../src/http/held-body.js';
import { decodePng, PngError } from '../../src/pdf/png.js';
import { countShownPages } from '../../src/tools/qpdf.js';
import * as hostile from '../helpers/hostile.js';
import { CORPUS } from '../helpers/server.js';

const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bounded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, data: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};

/** `bytes` in 1,000-byte chunks: how a held upload body (256 KiB–8 MiB) reaches the count. */
function chunked(bytes: Buffer): ChunkedBytes {
  const held = new ChunkedBytes();
  for (let at = 0; at < bytes.length; at += 1000) held.push(bytes.subarray(at, at + 1000));
  return held;
}

describe('quickPageCount walks the page tree, within bounds', () => {
  it("gives the same verdicts on hostile files from an upload's chunks in memory", async () => {
    const lying = hostile.lyingCount(50);
    expect(await quickPageCount('', 2000, chunked(lying))).toBe(50);
    expect(await quickPageCount('', 20, chunked(lying))).toBe(21);
    expect(await quickPageCount('', undefined, chunked(hostile.pageTreeLoop()))).toBeUndefined();
    expect(await quickPageCount('', undefined, chunked(hostile.noPages()))).toBe(0);
    const before = process.memoryUsage().arrayBuffers;
    expect(await quickPageCount('', undefined, chunked(await hostile.xrefStreamBomb(256 * MiB)))).toBeUndefined();
    expect(await quickPageCount('', undefined, chunked(hostile.xrefRowBomb()))).toBeUndefined();
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MiB);
  });

  it('counts the real pages when /Count lies, and stops one past the limit', async () => {
    const file = write('lying.pdf', hostile.lyingCount(50));
    expect(await quickPageCount(file, 2000)).toBe(50);
    expect(await quickPageCount(file, 20)).toBe(21);
  });

  it('declines a page-tree loop (qpdf decides: 422) and counts a tree without pages as 0', async () => {
    expect(await quickPageCount(write('loop.pdf', hostile.pageTreeLoop()))).toBeUndefined();
    expect(await quickPageCount(write('none.pdf', hostile.noPages()))).toBe(0);
  });

  it('declines an xref-stream bomb without inflating it, and a /Size of 17 million rows without walking them', async () => {
    const bomb = write('bomb.pdf', await hostile.xrefStreamBomb(256 * MiB));
    const rows = write('rows.pdf', hostile.xrefRowBomb());
    const before = process.memoryUsage().arrayBuffers;
    expect(await quickPageCount(bomb)).toBeUndefined();
    expect(await quickPageCount(rows)).toBeUndefined();
    // The cap is 4 MiB of inflated data per stream; 256 MiB would show here.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * MiB);
  });
});

describe('PNG decoding', () => {
  it('refuses IDAT data that inflates past the size IHDR declares (a 1×1 PNG of 64 MiB)', async () => {
    const bomb = await hostile.pngBomb(64 * MiB);
    expect(() => decodePng(bomb)).toThrow(PngError);
    expect(() => decodePng(bomb)).toThrow(/larger than its header declares/);
  });
});

describe('image sizes', () => {
  it('JPEG 2000: the codestream SIZ decides, not the JP2 ihdr box', () => {
    expect(jpxSize(hostile.jpxCodestream(12000, 9000))).toEqual({ width: 12000, height: 9000 });
    expect(imageSizeFromHeader(hostile.jp2Lying(12000, 12000), 'jp2')).toMatchObject({ width: 12000, height: 12000 });
  });

  it('TIFF: the largest directory, wherever it lies', async () => {
    expect(await imageSize(write('huge.tiff', hostile.tiffHuge(12000, 11000)), 'tiff')).toMatchObject({
      width: 12000,
      height: 11000,
    });
  });

  it('PNG, by the image-size library', () => {
    const png = fs.readFileSync(path.join(CORPUS, 'typewriter.png'));
    const size = imageSizeFromHeader(png, 'png');
    expect(size!.width).toBe(png.readUInt32BE(16));
    expect(size!.height).toBe(png.readUInt32BE(20));
  });
});

describe('countShownPages', () => {
  it('reads the last "page N:" line of qpdf --show-pages', () => {
    expect(countShownPages('page 1: 3 0 R\n  content:\n    4 0 R\npage 2: 5 0 R\n  content:\n')).toBe(2);
    expect(countShownPages('page 1: 3 0 R\n  content:\n')).toBe(1);
    expect(countShownPages('')).toBe(0);
  });
});
