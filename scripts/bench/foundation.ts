// Targets, measured side by side in one run:
// - service overhead on merge 3× tracemonkey and split every=1 ≤ raw qpdf + 25 ms (median)
// - 16 concurrent clients doing small merges: throughput ≥ 85% of the raw qpdf commands at the same concurrency
// Upload limits (413 before the body, chunked refusal, RSS < 50 MiB for 90 MiB) are asserted by test/http/upload-limits.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, Report, median, multipart, post, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const report = new Report();
const server = await startBenchServer();
const raw = path.join(server.work, 'raw');
fs.mkdirSync(raw, { recursive: true });
const tracemonkey = path.join(CORPUS, 'tracemonkey.pdf');
// The service gets three separate uploads; give qpdf three separate files too.
const copies = [1, 2, 3].map((i) => {
  const target = path.join(raw, `in-${i}.pdf`);
  fs.copyFileSync(tracemonkey, target);
  return target;
});
const pdfBytes = fs.readFileSync(tracemonkey);
const mergeForm = multipart([1, 2, 3].map((i) => ({ name: 'files', filename: `in-${i}.pdf`, value: pdfBytes })));
const splitForm = multipart([
  { name: 'file', filename: 'tracemonkey.pdf', value: pdfBytes },
  { name: 'mode', value: 'every' },
  { name: 'pages_per_file', value: '1' },
]);

/** Each service run minus the raw run beside it: less sensitive to load that drifts during the run. */
function pairedOverhead(runs: { a: number[]; b: number[] }): number {
  return median(runs.a.map((a, i) => a - runs.b[i]));
}

try {
  const merge = await sideBySide(
    ROUNDS,
    () => post(`${server.url}/v1/pdf/merge`, server.key, mergeForm),
    () => timeCommand('qpdf', ['--empty', '--pages', ...copies, '--', path.join(raw, 'merged.pdf')]),
  );
  const mergeService = median(merge.a);
  const mergeRaw = median(merge.b);
  report.line(
    'merge 3× tracemonkey: service ≤ qpdf + 25 ms',
    `service ${mergeService.toFixed(1)} ms, qpdf ${mergeRaw.toFixed(1)} ms, overhead ${(mergeService - mergeRaw).toFixed(1)} ms (median of paired differences ${pairedOverhead(merge).toFixed(1)} ms)`,
    mergeService <= mergeRaw + 25,
  );
  // Context: the same 3 MB upload refused with 400 once it is on disk (a bad option value),
  // i.e. what the transfer and the request's fixed cost take before any tool runs.
  const floorForm = multipart([
    ...[1, 2, 3].map((i) => ({ name: 'files', filename: `in-${i}.pdf`, value: pdfBytes })),
    { name: 'bookmarks', value: 'maybe' },
  ]);
  const floor: number[] = [];
  for (let i = 0; i < ROUNDS; i++) floor.push(await post(`${server.url}/v1/pdf/merge`, server.key, floorForm, 400));
  report.info(
    'merge 3× tracemonkey: HTTP floor (upload answered 400)',
    `${median(floor).toFixed(1)} ms median (the 3 MB result's download comes on top)`,
  );

  const split = await sideBySide(
    ROUNDS,
    () => post(`${server.url}/v1/pdf/split`, server.key, splitForm),
    () => {
      const out = fs.mkdtempSync(path.join(raw, 'split-'));
      return timeCommand('qpdf', [tracemonkey, '--split-pages=1', path.join(out, 'p-%d.pdf')]);
    },
  );
  const splitService = median(split.a);
  const splitRaw = median(split.b);
  report.line(
    'split every=1 tracemonkey: service ≤ qpdf + 25 ms',
    `service ${splitService.toFixed(1)} ms, qpdf ${splitRaw.toFixed(1)} ms, overhead ${(splitService - splitRaw).toFixed(1)} ms (median of paired differences ${pairedOverhead(split).toFixed(1)} ms)`,
    splitService <= splitRaw + 25,
  );

  // Throughput: 16 clients, small merges (two 1-page PDFs), fixed number of operations each way.
  const small = path.join(CORPUS, 'trivial.pdf');
  const smallBytes = fs.readFileSync(small);
  const smallForm = multipart([
    { name: 'files', filename: 'a.pdf', value: smallBytes },
    { name: 'files', filename: 'b.pdf', value: smallBytes },
  ]);
  const smallCopies = [1, 2].map((i) => {
    const target = path.join(raw, `small-${i}.pdf`);
    fs.copyFileSync(small, target);
    return target;
  });
  const OPS = Number(process.env.BENCH_THROUGHPUT_OPS ?? 400);
  const CLIENTS = 16;
  async function throughput(one: (i: number) => Promise<number>): Promise<number> {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < OPS) await one(next++);
      }),
    );
    return OPS / ((performance.now() - started) / 1000);
  }
  const serviceOne = () => post(`${server.url}/v1/pdf/merge`, server.key, smallForm);
  const rawOne = (i: number) =>
    timeCommand('qpdf', ['--empty', '--pages', ...smallCopies, '--', path.join(raw, `small-out-${i % CLIENTS}.pdf`)]);
  const rates = { service: [] as number[], raw: [] as number[] };
  for (let round = 0; round < 3; round++) {
    rates.raw.push(await throughput(rawOne));
    rates.service.push(await throughput(serviceOne));
  }
  const serviceRate = median(rates.service);
  const rawRate = median(rates.raw);
  report.line(
    '16 clients small merges: service ≥ 85% of raw qpdf',
    `service ${serviceRate.toFixed(0)}/s, qpdf ${rawRate.toFixed(0)}/s, ratio ${(serviceRate / rawRate).toFixed(2)}`,
    serviceRate >= 0.85 * rawRate,
  );

  // Not a target, for context: the same with 2× tracemonkey (14 pages, 1 MB each), where qpdf's
  // own work (~25 ms) outweighs the fixed cost per HTTP request (~10 ms of the server's main thread).
  const mediumForm = multipart([
    { name: 'files', filename: 'a.pdf', value: pdfBytes },
    { name: 'files', filename: 'b.pdf', value: pdfBytes },
  ]);
  const MEDIUM_OPS = Math.round(OPS / 4);
  async function throughputOf(one: () => Promise<number>, ops: number): Promise<number> {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next++ < ops) await one();
      }),
    );
    return ops / ((performance.now() - started) / 1000);
  }
  let outIndex = 0;
  const mediumRaw = await throughputOf(
    () =>
      timeCommand('qpdf', [
        '--empty',
        '--pages',
        copies[0],
        copies[1],
        '--',
        path.join(raw, `medium-out-${outIndex++ % CLIENTS}.pdf`),
      ]),
    MEDIUM_OPS,
  );
  const mediumService = await throughputOf(
    () => post(`${server.url}/v1/pdf/merge`, server.key, mediumForm),
    MEDIUM_OPS,
  );
  report.info(
    '16 clients 2× tracemonkey merges (context)',
    `service ${mediumService.toFixed(0)}/s, qpdf ${mediumRaw.toFixed(0)}/s, ratio ${(mediumService / mediumRaw).toFixed(2)}`,
  );
} finally {
  await server.close();
  report.finish();
}
