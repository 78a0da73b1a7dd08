// Targets for the Go client, against a real `serve` process:
// - client overhead over a bare net/http multipart request doing the same (median per request) ≤ 2 ms;
// - a 90 MiB round trip (upload + streamed download) through the client: RSS growth < 32 MiB.
// Builds clients/go/internal/cmd/{overhead,roundtrip} with Debian's Go (standard library only, no proxy).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CORPUS, ROOT, Report, startBenchServer } from './lib.js';

const exec = promisify(execFile);
const GO_CLIENT = path.join(ROOT, 'clients/go');
const report = new Report();
const server = await startBenchServer();
try {
  const env = { ...process.env, GOPROXY: 'off', GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' };
  const bin = (name: string) => path.join(server.work, `go-${name}`);
  for (const name of ['overhead', 'roundtrip'])
    await exec('go', ['build', '-o', bin(name), `./internal/cmd/${name}`], { cwd: GO_CLIENT, env });

  const trivial = path.join(CORPUS, 'trivial.pdf');
  // Asynchronously: the stub server below answers from this process.
  const overheadOf = async (url: string, rounds: number) =>
    JSON.parse(
      (await exec(bin('overhead'), [url, server.key, trivial, String(rounds)], { encoding: 'utf8' })).stdout
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
      `client ${o.client_ms.toFixed(2)} ms vs net/http ${o.bare_ms.toFixed(2)} ms → ${diff >= 0 ? '+' : ''}${diff.toFixed(2)} ms (paired median ${o.paired_overhead_ms.toFixed(2)} ms, ratio ${(o.client_ms / o.bare_ms).toFixed(3)}, ${o.rounds} rounds each; target ≤ 2 ms)`,
      Math.max(diff, o.paired_overhead_ms) <= 2,
    );
  };
  line('Go client overhead over bare net/http (real unlock, median)', await overheadOf(server.url, 200));
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
      'Go client overhead over bare net/http (instant stub server)',
      await overheadOf(`http://127.0.0.1:${(stub.address() as { port: number }).port}`, 1000),
    );
  } finally {
    stub.close();
  }

  // The 90 MiB input is written by the program itself (internal/bigpdf) into the bench's work dir, and removed.
  const figures = JSON.parse(
    (await exec(bin('roundtrip'), [server.url, server.key, server.work], { encoding: 'utf8' })).stdout
      .trim()
      .split('\n')
      .pop()!,
  );
  report.line(
    'Go client: 90 MiB round trip, client RSS growth',
    `${figures.growth_mib.toFixed(1)} MiB peak over baseline (${(figures.sent / 1024 / 1024).toFixed(0)} MiB each way; target < 32 MiB)`,
    figures.growth_mib < 32 && figures.sent === figures.received && figures.sent > 90 * 1024 * 1024,
  );
} finally {
  await server.close();
}
report.finish();
