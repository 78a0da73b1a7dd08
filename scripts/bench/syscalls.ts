// Syscalls of the server per small merge: the main thread vs the
// other threads (libuv pool, V8), counted with `strace -f -ff` over 100 sequential
// merges of two 1-page PDFs. Needs strace (not installed by the project: a one-off
// measurement, not part of `npm run bench`). Usage: node --import tsx
// scripts/bench/syscalls.ts [project root to measure, default this one]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CORPUS, multipart, post, startBenchServer } from './lib.js';
const root = process.argv[2] ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const server = await startBenchServer({}, root);
const small = fs.readFileSync(path.join(CORPUS, 'trivial.pdf'));
const form = multipart([
  { name: 'files', filename: 'a.pdf', value: small },
  { name: 'files', filename: 'b.pdf', value: small },
]);
for (let i = 0; i < 20; i++) await post(`${server.url}/v1/pdf/merge`, server.key, form);
const dir = fs.mkdtempSync('/tmp/strace-');
const st = spawn('strace', ['-f', '-ff', '-o', path.join(dir, 't'), '-p', String(server.pid)], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1500));
const N = 100;
for (let i = 0; i < N; i++) await post(`${server.url}/v1/pdf/merge`, server.key, form);
st.kill('SIGINT');
await new Promise((r) => st.once('exit', r));
let main = 0,
  other = 0;
const kinds = new Map<string, number>();
for (const f of fs.readdirSync(dir)) {
  const lines = fs
    .readFileSync(path.join(dir, f), 'utf8')
    .split('\n')
    .filter((l) => /^\w+\(/.test(l));
  const tid = Number(f.split('.')[1]);
  if (tid === server.pid) main += lines.length;
  else other += lines.length;
  for (const l of lines) {
    const k = (tid === server.pid ? 'main ' : 'pool ') + l.slice(0, l.indexOf('('));
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
}
console.log(`per merge: main thread ${(main / N).toFixed(1)}, other threads ${(other / N).toFixed(1)}`);
console.log(
  [...kinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, n]) => `${k} ${(n / N).toFixed(1)}`)
    .join('\n'),
);
await server.close();
if (!process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true });
else console.log(dir);
