import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startServeProcess, type ServeProcess } from '../helpers/process-server.js';
import { corpus, filePart, form } from '../helpers/server.js';

describe('allowance shared by two server processes on one database', () => {
  let base: string;
  let servers: ServeProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-multi-'));
    // A queue long enough that no request is refused for overload, and no fair-share limit
    // (test/http/fair-share.test.ts covers it): only the allowance may say no.
    env = {
      DATA_DIR: path.join(base, 'data'),
      TMP_DIR: path.join(base, 'tmp'),
      LOG_LEVEL: 'info',
      QUEUE_LIMIT: '1000',
      ACCOUNT_CONCURRENCY_FREE: '0',
    };
    cli(['keys', 'list'], env); // creates and migrates the database once
    servers = await Promise.all([startServeProcess(env), startServeProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('admits exactly 100 of 300 concurrent requests of a free account', async () => {
    const { key } = JSON.parse(cli(['keys', 'create', '--account', 'racer', '--plan', 'free', '--json'], env));
    const pdf = await filePart(corpus('trivial.pdf'));
    const statuses = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const res = await fetch(`${servers[i % 2].url}/v1/pdf/unlock`, {
          method: 'POST',
          body: form({ file: pdf }),
          headers: { Authorization: `Bearer ${key}` },
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect(count(200)).toBe(100);
    expect(count(429)).toBe(200);
    for (const server of servers) {
      const account = await (
        await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })
      ).json();
      expect(account).toMatchObject({ used_today: 100, remaining: 0 });
    }
    // Both processes really served admitted requests.
    expect(statuses.filter((s, i) => s === 200 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((s, i) => s === 200 && i % 2 === 1).length).toBeGreaterThan(0);
  });
});
