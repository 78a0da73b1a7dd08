import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, startServeProcess } from './helpers/process-server.js';
import { ROOT } from './helpers/server.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-cli-'));
const env = { DATA_DIR: path.join(base, 'data') };
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function cliFails(args: string[], extraEnv: Record<string, string> = {}): { status: number; stderr: string } {
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'bin/pdf-service'), ...args], {
      env: { ...process.env, ...env, ...extraEnv },
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { status: 0, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { status: e.status, stderr: e.stderr };
  }
}

describe('bin/pdf-service', () => {
  it('keys create / list / revoke and accounts set-plan', () => {
    const created = JSON.parse(cli(['keys', 'create', '--account', 'acme', '--plan', 'pro', '--json'], env));
    expect(created).toMatchObject({ account: 'acme', plan: 'pro' });
    expect(created.key).toMatch(/^pdf_live_[0-9A-Za-z]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const text = cli(['keys', 'create', '--account', 'acme', '--plan', 'pro'], env);
    expect(text).toMatch(/pdf_live_[0-9A-Za-z]{43}/);
    const listed = JSON.parse(cli(['keys', 'list', '--json'], env));
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    expect(listed[0]).toMatchObject({
      prefix: created.prefix,
      account: 'acme',
      plan: 'pro',
      last4: created.key.slice(-4),
      revoked_at: null,
    });
    expect(cli(['keys', 'list'], env)).not.toContain(created.key);
    expect(cli(['keys', 'revoke', created.prefix], env)).toContain('revoked');
    expect(JSON.parse(cli(['keys', 'list', '--json'], env))[0].revoked_at).not.toBeNull();
    expect(cliFails(['keys', 'revoke', created.prefix]).status).toBe(2);
    expect(cli(['accounts', 'set-plan', 'acme', 'enterprise'], env)).toContain('enterprise');
    expect(JSON.parse(cli(['keys', 'list', '--json'], env))[1].plan).toBe('enterprise');
    expect(cliFails(['accounts', 'set-plan', 'acme', 'gold']).stderr).toContain('free, pro, enterprise');
    expect(cliFails(['accounts', 'set-plan', 'nobody', 'pro']).stderr).toContain('no account');
    expect(cli(['accounts', 'webhook-secret', 'acme'], env)).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}/);
  });

  it('keys create with scopes, expiry and a name; keys rotate keeps them and ends the old key after the grace', () => {
    const expires = '2031-01-01T00:00:00.000Z';
    const created = JSON.parse(
      cli(
        [
          'keys',
          'create',
          '--account',
          'scoped',
          '--plan',
          'pro',
          '--scopes',
          'merge,split',
          '--expires-at',
          expires,
          '--name',
          'web',
          '--json',
        ],
        env,
      ),
    );
    expect(cliFails(['keys', 'create', '--account', 'scoped', '--scopes', 'fly']).stderr).toContain(
      'unknown operation "fly"',
    );
    expect(
      cliFails(['keys', 'create', '--account', 'scoped', '--expires-at', '2001-01-01T00:00:00Z']).stderr,
    ).toContain('--expires-at');
    const rotated = cli(['keys', 'rotate', created.prefix, '--grace', '60'], env);
    const newPrefix = /Prefix: (pdf_live_\w+)\./.exec(rotated)![1];
    const listed = JSON.parse(cli(['keys', 'list', '--json'], env)) as Array<Record<string, unknown>>;
    const old = listed.find((k) => k.prefix === created.prefix)!;
    const next = listed.find((k) => k.prefix === newPrefix)!;
    expect(old).toMatchObject({ scopes: ['merge', 'split'], expires_at: expires, name: 'web', rotated_to: newPrefix });
    // The grace period: the old key ends about 60 s from now.
    expect(Math.abs(Date.parse(old.revoked_at as string) - Date.now() - 60_000)).toBeLessThan(10_000);
    expect(next).toMatchObject({ scopes: ['merge', 'split'], expires_at: expires, name: 'web', revoked_at: null });
    expect(cliFails(['keys', 'rotate', created.prefix]).stderr).toContain('no active, unrotated key');
  });

  it('refuses a bad configuration value with a one-line reason', () => {
    const result = cliFails(['keys', 'list'], { MAX_FILE_SIZE: '100MB' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('MAX_FILE_SIZE');
  });

  it('refuses to serve with a default signing certificate it cannot read, in one line', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'bin/pdf-service'), 'serve'], {
      env: { ...process.env, ...env, PORT: '0', SIGN_DEFAULT_CERTIFICATE_FILE: path.join(base, 'missing.p12') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('SIGN_DEFAULT_CERTIFICATE_FILE');
  });

  it("serve sizes libuv's thread pool by the cores (2 to 4) unless UV_THREADPOOL_SIZE is set", async () => {
    // Threads of a serving process after a request (the pool starts whole at its first use):
    // the same process with a pool of 1 has (size − 1) fewer. Were the size set too late
    // (after the pool started), it would stay libuv's 4.
    const threadsOf = async (extra: Record<string, string>) => {
      const server = await startServeProcess({ ...env, ...extra });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        return fs.readdirSync(`/proc/${server.pid}/task`).length;
      } finally {
        await server.stop();
      }
    };
    const expected = Math.min(4, Math.max(2, os.availableParallelism()));
    const env1 = { UV_THREADPOOL_SIZE: '1' };
    const [byDefault, withOne, withThree] = await Promise.all([
      threadsOf({}),
      threadsOf(env1),
      threadsOf({ UV_THREADPOOL_SIZE: '3' }),
    ]);
    expect(byDefault - withOne).toBe(expected - 1);
    expect(withThree - withOne).toBe(2);
  }, 120_000);

  it('doctor lists every tool with its version', () => {
    const out = cli(['doctor'], env);
    for (const tool of [
      'qpdf',
      'ghostscript',
      'poppler',
      'mupdf',
      'img2pdf',
      'ocrmypdf',
      'tesseract',
      'libreoffice',
      'pikepdf',
    ]) {
      expect(out).toMatch(new RegExp(`ok\\s+${tool}\\s+\\S+\\s+\\d`));
    }
  });
});
