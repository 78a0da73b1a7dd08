// Benchmark: POST /v1/pdf/watermark on a generated 500-page text PDF versus
// the raw `qpdf --overlay` with a ready stamp, side by side (alternating runs),
// medians. Target (issue): service ≤ 1.5 × raw qpdf. Exits 1 when missed.
// Run: npx tsx scripts/bench/watermark.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cffTable, glyphsByFace, type EmbeddedFont } from '../../src/pdf/embed-fonts.js';
import { buildStamp } from '../../src/pdf/stamp.js';
import { layoutText, type GlyphRun } from '../../src/pdf/fonts.js';
import type { FontFace } from '../../src/pdf/shaping.js';
import { hbSubsetArgs } from '../../src/tools/hb-subset.js';
import { textPdf } from './watermark-doc.js';
import { filePart, form, startTestServer } from '../../test/helpers/server.js';

const PAGES = 500;
const RUNS = 11;
const TARGET = 1.5;

/** The subsets the service embeds for `runs`, made here by hb-subset directly. */
function embedded(runs: GlyphRun[], dir: string): Map<FontFace, EmbeddedFont> {
  const fonts = new Map<FontFace, EmbeddedFont>();
  for (const [face, glyphs] of glyphsByFace(runs)) {
    const out = path.join(dir, 'subset.bin');
    execFileSync('hb-subset', hbSubsetArgs({ file: face.file, index: face.index, glyphs, retainGids: !face.cff }, out));
    const program = fs.readFileSync(out);
    fonts.set(face, { face, program: face.cff ? cffTable(program) : program });
  }
  return fonts;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-watermark-'));
  const input = path.join(dir, 'doc.pdf');
  fs.writeFileSync(input, textPdf(PAGES));
  // The ready stamp: the same stamp the service generates for a letter page.
  const text = 'CONFIDENTIAL';
  const stamp = path.join(dir, 'stamp.pdf');
  const mark = {
    kind: 'text' as const,
    text,
    runs: await layoutText(text, 'text'),
    fontSize: 48,
    color: [128, 128, 128] as [number, number, number],
  };
  fs.writeFileSync(
    stamp,
    buildStamp(
      [{ width: 612, height: 792 }],
      mark,
      { opacity: 0.3, rotation: 45, position: 'center' },
      embedded(mark.runs, dir),
    ),
  );

  const server = await startTestServer();
  const key = server.newKey();
  const raw: number[] = [];
  const service: number[] = [];
  const rawOnce = () => {
    const t = performance.now();
    execFileSync('qpdf', [
      input,
      '--overlay',
      stamp,
      '--to=1-z',
      '--from=',
      '--repeat=1',
      '--',
      path.join(dir, 'raw-out.pdf'),
    ]);
    return performance.now() - t;
  };
  const serviceOnce = async () => {
    const t = performance.now();
    const res = await server.post('watermark', form({ file: await filePart(input), text }), key);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`service answered ${res.status}: ${body.toString()}`);
    return performance.now() - t;
  };
  try {
    // Warm-up (font loading, first process spawns), not counted.
    rawOnce();
    await serviceOnce();
    for (let i = 0; i < RUNS; i++) {
      raw.push(rawOnce());
      service.push(await serviceOnce());
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const r = median(raw);
  const s = median(service);
  const ratio = s / r;
  console.log(`watermark, ${PAGES}-page text PDF (${RUNS} runs each, alternating)`);
  console.log(
    `  raw qpdf --overlay (ready stamp): median ${r.toFixed(0)} ms  [${raw.map((v) => v.toFixed(0)).join(', ')}]`,
  );
  console.log(
    `  service POST /v1/pdf/watermark:   median ${s.toFixed(0)} ms  [${service.map((v) => v.toFixed(0)).join(', ')}]`,
  );
  console.log(`  ratio ${ratio.toFixed(2)} (target ≤ ${TARGET})`);
  if (ratio > TARGET) {
    console.error('TARGET MISSED');
    process.exit(1);
  }
}

await main();
