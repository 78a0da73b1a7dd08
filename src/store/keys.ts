// API keys: "pdf_live_" + base62 of 32 random bytes (≈190 bits). Only the
// SHA-256 hash is stored (plus a short prefix to name the key and its last 4
// characters), so a copy of the database does not leak usable keys.
import crypto from 'node:crypto';
import type { Db } from './db.js';
import { ensureAccount, type Account } from './accounts.js';
import type { Plan } from './plans.js';

export const KEY_PREFIX = 'pdf_live_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Characters after KEY_PREFIX that form the public, listable prefix. */
const ID_CHARS = 8;
/** A well-formed key: the prefix and 43 base62 characters (32 bytes). */
export const KEY_PATTERN = /^pdf_live_[0-9A-Za-z]{43}$/;

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(43, '0');
}

export function hashKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key).digest();
}

export interface CreatedKey {
  key: string;
  prefix: string;
  account: string;
  plan: Plan;
}

/** Creates a key for `accountName` (creating the account with `plan` if new). */
export function createKey(db: Db, accountName: string, plan: Plan): CreatedKey {
  const account = ensureAccount(db, accountName, plan);
  for (;;) {
    const key = KEY_PREFIX + base62(crypto.randomBytes(32));
    const prefix = key.slice(0, KEY_PREFIX.length + ID_CHARS);
    const inserted = db
      .prepare('INSERT INTO api_keys (account_id, hash, prefix, last4, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(account.id, hashKey(key), prefix, key.slice(-4), new Date().toISOString());
    if (inserted.changes === 1) return { key, prefix, account: account.name, plan: account.plan };
  }
}

export interface KeyListing {
  prefix: string;
  last4: string;
  account: string;
  plan: Plan;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function listKeys(db: Db): KeyListing[] {
  return db
    .prepare(
      `SELECT k.prefix, k.last4, a.name AS account, a.plan, k.created_at, k.last_used_at, k.revoked_at
       FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.id`,
    )
    .all() as KeyListing[];
}

export function countActiveKeys(db: Db): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE revoked_at IS NULL').get() as { n: number }).n;
}

export function revokeKey(db: Db, prefix: string): boolean {
  return db.prepare('UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND revoked_at IS NULL').run(new Date().toISOString(), prefix).changes === 1;
}

/** The account of an active key, or undefined. Looked up by hash, so no timing leak on the key itself. */
export function authenticate(db: Db, key: string): Account | undefined {
  const row = db
    .prepare(
      `SELECT a.*, k.id AS key_id, k.last_used_at AS key_last_used FROM api_keys k JOIN accounts a ON a.id = k.account_id
       WHERE k.hash = ? AND k.revoked_at IS NULL`,
    )
    .get(hashKey(key)) as (Account & { key_id: number; key_last_used: string | null }) | undefined;
  if (!row) return undefined;
  // Write last_used_at at most once a minute per key: it is shown by `keys list`, not billed.
  const now = new Date();
  if (!row.key_last_used || now.getTime() - Date.parse(row.key_last_used) > 60_000) {
    db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(now.toISOString(), row.key_id);
  }
  const { key_id: _id, key_last_used: _used, ...account } = row;
  return account;
}
