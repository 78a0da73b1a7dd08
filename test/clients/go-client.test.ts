// The Go client's suites (clients/go, `go test`) against a real server started
// here: the unit tests, then the integration suite (build tag `integration`),
// which reads the config this file writes (URL, keys, corpus, the jobs account's
// webhook secret). Go from Debian's golang-go, standard library only: no module
// proxy (GOPROXY=off). Asynchronously: the server answering it runs in this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByName, webhookSecret } from '../../src/store/accounts.js';
import { CORPUS, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { startRemoteFixtures, type RemoteFixtures } from './remote-fixtures.js';

const GO_CLIENT = path.join(ROOT, 'clients/go');
let server: TestServer;
let scratch: string;
let fixtures: RemoteFixtures;
/** The integration tests of extra parts, remote files, result_url and idempotency (integration_remote_test.go, build tags integration and remote: run on their own, with the loopback file server). */
const REMOTE_TESTS = [
  'TestAPipelineStepNamesAnExtraPart',
  'TestInputsAndAPipelinePartFromURLs',
  'TestAnIdempotentJobSubmittedTwiceIsOneJobDeliveredToResultURL',
];

beforeAll(async () => {
  // FETCH_ALLOW_PRIVATE: remote inputs and result_url on the loopback file server.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', FETCH_ALLOW_PRIVATE: 'true' });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-go-'));
  fixtures = await startRemoteFixtures(scratch);
});
afterAll(async () => {
  await server.close();
  await fixtures.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/**
 * Go's environment: no network for modules, and GOPATH, build cache and temp dir (the 90 MiB
 * files) inside this test's scratch, removed after: nothing from or left in the machine's Go state.
 */
function goEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const tmp = path.join(scratch, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  return {
    ...process.env,
    GOPROXY: 'off',
    GOFLAGS: '-mod=mod',
    GOTOOLCHAIN: 'local',
    GOPATH: path.join(scratch, 'gopath'),
    GOCACHE: path.join(scratch, 'gocache'),
    TMPDIR: tmp,
    ...extra,
  };
}

describe('Go client', () => {
  it('is gofmt-clean and vet-clean, generated files included', async () => {
    const fmt = await run('gofmt', ['-l', '.'], goEnv());
    expect(fmt.code, fmt.stderr).toBe(0);
    expect(fmt.stdout.trim(), 'files gofmt would change').toBe('');
    const vet = await run('go', ['vet', '-tags', 'integration,remote', './...'], goEnv());
    expect(vet.code, `${vet.stdout}\n${vet.stderr}`).toBe(0);
  });

  it('passes its unit tests (go test)', async () => {
    const result = await run('go', ['test', '-count=1', './...'], goEnv());
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^ok\s+pdf-service\.dev\/pdfservice\s/m);
  });

  it('passes its integration suite against this server (go test -tags integration)', async () => {
    const jobsAccount = `go-client-jobs-${process.pid}`;
    const keys = {
      pro: server.newKey('pro'),
      free: server.newKey('free'),
      enterprise: server.newKey('enterprise'),
      jobs: server.newKey('pro', jobsAccount),
      tokens: server.newKey('pro', `go-client-tokens-${process.pid}`),
    };
    const account = (await findAccountByName(server.services.store, jobsAccount))!;
    const secret = (await webhookSecret(server.services.store, server.services.dataKey, account.id))!;
    const config = path.join(scratch, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ url: server.url, keys, corpus: CORPUS, webhook_secret: secret }));
    const result = await run(
      'go',
      ['test', '-count=1', '-tags', 'integration', '-v', '-timeout', '15m', '.'],
      goEnv({ PDF_CLIENT_CONFIG: config }),
    );
    // go test's verdicts (and the memory figure the round-trip test logs).
    console.log(
      result.stdout
        .split('\n')
        .filter((l) => /^(--- |ok|FAIL|PASS)|RSS growth/.test(l.trim()))
        .join('\n'),
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^ok\s+pdf-service\.dev\/pdfservice\s/m);
    expect(result.stdout).not.toMatch(/--- (FAIL|SKIP)/);
    for (const name of [
      'TestEveryOperationOnceThroughItsTypedMethod',
      'TestAnErrorOfEachClass',
      'TestAFreeKeyRunsOutOfItsAllowance',
      'TestJobsWithAWebhookVerifiedByVerifyWebhook',
      'TestABrowserTokenNarrowsItsKeyAndUsageCountsItsMerge',
      'TestA90MiBRoundTripKeepsTheClientFlat',
    ]) {
      expect(result.stdout).toContain(`--- PASS: ${name}`);
    }
  }, 600_000);

  it('sends extra parts, remote files, result_url and idempotency keys (go test -tags integration)', async () => {
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
      'go',
      ['test', '-count=1', '-tags', 'integration,remote', '-v', '-run', `^(${REMOTE_TESTS.join('|')})$`, '.'],
      goEnv({ PDF_CLIENT_CONFIG: config }),
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    for (const name of REMOTE_TESTS) expect(result.stdout).toContain(`--- PASS: ${name}`);
    // What the idempotent job PUT to its result_url: the rotated 6-page PDF, checked by qpdf.
    const delivered = path.join(scratch, 'delivered.pdf');
    fs.writeFileSync(delivered, fixtures.delivered.get('go.pdf') ?? '');
    expect((await run('qpdf', ['--show-npages', delivered], process.env)).stdout.trim()).toBe('6');
  }, 300_000);
});

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: GO_CLIENT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
