// Benchmark: POST /v1/pdf/compare against the real service.
//  1. tracemonkey.pdf (14 pages) against a version with 10 edits (6 phrases
//     stamped in margins, 2 coloured bars, the last page removed, a page
//     duplicated): json ≤ 1.5 s, pdf ≤ 3 s. Side by side, alternating: the
//     raw tools the operation cannot do without (pdftotext -bbox-layout and
//     mutool draw -r 72 of both files, one after the other), for the ratio.
//  2. A generated 200-page pair with 10 word edits: json ≤ 12 s.
//  3. Diff memory of a generated 2,000-page pair (words read and diffed in
//     this process as the operation does: typed arrays, linear-space Myers):
//     growth of the resident set ≤ 200 MiB.
// Run: npx tsx scripts/bench/compare.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { flowPages, pseudoWords } from '../../test/helpers/compare-fixtures.js';
import { makePdf, textAt } from '../../test/helpers/make-fixtures.js';
import { CORPUS, median, multipart, post, Report, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = 5;

/** tracemonkey.pdf with 10 edits, made with qpdf (overlay, page selection) from a generated overlay. */
function editedTracemonkey(dir: string): string {
  const stamps: Record<number, string> = {
    1: textAt('Draft for review', 72, 40, 10),
    3: textAt('Reviewed by the committee', 72, 40, 10),
    5: textAt('See the appendix', 72, 40, 10),
    8: textAt('Figure updated', 400, 40, 10),
    10: textAt('New measurements follow', 72, 40, 10),
    12: textAt('Corrected in version two', 72, 40, 10),
  };
  const bars: Record<number, string> = { 2: '0.9 0.5 0 rg 60 20 480 6 re f\n', 9: '0 0.6 0.3 rg 60 20 480 6 re f\n' };
  const overlay = makePdf(
    Array.from({ length: 14 }, (_, i) => ({ content: (stamps[i + 1] ?? '') + (bars[i + 1] ?? '') })),
  );
  const overlayFile = path.join(dir, 'overlay.pdf');
  fs.writeFileSync(overlayFile, overlay);
  const stamped = path.join(dir, 'stamped.pdf');
  execFileSync('qpdf', [path.join(CORPUS, 'tracemonkey.pdf'), '--overlay', overlayFile, '--', stamped]);
  const edited = path.join(dir, 'tracemonkey-v2.pdf');
  // Page 14 removed, page 6 duplicated after itself.
  execFileSync('qpdf', ['--empty', '--pages', stamped, '1-6,6-13', '--', edited]);
  return edited;
}

/** A generated document of about `pages` pages, and a copy with 10 words replaced spread through it. */
function generatedPair(dir: string, pages: number, name: string): [string, string] {
  const paragraphs = Array.from({ length: Math.ceil((pages * 30) / 11) }, (_, i) =>
    pseudoWords(110, 1000 + i).join(' '),
  );
  const step = Math.floor(paragraphs.length / 10);
  const edited = paragraphs.map((p, i) =>
    i % step === 5 && i < step * 10 ? p.replace(/^(\S+ \S+ \S+) \S+/, '$1 Zeppelin') : p,
  );
  const write = (file: string, list: string[]) => {
    fs.writeFileSync(file, makePdf(flowPages(list).map((content) => ({ content }))));
    return file;
  };
  return [write(path.join(dir, `${name}-old.pdf`), paragraphs), write(path.join(dir, `${name}-new.pdf`), edited)];
}

const pageCount = (file: string) => Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim());

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  const report = new Report();
  const server = await startBenchServer({ MAX_PAGES: '5000' });
  try {
    const original = path.join(CORPUS, 'tracemonkey.pdf');
    const edited = editedTracemonkey(dir);
    const parts = (old: string, nu: string, format: string) =>
      multipart([
        { name: 'files', filename: 'old.pdf', value: fs.readFileSync(old) },
        { name: 'files', filename: 'new.pdf', value: fs.readFileSync(nu) },
        { name: 'format', value: format },
      ]);
    const tools = async (old: string, nu: string) => {
      let ms = 0;
      for (const file of [old, nu]) {
        ms += await timeCommand('pdftotext', ['-bbox-layout', file, path.join(dir, 'words.html')]);
        ms += await timeCommand('mutool', ['draw', '-q', '-r', '72', '-o', path.join(dir, 'page-%d.ppm'), file]);
      }
      for (const f of fs.readdirSync(dir)) if (f.startsWith('page')) fs.rmSync(path.join(dir, f));
      return ms;
    };
    const first = parts(original, edited, 'json');
    const answer = await fetch(`${server.url}/v1/pdf/compare`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': first.contentType },
      body: first.body,
    });
    const result = (await answer.json()) as { summary: object; changes: unknown[]; visual: unknown[] };
    if (answer.status !== 200) throw new Error(`compare answered ${answer.status}: ${JSON.stringify(result)}`);
    report.info(
      'tracemonkey 10 edits: what compare found',
      `${JSON.stringify(result.summary)}, ${result.changes.length} text changes, ${result.visual.length} visual`,
    );
    for (const [format, target] of [
      ['json', 1500],
      ['pdf', 3000],
    ] as const) {
      const form = parts(original, edited, format);
      const { a: raw, b: service } = await sideBySide(
        ROUNDS,
        () => tools(original, edited),
        () => post(`${server.url}/v1/pdf/compare`, server.key, form),
        1,
      );
      const s = median(service);
      const r = median(raw);
      report.line(
        `compare tracemonkey (14 p.) with 10 edits, ${format} ≤ ${target} ms`,
        `${s.toFixed(0)} ms  [${service.map((v) => v.toFixed(0)).join(', ')}]`,
        s <= target,
      );
      report.info(
        '  pdftotext -bbox-layout + mutool draw -r 72 of both (side by side)',
        `${r.toFixed(0)} ms; service/tools ${(s / r).toFixed(2)}×`,
      );
    }

    const [old200, new200] = generatedPair(dir, 200, 'g200');
    const form200 = parts(old200, new200, 'json');
    const { a: raw200, b: service200 } = await sideBySide(
      3,
      () => tools(old200, new200),
      () => post(`${server.url}/v1/pdf/compare`, server.key, form200),
      0,
    );
    const s200 = median(service200);
    report.line(
      `compare ${pageCount(old200)}-page pair, 10 edits, json ≤ 12000 ms`,
      `${s200.toFixed(0)} ms  [${service200.map((v) => v.toFixed(0)).join(', ')}]`,
      s200 <= 12000,
    );
    report.info(
      '  pdftotext -bbox-layout + mutool draw -r 72 of both (side by side)',
      `${median(raw200).toFixed(0)} ms; service/tools ${(s200 / median(raw200)).toFixed(2)}×`,
    );

    const [old2000, new2000] = generatedPair(dir, 2000, 'g2000');
    const probe = execFileSync(
      'npx',
      ['tsx', path.join(path.dirname(new URL(import.meta.url).pathname), 'compare-memory.ts'), old2000, new2000],
      { encoding: 'utf8' },
    );
    const memory = JSON.parse(probe.trim().split('\n').pop()!) as {
      words: number[];
      growthMiB: number;
      diffMs: number;
      changes: number;
      pages: number[];
    };
    report.line(
      `diff memory, ${memory.pages[0]}-page pair (${memory.words[0]} + ${memory.words[1]} words) ≤ 200 MiB`,
      `${memory.growthMiB.toFixed(0)} MiB resident growth; diff ${memory.diffMs.toFixed(0)} ms, ${memory.changes} changes`,
      memory.growthMiB <= 200,
    );
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
