// API keys: "pdf_live_" + base62 of 32 random bytes (≈190 bits). Only the
// SHA-256 hash is stored (plus a short prefix to name the key and its last 4
// characters), so a copy of the database does not leak usable keys.
import crypto from 'node:crypto';
import { ensureAccount } from './accounts.js';
import type { Plan } from './plans.js';
import type { Account, KeyListing, KeyOwner, NewKey, Store } from './types.js';

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

/** What a key may be limited to (docs/api.md §2b). */
export interface KeyLimits {
  /** Operations it may call; absent or null: every operation. */
  scopes?: string[] | null;
  /** ISO 8601; absent or null: never. */
  expires_at?: string | null;
  name?: string | null;
}

/** A fresh random key (not yet stored). */
export function generateKey(): string {
  return KEY_PREFIX + base62(crypto.randomBytes(32));
}

/** The listable prefix of a key or token. */
function prefixOf(secret: string, marker: string): string {
  return secret.slice(0, marker.length + ID_CHARS);
}

/** The stored form of a new key (its hash, prefix and last 4 characters). */
function newKeyRow(key: string, accountId: number, limits: KeyLimits = {}): NewKey {
  return {
    account_id: accountId,
    hash: hashKey(key),
    prefix: prefixOf(key, KEY_PREFIX),
    last4: key.slice(-4),
    created_at: new Date().toISOString(),
    name: limits.name ?? null,
    scopes: limits.scopes ? JSON.stringify(limits.scopes) : null,
    expires_at: limits.expires_at ?? null,
  };
}

/**
 * Creates a key for `accountName` (creating the account with `plan` if new).
 * `chosen` (from generateKey) is stored as is, or the call fails if its prefix is taken.
 */
export async function createKey(
  store: Store,
  dataKey: Buffer,
  accountName: string,
  plan: Plan,
  chosen?: string,
  limits: KeyLimits = {},
): Promise<CreatedKey> {
  const account = await ensureAccount(store, dataKey, accountName, plan);
  return createKeyFor(store, account, limits, chosen);
}

/** Creates a key for an existing account. */
export async function createKeyFor(
  store: Store,
  account: Account,
  limits: KeyLimits = {},
  chosen?: string,
): Promise<CreatedKey> {
  for (;;) {
    const key = chosen ?? generateKey();
    const row = newKeyRow(key, account.id, limits);
    if (await store.insertKey(row)) return { key, prefix: row.prefix, account: account.name, plan: account.plan };
    if (chosen) throw new Error('key prefix already taken');
  }
}

/**
 * Replaces the key `prefix` with a new one of the same account, name, scopes and expiry;
 * the old key keeps working until `graceSeconds` from now (checked by the store on every
 * request, so every replica sees it end without a restart). Undefined if no such active key.
 */
export async function rotateKey(
  store: Store,
  prefix: string,
  graceSeconds: number,
): Promise<{ key: string; prefix: string; old_key_expires_at: string } | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = generateKey();
    // account_id and the limits are taken from the old key inside the store's transaction.
    const row = newKeyRow(key, 0);
    const graceUntil = new Date(Date.now() + graceSeconds * 1000).toISOString();
    if (await store.rotateKey(prefix, row, graceUntil))
      return { key, prefix: row.prefix, old_key_expires_at: graceUntil };
    const old = await store.findKey(prefix);
    if (!old || old.revoked_at !== null) return undefined;
  }
  throw new Error('could not draw an unused key prefix');
}

export function listKeys(store: Store, account?: string): Promise<KeyListing[]> {
  return store.listKeys(account);
}

export function revokeKey(store: Store, prefix: string): Promise<boolean> {
  return store.revokeKey(prefix, new Date().toISOString());
}

/** The scopes of a key or token as stored (JSON or null). */
export function parseScopes(stored: string | null): string[] | null {
  return stored === null ? null : (JSON.parse(stored) as string[]);
}

/** Who is calling, once a key or token is accepted. */
export interface Caller {
  account: Account;
  keyId: number;
  keyPrefix: string;
  /** Operations it may call; null: every operation. */
  scopes: string[] | null;
  /** The key's expiry (a token minted from it may not outlive it). */
  keyExpiresAt: string | null;
  /** A browser token rather than a key. */
  token: boolean;
}

/** Why a credential was refused (each a 401 invalid_api_key, told apart in its detail). */
export type Refusal = 'unknown' | 'expired' | 'origin' | 'used_up';

/** Writes last_used_at at most once a minute per key: it is shown by listings, not billed. */
async function touch(store: Store, row: KeyOwner, now: Date): Promise<void> {
  if (!row.key_last_used || now.getTime() - Date.parse(row.key_last_used) > 60_000)
    await store.touchKey(row.key_id, now.toISOString());
}

function callerOf(row: KeyOwner, scopes: string[] | null, token: boolean): Caller {
  const { id, name, plan, created_at } = row;
  return {
    account: { id, name, plan, created_at },
    keyId: row.key_id,
    keyPrefix: row.key_prefix,
    scopes,
    keyExpiresAt: row.key_expires_at,
    token,
  };
}

/** Past `expiresAt` (to the millisecond stored; an expiry given in whole seconds is exact to the second). */
function expired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && now.getTime() >= Date.parse(expiresAt);
}

/**
 * The caller behind a key or a browser token, or why it is refused. Looked up by hash, so no
 * timing leak on the secret itself. `origin` is the request's Origin header (tokens bound to one).
 */
export async function authenticate(
  store: Store,
  secret: string,
  origin?: string,
  now = new Date(),
): Promise<Caller | Refusal> {
  const iso = now.toISOString();
  if (secret.startsWith(TOKEN_PREFIX)) {
    const row = await store.tokenOwner(hashKey(secret), iso);
    if (!row) return 'unknown';
    if (expired(row.key_expires_at, now) || expired(row.token_expires_at, now)) return 'expired';
    if (row.token_origin !== null && row.token_origin !== origin) return 'origin';
    // Counted only once everything else passed: a request from the wrong origin does not use the token up.
    if (!(await store.useToken(row.token_id))) return 'used_up';
    await touch(store, row, now);
    return callerOf(row, parseScopes(row.token_scopes), true);
  }
  const row = await store.keyOwner(hashKey(secret), iso);
  if (!row) return 'unknown';
  if (expired(row.key_expires_at, now)) return 'expired';
  await touch(store, row, now);
  return callerOf(row, parseScopes(row.key_scopes), false);
}

/** Browser tokens: "pdf_tok_" + base62 of 32 random bytes, stored by hash like keys. */
export const TOKEN_PREFIX = 'pdf_tok_';

/** Mints a browser token for `caller`'s key; its scopes and expiry already narrowed by the caller. */
export async function mintToken(
  store: Store,
  caller: Caller,
  options: { scopes: string[] | null; expiresAt: string; maxUses: number | null; origin: string | null },
): Promise<string> {
  const token = TOKEN_PREFIX + base62(crypto.randomBytes(32));
  await store.insertToken({
    key_id: caller.keyId,
    hash: hashKey(token),
    scopes: options.scopes ? JSON.stringify(options.scopes) : null,
    origin: options.origin,
    expires_at: options.expiresAt,
    max_uses: options.maxUses,
    created_at: new Date().toISOString(),
  });
  return token;
}

/** A key as the admin API and `keys list --json` show it: never the key or its hash. */
export function keyView(k: KeyListing): Record<string, unknown> {
  return {
    prefix: k.prefix,
    last4: k.last4,
    account: k.account,
    name: k.name,
    scopes: parseScopes(k.scopes),
    created_at: k.created_at,
    expires_at: k.expires_at,
    last_used_at: k.last_used_at,
    revoked_at: k.revoked_at,
    rotated_to: k.rotated_to,
  };
}
