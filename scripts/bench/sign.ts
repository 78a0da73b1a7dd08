// Benchmark: POST /v1/pdf/sign of tracemonkey.pdf (14 pages, ~1 MB) with an
// RSA-2048 PKCS#12, invisible signature, against the real service
// (bin/pdf-service serve). Side by side, alternating: the raw
// `openssl cms -sign -binary` of the same file with the same key (the bare
// cryptographic cost of a detached CMS over 1 MB, one process). Target:
// the service's median ≤ 150 ms. Also reports verify's median.
// Run: npx tsx scripts/bench/sign.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS, median, multipart, post, Report, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = 21;
const TARGET_MS = 150;
const PASSWORD = 'bench-pass';

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sign-'));
  const input = path.join(CORPUS, 'tracemonkey.pdf');
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'k.pem',
    '-out',
    'c.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Bench Signer',
    '-addext',
    'keyUsage=critical,digitalSignature',
  ]);
  run(['pkcs12', '-export', '-inkey', 'k.pem', '-in', 'c.pem', '-out', 'c.p12', '-passout', `pass:${PASSWORD}`]);
  const pdf = fs.readFileSync(input);
  const signForm = multipart([
    { name: 'file', filename: 'tracemonkey.pdf', value: pdf },
    { name: 'certificate', filename: 'c.p12', value: fs.readFileSync(path.join(dir, 'c.p12')) },
    { name: 'certificate_password', value: PASSWORD },
  ]);
  const server = await startBenchServer();
  const report = new Report();
  try {
    const signed = await fetch(`${server.url}/v1/pdf/sign`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': signForm.contentType },
      body: signForm.body,
    });
    const signedPdf = Buffer.from(await signed.arrayBuffer());
    if (signed.status !== 200) throw new Error(`sign answered ${signed.status}: ${signedPdf.toString()}`);
    const verifyForm = multipart([{ name: 'file', filename: 'signed.pdf', value: signedPdf }]);
    const raw = () =>
      timeCommand(
        'openssl',
        [
          'cms',
          '-sign',
          '-binary',
          '-outform',
          'DER',
          '-signer',
          'c.pem',
          '-inkey',
          'k.pem',
          '-md',
          'sha256',
          '-in',
          input,
          '-out',
          'raw.der',
        ],
        dir,
      );
    const service = () => post(`${server.url}/v1/pdf/sign`, server.key, signForm);
    const { a: rawTimes, b: serviceTimes } = await sideBySide(ROUNDS, raw, service, 3);
    const s = median(serviceTimes);
    const r = median(rawTimes);
    report.line(
      'sign tracemonkey.pdf: service median',
      `${s.toFixed(0)} ms (target ≤ ${TARGET_MS} ms)  [${serviceTimes.map((v) => v.toFixed(0)).join(', ')}]`,
      s <= TARGET_MS,
    );
    report.info(
      '  raw openssl cms -sign of the same file (side by side)',
      `${r.toFixed(0)} ms; service/raw ${(s / r).toFixed(2)}×`,
    );
    const verifyTimes: number[] = [];
    for (let i = 0; i < 11; i++) verifyTimes.push(await post(`${server.url}/v1/pdf/verify`, server.key, verifyForm));
    report.info('verify of the signed tracemonkey.pdf: service median', `${median(verifyTimes).toFixed(0)} ms`);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
