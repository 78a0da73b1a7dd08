// forms fill of a 50-field form (target ≤ 150 ms per request), side by side
// in one run with the raw qpdf passes it rests on (one --json=2 read and one
// --update-from-json write of the same file, run from here), medians and
// ratio; a fill whose values need an embedded font (Cyrillic: in-process
// shaping and hb-subset added) and a read of the same form, for context.
// Run: npx tsx scripts/bench/forms.ts (BENCH_ROUNDS, default 15).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { textFieldsForm } from '../../test/helpers/forms-fixtures.js';
import { Report, median, multipart, post, sideBySide, startBenchServer, timeCommand } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FIELDS = 50;
const report = new Report();

const form = textFieldsForm(FIELDS);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-forms-'));
const input = path.join(dir, 'form.pdf');
fs.writeFileSync(input, form);
// The raw passes: what the service's fill runs as tools (its own in-process work comes on top).
const update = path.join(dir, 'update.json');
const { execFileSync } = await import('node:child_process');
const header = JSON.parse(
  execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-object=trailer', input], { encoding: 'utf8' }),
).qpdf[0];
fs.writeFileSync(
  update,
  JSON.stringify({
    qpdf: [
      header,
      { 'obj:6 0 R': { value: { '/Type': '/Annot', '/Subtype': '/Widget', '/FT': '/Tx', '/T': 'u:f1', '/V': 'u:x' } } },
    ],
  }),
);

const latin = Object.fromEntries(
  Array.from({ length: FIELDS }, (_, i) => [`f${i + 1}`, `Value number ${i + 1} – Zoë Ångström`]),
);
const cyrillic = Object.fromEntries(Array.from({ length: FIELDS }, (_, i) => [`f${i + 1}`, `Значение ${i + 1}`]));
const body = (values?: object) =>
  multipart([
    { name: 'file', filename: 'form.pdf', value: form },
    ...(values ? [{ name: 'values', value: JSON.stringify(values) }] : []),
  ]);

const server = await startBenchServer();
try {
  const fillLatin = body(latin);
  const raw = async () =>
    (await timeCommand('qpdf', ['--json=2', '--json-key=qpdf', '--json-key=pages', input])) +
    (await timeCommand('qpdf', [input, `--update-from-json=${update}`, path.join(dir, 'out.pdf')]));
  const { a: service, b: tools } = await sideBySide(
    ROUNDS,
    () => post(`${server.url}/v1/pdf/forms`, server.key, fillLatin),
    raw,
  );
  const ms = median(service);
  report.line(
    `forms fill, ${FIELDS} text fields (WinAnsi)`,
    `service ${ms.toFixed(1)} ms | raw qpdf read+write ${median(tools).toFixed(1)} ms | ratio ${(ms / median(tools)).toFixed(2)} (target ≤ 150 ms)`,
    ms <= 150,
  );
  const fillCyrillic = body(cyrillic);
  const read = body();
  const { a: embedded, b: reads } = await sideBySide(
    ROUNDS,
    () => post(`${server.url}/v1/pdf/forms`, server.key, fillCyrillic),
    () => post(`${server.url}/v1/pdf/forms`, server.key, read),
  );
  report.info(
    `forms fill, ${FIELDS} fields, Cyrillic (Noto subset)`,
    `${median(embedded).toFixed(1)} ms (ratio to the WinAnsi fill ${(median(embedded) / ms).toFixed(2)})`,
  );
  report.info(`forms read, ${FIELDS} fields`, `${median(reads).toFixed(1)} ms`);
} finally {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
report.finish();
