// The Ruby client's own suites (clients/ruby/test, minitest) against a real server started here:
// this file creates the keys, writes the config the integration suite reads (URL, keys, corpus,
// the jobs account's webhook secret) and runs Debian's ruby on the unit and the integration
// tests. Asynchronously: the server answering them runs in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByName, webhookSecret } from '../../src/store/accounts.js';
import { CORPUS, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { startRemoteFixtures, type RemoteFixtures } from './remote-fixtures.js';

const CLIENT = path.join(ROOT, 'clients/ruby');
let server: TestServer;
let scratch: string;
let fixtures: RemoteFixtures;

beforeAll(async () => {
  // FETCH_ALLOW_PRIVATE: remote inputs and result_url on the loopback file server.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', FETCH_ALLOW_PRIVATE: 'true' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-rb-'));
  fixtures = await startRemoteFixtures(scratch);
});
afterAll(async () => {
  await server.close();
  await fixtures.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Runs minitest files in one ruby process; the summary line must show runs and nothing failed or skipped. */
async function minitest(files: string[], env: NodeJS.ProcessEnv) {
  const loader = 'ARGV.each { |file| require File.expand_path(file) }';
  const result = await run('ruby', ['-w', '-Ilib', '-Itest', '-e', loader, ...files], {
    ...process.env,
    TMPDIR: scratch,
    ...env,
  });
  console.log(
    result.stdout
      .split('\n')
      .filter((l) => /runs,|RSS growth|Failure|Error:/.test(l))
      .join('\n'),
  );
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toMatch(/[1-9]\d* runs, \d+ assertions, 0 failures, 0 errors, 0 skips/);
  // -w: the library itself must load without warnings.
  expect(
    result.stderr
      .split('\n')
      .filter((l) => l.includes('clients/ruby/lib/'))
      .join('\n'),
  ).toBe('');
}

describe('Ruby client', () => {
  it('passes its unit tests (minitest)', async () => {
    await minitest(['test/test_unit.rb'], {});
  });

  it('passes its integration suite against this server (minitest)', async () => {
    const jobsAccount = `rb-client-jobs-${process.pid}`;
    // tokens: an account of its own, so its usage report counts only the token test's requests.
    const keys = {
      pro: server.newKey('pro'),
      free: server.newKey('free'),
      enterprise: server.newKey('enterprise'),
      jobs: server.newKey('pro', jobsAccount),
      tokens: server.newKey('pro'),
    };
    const account = (await findAccountByName(server.services.store, jobsAccount))!;
    const secret = (await webhookSecret(server.services.store, server.services.dataKey, account.id))!;
    const config = path.join(scratch, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ url: server.url, keys, corpus: CORPUS, webhook_secret: secret }));
    await minitest(['test/integration/test_client.rb'], { PDF_CLIENT_CONFIG: config });
  });

  it('sends extra parts, remote files, result_url and idempotency keys (minitest)', async () => {
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
    await minitest(['test/integration/test_remote.rb'], { PDF_CLIENT_CONFIG: config });
    // What the idempotent job PUT to its result_url: the rotated 6-page PDF, checked by qpdf.
    const delivered = path.join(scratch, 'delivered.pdf');
    fs.writeFileSync(delivered, fixtures.delivered.get('rb.pdf') ?? '');
    expect((await run('qpdf', ['--show-npages', delivered], process.env)).stdout.trim()).toBe('6');
  });
});

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: CLIENT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
