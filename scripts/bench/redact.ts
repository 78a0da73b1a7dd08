// Benchmark: POST /v1/pdf/redact of tracemonkey.pdf (14 pages, ~1 MB) against
// the real service, for a term (TraceMonkey, on 9 pages) and for one
// 200×150 pt area on each page. Side by side, alternating: the MuPDF stage
// alone (`mutool run src/tools/mupdf-redact-script.js`, the whole redaction
// before the vector pass existed), so the ratio shows what the two pikepdf
// passes (text positions before, vector content and boxes after)
// plus HTTP cost. No target: figures for the record.
// Run: npx tsx scripts/bench/redact.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS, median, multipart, post, Report, ROOT, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = 9;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-redact-'));
  const input = path.join(CORPUS, 'tracemonkey.pdf');
  const pdf = fs.readFileSync(input);
  const areas = Array.from({ length: 14 }, (_, i) => ({ page: i + 1, x: 150, y: 200, w: 200, h: 150 }));
  const cases: Array<{ name: string; fields: Array<{ name: string; value: string }>; spec: object }> = [
    {
      name: 'term TraceMonkey',
      fields: [{ name: 'terms', value: 'TraceMonkey' }],
      spec: { terms: ['TraceMonkey'], regex: [], areas: [] },
    },
    {
      name: '14 areas (one per page)',
      fields: [{ name: 'areas', value: JSON.stringify(areas) }],
      spec: { terms: [], regex: [], areas },
    },
  ];
  const server = await startBenchServer();
  const report = new Report();
  try {
    for (const c of cases) {
      const form = multipart([{ name: 'file', filename: 'tracemonkey.pdf', value: pdf }, ...c.fields]);
      const specFile = path.join(dir, 'spec.json');
      fs.writeFileSync(specFile, JSON.stringify(c.spec));
      const mupdf = () =>
        timeCommand(
          'mutool',
          ['run', path.join(ROOT, 'src/tools/mupdf-redact-script.js'), input, path.join(dir, 'out.pdf'), specFile],
          dir,
        );
      const service = () => post(`${server.url}/v1/pdf/redact`, server.key, form);
      const { a: rawTimes, b: serviceTimes } = await sideBySide(ROUNDS, mupdf, service, 1);
      const s = median(serviceTimes);
      const r = median(rawTimes);
      report.info(
        `redact tracemonkey.pdf, ${c.name}: service median`,
        `${s.toFixed(0)} ms  [${serviceTimes.map((v) => v.toFixed(0)).join(', ')}]`,
      );
      report.info('  MuPDF stage alone (side by side)', `${r.toFixed(0)} ms; service/MuPDF ${(s / r).toFixed(2)}×`);
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
