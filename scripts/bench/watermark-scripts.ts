// Benchmark: a CJK watermark (20 characters, the CFF Noto Sans CJK face) versus
// a Latin one (CONFIDENTIAL, Noto Sans) on the same generated 500-page text
// PDF, through POST /v1/pdf/watermark, alternating runs, medians; and how much
// the embedded CJK subset adds (its font program streams, read back with qpdf,
// and the output against the Latin one: the per-page overlay objects are the
// same for both). Targets (issue): CJK ≤ 1.3 × Latin; growth from the
// embedded subset ≤ 60 KB. Exits 1 when missed.
// Run: npx tsx scripts/bench/watermark-scripts.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filePart, form, startTestServer } from '../../test/helpers/server.js';
import { median } from './lib.js';
import { textPdf } from './watermark-doc.js';

const PAGES = 500;
const RUNS = 7;
const TIME_TARGET = 1.3;
const GROWTH_TARGET = 60_000;
const LATIN = 'CONFIDENTIAL';
const CJK = '机密文件请勿外传公司内部资料严禁复制转发';

/** Bytes of the embedded font programs (FontFile2/FontFile3 streams, as stored) in `pdf`. */
function fontProgramBytes(pdf: Buffer, dir: string): number {
  const file = path.join(dir, 'measure.pdf');
  fs.writeFileSync(file, pdf);
  const json = JSON.parse(
    execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 256 << 20 }),
  );
  let bytes = 0;
  for (const value of Object.values(json.qpdf[1] as Record<string, { stream?: { dict: Record<string, unknown> } }>)) {
    const dict = value.stream?.dict;
    if (dict && ('/Length1' in dict || dict['/Subtype'] === '/CIDFontType0C')) bytes += Number(dict['/Length']);
  }
  return bytes;
}

async function main(): Promise<void> {
  if ([...CJK].length !== 20) throw new Error('the CJK sample must be 20 characters');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-watermark-scripts-'));
  const input = path.join(dir, 'doc.pdf');
  fs.writeFileSync(input, textPdf(PAGES));
  const server = await startTestServer();
  const key = server.newKey();
  const once = async (text: string): Promise<{ ms: number; body: Buffer }> => {
    const t = performance.now();
    const res = await server.post('watermark', form({ file: await filePart(input), text }), key);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`service answered ${res.status}: ${body.toString()}`);
    return { ms: performance.now() - t, body };
  };
  const latin: number[] = [];
  const cjk: number[] = [];
  let outputs = { latin: Buffer.alloc(0), cjk: Buffer.alloc(0) };
  try {
    // Warm-up (font loading, first process spawns), not counted.
    await once(LATIN);
    await once(CJK);
    for (let i = 0; i < RUNS; i++) {
      const a = await once(LATIN);
      const b = await once(CJK);
      latin.push(a.ms);
      cjk.push(b.ms);
      outputs = { latin: a.body, cjk: b.body };
    }
  } finally {
    await server.close();
  }
  const inputSize = fs.statSync(input).size;
  const fonts = { latin: fontProgramBytes(outputs.latin, dir), cjk: fontProgramBytes(outputs.cjk, dir) };
  fs.rmSync(dir, { recursive: true, force: true });
  const ratio = median(cjk) / median(latin);
  const growth = fonts.cjk;
  console.log(`watermark in other scripts, ${PAGES}-page text PDF (${RUNS} runs each, alternating)`);
  console.log(
    `  Latin "${LATIN}":      median ${median(latin).toFixed(0)} ms  [${latin.map((v) => v.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  CJK (20 characters):     median ${median(cjk).toFixed(0)} ms  [${cjk.map((v) => v.toFixed(0)).join(', ')}]`,
  );
  console.log(`  time ratio CJK / Latin ${ratio.toFixed(2)} (target ≤ ${TIME_TARGET})`);
  console.log(
    `  output: input ${inputSize} B, Latin +${outputs.latin.length - inputSize} B, CJK +${outputs.cjk.length - inputSize} B (the per-page overlay objects, alike for both)`,
  );
  console.log(
    `  embedded font programs: Latin ${fonts.latin} B, CJK ${fonts.cjk} B (target ≤ ${GROWTH_TARGET}); CJK output − Latin output ${outputs.cjk.length - outputs.latin.length} B`,
  );
  if (ratio > TIME_TARGET || growth > GROWTH_TARGET) {
    console.error('TARGET MISSED');
    process.exit(1);
  }
}

await main();
