// No process outlives the server: after a SIGKILL of the server alone, of its
// whole process group (what timeout(1), shells and many supervisors send), or
// the kernel's out-of-memory kill, every process it started — the spawn
// helper, warm LibreOffice, Chromium, a tool still running — is gone.
//
// The OOM case: the kernel's OOM killer sends SIGKILL to the chosen process
// (and to the other processes sharing its memory, i.e. none here: a process's
// children have their own), it does not touch children. So for what the
// server leaves behind it is exactly a SIGKILL of the server process alone,
// with the server's oom_score_adj raised to 1000 first as an OOM-prone server
// would be; what differs is only who sends it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../helpers/process-server.js';
import { CORPUS, ROOT, filePart, form } from '../helpers/server.js';

const bases: string[] = [];
afterAll(() => {
  for (const base of bases) fs.rmSync(base, { recursive: true, force: true });
});

interface Proc {
  pid: number;
  start: string;
  cmd: string;
}

function stat(pid: string): { ppid: number; start: string } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), start: fields[19] };
  } catch {
    return undefined;
  }
}

/** Every live descendant of `root` (by parent pid), with its start time (a reused pid is another process). */
function descendants(root: number): Proc[] {
  const children = new Map<number, number[]>();
  const starts = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(entry);
    if (!s) continue;
    starts.set(Number(entry), s.start);
    children.set(s.ppid, [...(children.get(s.ppid) ?? []), Number(entry)]);
  }
  const found: Proc[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift()!;
    let cmd = '';
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      // gone meanwhile
    }
    found.push({ pid, start: starts.get(pid)!, cmd });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

const alive = (p: Proc) => {
  const s = stat(String(p.pid));
  if (!s || s.start !== p.start) return false;
  return !fs.readFileSync(`/proc/${p.pid}/stat`, 'utf8').slice(0, 200).includes(') Z');
};

/** Processes whose working directory or environment names `base` (a tool reparented before the snapshot would show here). */
function processesUsing(base: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (cwd.startsWith(base) || environ.includes(base))
        found.push(`${entry} ${fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ')}`);
    } catch {
      // gone, or a kernel thread
    }
  }
  return found;
}

async function until(what: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (what()) return true;
    await new Promise((r) => setTimeout(r, 5));
  }
  return what();
}

/** `serve` as the leader of its own process group (so the test can kill the group), with Office, HTML and OCR work started. */
async function busyServer(): Promise<{ child: ChildProcess; base: string; tree: Proc[] }> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-orphans-'));
  bases.push(base);
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(base, 'data'),
    TMP_DIR: path.join(base, 'tmp'),
    LIBREOFFICE_POOL_SIZE: '1',
    OPERATION_TIMEOUT: '300',
  };
  const key = JSON.parse(cli(['keys', 'create', '--account', 'orphans', '--plan', 'enterprise', '--json'], env))
    .key as string;
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/pdf-service'), 'serve'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  child.stdout!.resume();
  // The isolation in force is reported (root here: namespaces).
  const health = (await (await fetch(`${url}/healthz`)).json()) as { isolation: string };
  expect(health.isolation).toBe(process.getuid?.() === 0 ? 'namespaces' : health.isolation);
  const post = async (fields: Parameters<typeof form>[0]) => {
    const res = await fetch(`${url}/v1/pdf/convert`, {
      method: 'POST',
      body: form(fields),
      headers: { Authorization: `Bearer ${key}` },
    });
    await res.arrayBuffer();
    return res.status;
  };
  // A warm LibreOffice instance (Office → PDF) and a Chromium instance (HTML → PDF).
  expect(await post({ file: await filePart(Buffer.from('{\\rtf1\\ansi Hello.\\par}'), 'note.rtf'), to: 'pdf' })).toBe(
    200,
  );
  expect(await post({ file: await filePart(Buffer.from('<!doctype html><p>Hello</p>'), 'page.html'), to: 'pdf' })).toBe(
    200,
  );
  // A long-running tool: OCR of 14 pages, left running.
  void fetch(`${url}/v1/pdf/ocr`, {
    method: 'POST',
    body: form({ file: await filePart(path.join(CORPUS, 'tracemonkey.pdf')), mode: 'force' }),
    headers: { Authorization: `Bearer ${key}` },
  })
    .then(
      (r) => r.arrayBuffer(),
      () => undefined,
    )
    .catch(() => undefined);
  const tmp = path.join(base, 'tmp');
  expect(await until(() => processesUsing(tmp).length > 0, 30_000)).toBe(true);
  const tree = descendants(child.pid!);
  const commands = tree.map((p) => p.cmd).join('\n');
  expect(commands).toContain('spawn-helper');
  expect(commands).toContain('soffice');
  expect(commands).toMatch(/chrom/);
  return { child, base, tree };
}

async function expectNothingLeft(tree: Proc[], base: string, what: string): Promise<void> {
  const started = performance.now();
  // The descendants first (a stat each, cheap enough to poll often), then a scan of every process's cwd and environment.
  await until(() => tree.every((p) => !alive(p)), 10_000);
  const treeGone = performance.now() - started;
  await until(() => processesUsing(base).length === 0, 10_000);
  const left = tree.filter(alive).map((p) => `${p.pid} ${p.cmd}`);
  console.log(
    `${what}: ${tree.length} descendants gone after ${treeGone.toFixed(0)} ms (nothing using its directories after ${(performance.now() - started).toFixed(0)} ms)`,
  );
  expect(left).toEqual([]);
  expect(processesUsing(base)).toEqual([]);
}

describe('no process outlives the server', () => {
  it('SIGKILL of the server process alone', async () => {
    const { child, base, tree } = await busyServer();
    process.kill(child.pid!, 'SIGKILL');
    await expectNothingLeft(tree, base, 'server alone');
  }, 180_000);

  it('SIGKILL of its whole process group (timeout(1), shells, supervisors)', async () => {
    const { child, base, tree } = await busyServer();
    process.kill(-child.pid!, 'SIGKILL');
    await expectNothingLeft(tree, base, 'process group');
  }, 180_000);

  it('the out-of-memory kill (SIGKILL of the server process, oom_score_adj 1000)', async () => {
    const { child, base, tree } = await busyServer();
    fs.writeFileSync(`/proc/${child.pid}/oom_score_adj`, '1000');
    process.kill(child.pid!, 'SIGKILL');
    await expectNothingLeft(tree, base, 'OOM kill');
  }, 180_000);
});
