// In-process parsing of hostile input, this tree against the baseline (main,
// see baseline.ts), side by side in one run: for each class the answer, its
// time, the server's RSS growth and /healthz p99 while it runs (targets for
// this tree: an answer in < 1 s or as soon as its cap trips, < 64 MiB, p99 <
// 100 ms). Classes: ZIP central directories (200,000 records, one claiming
// 2,000,000; and four at once), XMP packets of 900,000 elements, a PKCS#12
// whose friendly name holds 7,000 PEM markers or whose chain holds 1,001
// certificates, PDFs with 2,000 and 30,000 signature fields.
//   npx tsx scripts/bench/hostile-parsing.ts   (BASELINE_TREE=… to reuse an export of main)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { textPdf } from '../../test/helpers/hostile.js';
import * as hostile from '../../test/helpers/hostile-parsing.js';
import { attack, baselineTree, type Form } from './baseline.js';
import { Report, multipart, startBenchServer, } from './lib.js';

const file = (name: string, value: Buffer, field = 'file') => ({ name: field, filename: name, value });
const fields = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-parsing-'));
const PASSWORD = 'bench';
const report = new Report();
const env = { MAX_PAGES: '20' };
const current = await startBenchServer(env);
const baseline = await startBenchServer(env, baselineTree());

const zip200k = hostile.zipDirectoryBomb({ entries: 200_000 });
const xmp = hostile.xmpElementBomb();
const sign = (p12: string) =>
  multipart([
    file('d.pdf', textPdf(1)),
    file('c.p12', fs.readFileSync(p12), 'certificate'),
    ...fields({ certificate_password: PASSWORD }),
  ]);

const BOMBS: Array<[string, string, () => Form, number?]> = [
  [
    'ZIP directory 200,000 records (11 MB) → convert',
    'convert',
    () => multipart([file('s.zip', zip200k), ...fields({ to: 'pdf' })]),
  ],
  [
    'ZIP directory claiming 2,000,000 (ZIP64) → convert',
    'convert',
    () =>
      multipart([
        file('s.zip', hostile.zipDirectoryBomb({ entries: 1, claimed: 2_000_000 })),
        ...fields({ to: 'pdf' }),
      ]),
  ],
  [
    'ZIP directory 200,000 records, four at once → convert',
    'convert',
    () => multipart([file('s.zip', zip200k), ...fields({ to: 'pdf' })]),
    4,
  ],
  ['XMP 900,000 elements (4 KB PDF) → metadata read', 'metadata', () => multipart([file('x.pdf', xmp)])],
  [
    'XMP 900,000 elements → metadata write',
    'metadata',
    () => multipart([file('x.pdf', xmp), ...fields({ title: 'T' })]),
  ],
  ['PKCS#12 friendly name of 7,000 PEM markers → sign', 'sign', () => sign(hostile.friendlyNameP12(scratch, PASSWORD))],
  ['PKCS#12 chain of 1,001 certificates → sign', 'sign', () => sign(hostile.longChainP12(scratch, PASSWORD))],
  ['2,000 signature fields → verify', 'verify', () => multipart([file('s.pdf', hostile.manySignaturesPdf(2000))])],
  [
    '30,000 signature fields (11 MB) → verify',
    'verify',
    () => multipart([file('s.pdf', hostile.manySignaturesPdf(30_000))]),
  ],
];

try {
  for (const [name, operation, build, copies] of BOMBS) {
    const form = build();
    const after = await attack(current, operation, form, copies);
    const before = await attack(baseline, operation, form, copies);
    const fmt = (r: typeof after) =>
      `${[...new Set(r.statuses)].join(', ')} ${(r.ms / 1000).toFixed(2)} s, RSS +${r.growth.toFixed(0)} MiB, healthz p99 ${r.p99.toFixed(0)} ms`;
    const ok = after.status > 0 && after.status < 500 && after.growth < 64 && after.p99 < 100;
    report.line(
      name,
      `now: ${fmt(after)} | main: ${fmt(before)} | time ratio main/now ${(before.ms / after.ms).toFixed(1)}×`,
      ok,
    );
  }
} finally {
  await current.close();
  await baseline.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
report.finish();
