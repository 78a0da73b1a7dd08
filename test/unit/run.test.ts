// run() through the spawn helper, with real processes: what the tools rely on
// (exit codes, stdout capture and its limit, stdin input, the stderr tail,
// signals, a missing binary, deadline and abort) behaves as it did with execa.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClientClosedError, ResourceLimitError, TimeoutError } from '../../src/core/errors.js';
import { ProcessPool } from '../../src/tools/pool.js';
import {
  liveChildren,
  memoryCapMechanism,
  readSmallFile,
  removeTree,
  run,
  runStandalone,
  startLongLived,
  writeSmallFiles,
} from '../../src/tools/run.js';
import type { RunContext, RunRecord } from '../../src/core/contract.js';
import { CORPUS } from '../helpers/server.js';

const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-test-'));
afterAll(() => fs.rmSync(workdir, { recursive: true, force: true }));

function context(overrides: Partial<RunContext> = {}): RunContext {
  return {
    workdir,
    signal: new AbortController().signal,
    deadline: Date.now() + 60_000,
    timeoutMs: 60_000,
    pool: new ProcessPool(4, 1000),
    ...overrides,
  };
}

describe('run()', () => {
  it('captures stdout and the stderr tail, decoded as UTF-8, with the exit code', async () => {
    const result = await run(context(), 'sh', ['-c', 'printf "héllo\\n"; printf "ünï\\n" >&2; exit 3']);
    expect(result).toMatchObject({ exitCode: 3, stdout: 'héllo\n', stderr: 'ünï\n' });
    const big = await run(context(), 'head', ['-c', '5000000', '/dev/zero']);
    expect(big.stdout.length).toBe(5_000_000);
    const tail = await run(context(), 'sh', ['-c', 'head -c 20000 /dev/zero | tr "\\0" a >&2; echo END >&2']);
    expect(tail.stderr.length).toBe(8 * 1024);
    expect(tail.stderr.endsWith('aEND\n')).toBe(true);
  });

  it('runs in the work directory with only the minimal environment', async () => {
    const result = await run(context(), 'sh', ['-c', 'pwd; env | sort'], { env: { EXTRA: 'yes' } });
    const [cwd, ...env] = result.stdout.trim().split('\n');
    expect(fs.realpathSync(cwd)).toBe(fs.realpathSync(workdir));
    expect(
      env.filter((line) => !line.startsWith('PWD=') && !line.startsWith('SHLVL=') && !line.startsWith('_=')),
    ).toEqual(
      [
        `HOME=${workdir}`,
        'EXTRA=yes',
        'LANG=C.UTF-8',
        'LC_ALL=C.UTF-8',
        'OMP_THREAD_LIMIT=1',
        'PATH=/usr/local/bin:/usr/bin:/bin',
        `TMPDIR=${workdir}`,
      ].sort(),
    );
  });

  it('feeds stdin input and closes it', async () => {
    expect((await run(context(), 'wc', ['-c'], { input: Buffer.alloc(3_000_000, 65) })).stdout.trim()).toBe('3000000');
    expect(await run(context(), 'cat', [], { input: '' })).toMatchObject({ exitCode: 0, stdout: '' });
  });

  it('stops a child past maxStdout, discards stdout on request, reports signals and missing binaries', async () => {
    expect(await run(context(), 'head', ['-c', '100000', '/dev/zero'], { maxStdout: 1000 })).toMatchObject({
      exitCode: -1,
      stdout: '',
      stderr: 'head: output exceeded the buffer limit',
    });
    expect(await run(context(), 'echo', ['x'], { discardStdout: true })).toMatchObject({ exitCode: 0, stdout: '' });
    expect((await run(context(), 'sh', ['-c', 'kill -SEGV $$'])).stderr).toContain('killed by SIGSEGV');
    expect(await run(context(), 'no-such-tool-here', [])).toMatchObject({
      exitCode: -1,
      stderr: 'no-such-tool-here: could not start (ENOENT)',
    });
    expect(await runStandalone('no-such-tool-here', [])).toMatchObject({ notFound: true });
  });

  it('kills the process group at the deadline (TimeoutError) and on abort (ClientClosedError)', async () => {
    await expect(
      run(context({ deadline: Date.now() + 300, timeoutMs: 300 }), 'sh', ['-c', 'sleep 30 & sleep 30']),
    ).rejects.toBeInstanceOf(TimeoutError);
    const abort = new AbortController();
    const pending = run(context({ signal: abort.signal }), 'sleep', ['30']);
    setTimeout(() => abort.abort(), 200);
    await expect(pending).rejects.toBeInstanceOf(ClientClosedError);
    expect(liveChildren()).toEqual([]);
  });

  it('starts long-lived children with a stderr tail, and removes directory trees', async () => {
    const child = startLongLived('sh', ['-c', 'echo started >&2; sleep 0.1'], workdir);
    expect(await child.exited).toEqual({ exitCode: 0, signal: undefined });
    expect(child.stderrTail()).toBe('started\n');
    expect(child.running()).toBe(false);
    const tree = path.join(workdir, 'tree');
    fs.mkdirSync(path.join(tree, 'a', 'b'), { recursive: true });
    fs.writeFileSync(path.join(tree, 'a', 'b', 'f'), 'x');
    const outside = path.join(workdir, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'kept'), 'x');
    fs.symlinkSync(outside, path.join(tree, 'link'));
    await removeTree(tree);
    expect(fs.existsSync(tree)).toBe(false);
    // A symlink is removed, never followed.
    expect(fs.readdirSync(outside)).toEqual(['kept']);
  });

  it('writes and reads small files through the helper: a new private directory, new files, errno codes', async () => {
    const dir = path.join(workdir, `small-${process.pid}`);
    const big = Buffer.alloc(200_000, 7);
    await writeSmallFiles(dir, true, [
      { name: 'a.pdf', bytes: Buffer.from('%PDF-1.4 a') },
      { name: 'empty', bytes: Buffer.alloc(0) },
      { name: 'big', bytes: big },
    ]);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'a.pdf')).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, 'a.pdf'), 'utf8')).toBe('%PDF-1.4 a');
    expect(fs.readFileSync(path.join(dir, 'big')).equals(big)).toBe(true);
    // Into the existing directory; never over an existing file, never through a link, never a second mkdir.
    await writeSmallFiles(dir, false, [{ name: 'b', bytes: Buffer.from('b') }]);
    await expect(writeSmallFiles(dir, false, [{ name: 'a.pdf', bytes: Buffer.from('x') }])).rejects.toMatchObject({
      code: 'EEXIST',
    });
    fs.symlinkSync('/etc/passwd', path.join(dir, 'link'));
    await expect(writeSmallFiles(dir, false, [{ name: 'link', bytes: Buffer.from('x') }])).rejects.toMatchObject({
      code: 'EEXIST',
    });
    await expect(writeSmallFiles(dir, true, [])).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(writeSmallFiles(path.join(workdir, 'missing', 'x'), true, [])).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(fs.readFileSync(path.join(dir, 'a.pdf'), 'utf8')).toBe('%PDF-1.4 a');
    // Read whole up to the limit, else only the size; a directory or a missing file is an errno.
    expect(await readSmallFile(path.join(dir, 'a.pdf'), 64)).toEqual({ size: 10, bytes: Buffer.from('%PDF-1.4 a') });
    expect(await readSmallFile(path.join(dir, 'empty'), 64)).toEqual({ size: 0, bytes: Buffer.alloc(0) });
    expect(await readSmallFile(path.join(dir, 'big'), 65_536)).toEqual({ size: 200_000 });
    expect((await readSmallFile(path.join(dir, 'big'), 200_000)).bytes!.equals(big)).toBe(true);
    await expect(readSmallFile(path.join(dir, 'nothing'), 64)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(readSmallFile(dir, 64)).rejects.toMatchObject({ code: 'EINVAL' });
    await removeTree(dir);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('caps resident memory, not address space: a reservation passes, a tree that touches more is killed (TOOL_MEMORY_LIMIT)', async () => {
    const MiB = 1024 * 1024;
    // 3 GiB reserved, 1 MiB touched: what RLIMIT_AS at the cap used to refuse.
    const reserve = 'import mmap; m = mmap.mmap(-1, 3 << 30); m[0:1 << 20] = bytes(1 << 20); print("reserved")';
    const trace: RunRecord[] = [];
    expect(await run(context({ trace }), 'python3', ['-c', reserve], { memoryLimit: 64 * MiB })).toMatchObject({
      exitCode: 0,
      stdout: 'reserved\n',
    });
    expect(trace[0].peakRssBytes).toBeGreaterThan(0);
    // 256 MiB touched by a grandchild (the shell stays, so the sum is over the tree), capped at 64 MiB.
    const touch = 'import time; b = bytearray(256 << 20); b[::4096] = b"x" * (256 << 8); time.sleep(30)';
    const capped = run(context(), 'sh', ['-c', `python3 -c '${touch}'; echo unreachable`], { memoryLimit: 64 * MiB });
    await expect(capped).rejects.toBeInstanceOf(ResourceLimitError);
    await expect(capped).rejects.toMatchObject({ message: expect.stringContaining('64 MiB, TOOL_MEMORY_LIMIT') });
    expect(liveChildren()).toEqual([]);
    // What the server logs at start-up: on Linux with /proc, descendants are found one way or the other.
    expect(memoryCapMechanism()).toMatchObject({
      sampleEveryMs: 50,
      descendants: expect.stringMatching(/^\/proc|^scan/),
    });
  });

  it('runs every tool at TOOL_NICE (default 5), below the server', async () => {
    // Field 19 of /proc/<pid>/stat is the niceness; the shell reads its own.
    const result = await run(context(), 'sh', ['-c', 'cut -d " " -f 19 /proc/$$/stat']);
    expect(result.stdout.trim()).toBe('5');
  });

  it("runs qpdf in the helper's forked child (libqpdf linked once), with qpdf's own answers, exit codes and argfiles", async () => {
    // Blocked opening a FIFO (its password file), the qpdf child can be looked at: its executable is the helper, not /usr/bin/qpdf.
    const fifo = path.join(workdir, 'password-fifo');
    execFileSync('mkfifo', [fifo]);
    const pending = run(context(), 'qpdf', [`--password-file=${fifo}`, '--check', path.join(CORPUS, 'trivial.pdf')]);
    let pid: number | undefined;
    for (let i = 0; i < 200 && pid === undefined; i++) {
      pid = liveChildren()[0];
      if (pid === undefined) await new Promise((r) => setTimeout(r, 10));
    }
    expect(fs.readlinkSync(`/proc/${pid}/exe`)).toMatch(/\/spawn-helper$/);
    expect(fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()).toBe('qpdf');
    fs.writeFileSync(fifo, '\n');
    const checked = await pending;
    expect(checked.exitCode).toBe(0);
    expect(checked.stdout).toContain('No syntax or stream encoding errors');
    // The same answers as the qpdf executable (run here by Node itself) for success, failure and an argfile.
    const trivial = path.join(CORPUS, 'trivial.pdf');
    const notPdf = path.join(workdir, 'not.pdf');
    fs.writeFileSync(notPdf, 'hello');
    const argfile = path.join(workdir, 'args');
    fs.writeFileSync(argfile, `--show-npages\n${trivial}\n`);
    for (const args of [
      ['--version'],
      ['--show-npages', trivial],
      ['--check', notPdf],
      [`@${argfile}`],
      ['--no-such-option'],
    ]) {
      let expected: { exitCode: number; stdout: string };
      try {
        expected = {
          exitCode: 0,
          stdout: execFileSync('qpdf', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
        };
      } catch (error) {
        const e = error as { status: number; stdout: string };
        expected = { exitCode: e.status, stdout: e.stdout };
      }
      const got = await run(context(), 'qpdf', args);
      expect({ exitCode: got.exitCode, stdout: got.stdout }, args.join(' ')).toEqual(expected);
    }
  });
});
