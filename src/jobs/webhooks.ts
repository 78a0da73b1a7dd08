// Job webhooks (docs/api.md §6, Standard Webhooks): the callback URL is checked
// when the job is submitted, deliveries are rows in the store (so retries survive
// a restart, and a lease gives each attempt to exactly one replica; the queue is
// jobs/delivery-queue.ts), and every connection re-checks the address it actually
// dials, so a DNS answer that changes after the check (rebinding) cannot reach a
// private network. No redirects are followed.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Config } from '../config.js';
import { isAllowedAddress, mayConnect } from '../core/address-rules.js';
import { InvalidRequestError } from '../core/errors.js';
import { ADDRESS_REFUSED, addressesOf, checkedLookup, hostOf, literalAllowed } from '../core/one-lookup.js';
import { webhookSecret } from '../store/accounts.js';
import type { DeliveryRow, NewDelivery, Store } from '../store/types.js';
import { jobView, type JobRow } from './store.js';

/** Delay before attempt n+1 after attempt n failed: 6 attempts over about 1 h 50 min. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 15 * 60_000, 90 * 60_000];

/** Re-exported: the address rules live in core/address-rules.ts. */
export { isForbiddenAddress } from '../core/address-rules.js';

/** Where webhooks may connect: the one address policy (core/address-rules.ts) under WEBHOOK_ALLOW_PRIVATE. */
function webhookAllows(config: Config, plainHttp: boolean) {
  return (address: string) => mayConnect('webhook', config.WEBHOOK_ALLOW_PRIVATE, address, plainHttp);
}

/**
 * Checks a callback URL at submit time (400 invalid_request, field callback_url):
 * https, or http to a loopback address when WEBHOOK_ALLOW_PRIVATE; every address
 * the name resolves to must pass the address rules (public unicast; loopback and
 * private ranges too when WEBHOOK_ALLOW_PRIVATE; link-local, metadata, 0.0.0.0,
 * multicast and reserved never).
 */
export async function validateCallbackUrl(raw: string, config: Config): Promise<string> {
  const bad = (why: string) => new InvalidRequestError(`callback_url: ${why}`, 'callback_url');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad('must be an absolute URL.');
  }
  if (raw.length > 2048) throw bad('must be at most 2048 characters.');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('must be an https URL.');
  if (url.username || url.password) throw bad('must not contain credentials.');
  let addresses: string[];
  try {
    addresses = await addressesOf(url);
  } catch {
    throw bad(`the host name "${hostOf(url)}" does not resolve.`);
  }
  if (addresses.some((address) => !isAllowedAddress(address, config.WEBHOOK_ALLOW_PRIVATE))) {
    throw bad(
      config.WEBHOOK_ALLOW_PRIVATE
        ? 'resolves to a link-local, metadata, unspecified, multicast or reserved address; webhooks never go there.'
        : 'resolves to a private, loopback, link-local or reserved address; webhooks are only sent to public addresses.',
    );
  }
  if (url.protocol === 'http:' && !addresses.every(webhookAllows(config, true))) {
    throw bad('must be an https URL (plain http is accepted only to loopback, when WEBHOOK_ALLOW_PRIVATE is set).');
  }
  return url.toString();
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the bytes after "whsec_". */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The completion message of a finished job that has a callback URL (queued in the transaction that ends the job). */
export function deliveryFor(job: JobRow, now = new Date()): NewDelivery | undefined {
  if (!job.callback_url || (job.status !== 'succeeded' && job.status !== 'failed')) return undefined;
  const body = JSON.stringify({ type: `job.${job.status}`, timestamp: now.toISOString(), data: jobView(job) });
  return {
    id: `msg_${crypto.randomBytes(16).toString('base64url')}`,
    job_id: job.id,
    account_id: job.account_id,
    url: job.callback_url,
    body,
    next_attempt_at: now.getTime(),
    created_at: now.toISOString(),
  };
}

/** What one attempt came to. */
export interface Attempt {
  ok: boolean;
  retry: boolean;
  error?: string;
}

/** One POST; never follows redirects; the whole exchange is bounded by WEBHOOK_TIMEOUT. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  config: Config,
): Promise<Attempt> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, retry: false, error: 'invalid URL' });
    }
    const allows = webhookAllows(config, target.protocol === 'http:');
    if (!literalAllowed(target, allows))
      return resolve({ ok: false, retry: false, error: `refused to connect to ${hostOf(target)}` });
    const client = target.protocol === 'https:' ? https : http;
    const signal = AbortSignal.timeout(config.WEBHOOK_TIMEOUT);
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'pdf-service-webhooks/1',
        },
        lookup: checkedLookup(allows),
        signal,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () => {
          if (status >= 200 && status < 300) resolve({ ok: true, retry: false });
          else resolve({ ok: false, retry: status === 429 || status >= 500, error: `HTTP ${status}` });
        });
        res.on('error', () => resolve({ ok: false, retry: true, error: 'response aborted' }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const forbidden = error.code === ADDRESS_REFUSED;
      resolve({
        ok: false,
        retry: !forbidden,
        error: signal.aborted ? `timed out after ${config.WEBHOOK_TIMEOUT} ms` : (error.code ?? error.message),
      });
    });
    req.end(body);
  });
}

/** One attempt of a webhook delivery: signed with the account's current secret, POSTed once. */
export async function sendWebhook(
  delivery: DeliveryRow,
  store: Store,
  dataKey: Buffer,
  config: Config,
): Promise<Attempt> {
  const secret = await webhookSecret(store, dataKey, delivery.account_id);
  if (!secret) return { ok: false, retry: false, error: 'the account has no webhook secret' };
  const timestamp = Math.floor(Date.now() / 1000);
  return postWebhook(
    delivery.url,
    {
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, delivery.id, timestamp, delivery.body),
    },
    delivery.body,
    config,
  );
}

/** Forgets deliveries that ended long ago. */
export function pruneDeliveries(store: Store, before: Date): Promise<void> {
  return store.pruneDeliveries(before);
}
