// The Python client's integration suite (clients/python/tests/integration, pytest)
// against a real server started here: this file creates the keys, writes the
// config the suite reads (URL, keys, corpus, the jobs account's webhook secret)
// and runs pytest with Debian's python3 (httpx, pytest, pytest-asyncio from
// scripts/install-tools.sh). Asynchronously: the server answering it runs in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByName, webhookSecret } from '../../src/store/accounts.js';
import { CORPUS, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { startRemoteFixtures, type RemoteFixtures } from './remote-fixtures.js';

let server: TestServer;
let scratch: string;
let fixtures: RemoteFixtures;
/** Extra parts, remote files, result_url and idempotency: run on their own, with the loopback file server. */
const REMOTE_TESTS = 'clients/python/tests/integration/test_remote.py';

beforeAll(async () => {
  // FETCH_ALLOW_PRIVATE: remote inputs and result_url on the loopback file server.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', FETCH_ALLOW_PRIVATE: 'true' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-py-'));
  fixtures = await startRemoteFixtures(scratch);
});
afterAll(async () => {
  await server.close();
  await fixtures.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('Python client', () => {
  it('passes its integration suite against this server (pytest)', async () => {
    const jobsAccount = `py-client-jobs-${process.pid}`;
    const keys = {
      pro: server.newKey('pro'),
      free: server.newKey('free'),
      enterprise: server.newKey('enterprise'),
      jobs: server.newKey('pro', jobsAccount),
    };
    const account = (await findAccountByName(server.services.store, jobsAccount))!;
    const secret = (await webhookSecret(server.services.store, server.services.dataKey, account.id))!;
    const config = path.join(scratch, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ url: server.url, keys, corpus: CORPUS, webhook_secret: secret }));
    const result = await run(
      '/usr/bin/python3',
      [
        '-m',
        'pytest',
        '-q',
        '-s',
        '-p',
        'no:cacheprovider',
        `--basetemp=${path.join(scratch, 'pytest')}`,
        `--ignore=${REMOTE_TESTS}`,
        'clients/python/tests',
      ],
      { ...process.env, PDF_CLIENT_CONFIG: config },
    );
    // pytest's summary (and the memory figures the round-trip tests print).
    console.log(
      result.stdout
        .split('\n')
        .filter((l) => /passed|failed|error|RSS growth/i.test(l))
        .join('\n'),
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/\d+ passed/);
    expect(result.stdout).not.toMatch(/skipped|failed|error/i);
  });

  it('sends extra parts, remote files, result_url and idempotency keys (pytest)', async () => {
    const config = path.join(scratch, 'remote.json');
    fs.writeFileSync(
      config,
      JSON.stringify({
        url: server.url,
        keys: { pro: server.newKey('pro') },
        corpus: CORPUS,
        remote_origin: fixtures.origin,
        logo: fixtures.logoPath,
      }),
    );
    const result = await run(
      '/usr/bin/python3',
      [
        '-m',
        'pytest',
        '-q',
        '-p',
        'no:cacheprovider',
        `--basetemp=${path.join(scratch, 'pytest-remote')}`,
        REMOTE_TESTS,
      ],
      { ...process.env, PDF_CLIENT_CONFIG: config },
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/3 passed/);
    // What the idempotent job PUT to its result_url: the rotated 6-page PDF, checked by qpdf.
    const delivered = path.join(scratch, 'delivered.pdf');
    fs.writeFileSync(delivered, fixtures.delivered.get('py.pdf') ?? '');
    expect((await run('qpdf', ['--show-npages', delivered], process.env)).stdout.trim()).toBe('6');
  });
});

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
