// Helper of scripts/bench/jobs.ts, run in a fresh process so nothing else's garbage collection
// is counted: CPU and wall time of the four storage passes a job makes (store INPUT, read it back,
// store RESULT, download it), encrypted and as plain copies. Prints JSON.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { decryptStream, encryptStream } from '../../src/core/sealing.js';

const [input, result, scratch] = process.argv.slice(2);
const key = crypto.randomBytes(32);
const MiB = 1024 * 1024;
const enc = path.join(scratch, 'enc');
const dec = path.join(scratch, 'dec');

async function passes(encrypted: boolean): Promise<{ cpu: number; wall: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const file of [input, result]) {
    const sealing = encrypted ? [encryptStream(key)] : [];
    const opening = encrypted ? [decryptStream(key)] : [];
    await pipeline([fs.createReadStream(file, { highWaterMark: MiB }), ...sealing, fs.createWriteStream(enc)]);
    await pipeline([fs.createReadStream(enc, { highWaterMark: MiB }), ...opening, fs.createWriteStream(dec)]);
  }
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - t0 };
}

await passes(true); // warm-up
const encrypted = await passes(true);
const plain = await passes(false);
console.log(JSON.stringify({ encrypted, plain }));
