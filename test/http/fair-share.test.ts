// Fair share (API.md §3): per process an account runs at most
// ACCOUNT_CONCURRENCY_<PLAN> operations; further valid requests wait in
// arrival order without a pool slot, up to ACCOUNT_QUEUE_LIMIT; beyond → 429
// concurrency_limit, not charged. A gate operation (test only) holds a pool
// slot like a tool until the test opens its gate, so nothing here depends on
// the machine's speed.
import type { SqliteStore } from '../../src/store/sqlite.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientClosedError } from '../../src/core/errors.js';
import { defineOperation } from '../../src/routes/definition.js';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

const gates = new Map<string, () => void>();
const started: string[] = [];

/** Takes a pool slot, records its start, and finishes when the test opens the gate `tag`. */
const gateOperation = defineOperation({
  name: 'test-gate',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({ tag: z.string() }),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ options, run }) => {
    const release = await run.pool.acquire(1, run.signal);
    try {
      started.push(options.tag);
      await new Promise<void>((resolve, reject) => {
        gates.set(options.tag, resolve);
        run.signal.addEventListener('abort', () => reject(new ClientClosedError()), { once: true });
      });
    } finally {
      release();
    }
    const out = path.join(run.workdir, 'out.txt');
    await fs.writeFile(out, options.tag);
    return { type: 'file', path: out, contentType: 'text/plain', filename: `${options.tag}.txt` };
  },
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {
      CONCURRENCY: '4',
      ACCOUNT_CONCURRENCY_FREE: '2',
      ACCOUNT_QUEUE_LIMIT: '2',
      ACCOUNT_CONCURRENCY_ENTERPRISE: '0',
      OPERATION_TIMEOUT: '60',
    },
    { operations: [gateOperation] },
  );
});
afterAll(async () => {
  for (const open of gates.values()) open();
  await server.close();
});

const gate = (key: string, tag: string, signal?: AbortSignal) =>
  fetch(`${server.url}/v1/pdf/test-gate`, {
    method: 'POST',
    body: form({ tag }),
    headers: { Authorization: `Bearer ${key}` },
    signal,
  });

async function usedToday(key: string): Promise<number> {
  const res = await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { used_today: number }).used_today;
}

function open(tag: string): void {
  const release = gates.get(tag);
  if (!release) throw new Error(`gate ${tag} not reached`);
  gates.delete(tag);
  release();
}

const accountId = (name: string) =>
  (
    (server.services.store as SqliteStore).db.prepare('SELECT id FROM accounts WHERE name = ?').get(name) as {
      id: number;
    }
  ).id;

describe('fair share per account', () => {
  it('runs 2 at once for a free account, queues the next 2 in order without a pool slot, refuses the 5th with 429 (not charged); others are not held up', async () => {
    const a = server.newKey('free', 'fair-a');
    const b = server.newKey('free', 'fair-b');
    const id = accountId('fair-a');
    const a1 = gate(a, 'a1');
    const a2 = gate(a, 'a2');
    await eventually(() => gates.has('a1') && gates.has('a2'));
    const a3 = gate(a, 'a3');
    await eventually(() => server.services.fairShare.stats(id).waiting === 1);
    const a4 = gate(a, 'a4');
    await eventually(() => server.services.fairShare.stats(id).waiting === 2);
    // Waiting requests hold no pool slot: only the two running gates do.
    expect(server.services.pool.stats().inUse).toBe(2);
    expect(started.filter((t) => t.startsWith('a'))).toEqual(['a1', 'a2']);

    const refused = await gate(a, 'a5');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 'concurrency_limit', status: 429 });
    expect(await usedToday(a)).toBe(4); // a5 refunded

    // A validation error never waits (the queue is full, yet this is a 400, not a 429).
    const invalid = await server.post('test-gate', form({ tag: 'x', nope: '1' }), a);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).code).toBe('invalid_request');

    // Another account's small real request runs while a1..a4 are all still unfinished.
    const other = await server.post('unlock', form({ file: await filePart(corpus('trivial.pdf')) }), b);
    expect(other.status).toBe(200);
    expect(gates.has('a1') && gates.has('a2')).toBe(true);

    // FIFO: a3 starts when a1 ends, then a4 when a2 ends.
    open('a1');
    expect((await a1).status).toBe(200);
    await eventually(() => gates.has('a3'));
    expect(gates.has('a4')).toBe(false);
    open('a2');
    await eventually(() => gates.has('a4'));
    expect(started.filter((t) => t.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4']);
    open('a3');
    open('a4');
    expect(await Promise.all([a2, a3, a4].map(async (r) => (await r).text()))).toEqual(['a2', 'a3', 'a4']);
    expect(server.services.fairShare.stats(id)).toEqual({ running: 0, waiting: 0 });
    expect(await usedToday(a)).toBe(5); // 4 operations + the 400
    await eventually(() => server.leftovers().length === 0);
  });

  it('a waiting request whose client leaves gives up its place and its work directory', async () => {
    const a = server.newKey('free', 'fair-c');
    const id = accountId('fair-c');
    const r1 = gate(a, 'c1');
    const r2 = gate(a, 'c2');
    await eventually(() => gates.has('c1') && gates.has('c2'));
    const controller = new AbortController();
    const leaving = gate(a, 'c3', controller.signal).catch(() => 'aborted');
    await eventually(() => server.services.fairShare.stats(id).waiting === 1);
    controller.abort();
    expect(await leaving).toBe('aborted');
    await eventually(() => server.services.fairShare.stats(id).waiting === 0);
    const r4 = gate(a, 'c4');
    await eventually(() => server.services.fairShare.stats(id).waiting === 1);
    open('c1');
    await eventually(() => gates.has('c4'));
    expect(started.includes('c3')).toBe(false);
    open('c2');
    open('c4');
    expect(await Promise.all([r1, r2, r4].map(async (r) => (await r).status))).toEqual([200, 200, 200]);
    await eventually(() => server.leftovers().length === 0);
  });

  it('ACCOUNT_CONCURRENCY_ENTERPRISE=0 means unlimited', async () => {
    const e = server.newKey('enterprise');
    const runs = ['e1', 'e2', 'e3'].map((tag) => gate(e, tag));
    await eventually(() => ['e1', 'e2', 'e3'].every((t) => gates.has(t)));
    for (const t of ['e1', 'e2', 'e3']) open(t);
    expect(await Promise.all(runs.map(async (r) => (await r).status))).toEqual([200, 200, 200]);
  });

  it("the OpenAPI document states the fair-share and refund rules with this server's settings", async () => {
    const doc = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    expect(doc.info.description).toContain('2 (free), 8 (pro), unlimited (enterprise)');
    expect(doc.info.description).toContain('up to 2 waiting');
    const responses = doc.paths['/v1/pdf/unlock'].post.responses;
    expect(responses['429'].description).toContain('concurrency_limit');
    expect(responses['504'].description).toContain('Charged');
    expect(responses['500'].description).toContain('refunded');
  });
});
