// The logger masks secrets that reach it by mistake (defence in depth), without
// pino's cloning redact: what was masked before is masked now.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/server.js';

function capture(): { log: ReturnType<typeof createLogger>; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    log: createLogger(loadConfig({ LOG_LEVEL: 'info' }), sink),
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
  };
}

describe('log secrets', () => {
  it("masks key, req.headers.authorization and secret keys one level down; leaves the rest and the caller's objects alone", async () => {
    const { log, lines } = capture();
    const req = {
      method: 'POST',
      headers: { authorization: 'Bearer sk_live_1', 'content-type': 'multipart/form-data' },
    };
    const fields = { password: 'hunter2', user_password: 'u', owner_password: 'o', pages: '1-3' };
    const err = Object.assign(new Error('boom'), { authorization: 'Bearer sk_live_2' });
    log.info(
      {
        key: 'sk_live_3',
        req,
        fields,
        err,
        plain: 'password',
        nested: { deeper: { password: 'kept: two levels down, as before' } },
      },
      'request',
    );
    log.child({ key: 'sk_live_4', request_id: 'r1' }).info({ status: 200 }, 'done');
    await new Promise((resolve) => setImmediate(resolve));
    const [first, second] = lines();
    const text = JSON.stringify(first) + JSON.stringify(second);
    for (const secret of ['sk_live_1', 'sk_live_2', 'sk_live_3', 'sk_live_4', 'hunter2'])
      expect(text).not.toContain(secret);
    expect(first.key).toBe('[redacted]');
    expect(first.req).toEqual({
      method: 'POST',
      headers: { authorization: '[redacted]', 'content-type': 'multipart/form-data' },
    });
    expect(first.fields).toEqual({
      password: '[redacted]',
      user_password: '[redacted]',
      owner_password: '[redacted]',
      pages: '1-3',
    });
    expect((first.err as { message: string }).message).toBe('boom');
    expect((first.err as { authorization: string }).authorization).toBe('[redacted]');
    expect(first.plain).toBe('password');
    expect(first.msg).toBe('request');
    expect(second.key).toBe('[redacted]');
    expect(second.request_id).toBe('r1');
    expect(second.status).toBe(200);
    // The logged objects themselves are untouched.
    expect(req.headers.authorization).toBe('Bearer sk_live_1');
    expect(fields.password).toBe('hunter2');
  });
});
