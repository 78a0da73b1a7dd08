// The pieces of HTML → PDF's guards that need no browser: resource paths that
// cannot be decoded, V8's heap share of the memory cap, the /proc reading,
// and the watchdog itself against a real process group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, sitePath, SITE_ORIGIN, v8HeapMiB } from '../../src/tools/chromium.js';
import { ChromiumWatchdog, filledBytes } from '../../src/tools/chromium-watchdog.js';
import { eventually } from '../helpers/server.js';

const MiB = 1024 * 1024;

describe('sitePath', () => {
  it('decodes a path of the made-up origin, and gives undefined (never throws) for a malformed escape', () => {
    expect(sitePath(`${SITE_ORIGIN}/img/a%20b.png`)).toBe('/img/a b.png');
    expect(sitePath(`${SITE_ORIGIN}/caf%C3%A9.css`)).toBe('/café.css');
    for (const bad of ['/%ff.png', '/%', '/%E0%A4%A', '/%zz']) expect(sitePath(`${SITE_ORIGIN}${bad}`)).toBeUndefined();
    expect(sitePath('not a url')).toBeUndefined();
  });
});

describe('memory cap arguments', () => {
  it("sets V8's heap limit to the cap (at least 64 MiB) and no flag without a cap", () => {
    expect(v8HeapMiB(2048 * MiB)).toBe(2048);
    expect(v8HeapMiB(384 * MiB)).toBe(384);
    expect(v8HeapMiB(10 * MiB)).toBe(64);
    expect(chromiumArgs('/p', 2048 * MiB)).toContain('--js-flags=--max-old-space-size=2048');
    expect(chromiumArgs('/p', 0).some((a) => a.startsWith('--js-flags'))).toBe(false);
    expect(chromiumArgs('/p', 2048 * MiB).at(-1)).toBe('about:blank');
  });
});

describe('filledBytes', () => {
  it('adds RssAnon and RssShmem of a /proc status text, not RssFile', () => {
    const status =
      'Name:\tchromium\nVmRSS:\t  300000 kB\nRssAnon:\t  100000 kB\nRssFile:\t  150000 kB\nRssShmem:\t   50000 kB\n';
    expect(filledBytes(status)).toBe(150000 * 1024);
    expect(filledBytes('')).toBe(0);
  });
});

/** Pids whose parent is `parent` (from /proc: the test's stand-in for the browser's own list). */
function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

describe('ChromiumWatchdog', () => {
  it('kills a listed process of the group that fills more than the limit, never the leader, and reports it', async () => {
    // A shell leads its own group; the node process it starts fills ~200 MiB and waits.
    const fill = `const b = Buffer.alloc(200 * 1024 * 1024, 1); setInterval(() => b[0]++, 100);`;
    const leader = spawn('sh', ['-c', `"${process.execPath}" -e '${fill}'; sleep 30`], {
      detached: true,
      stdio: 'ignore',
    });
    const watchdog = new ChromiumWatchdog(100 * MiB, 50);
    const killed: Array<{ pid: number; bytes: number }> = [];
    // The list also names the leader and a process of another group (this test runner): neither is touched.
    const list = async () => [leader.pid!, process.pid, ...childrenOf(leader.pid!)];
    const unwatch = watchdog.watch(leader.pid, list, (pid, bytes) => killed.push({ pid, bytes }));
    try {
      await eventually(() => killed.length > 0, 15_000);
      expect(killed).toHaveLength(1);
      expect(killed[0].pid).not.toBe(leader.pid);
      expect(killed[0].bytes).toBeGreaterThan(100 * MiB);
      expect(leader.exitCode).toBeNull(); // the leader (the browser, in production) lives on
    } finally {
      unwatch();
      process.kill(-leader.pid!, 'SIGKILL');
    }
  });

  it('does nothing without a limit or a group', () => {
    const none = async () => [];
    expect(typeof new ChromiumWatchdog(0).watch(process.pid, none, () => undefined)).toBe('function');
    expect(typeof new ChromiumWatchdog(MiB).watch(undefined, none, () => undefined)).toBe('function');
  });
});
