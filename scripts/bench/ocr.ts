// ocr targets, measured side by side in one run:
// - word recall of OCR of linn.pdf vs linn.txt ≥ 0.95 (recall: fraction of the ground-truth words,
//   lower-cased, punctuation stripped, counted as a multiset, that occur in the output);
// - 8 concurrent OCR requests (linn.pdf) on this machine's cores: all 200 with text, total wall time
//   ≤ 1.15 × the same 8 ocrmypdf commands (same flags) run directly, CONCURRENCY at a time.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wordRecall } from '../../test/helpers/recall.js';
import { CORPUS, Report, multipart, startBenchServer } from './lib.js';

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
  const res = await fetch(`${server.url}/v1/pdf/ocr`, {
    method: 'POST',
    body: form.body,
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': form.contentType },
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`ocr: HTTP ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
  const out = path.join(raw, `svc-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(out, body);
  return out;
}

/**
 * Runs a command in its own session, as the service runs its children
 * (detached). With the kernel's autogroup scheduling each session gets its own
 * CPU share, so on a machine shared with other work a non-detached direct
 * command would be handicapped against the service (measured: 0.64×).
 */
function timeDetached(file: string, args: string[], cwd: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${file} exited ${code}`)),
    );
  });
}

/** The same work run directly: ocrmypdf with the flags the service passes (one page: --jobs 1). */
function direct(i: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(raw, `direct-${i}-`));
  const args = [
    '--output-type',
    'pdf',
    '--optimize',
    '0',
    '--jobs',
    '1',
    '--tesseract-timeout',
    '600',
    '--language',
    'eng',
    '--skip-text',
  ];
  return timeDetached(
    'ocrmypdf',
    [...args, '--sidecar', path.join(dir, 'side.txt'), '--', linn, path.join(dir, 'out.pdf')],
    dir,
  );
}

/** tesseract processes descended from the server process (its children are detached, so by ancestry, not group). */
function serverTesseracts(): number {
  const parent = new Map<number, number>();
  const tesseracts: number[] = [];
  for (const line of execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' }).split('\n')) {
    const [pid, ppid, comm] = line.trim().split(/\s+/);
    if (!pid) continue;
    parent.set(Number(pid), Number(ppid));
    if (comm === 'tesseract') tesseracts.push(Number(pid));
  }
  return tesseracts.filter((pid) => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === server.pid) return true;
    return false;
  }).length;
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

/** The text layer of an output PDF, read independently of the service. */
const pdftotext = async (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

try {
  const serviceTimes: number[] = [];
  const directTimes: number[] = [];
  // Every response's text layer is checked (after the timed batch): recall of each output PDF.
  const outputs: string[] = [];
  // While the service works, count its tesseract processes: the pool must keep them to the cores.
  let peakTesseracts = 0;
  const serviceRound = async () => {
    const sampler = setInterval(() => (peakTesseracts = Math.max(peakTesseracts, serverTesseracts())), 100);
    try {
      return await batch(CLIENTS, CLIENTS, async () => outputs.push(await viaService()));
    } finally {
      clearInterval(sampler);
    }
  };
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
  const recalls = await Promise.all(outputs.map(async (file) => wordRecall(truth, await pdftotext(file))));
  const minRecall = Math.min(...recalls);
  report.line(
    'ocr linn.pdf: word recall ≥ 0.95',
    `recall ${minRecall.toFixed(3)} (lowest of ${recalls.length} responses)`,
    minRecall >= 0.95,
  );
  const allText = recalls.length === CLIENTS * ROUNDS && recalls.every((r) => r >= 0.9);
  const service = serviceTimes.reduce((a, b) => a + b, 0) / ROUNDS;
  const directMs = directTimes.reduce((a, b) => a + b, 0) / ROUNDS;
  const ratio = service / directMs;
  report.line(
    `${CLIENTS} concurrent OCR on ${cores} cores: all text, ≤ 1.15× direct`,
    `service ${(service / 1000).toFixed(2)} s, direct ${cores} at a time ${(directMs / 1000).toFixed(2)} s, ratio ${ratio.toFixed(3)} (mean of ${ROUNDS} rounds; ` +
      `service ${serviceTimes.map((t) => (t / 1000).toFixed(1)).join('/')} s, direct ${directTimes.map((t) => (t / 1000).toFixed(1)).join('/')} s)`,
    allText && ratio <= 1.15,
  );
  report.line(
    `service never runs more tesseracts than cores (${cores})`,
    `peak ${peakTesseracts} seen (sampled every 100 ms)`,
    peakTesseracts <= cores,
  );
  if (!allText) console.log('  some responses were missing or had recall < 0.9');
} finally {
  await server.close();
}
report.finish();
