// API keys: "pdf_live_" + base62 of 32 random bytes (≈190 bits). Only the
// SHA-256 hash is stored (plus a short prefix to name the key and its last 4
// characters), so a copy of the database does not leak usable keys.
import crypto from 'node:crypto';
import { ensureAccount } from './accounts.js';
import type { Plan } from './plans.js';
import type { Account, KeyListing, Store } from './types.js';

export type { KeyListing } from './types.js';

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

/** A fresh random key (not yet stored). */
export function generateKey(): string {
  return KEY_PREFIX + base62(crypto.randomBytes(32));
}

/**
 * Creates a key for `accountName` (creating the account with `plan` if new).
 * `chosen` (from generateKey) is stored as is, or the call fails if its prefix is taken.
 */
export async function createKey(store: Store, dataKey: Buffer, accountName: string, plan: Plan, chosen?: string): Promise<CreatedKey> {
  const account = await ensureAccount(store, dataKey, accountName, plan);
  for (;;) {
    const key = chosen ?? generateKey();
    const prefix = key.slice(0, KEY_PREFIX.length + ID_CHARS);
    const inserted = await store.insertKey({ account_id: account.id, hash: hashKey(key), prefix, last4: key.slice(-4), created_at: new Date().toISOString() });
    if (inserted) return { key, prefix, account: account.name, plan: account.plan };
    if (chosen) throw new Error('key prefix already taken');
  }
}

export function listKeys(store: Store): Promise<KeyListing[]> {
  return store.listKeys();
}

export function revokeKey(store: Store, prefix: string): Promise<boolean> {
  return store.revokeKey(prefix, new Date().toISOString());
}

/** The account of an active key, or undefined. Looked up by hash, so no timing leak on the key itself. */
export async function authenticate(store: Store, key: string): Promise<Account | undefined> {
  const row = await store.keyOwner(hashKey(key));
  if (!row) return undefined;
  // Write last_used_at at most once a minute per key: it is shown by `keys list`, not billed.
  const now = new Date();
  if (!row.key_last_used || now.getTime() - Date.parse(row.key_last_used) > 60_000) await store.touchKey(row.key_id, now.toISOString());
  const { key_id: _id, key_last_used: _used, ...account } = row;
  return account;
}
