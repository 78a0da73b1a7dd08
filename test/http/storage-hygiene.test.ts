// Storage hygiene : the SQLite files are private (0600) and
// the data key can live outside DATA_DIR (DATA_KEY_FILE).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataKey } from '../../src/core/sealing.js';
import { openDatabase } from '../../src/store/db.js';
import { download, waitForJob } from '../helpers/jobs.js';
import { corpus, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

let secrets: string;
let keyFile: string;
let server: TestServer;
beforeAll(async () => {
  secrets = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-secrets-'));
  keyFile = path.join(secrets, 'data.key');
  fs.writeFileSync(keyFile, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o400 });
  server = await startTestServer({ DATA_KEY_FILE: keyFile });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(secrets, { recursive: true, force: true });
});

describe('DATA_KEY_FILE', () => {
  it('jobs are sealed with the key from the file; no key is written into DATA_DIR', async () => {
    const key = server.newKey();
    const res = await server.post('unlock', form({ file: await filePart(corpus('trivial.pdf')), async: 'true' }), key);
    expect(res.status).toBe(202);
    const job = await waitForJob(server.url, ((await res.json()) as { id: string }).id, key);
    expect(job.status).toBe('succeeded');
    const result = Buffer.from(await (await download(server.url, job.id, key)).arrayBuffer());
    expect(result.subarray(0, 5).toString()).toBe('%PDF-');
    expect(fs.existsSync(path.join(server.dataDir, 'data.key'))).toBe(false);
    expect(loadDataKey(undefined, server.dataDir, keyFile)).toEqual(
      Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64'),
    );
  });

  it('refuses a missing or malformed key file, and DATA_KEY together with DATA_KEY_FILE', () => {
    expect(() => loadDataKey(undefined, secrets, path.join(secrets, 'absent.key'))).toThrow(
      /DATA_KEY_FILE: cannot read .*absent\.key \(ENOENT\)/,
    );
    const short = path.join(secrets, 'short.key');
    fs.writeFileSync(short, Buffer.alloc(16).toString('base64'));
    expect(() => loadDataKey(undefined, secrets, short)).toThrow(/exactly 32 bytes/);
    expect(() => loadDataKey(crypto.randomBytes(32).toString('base64'), secrets, keyFile)).toThrow(/not both/);
  });
});

describe('SQLite files', () => {
  it('the database and its -wal and -shm files are 0600', () => {
    const db = path.join(server.dataDir, 'pdf-service.db');
    for (const file of [db, `${db}-wal`, `${db}-shm`]) expect(mode(file), file).toBe(0o600);
  });

  it('an existing 0644 database is made private when opened', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-db-'));
    try {
      openDatabase(dir).close();
      const file = path.join(dir, 'pdf-service.db');
      fs.chmodSync(file, 0o644);
      const db = openDatabase(dir);
      db.prepare('SELECT 1').get();
      expect(mode(file)).toBe(0o600);
      for (const extra of [`${file}-wal`, `${file}-shm`])
        if (fs.existsSync(extra)) expect(mode(extra), extra).toBe(0o600);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
