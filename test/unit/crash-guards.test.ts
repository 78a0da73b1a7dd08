// The process-level handlers, in a real Node process (compiled code, as the
// server runs): an unhandled rejection is logged and the process keeps
// running; an uncaught exception is logged and starts the drain-and-exit path,
// once, whatever follows.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server.js';

const GUARDS = path.join(ROOT, 'dist/crash-guards.js');

/** Runs `body` in a fresh Node process with the guards installed (pino to stdout); returns its exit code and JSON log lines. */
function runWithGuards(body: string): { status: number | null; lines: Array<Record<string, unknown>>; stdout: string } {
  const script = `
    import pino from 'pino';
    import { installCrashGuards } from ${JSON.stringify(GUARDS)};
    const log = pino();
    installCrashGuards({ log, drainAndExit: (reason) => {
      console.log(JSON.stringify({ msg: 'drain', reason }));
      setTimeout(() => process.exit(1), 100);
    } });
    ${body}
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 20_000,
  });
  const lines = result.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: result.status, lines, stdout: `${result.stdout}\n${result.stderr}` };
}

describe('crash guards', () => {
  it('an unhandled rejection is logged (name, message, stack; not its other properties) and the process carries on', () => {
    const { status, lines, stdout } = runWithGuards(`
      const error = Object.assign(new Error('lost promise'), { password: 'hunter2-secret' });
      Promise.reject(error);
      Promise.reject('a string reason');
      setTimeout(() => { console.log(JSON.stringify({ msg: 'still running' })); process.exit(0); }, 200);
    `);
    expect(status, stdout).toBe(0);
    const rejected = lines.filter((l) => String(l.msg).startsWith('unhandled promise rejection'));
    expect(rejected).toHaveLength(2);
    expect(rejected[0]).toMatchObject({ level: 50, uncaught: { name: 'Error', message: 'lost promise' } });
    expect(rejected[1]).toMatchObject({ uncaught: { message: 'a string reason' } });
    expect(stdout).not.toContain('hunter2-secret');
    expect(lines.at(-1)).toMatchObject({ msg: 'still running' });
  });

  it('an uncaught exception is logged as fatal and starts the drain once; the process exits with status 1', () => {
    const { status, lines, stdout } = runWithGuards(`
      setTimeout(() => { throw new TypeError('state unknown'); }, 10);
      setTimeout(() => { throw new Error('a second one while draining'); }, 30);
      setInterval(() => {}, 1000);
    `);
    expect(status, stdout).toBe(1);
    const fatal = lines.filter((l) => l.level === 60);
    expect(fatal).toHaveLength(2);
    expect(fatal[0]).toMatchObject({
      uncaught: { name: 'TypeError', message: 'state unknown' },
      origin: 'uncaughtException',
    });
    expect(String(fatal[1].msg)).toContain('while draining');
    expect(lines.filter((l) => l.msg === 'drain')).toEqual([{ msg: 'drain', reason: 'uncaughtException' }]);
  });
});
