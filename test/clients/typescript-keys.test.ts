// The TypeScript client's side of docs/api.md §2b against a real server: the admin
// client (accounts, scoped keys, usage, rotation, revocation), a server-side client
// minting a browser token, and a client holding only that token merging with it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  PdfAdminClient,
  PdfClient,
  PermissionDeniedError,
} from '../../clients/typescript/src/index.js';
import { qpdfPages } from '../helpers/keys.js';
import { corpus, startTestServer, type TestServer } from '../helpers/server.js';
import { utcDay } from '../../src/store/usage.js';

let server: TestServer;
let admin: PdfAdminClient;
let scratch: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-keys-'));
  const tokenFile = path.join(scratch, 'admin-token');
  const adminToken = crypto.randomBytes(24).toString('hex');
  fs.writeFileSync(tokenFile, adminToken, { mode: 0o600 });
  server = await startTestServer({ ADMIN_TOKEN_FILE: tokenFile });
  admin = new PdfAdminClient({ baseUrl: server.url, adminToken });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('TypeScript client: keys, tokens, admin', () => {
  it('an operator makes an account and a merge-only key; a server mints a token; the page merges with it', async () => {
    expect((await admin.createAccount('ts-shop', 'pro')).plan).toBe('pro');
    expect((await admin.setPlan('ts-shop', 'enterprise')).daily_limit).toBeNull();
    const created = await admin.createKey('ts-shop', {
      scopes: ['merge'],
      name: 'web',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(created.key).toMatch(/^pdf_live_/);
    expect((await admin.listKeys('ts-shop')).map((k) => k.prefix)).toEqual([created.prefix]);

    const backend = new PdfClient({ baseUrl: server.url, apiKey: created.key });
    const minted = await backend.createToken({ ttlSeconds: 120, maxUses: 3 });
    expect(minted.token).toMatch(/^pdf_tok_/);
    expect(minted.scopes).toEqual(['merge']);

    const page = new PdfClient({ baseUrl: server.url, apiKey: minted.token });
    const merged = await page.merge([corpus('trivial.pdf'), corpus('multipage.pdf')]);
    const out = path.join(scratch, 'merged.pdf');
    await merged.save(out);
    expect(await qpdfPages(out)).toBe(
      (await qpdfPages(corpus('trivial.pdf'))) + (await qpdfPages(corpus('multipage.pdf'))),
    );
    expect(page.lastRequestId).toBeTruthy();
    await expect(page.split(corpus('trivial.pdf'), { mode: 'extract', pages: '1' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await expect(backend.createToken({ scopes: ['split'] })).rejects.toMatchObject({ code: 'insufficient_scope' });

    const today = utcDay(new Date());
    expect((await admin.accountUsage('ts-shop', { from: today, to: today })).days).toEqual([
      { date: today, requests: 1, by_operation: { merge: 1 } },
    ]);
    expect((await backend.usage(1)).days).toEqual([{ date: today, requests: 1, by_operation: { merge: 1 } }]);
    expect((await admin.listAccounts()).find((a) => a.account === 'ts-shop')).toMatchObject({ used_today: 1 });
  });

  it('rotates and revokes keys; the admin token is no key and a key is no admin token', async () => {
    const first = await admin.createKey('ts-shop');
    const rotated = await admin.rotateKey(first.prefix, 0);
    expect(rotated.replaces).toBe(first.prefix);
    await expect(new PdfClient({ baseUrl: server.url, apiKey: first.key }).account()).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    const next = new PdfClient({ baseUrl: server.url, apiKey: rotated.key });
    expect((await next.account()).account).toBe('ts-shop');
    await admin.revokeKey(rotated.prefix);
    await expect(next.account()).rejects.toBeInstanceOf(AuthenticationError);
    const impostor = new PdfAdminClient({ baseUrl: server.url, adminToken: (await admin.createKey('ts-shop')).key });
    await expect(impostor.listAccounts()).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });
});
