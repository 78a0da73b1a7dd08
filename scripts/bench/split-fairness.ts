// The cost of the pool's fairness on the request path (tools/pool.ts: an
// operation's share, lines per account) and of split's one-run-per-length
// ranges, side by side in one run: this checkout against another
// (BENCH_BEFORE_ROOT, e.g. `git archive <commit> | tar -x -C /tmp/before` plus a
// node_modules link), requests alternating between the two servers so both
// see the same machine. Target: split every=1 of tracemonkey.pdf within 5 % of
// before (median). Also printed: split ranges=1..14 (14 qpdf runs before, one
// now) and merge 3× tracemonkey.
//   BENCH_BEFORE_ROOT=/tmp/before node --import tsx scripts/bench/split-fairness.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS, Report, median, multipart, post, sideBySide, startBenchServer } from './lib.js';

const ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 40);
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
if (!beforeRoot) throw new Error('set BENCH_BEFORE_ROOT to a checkout of the code to compare with');

const report = new Report();
const pdf = fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf'));
const file = { name: 'file', filename: 'tracemonkey.pdf', value: pdf };
const every = multipart([file, { name: 'mode', value: 'every' }, { name: 'pages_per_file', value: '1' }]);
const ranges = multipart([file, { name: 'ranges', value: Array.from({ length: 14 }, (_, i) => i + 1).join(',') }]);
const merge = multipart([1, 2, 3].map((i) => ({ name: 'files', filename: `in-${i}.pdf`, value: pdf })));

const before = await startBenchServer({}, beforeRoot);
const after = await startBenchServer();
report.info(
  'load average at start',
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' '),
);
try {
  const compare = async (
    name: string,
    operation: string,
    form: { body: Buffer; contentType: string },
    target?: number,
  ) => {
    const times = await sideBySide(
      ROUNDS,
      () => post(`${before.url}/v1/pdf/${operation}`, before.key, form),
      () => post(`${after.url}/v1/pdf/${operation}`, after.key, form),
    );
    const ratio = median(times.b) / median(times.a);
    const paired = median(times.b.map((b, i) => b / times.a[i]));
    const detail = `before ${median(times.a).toFixed(1)} ms, after ${median(times.b).toFixed(1)} ms, ratio ${ratio.toFixed(3)} (round by round ${paired.toFixed(3)})`;
    if (target === undefined) report.info(name, detail);
    else report.line(name, detail, ratio <= target);
  };
  await compare('split every=1 tracemonkey: after ≤ 1.05 × before (median)', 'split', every, 1.05);
  // BENCH_TARGET_ONLY=1: the judged comparison alone (a second run as an A/A control, BENCH_BEFORE_ROOT = this checkout).
  if (!process.env.BENCH_TARGET_ONLY) {
    await compare('split ranges=1,2,…,14 tracemonkey', 'split', ranges);
    await compare('merge 3× tracemonkey', 'merge', merge);
  }
  report.info(
    'load average at end',
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  );
} finally {
  await before.close();
  await after.close();
  report.finish();
}
