// The in-process parsers of hostile input, below HTTP: the ZIP site unpacker
// (limits from the end-of-central-directory record, entries walked once to
// check and once to write), and its deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TimeoutError } from '../../src/core/errors.js';
import { unpackSite } from '../../src/files/site-zip.js';
import { zipDirectoryBomb } from '../helpers/hostile-parsing.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-parsing-unit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const limits = { maxBytes: 100 * 1024 * 1024, maxEntries: 10_000 };

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('unpackSite', () => {
  it('unpacks a well-formed site built by the generator', async () => {
    const out = path.join(dir, 'ok');
    await unpackSite(write('ok.zip', zipDirectoryBomb({ entries: 3 })), out, limits);
    expect(fs.readdirSync(out).sort()).toEqual(['f1.txt', 'f2.txt', 'index.html']);
  });

  it('refuses by the declared count (ZIP64 too) and the declared sizes, writing nothing', async () => {
    const out = path.join(dir, 'refused');
    await expect(
      unpackSite(write('claims.zip', zipDirectoryBomb({ entries: 1, claimed: 2_000_000 })), out, limits),
    ).rejects.toMatchObject({ code: 'resource_limit' });
    await expect(
      unpackSite(write('many.zip', zipDirectoryBomb({ entries: 10_001 })), out, limits),
    ).rejects.toMatchObject({ code: 'resource_limit' });
    await expect(
      unpackSite(write('sizes.zip', zipDirectoryBomb({ entries: 3, declaredSize: 0xfffffff0 })), out, limits),
    ).rejects.toMatchObject({ code: 'file_too_large' });
    expect(fs.existsSync(out)).toBe(false);
  });

  it('answers the operation timeout once its deadline has passed', async () => {
    const past = { deadline: Date.now() - 1, timeoutMs: 1000 };
    await expect(
      unpackSite(write('late.zip', zipDirectoryBomb({ entries: 3 })), path.join(dir, 'late'), limits, past),
    ).rejects.toBeInstanceOf(TimeoutError);
  });
});
