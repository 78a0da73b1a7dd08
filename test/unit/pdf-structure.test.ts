// The structure check's verdicts (files/pdf-structure.ts) without a server:
// each hostile class is found, whether the file is on disk or held in memory
// in chunks; ordinary files (the corpus, and qpdf's rewrites of them into
// object streams and linearized form) and legitimate sharing pass.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPdfStructure } from '../../src/files/pdf-structure.js';
import { ChunkedBytes } from '../../src/http/held-body.js';
import * as hostile from '../helpers/hostile.js';
import * as structure from '../helpers/hostile-structure.js';
import { CORPUS } from '../helpers/server.js';

const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'structure-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, data: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};

function chunked(bytes: Buffer): ChunkedBytes {
  const held = new ChunkedBytes();
  for (let at = 0; at < bytes.length; at += 1000) held.push(bytes.subarray(at, at + 1000));
  return held;
}

const refused: Array<[string, () => Buffer, string]> = [
  ['Type3 font drawing a Type3 font that draws itself', structure.type3Cycle, 'cycle'],
  ['Type3 cycle whose /Subtype is written with a #xx escape', structure.type3CycleEscaped, 'cycle'],
  ['Form XObject drawing itself', structure.formCycle, 'cycle'],
  ['form-field tree listing the same kid twice at every level', () => structure.fieldTreeDag(40), 'repeat'],
  ['outline whose /Next loops', structure.outlineLoop, 'repeat'],
  ['outline whose items share children', () => structure.outlineDag(30), 'repeat'],
  ['page tree listing one page twice', structure.pageTreeSharedKid, 'repeat'],
  ['page tree of 2^30 paths', () => structure.pageTreeDag(30), 'repeat'],
  ['page-tree loop', hostile.pageTreeLoop, 'repeat'],
  ['Flate bomb (4 GiB)', () => structure.flateBomb(4), 'inflation'],
  ['double-Flate bomb (4 GiB from a few KiB)', () => structure.doubleFlateBomb(4), 'inflation'],
];

describe('checkPdfStructure', () => {
  for (const [what, make, kind] of refused) {
    it(`finds a ${kind}: ${what} (on disk and held in memory)`, async () => {
      const bytes = make();
      expect((await checkPdfStructure(write('hostile.pdf', bytes), undefined, 100))?.kind).toBe(kind);
      expect((await checkPdfStructure('', chunked(bytes), 100))?.kind).toBe(kind);
    });
  }

  it('passes a 30000×30000 image, Flate twice (2.7 GB of pixels: processed by decision, compress.md)', async () => {
    const side = 30000;
    // 200 rows of data are enough: the check must not count an image's declared or inflated size at all.
    const image = zlib.deflateSync(zlib.deflateSync(Buffer.alloc(side * 3 * 200, 0x80), { level: 1 }), { level: 9 });
    const pdf = hostile.buildPdf([
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 7200 7200] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
      },
      {
        num: 4,
        body: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter [/FlateDecode /FlateDecode]`,
        stream: image,
      },
      { num: 5, body: '', stream: Buffer.from('q 7200 0 0 7200 0 0 cm /Im1 Do Q') },
    ]);
    expect(await checkPdfStructure(write('huge-image.pdf', pdf), undefined, 100)).toBeNull();
  });

  it('passes shared resources, a form listing itself without drawing itself, and a 256 MiB content stream', async () => {
    expect(await checkPdfStructure(write('shared.pdf', structure.sharedForm(5)), undefined, 100)).toBeNull();
    expect(await checkPdfStructure(write('self-listed.pdf', structure.formListingItself()), undefined, 100)).toBeNull();
    expect(
      await checkPdfStructure(write('bomb256.pdf', await hostile.contentStreamBomb(256 * MiB)), undefined, 100),
    ).toBeNull();
  });

  it('passes every readable corpus file and its qpdf rewrites (object streams, linearized)', async () => {
    const files = ['tracemonkey.pdf', 'multipage.pdf', 'linn.pdf', 'francais.pdf', 'trivial.pdf', 'skew.pdf'].map((f) =>
      path.join(CORPUS, f),
    );
    for (const file of files) {
      expect(await checkPdfStructure(file, undefined, 1000), file).toBeNull();
      for (const args of [['--object-streams=generate'], ['--linearize']]) {
        const out = path.join(dir, `${path.basename(file, '.pdf')}${args[0]}.pdf`);
        execFileSync('qpdf', [file, ...args, out]);
        expect(await checkPdfStructure(out, undefined, 1000), out).toBeNull();
      }
    }
  });

  it('cannot tell (undefined, never a refusal) for encrypted or unreadable files', async () => {
    for (const name of ['encrypted-aes256-owner-only.pdf', 'encrypted-rc4-20-pages-user-user.pdf', 'invalid.pdf']) {
      expect(await checkPdfStructure(path.join(CORPUS, name), undefined, 1000)).toBeUndefined();
    }
  });
});
