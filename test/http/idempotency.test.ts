// Idempotency-Key on job submissions (docs/api.md §6), on SQLite and PostgreSQL: the
// same key and request within 24 h → the same job (202, same id) and one charge; after a
// connection dropped once the job was made; sent at once to two server processes on one
// database; the same key with another request → 422 idempotency_key_reused.
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase, rawSql, stopPostgresCluster, type TestDatabase } from '../helpers/backends.js';
import { waitForJob } from '../helpers/jobs.js';
import { usedToday } from '../helpers/keys.js';
import { problemOf } from '../helpers/problem.js';
import { startServeProcess, type ServeProcess } from '../helpers/process-server.js';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

afterAll(stopPostgresCluster);

/** Sends a request and drops the connection as soon as the answer's head arrives (the client never reads the job). */
async function submitAndDrop(url: string, body: FormData, headers: Record<string, string>): Promise<number> {
  const request = new Request(url, { method: 'POST', body, headers });
  const bytes = Buffer.from(await request.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': request.headers.get('content-type')!,
        'content-length': String(bytes.length),
      },
    });
    req.on('response', (res) => {
      res.socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

describe.each(BACKENDS)('Idempotency-Key (%s)', (backend) => {
  let db: TestDatabase;
  let server: TestServer;
  let other: ServeProcess;
  let key: string;
  const body = async (angle = '90') => form({ file: await filePart(corpus('trivial.pdf')), angle });
  const submit = (base: string, data: FormData, idem: string) =>
    fetch(`${base}/v1/pdf/rotate`, {
      method: 'POST',
      body: data,
      headers: { Authorization: `Bearer ${key}`, Prefer: 'respond-async', 'Idempotency-Key': idem },
    });

  it('starts an in-process server and a serve process on one database', async () => {
    db = await createTestDatabase(backend);
    server = await startTestServer(db.env);
    other = await startServeProcess({
      ...db.env,
      TMP_DIR: path.join(db.dataDir, 'other-tmp'),
      EMBEDDED_WORKER: 'false',
    });
    key = await server.addKey('pro');
  });

  it('the same key and request: the same job, charged once; another request under the key: 422', async () => {
    const first = await submit(server.url, await body(), 'key-1');
    expect(first.status).toBe(202);
    const job = (await first.json()) as { id: string };
    const again = await submit(server.url, await body(), 'key-1');
    expect(again.status).toBe(202);
    expect(((await again.json()) as { id: string }).id).toBe(job.id);
    expect(again.headers.get('location')).toBe(`/v1/jobs/${job.id}`);
    expect(await usedToday(server.url, key)).toBe(1);
    for (const [what, data] of [
      ['other options', await body('180')],
      ['other file contents', form({ file: await filePart(corpus('multipage.pdf'), 'trivial.pdf'), angle: '90' })],
    ] as const) {
      const problem = await problemOf(await submit(server.url, data, 'key-1'));
      expect([problem.status, problem.code], what).toEqual([422, 'idempotency_key_reused']);
    }
    const otherOperation = await fetch(`${server.url}/v1/pdf/compress`, {
      method: 'POST',
      body: form({ file: await filePart(corpus('trivial.pdf')) }),
      headers: { Authorization: `Bearer ${key}`, Prefer: 'respond-async', 'Idempotency-Key': 'key-1' },
    });
    expect((await problemOf(otherOperation)).code).toBe('idempotency_key_reused');
    expect((await waitForJob(server.url, job.id, key)).status).toBe('succeeded');
  });

  it('a retry after the connection dropped gets the job the first attempt made, not charged twice', async () => {
    const before = await usedToday(server.url, key);
    const headers = { Authorization: `Bearer ${key}`, Prefer: 'respond-async', 'Idempotency-Key': 'dropped-1' };
    expect(await submitAndDrop(`${server.url}/v1/pdf/rotate`, await body(), headers)).toBe(202);
    const retry = await submit(server.url, await body(), 'dropped-1');
    expect(retry.status).toBe(202);
    const { id } = (await retry.json()) as { id: string };
    const rows = await rawSql(server.services.store, 'SELECT id FROM jobs WHERE idempotency_key = ?', ['dropped-1']);
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect((await usedToday(server.url, key)) - before).toBe(1);
  });

  it('sent at once to two server processes: one job, one charge', async () => {
    const before = await usedToday(server.url, key);
    const answers = await Promise.all([
      submit(server.url, await body(), 'race-1'),
      submit(other.url, await body(), 'race-1'),
      submit(other.url, await body(), 'race-1'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id)));
    expect(ids.size).toBe(1);
    expect((await usedToday(server.url, key)) - before).toBe(1);
    const rows = await rawSql(server.services.store, 'SELECT count(*) AS n FROM jobs WHERE idempotency_key = ?', [
      'race-1',
    ]);
    expect(Number(rows[0].n)).toBe(1);
  });

  it('a key older than 24 hours names a new job', async () => {
    const first = (await (await submit(server.url, await body(), 'old-1')).json()) as { id: string };
    await rawSql(server.services.store, 'UPDATE jobs SET created_at = ? WHERE id = ?', [
      new Date(Date.now() - 25 * 3600 * 1000).toISOString(),
      first.id,
    ]);
    const fresh = (await (await submit(server.url, await body('180'), 'old-1')).json()) as { id: string };
    expect(fresh.id).not.toBe(first.id);
  });

  it('stops', async () => {
    await other.stop();
    await server.close();
    await db.close();
  });
});
