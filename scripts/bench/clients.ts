// Client library targets, TypeScript side, measured side by side in one run:
// - client overhead over a bare fetch doing the same multipart request ≤ 2 ms median
//   (unlock of trivial.pdf, alternating client / bare fetch);
// - a 90 MiB round trip (upload through unlock, streamed to a file) grows the client
//   process's RSS by < 32 MiB (a separate process, measured after a small warm-up).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PdfClient } from '../../clients/typescript/src/index.js';
import { CORPUS, ROOT, Report, median, sideBySide, startBenchServer } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const report = new Report();
const server = await startBenchServer();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-bench-clients-'));
try {
  const trivial = path.join(CORPUS, 'trivial.pdf');
  const client = new PdfClient({ baseUrl: server.url, apiKey: server.key });
  const viaClient = async () => {
    const started = performance.now();
    await (await client.unlock(trivial)).bytes();
    return performance.now() - started;
  };
  const bare = async () => {
    const started = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(trivial), 'trivial.pdf');
    const res = await fetch(`${server.url}/v1/pdf/unlock`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${server.key}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return performance.now() - started;
  };
  const run = await sideBySide(ROUNDS, viaClient, bare, 10);
  const paired = median(run.a.map((a, i) => a - run.b[i]));
  report.line(
    'TS client overhead over bare fetch ≤ 2 ms (median)',
    `client ${median(run.a).toFixed(2)} ms, fetch ${median(run.b).toFixed(2)} ms, paired difference ${paired.toFixed(2)} ms (${ROUNDS} rounds)`,
    paired <= 2,
  );

  const big = path.join(dir, 'big.pdf');
  writeBigPdf(big, 90 * 1024 * 1024);
  const growth = await new Promise<number>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'test/clients/roundtrip.ts'),
        server.url,
        server.key,
        big,
        path.join(dir, 'out.pdf'),
      ],
      { cwd: ROOT },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!).growthMiB)
        : reject(new Error(`roundtrip exit ${code}`)),
    );
  });
  report.line('TS client 90 MiB round trip: RSS growth < 32 MiB', `${growth.toFixed(1)} MiB`, growth < 32);
} finally {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
report.finish();

/** A one-page PDF whose content stream pads it to `size` bytes (unlock returns it unchanged). */
function writeBigPdf(file: string, size: number): void {
  const fd = fs.openSync(file, 'w');
  const offsets: number[] = [];
  let at = 0;
  const put = (text: string | Buffer) => {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
    fs.writeSync(fd, bytes);
    at += bytes.length;
  };
  put('%PDF-1.4\n');
  for (const body of [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>',
  ]) {
    offsets.push(at);
    put(`${offsets.length} 0 obj\n${body}\nendobj\n`);
  }
  offsets.push(at);
  put(`4 0 obj\n<</Length ${size}>>\nstream\n`);
  const line = Buffer.alloc(1024 * 1024, '% padding of a big content stream\n', 'latin1');
  for (let written = 0; written < size; written += line.length)
    put(line.subarray(0, Math.min(line.length, size - written)));
  put('\nendstream\nendobj\n');
  const xref = at;
  put(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  put(`trailer\n<</Size 5/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`);
  fs.closeSync(fd);
}
