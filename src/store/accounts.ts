// Accounts own keys, a plan and a webhook secret (sealed at rest, secrets.ts).
import crypto from 'node:crypto';
import type { Plan } from './plans.js';
import { openSecret, sealSecret } from './secrets.js';
import type { Account, Store } from './types.js';

export type { Account } from './types.js';

export function findAccountByName(store: Store, name: string): Promise<Account | undefined> {
  return store.findAccountByName(name);
}

export function findAccountById(store: Store, id: number): Promise<Account | undefined> {
  return store.findAccountById(id);
}

/** Returns the account, creating it with `plan` (and a sealed webhook secret) if it does not exist. */
export function ensureAccount(store: Store, dataKey: Buffer, name: string, plan: Plan): Promise<Account> {
  return store.ensureAccount(name, plan, sealSecret(dataKey, newWebhookSecret()), new Date().toISOString());
}

export function setPlan(store: Store, name: string, plan: Plan): Promise<boolean> {
  return store.setPlan(name, plan);
}

/** Standard Webhooks secret: "whsec_" + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/** The account's webhook secret in clear (for signing and for the CLI), or undefined. */
export async function webhookSecret(store: Store, dataKey: Buffer, accountId: number): Promise<string | undefined> {
  const stored = await store.sealedWebhookSecret(accountId);
  return stored ? openSecret(dataKey, stored) : undefined;
}

/** Replaces an account's webhook secret; returns the new one, or undefined if there is no such account. */
export async function rotateWebhookSecret(store: Store, dataKey: Buffer, name: string): Promise<string | undefined> {
  const secret = newWebhookSecret();
  return (await store.setSealedWebhookSecret(name, sealSecret(dataKey, secret))) ? secret : undefined;
}
