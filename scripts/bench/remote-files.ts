// Benchmark: a remote 50 MiB input (file_url) against the same file uploaded,
// on the service run as its own process (bin/pdf-service serve). The operation is
// `unlock` of an unencrypted PDF (answered with the input itself), so the figures
// are the input path: download or upload, page count, the 50 MiB answer. Targets:
// - server memory growth while it fetches the remote file < 32 MiB (VmHWM after the
//   remote requests minus VmRSS before them, read from /proc);
// - remote time ≤ 1.1 × upload time (medians, alternated in one run).
// Run: npx tsx scripts/bench/remote-files.ts (or npm run bench -- remote-files)
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { largePdf } from '../../test/helpers/jobs.js';
import { median, multipart, post, Report, startBenchServer } from './lib.js';

const SIZE = 50 * 1024 * 1024;
const ROUNDS = 5;

function statusKb(pid: number, field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-remote-'));
  const file = largePdf(path.join(dir, 'big.pdf'), SIZE);
  const files = http.createServer((req, res) => {
    res.writeHead(200, { 'content-length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const remoteUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/big.pdf`;
  const server = await startBenchServer({ FETCH_ALLOW_PRIVATE: 'true', MAX_FILE_SIZE: String(SIZE * 2) });
  const report = new Report();
  try {
    const url = `${server.url}/v1/pdf/unlock`;
    const remoteForm = multipart([{ name: 'file_url', value: remoteUrl }]);
    const uploadForm = multipart([{ name: 'file', filename: 'big.pdf', value: fs.readFileSync(file) }]);
    const small = multipart([{ name: 'file_url', value: remoteUrl.replace('big.pdf', 'small.pdf') }]);
    await post(url, server.key, small).catch(() => undefined);
    const before = statusKb(server.pid, 'VmRSS');
    const remote: number[] = [];
    for (let i = 0; i < 3; i++) remote.push(await post(url, server.key, remoteForm));
    const growthMiB = (statusKb(server.pid, 'VmHWM') - before) / 1024;
    report.line(
      'remote 50 MiB input: server memory growth (peak − before)',
      `${growthMiB.toFixed(1)} MiB (target < 32)`,
      growthMiB < 32,
    );
    const upload: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        remote.push(await post(url, server.key, remoteForm));
        upload.push(await post(url, server.key, uploadForm));
      } else {
        upload.push(await post(url, server.key, uploadForm));
        remote.push(await post(url, server.key, remoteForm));
      }
    }
    const ratio = median(remote) / median(upload);
    report.line(
      'remote 50 MiB input vs the same file uploaded (unlock)',
      `median ${median(remote).toFixed(0)} ms vs ${median(upload).toFixed(0)} ms: ${ratio.toFixed(2)}× (target ≤ 1.1×)`,
      ratio <= 1.1,
    );
  } finally {
    await server.close();
    await new Promise((r) => files.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
