// The in-process check that replaced a qpdf pass over Chromium's output: a
// whole PDF (header to %%EOF) passes, a cut-short or foreign file fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertWholePdf } from '../../src/tools/chromium.js';
import { CORPUS } from '../helpers/server.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-whole-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const whole = fs.readFileSync(path.join(CORPUS, 'trivial.pdf'));

function file(name: string, content: Buffer | string): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, content);
  return target;
}

describe('assertWholePdf', () => {
  it('accepts a PDF that runs from its header to %%EOF (with or without a trailing newline)', async () => {
    await expect(assertWholePdf(file('whole.pdf', whole))).resolves.toBeUndefined();
    const text = whole.toString('latin1').trimEnd();
    await expect(assertWholePdf(file('no-newline.pdf', Buffer.from(text, 'latin1')))).resolves.toBeUndefined();
  });

  it('refuses a print cut short, an empty file and something that is not a PDF', async () => {
    await expect(assertWholePdf(file('cut.pdf', whole.subarray(0, Math.floor(whole.length / 2))))).rejects.toThrow(
      /not a whole PDF/,
    );
    await expect(assertWholePdf(file('empty.pdf', ''))).rejects.toThrow(/not a whole PDF/);
    await expect(assertWholePdf(file('html.pdf', '<html>%%EOF'))).rejects.toThrow(/not a whole PDF/);
  });
});
