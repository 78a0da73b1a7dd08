// Targets for the Ruby client (clients/ruby), against a real `serve` process:
// - client overhead over a bare Net::HTTP multipart request doing the same (median per request) ≤ 2 ms;
// - a 90 MiB round trip (upload + streamed download) through the client: RSS growth < 32 MiB.
// Runs Debian's ruby (standard library only).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CORPUS, ROOT, Report, startBenchServer } from './lib.js';

// Asynchronously: the stub server below answers from this process.
const run = promisify(execFile);
const LIB = path.join(ROOT, 'clients/ruby/lib');
const report = new Report();
const server = await startBenchServer();
try {
  const trivial = path.join(CORPUS, 'trivial.pdf');
  const overheadOf = async (url: string, rounds: number) =>
    JSON.parse(
      (
        await run(
          'ruby',
          ['-I', LIB, path.join(ROOT, 'scripts/bench/client_ruby.rb'), url, server.key, trivial, String(rounds)],
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
      `client ${o.client_ms.toFixed(2)} ms vs Net::HTTP ${o.bare_ms.toFixed(2)} ms → ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} ms (paired median ${o.paired_overhead_ms.toFixed(2)} ms, ratio ${(o.client_ms / o.bare_ms).toFixed(3)}, ${o.rounds} rounds each; target ≤ 2 ms)`,
      Math.max(diff, o.paired_overhead_ms) <= 2,
    );
  };
  line('Ruby client overhead over bare Net::HTTP (real unlock, median)', await overheadOf(server.url, 200));
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
      'Ruby client overhead over bare Net::HTTP (instant stub server)',
      await overheadOf(`http://127.0.0.1:${(stub.address() as { port: number }).port}`, 1000),
    );
  } finally {
    stub.close();
  }

  // The 90 MiB input of the client suite (one page, one big content stream; unlock returns it unchanged).
  const big = path.join(server.work, 'big.pdf');
  await run('ruby', [path.join(ROOT, 'clients/ruby/test/integration/bigpdf.rb'), big]);
  const out = path.join(server.work, 'big-out.pdf');
  const figures = JSON.parse(
    (
      await run(
        'ruby',
        ['-I', LIB, path.join(ROOT, 'clients/ruby/test/integration/roundtrip.rb'), server.url, server.key, big, out],
        { encoding: 'utf8' },
      )
    ).stdout
      .trim()
      .split('\n')
      .pop()!,
  );
  report.line(
    'Ruby client: 90 MiB round trip, client RSS growth',
    `${figures.growth_mib.toFixed(1)} MiB peak over baseline (${(figures.bytes / 1024 / 1024).toFixed(0)} MiB each way; target < 32 MiB)`,
    figures.growth_mib < 32 && figures.bytes === fs.statSync(big).size,
  );
  fs.rmSync(out, { force: true });
} finally {
  await server.close();
}
report.finish();
