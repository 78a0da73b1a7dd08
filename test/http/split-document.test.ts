// Split by a few ranges keeps what belongs to the document — its info
// dictionary and outline — in every part, as a client cutting a report into
// chapters expects; many ranges are written in one qpdf run per range length.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../helpers/hostile.js';
import { filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-split-doc-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A 6-page PDF with an info dictionary (Title) and a two-entry outline. */
function titledPdf(): Buffer {
  const pages = 6;
  const kids = Array.from({ length: pages }, (_, i) => `${10 + i} 0 R`).join(' ');
  const plain = buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /Outlines 3 0 R >>' },
    { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>` },
    { num: 3, body: '<< /Type /Outlines /First 4 0 R /Last 5 0 R /Count 2 >>' },
    { num: 4, body: '<< /Title (Chapter one) /Parent 3 0 R /Next 5 0 R /Dest [10 0 R /Fit] >>' },
    { num: 5, body: '<< /Title (Chapter two) /Parent 3 0 R /Prev 4 0 R /Dest [13 0 R /Fit] >>' },
    { num: 6, body: '<< /Title (Quarterly Report Title) /Author (Split Test) >>' },
    { num: 7, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...Array.from({ length: pages }, (_, i) => ({
      num: 10 + i,
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 7 0 R >> >> /Contents 20 0 R >>`,
    })),
    { num: 20, body: '', stream: Buffer.from('BT /F1 24 Tf 72 700 Td (Page) Tj ET') },
  ]);
  // buildPdf writes no /Info: add it to the trailer.
  return Buffer.from(plain.toString('latin1').replace('/Root 1 0 R >>', '/Root 1 0 R /Info 6 0 R >>'), 'latin1');
}

function partsOf(zip: Buffer): string[] {
  const file = path.join(scratch, `parts-${Date.now()}.zip`);
  fs.writeFileSync(file, zip);
  const dir = fs.mkdtempSync(path.join(scratch, 'unz-'));
  execFileSync('unzip', ['-q', file, '-d', dir]);
  return fs
    .readdirSync(dir)
    .sort()
    .map((n) => path.join(dir, n));
}

describe('split ranges and the document', () => {
  it('three ranges: every part keeps the title and the outline', async () => {
    const res = await server.post(
      'split',
      form({ file: await filePart(titledPdf(), 'report.pdf'), ranges: '1-2,3-4,5-6' }),
      key,
    );
    expect(res.status).toBe(200);
    const parts = partsOf(Buffer.from(await res.arrayBuffer()));
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(execFileSync('pdfinfo', [part], { encoding: 'utf8' })).toMatch(/^Title:\s+Quarterly Report Title$/m);
      expect(execFileSync('qpdf', ['--show-npages', part], { encoding: 'utf8' }).trim()).toBe('2');
      const outline = JSON.parse(
        execFileSync('qpdf', ['--json', '--json-key=outlines', part], { encoding: 'utf8' }),
      ).outlines;
      expect(outline.map((o: { title: string }) => o.title)).toEqual(['Chapter one', 'Chapter two']);
    }
  });

  it('forty single-page ranges: forty one-page parts in order', async () => {
    const ranges = Array.from({ length: 40 }, (_, i) => String((i % 6) + 1)).join(',');
    const res = await server.post('split', form({ file: await filePart(titledPdf(), 'report.pdf'), ranges }), key);
    expect(res.status).toBe(200);
    const parts = partsOf(Buffer.from(await res.arrayBuffer()));
    expect(parts).toHaveLength(40);
    for (const part of parts.slice(0, 3))
      expect(execFileSync('qpdf', ['--show-npages', part], { encoding: 'utf8' }).trim()).toBe('1');
  });
});
