// Tool processes cannot reach each other (native/spawn-helper.c, "Isolation"):
// while a tool of request A runs in a work directory holding `upload-1`, a
// tool of request B can neither read it through /proc/<pidA>/cwd, nor read
// A's command line, nor list the work root, nor open A's file by its path.
// The same attempts from this (unisolated) test process succeed: the test
// would notice if they stopped proving anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessPool } from '../../src/tools/pool.js';
import { configureChildLimits, liveChildren, run, startLongLived, toolIsolation } from '../../src/tools/run.js';
import type { RunContext } from '../../src/core/contract.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'isolation-root-'));
const workA = path.join(root, 'pdf-req-A-unguessable');
const workB = path.join(root, 'pdf-req-B-unguessable');
const pool = new ProcessPool(4, 100);

function context(workdir: string, signal = new AbortController().signal): RunContext {
  return { workdir, signal, deadline: Date.now() + 60_000, timeoutMs: 60_000, pool };
}

async function waitFor<T>(what: () => T | undefined): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = what();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('gave up waiting');
}

beforeAll(() => {
  for (const dir of [workA, workB]) fs.mkdirSync(dir, { mode: 0o700 });
  fs.writeFileSync(path.join(workA, 'upload-1'), 'secret of A');
  fs.writeFileSync(path.join(workB, 'upload-1'), 'own file of B');
  configureChildLimits({ memoryBytes: 2048 * 1024 * 1024, cpuMs: 0, nice: 5, workRoot: root, isolate: true });
});
afterAll(() => {
  configureChildLimits({ memoryBytes: 2048 * 1024 * 1024, cpuMs: 0, nice: 5 });
  fs.rmSync(root, { recursive: true, force: true });
});

/** Runs `script` (sh) as request B's tool; one line per attempt: "<name> ok|denied". */
async function attemptsOfB(pidA: number): Promise<Record<string, string>> {
  const script = [
    `cat /proc/${pidA}/cwd/upload-1 >/dev/null 2>&1 && echo "cwd ok" || echo "cwd denied"`,
    `test -s /proc/${pidA}/cmdline && echo "cmdline ok" || echo "cmdline denied"`,
    `ls ${root} 2>/dev/null | grep -q pdf-req-A && echo "list ok" || echo "list denied"`,
    `cat ${workA}/upload-1 >/dev/null 2>&1 && echo "path ok" || echo "path denied"`,
    `grep -q "own file of B" upload-1 && echo "own ok" || echo "own denied"`,
    // Other requests' processes are not even there: only this namespace's init, the shell and this pipeline.
    `ls /proc | grep -c '^[0-9]' | awk '{ print "processes " ($1 <= 6 ? "few" : $1) }'`,
    `echo "init $(cat /proc/1/comm)"`,
    `grep CapEff /proc/self/status | awk '{ print "capabilities " ($2 == "0000000000000000" ? "none" : $2) }'`,
  ].join('\n');
  const result = await run(context(workB), 'sh', ['-c', script]);
  return Object.fromEntries(
    result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  );
}

describe('tool isolation', () => {
  it('is in force here (root: PID and mount namespaces)', async () => {
    const isolation = await toolIsolation();
    if (process.getuid?.() === 0) expect(isolation).toBe('namespaces');
    else expect(isolation).toMatch(/^(landlock|none: .+)$/);
  });

  it("keeps request B's tool out of request A's running tool and its files: /proc/<pid>/cwd, cmdline, the work root, the path", async () => {
    if ((await toolIsolation()).startsWith('none')) return; // reported by the test above
    const abort = new AbortController();
    const toolA = run(context(workA, abort.signal), 'sleep', ['30']).catch(() => undefined);
    const pidA = await waitFor(() => liveChildren()[0]);
    // The attempts work from outside the isolation: they prove something.
    expect(fs.readFileSync(`/proc/${pidA}/cwd/upload-1`, 'utf8')).toBe('secret of A');
    expect(fs.readdirSync(root)).toContain('pdf-req-A-unguessable');
    try {
      expect(await attemptsOfB(pidA)).toEqual({
        cwd: 'denied',
        cmdline: 'denied',
        list: 'denied',
        path: 'denied',
        own: 'ok',
        processes: 'few',
        init: 'tool-init',
        capabilities: 'none',
      });
    } finally {
      abort.abort();
      await toolA;
    }
  });

  it('isolates a long-lived tool too, and its end takes every process of its namespace with it', async () => {
    if ((await toolIsolation()).startsWith('none')) return;
    // A long-lived tool whose child leaves its session (setsid): the group kill alone would miss it.
    const child = startLongLived('sh', ['-c', `setsid sleep 300 & echo $! >&2; wait`], workA);
    const escapedPid = await waitFor(() => /(\d+)/.exec(child.stderrTail())?.[1]);
    const pid = await waitFor(() => child.pid);
    const hostPidOfEscaped = await waitFor(() =>
      fs
        .readdirSync('/proc')
        .filter((d) => /^\d+$/.test(d))
        .find((d) => {
          try {
            const status = fs.readFileSync(`/proc/${d}/status`, 'utf8');
            return (
              new RegExp(`^NSpid:\\s+${d}\\s+${escapedPid}$`, 'm').test(status) &&
              fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').startsWith('sleep')
            );
          } catch {
            return false;
          }
        }),
    );
    expect(Number(hostPidOfEscaped)).not.toBe(pid);
    child.kill();
    await child.exited;
    // Gone, or a zombie; the process may vanish between any two reads of /proc.
    const ended = () => {
      try {
        return fs.readFileSync(`/proc/${hostPidOfEscaped}/stat`, 'utf8').includes(') Z') ? true : undefined;
      } catch {
        return true;
      }
    };
    await waitFor(ended);
  });
});
