// extract-text target, measured side by side in one run:
// - overhead on tracemonkey.pdf (14 pages, all text) ≤ raw `pdftotext -enc UTF-8` + 25 ms (median).
// The service adds one qpdf (page count / password check) to the one pdftotext.
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, Report, median, multipart, post, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const report = new Report();
const server = await startBenchServer();
const tracemonkey = path.join(CORPUS, 'tracemonkey.pdf');
const form = multipart([{ name: 'file', filename: 'tracemonkey.pdf', value: fs.readFileSync(tracemonkey) }]);

try {
  const run = await sideBySide(
    ROUNDS,
    () => post(`${server.url}/v1/pdf/extract-text`, server.key, form),
    () => timeCommand('pdftotext', ['-enc', 'UTF-8', tracemonkey, '-']),
    3,
  );
  const service = median(run.a);
  const raw = median(run.b);
  report.line(
    'extract-text tracemonkey: service ≤ pdftotext + 25 ms',
    `service ${service.toFixed(1)} ms, pdftotext ${raw.toFixed(1)} ms, overhead ${(service - raw).toFixed(1)} ms, ratio ${(service / raw).toFixed(2)} (median of ${ROUNDS})`,
    service <= raw + 25,
  );
  // Pairs (service, raw) ran back to back: the median of their differences is less sensitive to machine load swings.
  const paired = median(run.a.map((a, i) => a - run.b[i]));
  console.log(`      (median of the ${ROUNDS} paired differences: ${paired.toFixed(1)} ms)`);
  // For reading the figure: the HTTP floor (upload, auth, allowance, multipart, refused before any tool runs).
  const bogus = multipart([
    { name: 'file', filename: 'tracemonkey.pdf', value: fs.readFileSync(tracemonkey) },
    { name: 'bogus', value: '1' },
  ]);
  const floor: number[] = [];
  for (let i = 0; i < ROUNDS; i++) floor.push(await post(`${server.url}/v1/pdf/extract-text`, server.key, bogus, 400));
  console.log(`      (HTTP floor, same upload answered 400 before any tool: ${median(floor).toFixed(1)} ms median)`);
} finally {
  await server.close();
}
report.finish();
