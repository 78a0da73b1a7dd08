// The server as most on-prem installs run it: `npm start` by a user who is not root, on a
// host that allows unprivileged user namespaces (Debian's default). The spawn helper once
// entered a user namespace of its own there and died at its first tool — every operation
// failed while the suite, run as root, passed. Here the compiled server runs as `nobody`
// (setpriv; this suite itself runs as root) and does one operation through each kind of tool:
// qpdf in-process, Chromium (its own sandbox, which does work for a non-root user here), LibreOffice
// in Landlock, OCRmyPDF.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { corpus, ROOT } from '../helpers/server.js';

const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];
const BIN = path.join(ROOT, 'bin/pdf-service');
const rootOnly = process.getuid?.() === 0;

let scratch = '';
let env: NodeJS.ProcessEnv = {};
let server: ChildProcess | undefined;
let url = '';
let key = '';
let stderr = '';

beforeAll(async () => {
  if (!rootOnly) return;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-nonroot-'));
  fs.chmodSync(scratch, 0o777);
  env = { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(scratch, 'data'), TMP_DIR: path.join(scratch, 'tmp'), HOME: scratch };
  const created = await promisify(execFile)('setpriv', [...NOBODY, process.execPath, BIN, 'keys', 'create', '--account', 'nonroot', '--plan', 'enterprise'], { env });
  key = /(pdf_live_\S+)/.exec(created.stdout)![1]!;
  server = spawn('setpriv', [...NOBODY, process.execPath, BIN, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr!.on('data', (d) => (stderr += d));
  let out = '';
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 30_000);
    server!.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    server!.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

async function post(operation: string, fields: Record<string, string>, files: Array<[string, string, Buffer]>): Promise<string> {
  const form = new FormData();
  for (const [field, name, data] of files) form.append(field, new Blob([data]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${url}/v1/pdf/${operation}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } });
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.status, `${operation}: ${body.toString('utf8', 0, 500)}\n${stderr}`).toBe(200);
  const file = path.join(scratch, `${operation}-${Date.now()}.pdf`);
  fs.writeFileSync(file, body);
  return file;
}

describe.runIf(rootOnly)('a server run by a user who is not root', () => {
  it('says why its tools are not isolated, and has every tool', async () => {
    const health = await (await fetch(`${url}/healthz`)).json();
    expect(health.status).toBe('ok');
    expect(health.isolation).toMatch(/^none: not root/);
  });

  it('merges (qpdf in-process), prints HTML (Chromium), converts Office (LibreOffice) and OCRs (OCRmyPDF)', async () => {
    const pdf = fs.readFileSync(corpus('trivial.pdf'));
    expect(pageCountOf(await post('merge', {}, [['files', 'a.pdf', pdf], ['files', 'b.pdf', pdf]]))).toBe(2);
    expect(textOf(await post('convert', { to: 'pdf' }, [['file', 'page.html', Buffer.from('<h1>Printed by nobody</h1>')]]))).toContain('Printed by nobody');
    const rtf = Buffer.from('{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 DejaVu Sans;}} \\f0\\fs24 Letter converted by nobody.\\par }');
    expect(textOf(await post('convert', { to: 'pdf' }, [['file', 'letter.rtf', rtf]]))).toContain('Letter converted by nobody');
    expect(textOf(await post('ocr', { languages: 'eng' }, [['file', 'linn.pdf', fs.readFileSync(corpus('linn.pdf'))]])).length).toBeGreaterThan(500);
  });
});
