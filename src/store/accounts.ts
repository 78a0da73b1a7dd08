// Accounts own keys, a plan and a webhook secret.
import crypto from 'node:crypto';
import type { Db } from './db.js';
import type { Plan } from './plans.js';

export interface Account {
  id: number;
  name: string;
  plan: Plan;
  webhook_secret: string | null;
  created_at: string;
}

export function findAccountByName(db: Db, name: string): Account | undefined {
  return db.prepare('SELECT * FROM accounts WHERE name = ?').get(name) as Account | undefined;
}

export function findAccountById(db: Db, id: number): Account | undefined {
  return db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as Account | undefined;
}

/** Returns the account, creating it with `plan` if it does not exist. */
export function ensureAccount(db: Db, name: string, plan: Plan): Account {
  db.prepare('INSERT INTO accounts (name, plan, webhook_secret, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO NOTHING').run(
    name,
    plan,
    newWebhookSecret(),
    new Date().toISOString(),
  );
  return findAccountByName(db, name)!;
}

export function setPlan(db: Db, name: string, plan: Plan): boolean {
  return db.prepare('UPDATE accounts SET plan = ? WHERE name = ?').run(plan, name).changes === 1;
}

/** Standard Webhooks secret: "whsec_" + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

export function rotateWebhookSecret(db: Db, name: string): string | undefined {
  const secret = newWebhookSecret();
  const changed = db.prepare('UPDATE accounts SET webhook_secret = ? WHERE name = ?').run(secret, name).changes;
  return changed === 1 ? secret : undefined;
}
