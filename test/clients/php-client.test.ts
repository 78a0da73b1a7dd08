// The PHP client's own suite (clients/php/tests, phpunit) against a real server started here:
// this file creates the keys, starts a stub server for what the real one cannot be made to do
// on demand (503 server_busy and 429 concurrency_limit once, an answer that never comes),
// writes the config the suite reads (URLs, keys, corpus, the jobs account's webhook secret,
// a scratch directory) and runs Debian's phpunit. Asynchronously: both servers answer from
// this process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByName, webhookSecret } from '../../src/store/accounts.js';
import { CORPUS, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { startRemoteFixtures, type RemoteFixtures } from './remote-fixtures.js';

let server: TestServer;
let stub: http.Server;
let scratch: string;
let fixtures: RemoteFixtures;

/**
 * Per API key and path, the n-th request: /v1/pdf/unlock and /v1/account fail once (503
 * server_busy, 429 concurrency_limit, Retry-After: 1) then succeed, reporting what they
 * received; /v1/pdf/compress is always busy; /v1/jobs/hang never answers.
 */
function startStub(): Promise<http.Server> {
  const seen = new Map<string, number>();
  const stubServer = http.createServer((req, res) => {
    const key = `${req.headers.authorization} ${req.method} ${req.url}`;
    const attempt = (seen.get(key) ?? 0) + 1;
    seen.set(key, attempt);
    let received = 0;
    req.on('data', (chunk: Buffer) => (received += chunk.length));
    req.on('end', () => {
      const requestId = `stub-${req.url!.split('/').pop()}-${attempt}`;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, {
            'Content-Type': status < 300 ? 'application/json' : 'application/problem+json',
            'X-Request-Id': requestId,
            ...headers,
          })
          .end(JSON.stringify(body));
      const problem = (status: number, code: string, retryAfter: number) =>
        send(
          status,
          {
            type: `https://pdf-service.dev/problems/${code}`,
            title: code,
            status,
            detail: `stub: ${code}`,
            code,
            request_id: requestId,
            attempt,
          },
          { 'Retry-After': String(retryAfter) },
        );
      if (req.url === '/v1/jobs/hang') return; // never answers
      if (req.url === '/v1/pdf/unlock') {
        return attempt === 1
          ? problem(503, 'server_busy', 1)
          : send(200, { attempt, received, content_length: req.headers['content-length'] ?? null });
      }
      if (req.url === '/v1/pdf/compress') return problem(503, 'server_busy', 0);
      if (req.url === '/v1/account') {
        return attempt === 1
          ? problem(429, 'concurrency_limit', 1)
          : send(200, {
              account: 'stub',
              plan: 'pro',
              daily_limit: 10,
              used_today: 1,
              remaining: 9,
              resets_at: '2030-01-01T00:00:00.000Z',
            });
      }
      problem(404, 'not_found', 0);
    });
  });
  return new Promise((resolve) => stubServer.listen(0, '127.0.0.1', () => resolve(stubServer)));
}

beforeAll(async () => {
  // FETCH_ALLOW_PRIVATE: remote inputs and result_url on the loopback file server.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', FETCH_ALLOW_PRIVATE: 'true' });
  stub = await startStub();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-php-'));
  fixtures = await startRemoteFixtures(scratch);
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
  await server.close();
  await fixtures.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('PHP client', () => {
  it('passes its unit and integration suites against this server (phpunit)', async () => {
    const jobsAccount = `php-client-jobs-${process.pid}`;
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
    const stubUrl = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
    fs.writeFileSync(
      config,
      JSON.stringify({
        url: server.url,
        stub_url: stubUrl,
        keys,
        corpus: CORPUS,
        webhook_secret: secret,
        scratch: path.join(scratch, 'work'),
      }),
    );
    // The "remote" group (extra parts, remote files, result_url, idempotency) runs on its own below.
    const result = await run('/usr/bin/phpunit', ['-c', 'clients/php/phpunit.xml', '--exclude-group', 'remote'], {
      ...process.env,
      PDF_CLIENT_CONFIG: config,
    });
    // phpunit's summary (and the memory figures the round-trip test prints).
    console.log(
      result.stdout
        .split('\n')
        .filter((l) => /^OK|Tests:|RSS growth|FAIL|ERROR/i.test(l))
        .join('\n'),
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^OK \(\d+ tests?, \d+ assertions\)/m);
    expect(result.stdout).not.toMatch(/skipped|incomplete|risky|warning/i);
  });

  it('sends extra parts, remote files, result_url and idempotency keys (phpunit --group remote)', async () => {
    const config = path.join(scratch, 'remote.json');
    const settings = {
      url: server.url,
      keys: { pro: server.newKey('pro') },
      corpus: CORPUS,
      scratch: path.join(scratch, 'work'),
      remote_origin: fixtures.origin,
      logo: fixtures.logoPath,
    };
    fs.writeFileSync(config, JSON.stringify(settings));
    const result = await run('/usr/bin/phpunit', ['-c', 'clients/php/phpunit.xml', '--group', 'remote'], {
      ...process.env,
      PDF_CLIENT_CONFIG: config,
    });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^OK \(3 tests, \d+ assertions\)/m);
    // What the idempotent job PUT to its result_url: the rotated 6-page PDF, checked by qpdf.
    const delivered = path.join(scratch, 'delivered.pdf');
    fs.writeFileSync(delivered, fixtures.delivered.get('php.pdf') ?? '');
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
