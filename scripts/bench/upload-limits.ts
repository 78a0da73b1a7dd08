// Upload targets, measured against a real `serve` process:
// - a declared Content-Length over the limit is refused (413) before the body is read;
// - a chunked upload is refused as soon as its file part passes MAX_FILE_SIZE (bytes sent, disk used);
// - a 90 MiB accepted upload raises the server's RSS by < 50 MiB.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Report, startBenchServer } from './lib.js';

const MiB = 1024 * 1024;
const report = new Report();
const server = await startBenchServer();
const tmpDir = path.join(server.work, 'tmp');

function dirBytes(dir: string): number {
  let total = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    try {
      total += entry.isDirectory() ? dirBytes(full) : fs.statSync(full).size;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function rss(): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Streams a file part of `bytes`; stops when the answer comes. */
function upload(
  bytes: number,
  declared?: number,
): Promise<{ status: number; sentMiB: number; ms: number; peakDiskMiB: number }> {
  const boundary = 'benchboundary';
  const chunk = Buffer.alloc(MiB, 0x41);
  const started = performance.now();
  let peakDisk = 0;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      Authorization: `Bearer ${server.key}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    };
    if (declared !== undefined) headers['Content-Length'] = declared;
    const req = http.request(`${server.url}/v1/pdf/unlock`, { method: 'POST', headers });
    let sent = 0;
    let done = false;
    req.on('response', (res) => {
      done = true;
      const sentAt = sent;
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode!,
          sentMiB: sentAt / MiB,
          ms: performance.now() - started,
          peakDiskMiB: peakDisk / MiB,
        });
      });
    });
    req.on('error', (e) => !done && reject(e));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-1.4\n`);
    let left = bytes;
    let n = 0;
    const pump = () => {
      while (!done && left > 0) {
        const piece = left >= MiB ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        sent += piece.length;
        if (++n % 16 === 0) peakDisk = Math.max(peakDisk, dirBytes(tmpDir));
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!done && left === 0) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

try {
  await upload(2 * MiB); // warm-up: lazily loaded code and first buffers
  const start = rss();
  const declared = await upload(1 * MiB, 2048 * MiB);
  report.line(
    'declared 2 GiB body: 413 before the body is read',
    `status ${declared.status} in ${declared.ms.toFixed(0)} ms, ${declared.sentMiB} MiB written by the client, disk ${declared.peakDiskMiB.toFixed(1)} MiB`,
    declared.status === 413 && declared.peakDiskMiB === 0,
  );

  const chunked = await upload(2048 * MiB);
  const afterChunked = rss();
  report.line(
    'chunked 2 GiB upload: 413 once the part passes 100 MiB',
    `status ${chunked.status} after ${chunked.sentMiB.toFixed(0)} MiB sent (${chunked.ms.toFixed(0)} ms), disk peak ${chunked.peakDiskMiB.toFixed(1)} MiB`,
    chunked.status === 413 && chunked.sentMiB < 200 && chunked.peakDiskMiB <= 100.1,
  );
  report.line(
    'chunked 2 GiB upload: RSS stays flat (< 50 MiB growth)',
    `RSS ${start.now.toFixed(0)} → peak ${afterChunked.peak.toFixed(0)} MiB (+${(afterChunked.peak - start.now).toFixed(1)} MiB)`,
    afterChunked.peak - start.now < 50,
  );

  const before = rss();
  const accepted = await upload(90 * MiB);
  const after = rss();
  const growth = after.peak - before.now;
  report.line(
    '90 MiB accepted upload: RSS grows < 50 MiB',
    `status ${accepted.status} (junk after %PDF → 422 from qpdf), RSS ${before.now.toFixed(0)} → peak ${after.peak.toFixed(0)} MiB (+${growth.toFixed(1)} MiB)`,
    growth < 50,
  );
} finally {
  await server.close();
  report.finish();
}
