// Form fills whose values need embedded fonts, this tree against a baseline
// tree (BASELINE_REF, default main, or BASELINE_TREE; see baseline.ts), rounds
// alternating: 50 Cyrillic values, and 50 values cycling through CJK, Arabic,
// Cyrillic and Devanagari (four faces). Also the output size of one fill in
// those four scripts. Written when forms moved from one hb-shape run per face
// and fill to the watermark's in-process shaping: a refactor must not cost.
// Run: BASELINE_REF=merge-trial npx tsx scripts/bench/forms-fonts.ts (BENCH_ROUNDS, default 15).
import { textFieldsForm } from '../../test/helpers/forms-fixtures.js';
import { baselineTree } from './baseline.js';
import { Report, median, multipart, post, sideBySide, startBenchServer, type BenchServer } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FIELDS = 50;
const report = new Report();
const form = textFieldsForm(FIELDS);
const scripts = ['東京タワー', 'مرحبا بالعالم', 'Москва', 'नमस्ते'];
const fills: Record<string, Record<string, string>> = {
  Cyrillic: Object.fromEntries(Array.from({ length: FIELDS }, (_, i) => [`f${i + 1}`, `Значение ${i + 1}`])),
  'CJK, Arabic, Cyrillic, Devanagari': Object.fromEntries(
    Array.from({ length: FIELDS }, (_, i) => [`f${i + 1}`, `${scripts[i % 4]} ${i}`]),
  ),
};
const bodyOf = (values: object) =>
  multipart([
    { name: 'file', filename: 'form.pdf', value: form },
    { name: 'values', value: JSON.stringify(values) },
  ]);

async function outputSize(server: BenchServer): Promise<number> {
  const small = multipart([
    { name: 'file', filename: 'form.pdf', value: textFieldsForm(4) },
    { name: 'values', value: JSON.stringify({ f1: scripts[0], f2: scripts[1], f3: scripts[2], f4: scripts[3] }) },
  ]);
  const res = await fetch(`${server.url}/v1/pdf/forms`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': small.contentType },
    body: small.body,
  });
  if (res.status !== 200) throw new Error(`fill answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

const current = await startBenchServer();
const baseline = await startBenchServer({}, baselineTree());
try {
  for (const [name, values] of Object.entries(fills)) {
    const body = bodyOf(values);
    const { a: now, b: base } = await sideBySide(
      ROUNDS,
      () => post(`${current.url}/v1/pdf/forms`, current.key, body),
      () => post(`${baseline.url}/v1/pdf/forms`, baseline.key, body),
    );
    const ratio = median(now) / median(base);
    report.line(
      `forms fill, ${FIELDS} fields, ${name}`,
      `this ${median(now).toFixed(1)} ms | baseline ${median(base).toFixed(1)} ms | this/baseline ${ratio.toFixed(2)} (target ≤ 1.05)`,
      ratio <= 1.05,
    );
  }
  const [now, base] = [await outputSize(current), await outputSize(baseline)];
  report.info(
    'forms fill output, 4 fields in 4 scripts',
    `this ${now} B | baseline ${base} B | this/baseline ${(now / base).toFixed(2)}`,
  );
} finally {
  await current.close();
  await baseline.close();
}
report.finish();
