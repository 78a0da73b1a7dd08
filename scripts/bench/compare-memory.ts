// Helper of compare.ts (not run on its own): reads the words of two PDFs with
// pdftotext -bbox-layout into the operation's compact word store, diffs them
// and describes the changes, in a fresh process, and prints the growth of the
// resident set over the run (sampled every 5 ms) as JSON.
// Usage: npx tsx scripts/bench/compare-memory.ts OLD.pdf NEW.pdf
import { execFileSync } from 'node:child_process';
import { alignPages, describeChanges } from '../../src/operations/compare/changes.js';
import { diffSequences } from '../../src/operations/compare/sequence-diff.js';
import { DocumentWords, Vocabulary } from '../../src/operations/compare/words.js';
import { parseBboxLayout, WORD_PAGES_PER_RUN } from '../../src/tools/pdftotext-words.js';
import { bboxArgs } from '../../src/tools/pdftotext-words.js';

const [oldFile, newFile] = process.argv.slice(2);
const rss = () => process.memoryUsage().rss / 1048576;
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);

/** Words of `file`, read as the operation reads them (WORD_PAGES_PER_RUN pages per pdftotext run). */
async function read(file: string, vocabulary: Vocabulary): Promise<DocumentWords> {
  const pages = Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim());
  const words = new DocumentWords(vocabulary);
  for (let first = 1; first <= pages; first += WORD_PAGES_PER_RUN) {
    const last = Math.min(pages, first + WORD_PAGES_PER_RUN - 1);
    parseBboxLayout(
      execFileSync('pdftotext', bboxArgs(file, first, last), { encoding: 'utf8', maxBuffer: 256 << 20 }),
      words,
    );
    peak = Math.max(peak, rss());
    await new Promise((r) => setImmediate(r));
  }
  return words.finish();
}

const vocabulary = new Vocabulary();
const old = await read(oldFile, vocabulary);
const nu = await read(newFile, vocabulary);
const started = performance.now();
const diff = await diffSequences(old.ids, nu.ids);
const pairs = alignPages(old, nu, diff);
const { changes } = describeChanges(old, nu, diff, pairs);
const diffMs = performance.now() - started;
peak = Math.max(peak, rss());
clearInterval(sampler);
console.log(
  JSON.stringify({
    words: [old.count, nu.count],
    pages: [old.pageSizes.length, nu.pageSizes.length],
    growthMiB: peak - before,
    diffMs,
    changes: changes.length,
  }),
);
