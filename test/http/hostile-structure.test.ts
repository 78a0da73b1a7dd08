// Structures that kept Ghostscript and poppler busy until the operation's
// deadline (a Type3 font drawing itself, a field tree listing each kid twice,
// Flate bombs) are refused before a tool sees them (files/pdf-structure.ts),
// through HTTP against a real server process: the exact status and code, no
// 504, the containment checks of the hostile harness, the server still serving
// afterwards. And no false positive: the corpus and legitimately shared
// resources still pass through the same operations.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContained, expectProblem, startHostileServer, type HostileServer } from '../helpers/contained.js';
import * as hostile from '../helpers/hostile.js';
import * as structure from '../helpers/hostile-structure.js';
import { CORPUS, filePart } from '../helpers/server.js';

let hostileServer: HostileServer;
let observe: HostileServer['observe'];

beforeAll(async () => {
  hostileServer = await startHostileServer();
  ({ observe } = hostileServer);
}, 120_000);

afterAll(async () => {
  await hostileServer?.close();
});

const operations = [
  ['compress', { level: 'medium' }],
  ['extract-text', {}],
  ['watermark', { text: 'X' }],
] as const;

const refused: Array<[string, () => Buffer, number, string]> = [
  ['Type3 font whose glyph draws a Type3 font that draws itself', structure.type3Cycle, 422, 'invalid_pdf'],
  ['Form XObject that draws itself', structure.formCycle, 422, 'invalid_pdf'],
  [
    'field tree listing the same kid twice at every level (2^40 paths)',
    () => structure.fieldTreeDag(40),
    422,
    'invalid_pdf',
  ],
  ['outline whose /Next loops', structure.outlineLoop, 422, 'invalid_pdf'],
  ['outline whose items share their children (2^30 paths)', () => structure.outlineDag(30), 422, 'invalid_pdf'],
  ['page tree listing one page twice', structure.pageTreeSharedKid, 422, 'invalid_pdf'],
  ['page tree of 2^30 paths', () => structure.pageTreeDag(30), 422, 'invalid_pdf'],
  ['Flate bomb (4 GiB of content from 4 MiB)', () => structure.flateBomb(4), 422, 'resource_limit'],
  ['double-Flate bomb (4 GiB of content from 7 KiB)', () => structure.doubleFlateBomb(4), 422, 'resource_limit'],
];

describe('runaway structures are refused up front', () => {
  for (const [what, make, status, code] of refused) {
    for (const [operation, fields] of operations) {
      it(`${what}: ${operation} is ${status} ${code}`, async () => {
        const o = await observe(operation, { file: await filePart(make(), 'hostile.pdf'), ...fields });
        expectProblem(o, status, code);
      }, 120_000);
    }
  }

  // The in-process reader declines these; the check then reads the copy qpdf writes (decrypted, stream data kept).
  for (const [what, make, operation, fields, status, code] of [
    [
      'field-tree DAG behind a broken xref table',
      () => structure.withBrokenXref(structure.fieldTreeDag(40)),
      'extract-text',
      {},
      422,
      'invalid_pdf',
    ],
    [
      'Type3 cycle behind a broken xref table',
      () => structure.withBrokenXref(structure.type3Cycle()),
      'compress',
      { level: 'medium' },
      422,
      'invalid_pdf',
    ],
    [
      'encrypted field-tree DAG',
      () => structure.encrypted(structure.fieldTreeDag(40)),
      'watermark',
      { text: 'X', password: 'user' },
      422,
      'invalid_pdf',
    ],
    [
      'encrypted double-Flate bomb',
      () => structure.encrypted(structure.doubleFlateBomb(4)),
      'extract-text',
      { password: 'user' },
      422,
      'resource_limit',
    ],
    [
      'encrypted Flate bomb',
      () => structure.encrypted(structure.flateBomb(4)),
      'compress',
      { level: 'medium', password: 'user' },
      422,
      'resource_limit',
    ],
  ] as const) {
    it(`${what}: ${operation} is ${status} ${code}`, async () => {
      const o = await observe(operation, { file: await filePart(make(), 'hostile.pdf'), ...fields });
      expectProblem(o, status, code);
    }, 120_000);
  }

  it('the server still serves afterwards', async () => {
    await hostileServer.expectStillServing();
  }, 60_000);
});

describe('no false positive', () => {
  const ordinary: Array<[string, () => Promise<Buffer | string>]> = [
    ['tracemonkey.pdf', async () => `${CORPUS}/tracemonkey.pdf`],
    ['multipage.pdf', async () => `${CORPUS}/multipage.pdf`],
    ['francais.pdf', async () => `${CORPUS}/francais.pdf`],
    ['linn.pdf', async () => `${CORPUS}/linn.pdf`],
    ['skew.pdf', async () => `${CORPUS}/skew.pdf`],
    ['trivial.pdf', async () => `${CORPUS}/trivial.pdf`],
    [
      'tracemonkey.pdf behind a broken xref table',
      async () => structure.withBrokenXref(fs.readFileSync(`${CORPUS}/tracemonkey.pdf`)),
    ],
    ['encrypted tracemonkey.pdf', async () => structure.encrypted(fs.readFileSync(`${CORPUS}/tracemonkey.pdf`))],
    ['one form shared by five pages, drawn twice on each', async () => structure.sharedForm(5)],
    ['a form listing itself in its resources without drawing itself', async () => structure.formListingItself()],
    ['a 256 MiB content stream (under the inflation limit)', async () => hostile.contentStreamBomb(256 * 1024 * 1024)],
  ];
  for (const [what, source] of ordinary) {
    for (const [operation, fields] of operations) {
      it(`${what}: ${operation} succeeds`, async () => {
        // Lossless compression: the check runs the same at every level, and gs on the large files only costs time.
        const options = {
          ...(operation === 'compress' ? { level: 'low' } : fields),
          ...(what.startsWith('encrypted') ? { password: 'user' } : {}),
        };
        const o = await observe(operation, { file: await filePart(await source(), 'ordinary.pdf'), ...options });
        expect(o.status, o.problem?.detail).toBe(200);
        expectContained(o);
      }, 120_000);
    }
  }
});
