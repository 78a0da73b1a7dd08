// Target, measured side by side in one run: one account's burst of
// slow files must not delay another account's small request by more than one
// operation's time. Two servers, identical but for fair share (on:
// ACCOUNT_CONCURRENCY_PRO=2; off: 0 = unlimited), each with a pool of 2. On each,
// account A sends BURST slow conversions at once, and account B meanwhile sends
// small split requests (extract page 1: one qpdf) one after another; B's latency is compared with the
// time one of A's operations takes alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, ROOT, Report, median, multipart, post, startBenchServer, type BenchServer } from './lib.js';

const BURST = Number(process.env.BENCH_BURST ?? 8);
const report = new Report();
const slow = multipart([
  { name: 'file', filename: 'tracemonkey.pdf', value: fs.readFileSync(path.join(CORPUS, 'tracemonkey.pdf')) },
  { name: 'to', value: 'png' },
  { name: 'dpi', value: '100' },
]);
// One qpdf call: it needs a pool slot like any tool (an unlock of a plain file needs none).
const small = multipart([
  { name: 'file', filename: 'trivial.pdf', value: fs.readFileSync(path.join(CORPUS, 'trivial.pdf')) },
  { name: 'mode', value: 'extract' },
  { name: 'pages', value: '1' },
]);

/** A pro key of a new account on `server` (pro: 10,000 requests a day, enough for any number of runs). */
function proKey(server: BenchServer, account: string): string {
  const env = { ...process.env, DATA_DIR: path.join(server.work, 'data') };
  return JSON.parse(
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'bin/pdf-service'), 'keys', 'create', '--account', account, '--plan', 'pro', '--json'],
      { env, encoding: 'utf8' },
    ),
  ).key;
}

/** One slow operation alone, then B's small requests while A's burst runs. */
async function measure(server: BenchServer): Promise<{ alone: number; during: number[]; smallIdle: number }> {
  const a = proKey(server, 'burst');
  const b = proKey(server, 'small');
  await post(`${server.url}/v1/pdf/split`, b, small); // warm-up
  const smallIdle = median(await Promise.all([0, 1, 2].map(() => post(`${server.url}/v1/pdf/split`, b, small))));
  const alone = median([
    await post(`${server.url}/v1/pdf/convert`, a, slow),
    await post(`${server.url}/v1/pdf/convert`, a, slow),
  ]);
  let done = false;
  const burst = Promise.all(Array.from({ length: BURST }, () => post(`${server.url}/v1/pdf/convert`, a, slow))).finally(
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 300)); // the burst is in
  const during: number[] = [];
  while (!done && during.length < 10) during.push(await post(`${server.url}/v1/pdf/split`, b, small));
  await burst;
  return { alone, during, smallIdle };
}

const on = await startBenchServer({ CONCURRENCY: '2', ACCOUNT_CONCURRENCY_PRO: '2' });
const off = await startBenchServer({ CONCURRENCY: '2', ACCOUNT_CONCURRENCY_PRO: '0' });
try {
  // Alternated, so both see the same machine.
  const withShare = await measure(on);
  const without = await measure(off);
  const withShare2 = await measure(on);
  const worst = (m: { during: number[] }) => Math.max(...m.during);
  // The delay B suffers: its worst latency minus its own time on an idle server, in units of one of A's operations.
  const delay = (m: { during: number[]; smallIdle: number; alone: number }) => (worst(m) - m.smallIdle) / m.alone;
  for (const [name, m] of [
    ['fair share on', withShare],
    ['fair share off', without],
    ['fair share on (again)', withShare2],
  ] as const) {
    report.info(
      `${name}: B's split during A's burst of ${BURST}`,
      `median ${median(m.during).toFixed(0)} ms, worst ${worst(m).toFixed(0)} ms (${m.during.length} requests); idle ${m.smallIdle.toFixed(0)} ms; one of A's operations alone ${m.alone.toFixed(0)} ms; delay ${delay(m).toFixed(2)} operations`,
    );
  }
  const ratio = Math.max(delay(withShare), delay(withShare2));
  report.line(
    "fair share: B delayed by at most one of A's operations",
    `worst delay = ${ratio.toFixed(2)} operations (target ≤ 1.0; without fair share ${delay(without).toFixed(2)})`,
    ratio <= 1.0,
  );
} finally {
  await on.close();
  await off.close();
}
report.finish();
