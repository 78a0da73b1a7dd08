// Benchmark: POST /v1/pdf/compress (level=medium, the default) versus the raw
// `gs -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook` on tracemonkey.pdf and
// multipage.pdf, side by side (alternating runs after a warm-up), medians.
// Targets (issue): service output ≤ the gs /ebook output in bytes, and
// service time ≤ 1.2 × the gs time. Exits 1 when a target is missed.
// Run: npx tsx scripts/bench/compress.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpus, filePart, form, startTestServer } from '../../test/helpers/server.js';

const FILES = ['tracemonkey.pdf', 'multipage.pdf'];
const RUNS = 7;
const TIME_TARGET = 1.2;

/** CPU seconds used by this process's finished children (Linux /proc): less sensitive to other load than wall time. */
function childCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat (cutime, cstime) are at 13 and 14 after the command name.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The reference command, as a user would type it. */
function gsEbook(input: string, output: string): Promise<number> {
  const started = performance.now();
  const args = [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-q',
    '-sDEVICE=pdfwrite',
    '-dPDFSETTINGS=/ebook',
    `-sOutputFile=${output}`,
    input,
  ];
  return new Promise((resolve, reject) =>
    execFile('gs', args, (error) => (error ? reject(error) : resolve(performance.now() - started))),
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compress-'));
  const server = await startTestServer();
  const key = server.newKey();
  let missed = false;
  try {
    for (const name of FILES) {
      const input = corpus(name);
      const rawOut = path.join(dir, `gs-${name}`);
      let serviceSize = 0;
      const cpu = { raw: [] as number[], service: [] as number[] };
      const rawOnce = async () => {
        const before = childCpuSeconds();
        const ms = await gsEbook(input, rawOut);
        cpu.raw.push(childCpuSeconds() - before);
        return ms;
      };
      const serviceOnce = async () => {
        const before = childCpuSeconds();
        const started = performance.now();
        const res = await server.post('compress', form({ file: await filePart(input) }), key);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) throw new Error(`service answered ${res.status}: ${body.toString()}`);
        serviceSize = body.length;
        const ms = performance.now() - started;
        cpu.service.push(childCpuSeconds() - before);
        return ms;
      };
      const raw: number[] = [];
      const service: number[] = [];
      await rawOnce();
      await serviceOnce();
      cpu.raw.length = 0;
      cpu.service.length = 0;
      for (let i = 0; i < RUNS; i++) {
        if (i % 2 === 0) {
          raw.push(await rawOnce());
          service.push(await serviceOnce());
        } else {
          service.push(await serviceOnce());
          raw.push(await rawOnce());
        }
      }
      const inputSize = fs.statSync(input).size;
      const gsSize = fs.statSync(rawOut).size;
      const r = median(raw);
      const s = median(service);
      const sizeOk = serviceSize <= gsSize;
      const timeOk = s / r <= TIME_TARGET;
      missed ||= !sizeOk || !timeOk;
      console.log(`${name} (${inputSize} bytes; ${RUNS} runs each, alternating)`);
      console.log(
        `  gs /ebook:                 ${gsSize} bytes, median ${r.toFixed(0)} ms  [${raw.map((v) => v.toFixed(0)).join(', ')}]`,
      );
      console.log(
        `  service compress (medium): ${serviceSize} bytes, median ${s.toFixed(0)} ms  [${service.map((v) => v.toFixed(0)).join(', ')}]`,
      );
      console.log(
        `  child CPU time (info, robust to other load): gs ${median(cpu.raw).toFixed(2)} s, service ${median(cpu.service).toFixed(2)} s, ratio ${(median(cpu.service) / median(cpu.raw)).toFixed(2)}`,
      );
      console.log(
        `  size ratio ${(serviceSize / gsSize).toFixed(3)} (target ≤ 1) ${sizeOk ? 'PASS' : 'MISS'}; time ratio ${(s / r).toFixed(2)} (target ≤ ${TIME_TARGET}) ${timeOk ? 'PASS' : 'MISS'}`,
      );
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (missed) {
    console.error('TARGET MISSED');
    process.exit(1);
  }
  console.log('all targets met');
}

await main();
