// Targets for the Python client, against a real `serve` process:
// - client overhead over a bare httpx multipart request doing the same (median per request) ≤ 2 ms;
// - a 90 MiB round trip (upload + streamed download) through the sync and the asyncio client: RSS growth < 32 MiB.
// Runs Debian's python3 (python3-httpx from scripts/install-tools.sh).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CORPUS, ROOT, Report, startBenchServer } from './lib.js';

const PYTHON = '/usr/bin/python3';
const report = new Report();
const server = await startBenchServer();
try {
  const trivial = path.join(CORPUS, 'trivial.pdf');
  // Asynchronously: the stub server below answers from this process.
  const overheadOf = async (url: string, rounds: number) =>
    JSON.parse(
      (
        await promisify(execFile)(
          PYTHON,
          [path.join(ROOT, 'scripts/bench/clients_python.py'), url, server.key, trivial, String(rounds)],
          { encoding: 'utf8' },
        )
      ).stdout
        .trim()
        .split('\n')
        .pop()!,
    );
  const line = (
    name: string,
    o: { client_ms: number; bare_ms: number; paired_overhead_ms: number; rounds: number },
  ) => {
    const diff = o.client_ms - o.bare_ms;
    report.line(
      name,
      `client ${o.client_ms.toFixed(2)} ms vs httpx ${o.bare_ms.toFixed(2)} ms → ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} ms (paired median ${o.paired_overhead_ms.toFixed(2)} ms, ratio ${(o.client_ms / o.bare_ms).toFixed(3)}, ${o.rounds} rounds each; target ≤ 2 ms)`,
      Math.max(diff, o.paired_overhead_ms) <= 2,
    );
  };
  line('Python client overhead over bare httpx (real unlock, median)', await overheadOf(server.url, 200));
  // The same against a stub that drains the upload and answers at once: the client's own cost without the tools' noise.
  const pdf = fs.readFileSync(trivial);
  const stub = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(200, {
          'Content-Type': 'application/pdf',
          'X-Request-Id': 'stub',
          'RateLimit-Policy': '"daily";q=100000;w=86400',
          RateLimit: '"daily";r=99999;t=3600',
        })
        .end(pdf),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  try {
    line(
      'Python client overhead over bare httpx (instant stub server)',
      await overheadOf(`http://127.0.0.1:${(stub.address() as { port: number }).port}`, 1000),
    );
  } finally {
    stub.close();
  }

  // The 90 MiB input of the client suites (one page, one big content stream; unlock returns it unchanged).
  const big = path.join(server.work, 'big.pdf');
  execFileSync(PYTHON, [path.join(ROOT, 'clients/python/tests/integration/bigpdf.py'), big]);
  for (const mode of ['sync', 'async']) {
    const out = path.join(server.work, `big-out-${mode}.pdf`);
    const figures = JSON.parse(
      execFileSync(
        PYTHON,
        [path.join(ROOT, 'clients/python/tests/integration/roundtrip.py'), server.url, server.key, big, out, mode],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n')
        .pop()!,
    );
    report.line(
      `Python ${mode} client: 90 MiB round trip, client RSS growth`,
      `${figures.growth_mib.toFixed(1)} MiB peak over baseline (${(figures.bytes / 1024 / 1024).toFixed(0)} MiB each way; target < 32 MiB)`,
      figures.growth_mib < 32 && figures.bytes === fs.statSync(big).size,
    );
    fs.rmSync(out, { force: true });
  }
} finally {
  await server.close();
}
report.finish();
