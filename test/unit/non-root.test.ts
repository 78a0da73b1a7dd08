// The server as most on-prem installs (and the Docker image) run it: by a user who is not
// root. The spawn helper once entered a user namespace of its own there and died at its first
// tool — every operation failed while the suite, run as root, passed. Here the compiled server
// runs as `nobody` (setpriv; this suite itself runs as root): every operation once, with its
// tools confined by Landlock (native/spawn-helper.c), and a tool of one request trying to
// reach another request's files and the server's data.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfClient } from '../../clients/typescript/src/index.js';
import { runEveryOperation } from '../clients/examples.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { AS_NOBODY, startServeProcess, type ServeProcess } from '../helpers/process-server.js';
import { corpus, ROOT } from '../helpers/server.js';

const BIN = path.join(ROOT, 'bin/pdf-service');
const rootOnly = process.getuid?.() === 0;

let scratch = '';
let env: Record<string, string> = {};
let server: ServeProcess | undefined;
let url = '';
let key = '';

beforeAll(async () => {
  if (!rootOnly) return;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-nonroot-'));
  fs.chmodSync(scratch, 0o777);
  env = { DATA_DIR: path.join(scratch, 'data'), TMP_DIR: path.join(scratch, 'tmp'), HOME: scratch };
  const [command, ...prefix] = AS_NOBODY;
  const created = await promisify(execFile)(
    command!,
    [...prefix, process.execPath, BIN, 'keys', 'create', '--account', 'nonroot', '--plan', 'enterprise'],
    { env: { ...process.env, ...env } },
  );
  key = /(pdf_live_\S+)/.exec(created.stdout)![1]!;
  server = await startServeProcess(env, [], AS_NOBODY);
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

async function post(
  operation: string,
  fields: Record<string, string>,
  files: Array<[string, string, Buffer]>,
): Promise<string> {
  const form = new FormData();
  for (const [field, name, data] of files) form.append(field, new Blob([data]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${url}/v1/pdf/${operation}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}` },
  });
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.status, `${operation}: ${body.toString('utf8', 0, 500)}\n${server?.stderr()}`).toBe(200);
  const file = path.join(scratch, `${operation}-${Date.now()}.pdf`);
  fs.writeFileSync(file, body);
  return file;
}

describe.runIf(rootOnly)('a server run by a user who is not root', () => {
  it('confines its tools with Landlock, and has every tool', async () => {
    const health = await (await fetch(`${url}/healthz`)).json();
    expect(health.status).toBe('ok');
    expect(health.isolation).toBe('landlock');
  });

  it('answers every operation once, each result checked with independent tools', async () => {
    await runEveryOperation(new PdfClient({ baseUrl: url, apiKey: key }), scratch);
  });

  it("keeps a tool of request B out of request A's files, /proc/<pid>/cwd of A's tool, the server's data, and any other place to write", async () => {
    const probe = path.join(scratch, 'confine.mjs');
    fs.writeFileSync(probe, CONFINEMENT_PROBE);
    const [command, ...prefix] = AS_NOBODY;
    const { stdout } = await promisify(execFile)(command!, [...prefix, process.execPath, probe, ROOT, scratch], {
      env: { ...process.env, ...env },
    });
    const seen = JSON.parse(stdout);
    expect(seen.isolation).toBe('landlock');
    // The same attempts from the probe itself (not confined) succeed: they prove something.
    expect(seen.unconfined).toEqual({ cwd: 'ok', path: 'ok', list: 'ok', data: 'ok', write: 'ok' });
    expect(seen.confined).toEqual({
      cwd: 'denied',
      path: 'denied',
      list: 'denied',
      data: 'denied',
      write: 'denied',
      own: 'ok',
      system: 'ok',
    });
  });

  it('merges (qpdf in-process), prints HTML (Chromium), converts Office (LibreOffice) and OCRs (OCRmyPDF)', async () => {
    const pdf = fs.readFileSync(corpus('trivial.pdf'));
    expect(
      pageCountOf(
        await post('merge', {}, [
          ['files', 'a.pdf', pdf],
          ['files', 'b.pdf', pdf],
        ]),
      ),
    ).toBe(2);
    expect(
      textOf(await post('convert', { to: 'pdf' }, [['file', 'page.html', Buffer.from('<h1>Printed by nobody</h1>')]])),
    ).toContain('Printed by nobody');
    const rtf = Buffer.from(
      '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 DejaVu Sans;}} \\f0\\fs24 Letter converted by nobody.\\par }',
    );
    expect(textOf(await post('convert', { to: 'pdf' }, [['file', 'letter.rtf', rtf]]))).toContain(
      'Letter converted by nobody',
    );
    expect(
      textOf(await post('ocr', { languages: 'eng' }, [['file', 'linn.pdf', fs.readFileSync(corpus('linn.pdf'))]]))
        .length,
    ).toBeGreaterThan(500);
  });
});

/** Run as nobody: the compiled run.ts, a work root with requests A and B, a data directory; B's tool tries A's and the server's files. */
const CONFINEMENT_PROBE = `
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
const [root, scratch] = process.argv.slice(2);
const { configureChildLimits, run, liveChildren, toolIsolation } = await import(path.join(root, 'dist/tools/run.js'));
const { ProcessPool } = await import(path.join(root, 'dist/tools/pool.js'));
const base = fs.mkdtempSync(path.join(scratch, 'confine-'));
const work = path.join(base, 'work'), data = path.join(base, 'data'), outside = path.join(base, 'outside');
const workA = path.join(work, 'req-A'), workB = path.join(work, 'req-B');
for (const d of [work, data, outside, workA, workB]) fs.mkdirSync(d, { recursive: true });
fs.writeFileSync(path.join(workA, 'upload-1'), 'secret of A');
fs.writeFileSync(path.join(workB, 'upload-1'), 'own file of B');
fs.writeFileSync(path.join(data, 'service.db'), 'keys');
configureChildLimits({ memoryBytes: 2048 * 1024 * 1024, cpuMs: 0, nice: 5, workRoot: work, privateDir: data, isolate: true });
const pool = new ProcessPool(4, 100);
const ctx = (workdir, signal = new AbortController().signal) => ({ workdir, signal, deadline: Date.now() + 60000, timeoutMs: 60000, pool });
const isolation = await toolIsolation();
const abort = new AbortController();
const toolA = run(ctx(workA, abort.signal), 'sleep', ['30']).catch(() => undefined);
let pidA;
for (let i = 0; i < 500 && !pidA; i++) { pidA = liveChildren()[0]; if (!pidA) await new Promise((r) => setTimeout(r, 10)); }
const attempts = [
  'cat /proc/' + pidA + '/cwd/upload-1 >/dev/null 2>&1 && echo "cwd ok" || echo "cwd denied"',
  'cat ' + workA + '/upload-1 >/dev/null 2>&1 && echo "path ok" || echo "path denied"',
  'ls ' + work + ' 2>/dev/null | grep -q req-A && echo "list ok" || echo "list denied"',
  'cat ' + data + '/service.db >/dev/null 2>&1 && echo "data ok" || echo "data denied"',
  '(echo x > ' + outside + '/written) 2>/dev/null && echo "write ok" || echo "write denied"',
];
const parse = (out) => Object.fromEntries(out.trim().split('\\n').map((l) => l.split(' ')));
const unconfined = parse(execFileSync('sh', ['-c', attempts.join('\\n')], { cwd: workB, encoding: 'utf8' }));
fs.rmSync(path.join(outside, 'written'), { force: true });
const script = [...attempts, 'grep -q "own file of B" upload-1 && echo "own ok" || echo "own denied"', 'test -r /etc/passwd && qpdf --version >/dev/null && echo "system ok" || echo "system denied"'].join('\\n');
const confined = parse((await run(ctx(workB), 'sh', ['-c', script])).stdout);
abort.abort();
await toolA;
console.log(JSON.stringify({ isolation, unconfined, confined }));
process.exit(0);
`;
