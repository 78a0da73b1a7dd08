// Browser tokens (docs/api.md §2b) through HTTP on SQLite and PostgreSQL: minted
// with a key and uncharged, their requests charged to the key's account; expiry,
// max_uses, origin binding, scope narrowing (at minting and on use, refused before
// the upload is read), revocation with their key, stored by hash only.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase, stopPostgresCluster, type TestDatabase } from '../helpers/backends.js';
import { postUnfinished, qpdfPages, usedToday } from '../helpers/keys.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { createKey, revokeKey, rotateKey } from '../../src/store/keys.js';
import type { PgStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';

afterAll(stopPostgresCluster);

describe.each(BACKENDS)('browser tokens (%s)', (backend) => {
  let db: TestDatabase;
  let server: TestServer;
  let counter = 0;

  const makeKey = async (limits: Parameters<typeof createKey>[5] = {}) =>
    createKey(server.services.store, server.services.dataKey, `tok-${backend}-${++counter}`, 'pro', undefined, limits);
  const mint = (key: string, body: unknown) =>
    fetch(`${server.url}/v1/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const tokenOf = async (key: string, body: unknown) => {
    const response = await mint(key, body);
    expect(response.status).toBe(201);
    return (await response.json()) as { token: string; expires_at: string; scopes: string[] | null };
  };
  const account = (token: string, origin?: string) =>
    fetch(`${server.url}/v1/account`, {
      headers: { Authorization: `Bearer ${token}`, ...(origin ? { Origin: origin } : {}) },
    });
  const merge = async (token: string, headers: Record<string, string> = {}) =>
    server.post(
      'merge',
      form({ files: [await filePart(corpus('trivial.pdf')), await filePart(corpus('multipage.pdf'))] }),
      token,
      headers,
    );

  it('starts', async () => {
    db = await createTestDatabase(backend);
    server = await startTestServer(db.env);
  });

  it("is minted uncharged and merges, charged to the key's account", async () => {
    const { key } = await makeKey();
    const before = Date.now();
    const minted = await tokenOf(key, {});
    expect(minted.token).toMatch(/^pdf_tok_[0-9A-Za-z]{43}$/);
    // Default ttl 600 s.
    expect(Math.abs(Date.parse(minted.expires_at) - before - 600_000)).toBeLessThan(5000);
    expect(await usedToday(server.url, key)).toBe(0);
    const response = await merge(minted.token);
    expect(response.status).toBe(200);
    expect(await qpdfPages(await saveBody(response, 'm.pdf'))).toBe(
      (await qpdfPages(corpus('trivial.pdf'))) + (await qpdfPages(corpus('multipage.pdf'))),
    );
    expect(await usedToday(server.url, key)).toBe(1);
  });

  it('refuses a bad request to mint: ttl over 3600, an unknown scope, a path in origin, or a token minting', async () => {
    const { key } = await makeKey();
    expect(await (await mint(key, { ttl_seconds: 3601 })).json()).toMatchObject({ status: 400, field: 'ttl_seconds' });
    expect(await (await mint(key, { scopes: ['fly'] })).json()).toMatchObject({ status: 400, field: 'scopes.0' });
    expect(await (await mint(key, { origin: 'https://a.example/page' })).json()).toMatchObject({
      status: 400,
      field: 'origin',
    });
    const { token } = await tokenOf(key, {});
    expect(await (await mint(token, {})).json()).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });

  it('expires after ttl_seconds', async () => {
    const { key } = await makeKey();
    const minted = await tokenOf(key, { ttl_seconds: 1 });
    expect((await account(minted.token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, Date.parse(minted.expires_at) - Date.now() + 10));
    expect(await (await account(minted.token)).json()).toMatchObject({ code: 'invalid_api_key', detail: 'expired' });
  });

  it('never outlives its key', async () => {
    const keyExpiry = new Date(Date.now() + 60_000).toISOString();
    const { key } = await makeKey({ expires_at: keyExpiry });
    expect((await tokenOf(key, { ttl_seconds: 3600 })).expires_at).toBe(keyExpiry);
  });

  it('stops after max_uses', async () => {
    const { key } = await makeKey();
    const { token } = await tokenOf(key, { max_uses: 2 });
    expect((await account(token)).status).toBe(200);
    expect((await account(token)).status).toBe(200);
    const third = await account(token);
    expect(third.status).toBe(401);
    expect(await third.json()).toMatchObject({ code: 'invalid_api_key' });
  });

  it('bound to an origin, is refused from any other (without using it up)', async () => {
    const { key } = await makeKey();
    const { token } = await tokenOf(key, { origin: 'https://app.example', max_uses: 1 });
    expect((await account(token)).status).toBe(401);
    expect((await account(token, 'https://evil.example')).status).toBe(401);
    expect((await account(token, 'https://app.example')).status).toBe(200);
  });

  it("narrows the key's scopes: a subset only, refused before the upload is read and uncharged", async () => {
    const { key } = await makeKey({ scopes: ['merge', 'split'] });
    expect(await (await mint(key, { scopes: ['merge', 'compress'] })).json()).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      operation: 'compress',
    });
    const narrowed = await tokenOf(key, { scopes: ['merge'] });
    expect(narrowed.scopes).toEqual(['merge']);
    expect((await merge(narrowed.token)).status).toBe(200);
    const refused = await postUnfinished(server.url, '/v1/pdf/split', narrowed.token);
    expect(refused.body).toMatchObject({ status: 403, code: 'insufficient_scope', operation: 'split' });
    // Without scopes it has the key's.
    const inherited = await tokenOf(key, {});
    expect(inherited.scopes).toEqual(['merge', 'split']);
    expect((await postUnfinished(server.url, '/v1/pdf/compress', inherited.token)).body).toMatchObject({
      code: 'insufficient_scope',
    });
    expect(await usedToday(server.url, key)).toBe(1);
  });

  it("is revoked with its key, and ends with a rotated key's grace period", async () => {
    const first = await makeKey();
    const { token } = await tokenOf(first.key, {});
    expect((await account(token)).status).toBe(200);
    await revokeKey(server.services.store, first.prefix);
    expect((await account(token)).status).toBe(401);

    const second = await makeKey();
    const fromOld = await tokenOf(second.key, {});
    const rotated = await rotateKey(server.services.store, second.prefix, 1);
    expect((await account(fromOld.token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, Date.parse(rotated!.old_key_expires_at) - Date.now() + 10));
    expect((await account(fromOld.token)).status).toBe(401);
  });

  it('is stored as its SHA-256 only', async () => {
    const { key } = await makeKey();
    const { token } = await tokenOf(key, {});
    const store = await db.open();
    const rows =
      store instanceof SqliteStore
        ? (store.db.prepare('SELECT * FROM browser_tokens').all() as Array<{ hash: Buffer }>)
        : (await (store as PgStore).pool.query<{ hash: Buffer }>('SELECT * FROM browser_tokens')).rows;
    const hash = crypto.createHash('sha256').update(token).digest();
    expect(rows.some((r) => Buffer.compare(r.hash, hash) === 0)).toBe(true);
    const dump = JSON.stringify(rows.map((r) => ({ ...r, hash: r.hash.toString('latin1') })));
    expect(dump).not.toContain(token.slice(8));
  });

  it('stops', async () => {
    await server.close();
    await db.close();
  });
});
