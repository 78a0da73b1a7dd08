// ocr targets, measured side by side in one run:
// - word recall of OCR of linn.pdf vs linn.txt ≥ 0.95 (recall: fraction of the ground-truth words,
//   lower-cased, punctuation stripped, counted as a multiset, that occur in the output);
// - 8 concurrent OCR requests (linn.pdf) on this machine's cores: all 200 with text, total wall time
//   ≤ 1.15 × the same 8 ocrmypdf commands (same flags) run directly, CONCURRENCY at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wordRecall } from '../../test/helpers/recall.js';
import { CORPUS, Report, multipart, startBenchServer, timeCommand } from './lib.js';

const CLIENTS = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const cores = os.availableParallelism();
// The service runs ocrmypdf with OMP_THREAD_LIMIT=1 (run.ts); the direct commands get the same.
process.env.OMP_THREAD_LIMIT = '1';

const report = new Report();
const server = await startBenchServer({ CONCURRENCY: String(cores) });
const linn = path.join(CORPUS, 'linn.pdf');
const truth = fs.readFileSync(path.join(CORPUS, 'linn.txt'), 'utf8');
const form = multipart([{ name: 'file', filename: 'linn.pdf', value: fs.readFileSync(linn) }]);
const raw = fs.mkdtempSync(path.join(server.work, 'raw-'));

/** One OCR through HTTP (output=pdf, the full work); resolves with the saved PDF's path. */
async function viaService(): Promise<string> {
  const res = await fetch(`${server.url}/v1/pdf/ocr`, { method: 'POST', body: form.body, headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': form.contentType } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`ocr: HTTP ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  const out = path.join(raw, `svc-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(out, body);
  return out;
}

/** The same work run directly: ocrmypdf with the flags the service passes (one page: --jobs 1). */
function direct(i: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(raw, `direct-${i}-`));
  const args = ['--output-type', 'pdf', '--optimize', '0', '--jobs', '1', '--tesseract-timeout', '600', '--language', 'eng', '--skip-text'];
  return timeCommand('ocrmypdf', [...args, '--sidecar', path.join(dir, 'side.txt'), '--', linn, path.join(dir, 'out.pdf')], dir);
}

/** Runs `count` tasks with at most `width` at once; resolves with the total wall time (ms). */
async function batch(count: number, width: number, task: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return performance.now() - started;
}

const pdftotext = async (file: string) => {
  const { execFileSync } = await import('node:child_process');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
};

try {
  // Recall (one request; the raw command gives the same text: same engine, same flags).
  const recall = wordRecall(truth, await pdftotext(await viaService()));
  report.line('ocr linn.pdf: word recall ≥ 0.95', `recall ${recall.toFixed(3)}`, recall >= 0.95);

  const serviceTimes: number[] = [];
  const directTimes: number[] = [];
  let allText = true;
  const serviceRound = () =>
    batch(CLIENTS, CLIENTS, async () => {
      const text = await pdftotext(await viaService());
      if (wordRecall(truth, text) < 0.9) allText = false;
    });
  const directRound = () => batch(CLIENTS, cores, (i) => direct(i));
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate who goes first so both see the same machine noise.
    if (round % 2 === 0) {
      serviceTimes.push(await serviceRound());
      directTimes.push(await directRound());
    } else {
      directTimes.push(await directRound());
      serviceTimes.push(await serviceRound());
    }
  }
  const service = serviceTimes.reduce((a, b) => a + b, 0) / ROUNDS;
  const directMs = directTimes.reduce((a, b) => a + b, 0) / ROUNDS;
  const ratio = service / directMs;
  report.line(
    `${CLIENTS} concurrent OCR on ${cores} cores: all text, ≤ 1.15× direct`,
    `service ${(service / 1000).toFixed(2)} s, direct ${cores} at a time ${(directMs / 1000).toFixed(2)} s, ratio ${ratio.toFixed(3)} (mean of ${ROUNDS} rounds; ` +
      `service ${serviceTimes.map((t) => (t / 1000).toFixed(1)).join('/')} s, direct ${directTimes.map((t) => (t / 1000).toFixed(1)).join('/')} s)`,
    allText && ratio <= 1.15,
  );
  if (!allText) console.log('  some responses had recall < 0.9');
} finally {
  await server.close();
}
report.finish();
