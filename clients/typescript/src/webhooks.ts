// Standard Webhooks signature checking (https://www.standardwebhooks.com/):
// HMAC-SHA256 over "id.timestamp.body" with the secret's bytes (whsec_ +
// base64), any of the space-separated v1 signatures may match, compared in
// constant time, timestamps outside the tolerance refused (replays).

export class WebhookVerificationError extends Error {}

function header(headers: Headers | Record<string, string | string[] | undefined>, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function base64ToBytes(value: string): Uint8Array {
  const binary = atob(value);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/**
 * Verifies a webhook the service sent; returns the parsed event. Throws
 * WebhookVerificationError when a header is missing, the timestamp is more than
 * `toleranceSeconds` (default 300) away from now, or no signature matches.
 * `body` must be the raw request body, exactly as received.
 */
export async function verifyWebhook<T = unknown>(
  headers: Headers | Record<string, string | string[] | undefined>,
  body: string | Uint8Array,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<T> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('webhook-timestamp is not a number');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError('webhook-timestamp outside the tolerance');
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const key = await crypto.subtle.importKey(
    'raw',
    base64ToBytes(secret.replace(/^whsec_/, '')) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${text}`)),
  );
  for (const candidate of signatures.split(' ')) {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) continue;
    let bytes: Uint8Array;
    try {
      bytes = base64ToBytes(value);
    } catch {
      continue;
    }
    if (timingSafeEqual(bytes, expected)) return JSON.parse(text) as T;
  }
  throw new WebhookVerificationError('no signature matches');
}
