// Benchmark of the document-structure operations against the raw command each
// rests on, side by side in one run (alternating, medians):
//   inspect of tracemonkey.pdf vs `qpdf --json=2` of it (target ≤ qpdf + 15 ms);
//   inspect of a 2,000-page file (target ≤ 1.5 s): short text pages (a
//     generated report), and tracemonkey's dense pages repeated (2,002);
//   sanitize of tracemonkey.pdf vs `python3 -c "pikepdf.open().save()"` and
//   linearize vs `qpdf --linearize` (target ≤ 1.2 × the raw command).
// (scripts/bench/structure.ts is the runaway-structure benchmark.)
// Run: npx tsx scripts/bench/structure-ops.ts   (BENCH_ROUNDS, default 9)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS, median, multipart, post, Report, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const report = new Report();

/** A PDF of `pages` pages, one short line of text each (qpdf assembles copies of a one-page PDF written here). */
function shortPages(dir: string, pages: number): string {
  const content = 'BT /F1 12 Tf 72 720 Td (A line of a generated report) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const one = path.join(dir, 'one.pdf');
  fs.writeFileSync(one, body);
  const out = path.join(dir, `short-${pages}.pdf`);
  execFileSync('qpdf', ['--empty', '--pages', ...Array.from({ length: pages }, () => [one, '1']).flat(), '--', out]);
  return out;
}

function repeated(dir: string, input: string, copies: number): string {
  const out = path.join(dir, `repeated-${copies}.pdf`);
  execFileSync('qpdf', [
    '--empty',
    '--pages',
    ...Array.from({ length: copies }, () => [input, '1-z']).flat(),
    '--',
    out,
  ]);
  return out;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-structure-ops-'));
  const tracemonkey = path.join(CORPUS, 'tracemonkey.pdf');
  const server = await startBenchServer({ MAX_PAGES: '5000' });
  const form = (file: string) =>
    multipart([{ name: 'file', filename: path.basename(file), value: fs.readFileSync(file) }]);
  const call = (op: string, file: string) => {
    const body = form(file);
    return () => post(`${server.url}/v1/pdf/${op}`, server.key, body);
  };
  const compare = async (
    name: string,
    op: string,
    file: string,
    raw: () => Promise<number>,
    ok: (s: number, r: number) => boolean,
    target: string,
  ) => {
    const { a: rawTimes, b: serviceTimes } = await sideBySide(ROUNDS, raw, call(op, file), 1);
    const s = median(serviceTimes);
    const r = median(rawTimes);
    report.line(
      name,
      `service ${s.toFixed(0)} ms, raw ${r.toFixed(0)} ms, ratio ${(s / r).toFixed(2)}×, +${(s - r).toFixed(0)} ms (target ${target})`,
      ok(s, r),
    );
  };
  try {
    await compare(
      'inspect tracemonkey.pdf vs qpdf --json=2',
      'inspect',
      tracemonkey,
      () => timeCommand('qpdf', ['--json=2', tracemonkey]),
      (s, r) => s <= r + 15,
      '≤ raw + 15 ms',
    );
    await compare(
      'sanitize tracemonkey.pdf vs pikepdf open+save',
      'sanitize',
      tracemonkey,
      () =>
        timeCommand('/usr/bin/python3', [
          '-I',
          '-c',
          'import sys, pikepdf; pikepdf.open(sys.argv[1]).save(sys.argv[2])',
          tracemonkey,
          path.join(dir, 'raw-s.pdf'),
        ]),
      (s, r) => s <= 1.2 * r,
      '≤ 1.2×',
    );
    await compare(
      'linearize tracemonkey.pdf vs qpdf --linearize',
      'linearize',
      tracemonkey,
      () => timeCommand('qpdf', ['--linearize', tracemonkey, path.join(dir, 'raw-l.pdf')]),
      (s, r) => s <= 1.2 * r,
      '≤ 1.2×',
    );
    for (const file of [shortPages(dir, 2000), repeated(dir, tracemonkey, 143)]) {
      const times: number[] = [];
      const run = call('inspect', file);
      await run();
      for (let i = 0; i < Math.min(ROUNDS, 5); i++) times.push(await run());
      const m = median(times);
      const json = await timeCommand('qpdf', ['--json=2', file]);
      report.line(
        `inspect ${path.basename(file)} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`,
        `${m.toFixed(0)} ms (qpdf --json=2 alone ${json.toFixed(0)} ms) (target ≤ 1500 ms)`,
        m <= 1500,
      );
    }
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
