// Webhook secrets at rest: sealed with the data key
// (AES-256-GCM, core/sealing.ts), so a copy of the database alone cannot forge
// webhook signatures. Stored as "sealed:v1:" + base64; a secret written before
// sealing existed ("whsec_…" in clear) is sealed in place when the store opens.
import { openValue, sealValue } from '../core/sealing.js';

const PREFIX = 'sealed:v1:';
/** Binds the ciphertext to its purpose: a sealed job field cannot be passed off as a secret. */
const CONTEXT = 'pdf-service webhook secret';

/** Seals a webhook secret for storage. */
export function sealSecret(dataKey: Buffer, secret: string): string {
  return PREFIX + sealValue(dataKey, Buffer.from(secret, 'utf8'), CONTEXT).toString('base64');
}

/** The plain secret of a stored value (legacy plain values pass through). */
export function openSecret(dataKey: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  return openValue(dataKey, Buffer.from(stored.slice(PREFIX.length), 'base64'), CONTEXT).toString('utf8');
}
