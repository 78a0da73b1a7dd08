// Generators of structures that make content- and tree-walking tools run to
// the operation's deadline (files/pdf-structure.ts refuses them): resource
// cycles through Form XObjects and Type3 fonts, repeated nodes in the page,
// outline and form-field trees, and Flate bombs past the inflation limit.
// Each returns the bytes of a small file; nothing is committed as a blob.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildPdf, type PdfObject } from './hostile.js';

const CATALOG = (extra = '') => ({ num: 1, body: `<< /Type /Catalog /Pages 2 0 R ${extra} >>` });
const ONE_KID = { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' };
const page = (resources: string, contents = 4, extra = '') => ({
  num: 3,
  body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} 0 R ${extra} >>`,
});
const stream = (num: number, body: string, data: string): PdfObject => ({
  num,
  body,
  stream: Buffer.from(data, 'latin1'),
});

/** A Type3 font whose glyph sets a second Type3 font, whose glyph sets itself (Ghostscript recursed until the deadline). */
export function type3Cycle(subtype = '/Type3'): Buffer {
  const type3 = (num: number, name: string, proc: number) =>
    `<< /Type /Font /Subtype ${subtype} /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /FirstChar 97 /LastChar 97 /Widths [1000] ` +
    `/Encoding << /Differences [97 /a] >> /CharProcs << /a ${proc} 0 R >> /Resources << /Font << /${name} ${num} 0 R >> >> >>`;
  return buildPdf([
    CATALOG(),
    ONE_KID,
    page('<< /Font << /T1 5 0 R >> >>'),
    stream(4, '', 'BT /T1 24 Tf 72 700 Td (a) Tj ET'),
    { num: 5, body: type3(6, 'T2', 7) },
    { num: 6, body: type3(6, 'T2', 8) },
    stream(7, '', '1000 0 0 0 1000 1000 d1 BT /T2 1 Tf (a) Tj ET'),
    stream(8, '', '1000 0 0 0 1000 1000 d1 BT /T2 1 Tf (a) Tj ET'),
  ]);
}

/** A Form XObject that draws itself. */
export function formCycle(): Buffer {
  return buildPdf([
    CATALOG(),
    ONE_KID,
    page('<< /XObject << /X1 5 0 R >> >>'),
    stream(4, '', 'q /X1 Do Q'),
    stream(
      5,
      '/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /X1 5 0 R >> >>',
      '0.5 0 0 0.5 0 0 cm /X1 Do',
    ),
  ]);
}

/**
 * A form that lists itself in its own resources without drawing itself
 * (some producers share one resource dictionary between a page and its forms):
 * not a cycle, must pass.
 */
export function formListingItself(): Buffer {
  return buildPdf([
    CATALOG(),
    ONE_KID,
    page('6 0 R'),
    stream(4, '', 'q /X1 Do Q BT /F1 24 Tf 72 700 Td (HELLOPDF) Tj ET'),
    stream(
      5,
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources 6 0 R',
      'BT /F1 24 Tf 72 600 Td (FORMTEXT) Tj ET',
    ),
    { num: 6, body: '<< /Font << /F1 7 0 R >> /XObject << /X1 5 0 R >> >>' },
    { num: 7, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ]);
}

/** One form shared by every page and drawn twice per page: shared resources are ordinary, must pass. */
export function sharedForm(pages = 5): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${10 + i} 0 R`).join(' ');
  return buildPdf([
    CATALOG(),
    {
      num: 2,
      body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} /Resources << /XObject << /X1 5 0 R >> /Font << /F1 6 0 R >> >> >>`,
    },
    stream(4, '', 'q /X1 Do Q q 1 0 0 1 0 -100 cm /X1 Do Q'),
    stream(
      5,
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >>',
      'BT /F1 24 Tf 72 700 Td (HELLOPDF) Tj ET',
    ),
    { num: 6, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...Array.from({ length: pages }, (_, i) => ({
      num: 10 + i,
      body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    })),
  ]);
}

/** An AcroForm whose field tree lists the same kid twice at every level: 2^depth paths in about 2.5 KB (poppler walked it for 120 s). */
export function fieldTreeDag(depth = 40): Buffer {
  const first = 10;
  const fields: PdfObject[] = Array.from({ length: depth }, (_, i) => {
    const num = first + i;
    const kid = num + 1;
    return { num, body: `<< /T (f${i}) ${i > 0 ? `/Parent ${num - 1} 0 R ` : ''}/Kids [${kid} 0 R ${kid} 0 R] >>` };
  });
  const widget = first + depth;
  return buildPdf([
    CATALOG(`/AcroForm << /Fields [${first} 0 R] >>`),
    ONE_KID,
    page('<< /Font << /F1 5 0 R >> >>', 4, `/Annots [${widget} 0 R]`),
    stream(4, '', 'BT /F1 24 Tf 72 700 Td (HELLOPDF) Tj ET'),
    { num: 5, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...fields,
    {
      num: widget,
      body: `<< /Type /Annot /Subtype /Widget /FT /Tx /T (leaf) /Parent ${widget - 1} 0 R /Rect [72 600 200 620] /P 3 0 R >>`,
    },
  ]);
}

/** An outline whose /Next chain loops back to its first item. */
export function outlineLoop(): Buffer {
  return buildPdf([
    CATALOG('/Outlines 10 0 R'),
    ONE_KID,
    page('<< >>'),
    stream(4, '', ''),
    { num: 10, body: '<< /Type /Outlines /First 11 0 R /Last 12 0 R /Count 2 >>' },
    { num: 11, body: '<< /Title (one) /Parent 10 0 R /Next 12 0 R /Dest [3 0 R /Fit] >>' },
    { num: 12, body: '<< /Title (two) /Parent 10 0 R /Prev 11 0 R /Next 11 0 R /Dest [3 0 R /Fit] >>' },
  ]);
}

/** An outline where each item's children are the next level's two items, both pointing at the same child: a DAG. */
export function outlineDag(depth = 30): Buffer {
  const items: PdfObject[] = [];
  for (let i = 0; i < depth; i++) {
    const a = 20 + 2 * i;
    const child = i + 1 < depth ? `/First ${a + 2} 0 R /Last ${a + 3} 0 R ` : '';
    items.push({ num: a, body: `<< /Title (a${i}) /Next ${a + 1} 0 R ${child}/Dest [3 0 R /Fit] >>` });
    items.push({ num: a + 1, body: `<< /Title (b${i}) /Prev ${a} 0 R ${child}/Dest [3 0 R /Fit] >>` });
  }
  return buildPdf([
    CATALOG('/Outlines 10 0 R'),
    ONE_KID,
    page('<< >>'),
    stream(4, '', ''),
    { num: 10, body: '<< /Type /Outlines /First 20 0 R /Last 21 0 R >>' },
    ...items,
  ]);
}

/** A page tree whose intermediate nodes list the same kid twice: 2^depth pages declared by `depth` + 1 objects. */
export function pageTreeDag(depth = 30): Buffer {
  const nodes: PdfObject[] = Array.from({ length: depth }, (_, i) => ({
    num: 2 + i,
    body: `<< /Type /Pages ${i > 0 ? `/Parent ${1 + i} 0 R ` : ''}/Kids [${3 + i} 0 R ${3 + i} 0 R] /Count ${2 ** (depth - i)} >>`,
  }));
  return buildPdf([
    CATALOG(),
    ...nodes,
    { num: 2 + depth, body: `<< /Type /Page /Parent ${1 + depth} 0 R /MediaBox [0 0 612 792] >>` },
  ]);
}

/** A page tree whose root lists one page twice. */
export function pageTreeSharedKid(): Buffer {
  return buildPdf([
    CATALOG(),
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>' },
    page('<< /Font << /F1 5 0 R >> >>'),
    stream(4, '', 'BT /F1 24 Tf 72 700 Td (HELLOPDF) Tj ET'),
    { num: 5, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ]);
}

/**
 * A zlib stream of `chunks` × 16 MiB of zeros, built without inflating or
 * deflating all of it: one sync-flushed raw deflate of 16 MiB repeated (its
 * back-references only reach zeros), a final empty block, a dummy Adler-32
 * (readers inflate everything before they check it).
 */
export function zeroBomb(chunks: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(16 * 1024 * 1024), {
    level: 9,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: chunks }, () => block),
    Buffer.from([0x03, 0x00]),
    Buffer.alloc(4),
  ]);
}

/** One page whose content stream inflates to `gib` GiB of zeros (a single Flate stage: ~1 MiB per GiB). */
export function flateBomb(gib = 4): Buffer {
  return buildPdf([
    CATALOG(),
    ONE_KID,
    page('<< >>'),
    { num: 4, body: '/Filter /FlateDecode', stream: zeroBomb(64 * gib) },
  ]);
}

/** The same bomb deflated once more (/Filter [/FlateDecode /FlateDecode]): a few KiB that inflate to `gib` GiB. */
export function doubleFlateBomb(gib = 4): Buffer {
  const outer = zlib.deflateSync(zeroBomb(64 * gib), { level: 9 });
  return buildPdf([
    CATALOG(),
    ONE_KID,
    page('<< >>'),
    { num: 4, body: '/Filter [/FlateDecode /FlateDecode]', stream: outer },
  ]);
}

/** `pdf` with its startxref pointing nowhere: the in-process reader declines it, qpdf reconstructs the table. */
export function withBrokenXref(pdf: Buffer): Buffer {
  const at = pdf.lastIndexOf('startxref');
  return Buffer.concat([pdf.subarray(0, at), Buffer.from('startxref\n999999\n%%EOF\n', 'latin1')]);
}

/** `pdf` encrypted by qpdf (AES-256, user password `password`), its stream data kept as it was (a bomb stays a bomb). */
export function encrypted(pdf: Buffer, password = 'user'): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encrypt-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    try {
      execFileSync(
        'qpdf',
        ['--stream-data=preserve', '--encrypt', password, 'owner', '256', '--', 'in.pdf', 'out.pdf'],
        { cwd: dir, stdio: 'pipe' },
      );
    } catch (error) {
      // Exit 3: written with warnings (a generator's file is not always tidy).
      if ((error as { status?: number }).status !== 3) throw error;
    }
    return fs.readFileSync(path.join(dir, 'out.pdf'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The Type3 cycle with /Subtype written /Type#33 (the same name, escaped): a shortcut on the raw text must not miss it. */
export function type3CycleEscaped(): Buffer {
  return type3Cycle('/Type#33');
}
