import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeRuns } from '../../src/tools/run.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';
import { encryptionOf, pageCountOf, textOf } from '../helpers/pdf.js';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(() => server.close());

describe('POST /v1/pdf/protect', () => {
  it('encrypts with AES-256 by default; the user password opens it, the owner password too', async () => {
    const res = await server.post(
      'protect',
      form({
        file: await filePart(corpus('tracemonkey.pdf')),
        user_password: 'ü-secret 1',
        owner_password: 'owner-pw',
      }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('tracemonkey-protected.pdf');
    const out = await saveBody(res);
    const info = encryptionOf(out, 'ü-secret 1');
    expect(info).toContain('R = 6');
    expect(info).toContain('print high resolution: allowed');
    expect(res.headers.get('x-ignored-options')).toBeNull();
    expect(pageCountOf(out, 'owner-pw')).toBe(14);
    expect(() => pageCountOf(out)).toThrow();
  });

  it('AES-128 and permissions turned off', async () => {
    const res = await server.post(
      'protect',
      form({
        file: await filePart(corpus('trivial.pdf')),
        owner_password: 'o',
        encryption: 'aes-128',
        allow_print: 'false',
        allow_copy: 'false',
        allow_modify: 'false',
        allow_annotate: 'false',
        allow_fill_forms: 'false',
        allow_assemble: 'false',
        allow_accessibility: 'false',
      }),
      key,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ignored-options')).toBe('allow_accessibility');
    const out = await saveBody(res);
    // Owner-only: opens without a password, restrictions in force.
    const info = encryptionOf(out);
    expect(info).toContain('R = 4');
    expect(info).toMatch(/stream encryption method: AESv2/);
    for (const line of [
      'print low resolution: not allowed',
      'print high resolution: not allowed',
      'modify other: not allowed',
      'modify annotations: not allowed',
      'modify forms: not allowed',
      'modify document assembly: not allowed',
      'extract for any purpose: not allowed',
    ]) {
      expect(info).toContain(line);
    }
  });

  it('sets a random owner password when only a user password is given', async () => {
    const res = await server.post(
      'protect',
      form({ file: await filePart(corpus('trivial.pdf')), user_password: 'u' }),
      key,
    );
    expect(res.status).toBe(200);
    const out = await saveBody(res);
    expect(encryptionOf(out, 'u')).toContain('R = 6');
  });

  it('needs a user or owner password', async () => {
    const res = await server.post('protect', form({ file: await filePart(corpus('trivial.pdf')) }), key);
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe('user_password');
    const bad = await server.post(
      'protect',
      form({ file: await filePart(corpus('trivial.pdf')), user_password: 'x', encryption: 'rc4' }),
      key,
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toContain('aes-256, aes-128');
  });

  it('never puts a password on a child command line', async () => {
    const seen: string[][] = [];
    const stop = observeRuns((file, args) => seen.push([file, ...args]));
    const cmdlines: string[] = [];
    let polling = true;
    // Independently, read /proc/<pid>/cmdline of this process's children while requests run.
    const poller = (async () => {
      while (polling) {
        for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
          try {
            const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
            const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            if (ppid === process.pid) cmdlines.push(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
          } catch {
            // the process ended meanwhile
          }
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    try {
      const file = await filePart(corpus('tracemonkey.pdf'));
      for (let i = 0; i < 3; i++) {
        const res = await server.post(
          'protect',
          form({ file, user_password: 'TopSecretUser', owner_password: 'TopSecretOwner' }),
          key,
        );
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      const enc = await filePart(corpus('encrypted-aes256-user-view-owner-master.pdf'));
      const unlocked = await server.post('unlock', form({ file: enc, password: 'master' }), key);
      expect(unlocked.status).toBe(200);
      const split = await server.post('split', form({ file: enc, password: 'view', ranges: '1-2' }), key);
      expect(split.status).toBe(200);
    } finally {
      polling = false;
      await poller;
      stop();
    }
    expect(seen.length).toBeGreaterThanOrEqual(8);
    expect(cmdlines.length).toBeGreaterThan(0);
    for (const text of [...seen.map((a) => a.join(' ')), ...cmdlines]) {
      for (const secret of ['TopSecretUser', 'TopSecretOwner', 'master', 'view']) expect(text).not.toContain(secret);
    }
  });
});

describe('POST /v1/pdf/unlock', () => {
  it('removes a user password given the user or the owner password', async () => {
    for (const password of ['view', 'master']) {
      const res = await server.post(
        'unlock',
        form({ file: await filePart(corpus('encrypted-aes256-user-view-owner-master.pdf')), password }),
        key,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('encrypted-aes256-user-view-owner-master-unlocked.pdf');
      const out = await saveBody(res);
      expect(encryptionOf(out)).toContain('File is not encrypted');
    }
  });

  it('unlocks an owner-only file without a password', async () => {
    const res = await server.post(
      'unlock',
      form({ file: await filePart(corpus('encrypted-aes256-owner-only.pdf')) }),
      key,
    );
    expect(res.status).toBe(200);
    expect(encryptionOf(await saveBody(res))).toContain('File is not encrypted');
  });

  it('returns an unencrypted input unchanged', async () => {
    const res = await server.post('unlock', form({ file: await filePart(corpus('tracemonkey.pdf')) }), key);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(corpus('tracemonkey.pdf')))).toBe(true);
  });

  it('422 password_required without, incorrect_password with a wrong one', async () => {
    const file = await filePart(corpus('encrypted-rc4-20-pages-user-user.pdf'));
    const missing = await server.post('unlock', form({ file }), key);
    expect(missing.status).toBe(422);
    expect((await missing.json()).code).toBe('password_required');
    const wrong = await server.post('unlock', form({ file, password: 'guess' }), key);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).code).toBe('incorrect_password');
    const right = await server.post('unlock', form({ file, password: 'user' }), key);
    expect(right.status).toBe(200);
    const out = await saveBody(right);
    expect(pageCountOf(out)).toBe(20);
    expect(textOf(out).length).toBeGreaterThan(0);
  });
});
