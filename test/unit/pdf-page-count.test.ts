import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quickPageCount } from '../../src/files/pdf-page-count.js';
import { ChunkedBytes } from '../../src/http/held-body.js';
import { CORPUS } from '../helpers/server.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecount-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `bytes` as an upload's chunks of `size` bytes (a range read may span several). */
function chunked(bytes: Buffer, size: number): ChunkedBytes {
  const held = new ChunkedBytes();
  for (let at = 0; at < bytes.length; at += size) held.push(bytes.subarray(at, at + size));
  return held;
}

function qpdfCount(file: string): number {
  return Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim());
}

describe('quickPageCount', () => {
  it('agrees with qpdf on every readable unencrypted corpus file and on rewritten variants', async () => {
    const files = ['tracemonkey.pdf', 'multipage.pdf', 'linn.pdf', 'francais.pdf', 'trivial.pdf', 'skew.pdf'].map((f) =>
      path.join(CORPUS, f),
    );
    const variants: string[] = [];
    for (const file of files) {
      for (const [suffix, args] of [
        ['objstm', ['--object-streams=generate']],
        ['linear', ['--linearize']],
        ['qdf', ['--qdf']],
      ] as const) {
        const out = path.join(dir, `${path.basename(file, '.pdf')}-${suffix}.pdf`);
        execFileSync('qpdf', [file, ...args, out]);
        variants.push(out);
      }
    }
    // A 700-page document with a large /Kids array, and an incremental update (two xref sections).
    const big = path.join(dir, 'big.pdf');
    execFileSync('qpdf', ['--empty', '--pages', ...Array(50).fill(files[0]), '--', big]);
    variants.push(big);
    let checked = 0;
    for (const file of [...files, ...variants]) {
      const quick = await quickPageCount(file);
      // The same verdict from the bytes in memory: whole, or in the chunks an upload arrived in.
      const bytes = fs.readFileSync(file);
      expect(await quickPageCount(file, undefined, bytes), `${path.basename(file)} in memory`).toBe(quick);
      for (const size of [997, 65_536])
        expect(
          await quickPageCount(file, undefined, chunked(bytes, size)),
          `${path.basename(file)} in ${size}-byte chunks`,
        ).toBe(quick);
      if (quick !== undefined) {
        expect(quick, path.basename(file)).toBe(qpdfCount(file));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('declines encrypted, damaged and non-PDF files (qpdf decides those)', async () => {
    for (const name of [
      'encrypted-aes256-owner-only.pdf',
      'encrypted-rc4-20-pages-user-user.pdf',
      'invalid.pdf',
      'typewriter.png',
    ]) {
      expect(await quickPageCount(path.join(CORPUS, name)), name).toBeUndefined();
    }
    const bytes = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
    const cut = path.join(dir, 'cut.pdf');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 5000));
    expect(await quickPageCount(cut)).toBeUndefined();
  });
});
