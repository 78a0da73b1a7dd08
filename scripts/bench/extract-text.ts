// extract-text target, measured side by side in one run:
// - overhead on tracemonkey.pdf (14 pages, all text) ≤ raw `pdftotext -enc UTF-8` + 25 ms (median).
// The service adds one qpdf (page count / password check) to the one pdftotext.
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, Report, median, multipart, post, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
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
} finally {
  await server.close();
}
report.finish();
