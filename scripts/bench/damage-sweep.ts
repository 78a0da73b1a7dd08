// Damage sweep, this tree against the baseline (main): every
// damaged variant (test/helpers/damage.ts) of every corpus PDF through every
// PDF operation. Targets: 0 × 5xx (and no hang: a request without an answer
// in 3 minutes counts as one) on this tree; printed per operation: the share
// of variants that succeed (200) before → after.
// DAMAGE_FILES=trivial,francais limits the files (a quick run).
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS_PASSWORDS, damagedVariants, SWEEP_OPERATIONS } from '../../test/helpers/damage.js';
import { baselineTree, request } from './baseline.js';
import { CORPUS, Report, multipart, startBenchServer, type BenchServer } from './lib.js';

const report = new Report();
const only = process.env.DAMAGE_FILES?.split(',');
const files = fs
  .readdirSync(CORPUS)
  .filter((f) => f.endsWith('.pdf') && f !== 'invalid.pdf')
  .filter((f) => !only || only.some((o) => f.startsWith(o)));
// OCR takes seconds a page: only the short documents.
const OCR_FILES = new Set(['trivial.pdf', 'linn.pdf', 'skew.pdf', 'francais.pdf']);

const current = await startBenchServer({ OPERATION_TIMEOUT: '120' });
const baseline = await startBenchServer({ OPERATION_TIMEOUT: '120' }, baselineTree());

interface Tally {
  ok: number;
  total: number;
  fiveXX: string[];
}
const tallies = new Map<string, { now: Tally; main: Tally }>();
const tally = (op: string) => {
  let t = tallies.get(op);
  if (!t) tallies.set(op, (t = { now: { ok: 0, total: 0, fiveXX: [] }, main: { ok: 0, total: 0, fiveXX: [] } }));
  return t;
};

async function one(server: BenchServer, t: Tally, label: string, form: ReturnType<typeof multipart>) {
  const r = await request(`${server.url}/v1/pdf/${label.split(' ')[0]}`, server.key, form, 180_000);
  t.total++;
  if (r.status === 200) t.ok++;
  if (r.status >= 500 || r.status === 0) t.fiveXX.push(`${label} → ${r.status} ${r.code}`);
}

try {
  for (const name of files) {
    const variants = damagedVariants(fs.readFileSync(path.join(CORPUS, name)));
    const password = CORPUS_PASSWORDS[name];
    for (const variant of variants) {
      for (const op of SWEEP_OPERATIONS) {
        if (op.name === 'ocr' && !OCR_FILES.has(name)) continue;
        const part = { name: op.part, filename: `${variant.name}.pdf`, value: variant.data };
        const parts = [
          part,
          ...(op.part === 'files' ? [part] : []),
          ...Object.entries({ ...op.fields, ...(password ? { password } : {}) }).map(([n, value]) => ({
            name: n,
            value,
          })),
        ];
        const form = multipart(parts);
        const t = tally(op.name);
        const label = `${op.operation} ${op.name} ${name}/${variant.name}`;
        // Both trees at once: same file, same moment.
        await Promise.all([one(current, t.now, label, form), one(baseline, t.main, label, form)]);
      }
    }
    console.log(`  ${name}: ${variants.length} variants done`);
  }
  let total5xx = 0;
  for (const [op, { now, main }] of tallies) {
    total5xx += now.fiveXX.length;
    const share = (t: Tally) =>
      `${((100 * t.ok) / Math.max(1, t.total)).toFixed(1)}% (${t.ok}/${t.total}), 5xx ${t.fiveXX.length}`;
    report.line(
      `${op}: 0 × 5xx; success main → now`,
      `main ${share(main)} → now ${share(now)}`,
      now.fiveXX.length === 0,
    );
    for (const failure of now.fiveXX) console.log(`      now: ${failure}`);
  }
  report.info('5xx on this tree, all operations', String(total5xx));
} finally {
  await current.close();
  await baseline.close();
}
report.finish();
