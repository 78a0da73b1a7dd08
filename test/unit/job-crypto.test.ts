// Chunked AES-256-GCM of job files, and the webhook address rules.
import crypto from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, decryptStream, encryptStream, openValue, sealedSize, sealValue } from '../../src/core/sealing.js';
import { newJobId } from '../../src/jobs/store.js';
import { isForbiddenAddress, signWebhook } from '../../src/jobs/webhooks.js';

const key = crypto.randomBytes(32);

async function through(stream: NodeJS.ReadWriteStream, input: Buffer, pieces = 7): Promise<Buffer> {
  const out: Buffer[] = [];
  const size = Math.max(1, Math.ceil(input.length / pieces));
  const chunks =
    input.length === 0
      ? []
      : Array.from({ length: Math.ceil(input.length / size) }, (_, i) => input.subarray(i * size, (i + 1) * size));
  await pipeline(
    Readable.from(chunks),
    stream,
    new Writable({
      write(chunk: Buffer, _e, cb) {
        out.push(chunk);
        cb();
      },
    }),
  );
  return Buffer.concat(out);
}

describe('encryptStream / decryptStream', () => {
  for (const size of [0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES, 5 * CHUNK_BYTES + 123]) {
    it(`round-trips ${size} bytes, with the size sealedSize predicts`, async () => {
      const plain = crypto.randomBytes(size);
      const sealed = await through(encryptStream(key), plain);
      expect(sealed.length).toBe(sealedSize(size));
      expect((await through(decryptStream(key), sealed, 3)).equals(plain)).toBe(true);
    });
  }

  it('never writes the plaintext and differs for the same input', async () => {
    const plain = Buffer.from('%PDF-1.7 '.repeat(20000));
    const a = await through(encryptStream(key), plain);
    const b = await through(encryptStream(key), plain);
    expect(a.includes(Buffer.from('%PDF'))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  const sealedOf = (chunks: number) => through(encryptStream(key), crypto.randomBytes(chunks * CHUNK_BYTES + 10));
  const sealedChunk = CHUNK_BYTES + 16;
  const header = 28;

  it('detects a flipped bit, a wrong key, truncation at a chunk boundary, a dropped and a swapped chunk', async () => {
    const sealed = await sealedOf(3);
    const flipped = Buffer.from(sealed);
    flipped[header + 100] ^= 1;
    await expect(through(decryptStream(key), flipped)).rejects.toThrow(/authentication/);
    await expect(through(decryptStream(crypto.randomBytes(32)), sealed)).rejects.toThrow(/authentication/);
    // Cut after two whole chunks: the last one left was not sealed as final.
    await expect(through(decryptStream(key), sealed.subarray(0, header + 2 * sealedChunk))).rejects.toThrow(
      /authentication/,
    );
    const dropped = Buffer.concat([sealed.subarray(0, header), sealed.subarray(header + sealedChunk)]);
    await expect(through(decryptStream(key), dropped)).rejects.toThrow(/authentication/);
    const swapped = Buffer.concat([
      sealed.subarray(0, header),
      sealed.subarray(header + sealedChunk, header + 2 * sealedChunk),
      sealed.subarray(header, header + sealedChunk),
      sealed.subarray(header + 2 * sealedChunk),
    ]);
    await expect(through(decryptStream(key), swapped)).rejects.toThrow(/authentication/);
    await expect(
      through(decryptStream(key), Buffer.from('%PDF-1.4 not encrypted at all, long enough to hold a header')),
    ).rejects.toThrow();
  });

  it('seals small values bound to their context', () => {
    const sealed = sealValue(key, Buffer.from('{"password":"x"}'), 'job_a');
    expect(openValue(key, sealed, 'job_a').toString()).toBe('{"password":"x"}');
    expect(() => openValue(key, sealed, 'job_b')).toThrow();
  });
});

describe('job ids', () => {
  it('are job_ + 22 base62 characters and do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, newJobId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^job_[0-9A-Za-z]{22}$/);
  });
});

describe('webhook addresses and signatures', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, ULA and mapped forms; allows public', () => {
    for (const bad of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
    ]) {
      expect(isForbiddenAddress(bad), bad).toBe(true);
    }
    for (const good of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isForbiddenAddress(good), good).toBe(false);
  });

  it('signs "id.timestamp.body" with HMAC-SHA256 of the decoded secret', () => {
    const secret = `whsec_${Buffer.from('test-secret-bytes-0123456789abcd').toString('base64')}`;
    const expected = crypto
      .createHmac('sha256', Buffer.from('test-secret-bytes-0123456789abcd'))
      .update('msg_1.1700000000.{"a":1}')
      .digest('base64');
    expect(signWebhook(secret, 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
  });
});
