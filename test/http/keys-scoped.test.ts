// Scoped and expiring keys (docs/api.md §2b), through HTTP on SQLite and PostgreSQL:
// a scoped key may call its operations only, and a forbidden one is refused with 403
// insufficient_scope before its upload is read and without a charge; an expired key is
// 401 invalid_api_key "expired", to the second; both limits survive a restart.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase, stopPostgresCluster, type TestDatabase } from '../helpers/backends.js';
import { postUnfinished, qpdfPages, usedToday } from '../helpers/keys.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { createKey } from '../../src/store/keys.js';

afterAll(stopPostgresCluster);

describe.each(BACKENDS)('scoped and expiring keys (%s)', (backend) => {
  let db: TestDatabase;
  let server: TestServer;
  let counter = 0;

  const makeKey = async (limits: Parameters<typeof createKey>[5]) =>
    (
      await createKey(
        server.services.store,
        server.services.dataKey,
        `scoped-${backend}-${++counter}`,
        'pro',
        undefined,
        limits,
      )
    ).key;

  it('starts', async () => {
    db = await createTestDatabase(backend);
    server = await startTestServer(db.env);
  });

  it('a key scoped to merge merges, and is refused split at once, unread and uncharged', async () => {
    const key = await makeKey({ scopes: ['merge'] });
    const merged = await server.post(
      'merge',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('multipage.pdf'))] }),
      key,
    );
    expect(merged.status).toBe(200);
    const file = await saveBody(merged, 'merged.pdf');
    expect(await qpdfPages(file)).toBe(
      (await qpdfPages(corpus('trivial.pdf'))) + (await qpdfPages(corpus('multipage.pdf'))),
    );
    expect(await usedToday(server.url, key)).toBe(1);

    const refused = await postUnfinished(server.url, '/v1/pdf/split', key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'insufficient_scope', operation: 'split' });
    expect(refused.body.detail).toContain('split');
    expect(await usedToday(server.url, key)).toBe(1);
    expect(server.leftovers()).toEqual([]);
  });

  it('an unscoped key may call any operation', async () => {
    const key = await makeKey({});
    const response = await server.post(
      'split',
      form({ file: await filePart(corpus('multipage.pdf')), mode: 'extract', pages: '1' }),
      key,
    );
    expect(response.status).toBe(200);
    expect(await qpdfPages(await saveBody(response, 'one.pdf'))).toBe(1);
  });

  it('a key works until its expires_at and is 401 "expired" from that second on', async () => {
    // The next whole second plus one: the request before it and the one after it are both within a second of it.
    const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    const key = await makeKey({ expires_at: expiresAt.toISOString() });
    expect(Date.now()).toBeLessThan(expiresAt.getTime());
    expect((await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 5));
    const expired = await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'invalid_api_key', detail: 'expired' });
    const operation = await postUnfinished(server.url, '/v1/pdf/merge', key);
    expect(operation.status).toBe(401);
  });

  it('scopes and expiry survive a restart', async () => {
    const scoped = await makeKey({ scopes: ['compress'] });
    const expiring = await makeKey({ expires_at: new Date(Date.now() - 1000).toISOString() });
    await server.close();
    server = await startTestServer(db.env);
    expect((await postUnfinished(server.url, '/v1/pdf/merge', scoped)).body).toMatchObject({
      code: 'insufficient_scope',
    });
    expect((await postUnfinished(server.url, '/v1/pdf/merge', expiring)).body).toMatchObject({
      code: 'invalid_api_key',
      detail: 'expired',
    });
  });

  it('stops', async () => {
    await server.close();
    await db.close();
    expect(fs.existsSync(db.dataDir)).toBe(false);
  });
});
