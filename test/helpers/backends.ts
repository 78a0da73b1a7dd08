// The two store backends for parametrized suites: describe.each(BACKENDS)
// runs the same tests on SQLite (a temp DATA_DIR) and on PostgreSQL (a private
// cluster per test file, a fresh database per suite).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/types.js';
import { startPostgres, type PgCluster } from './postgres.js';

export const BACKENDS = ['sqlite', 'postgres'] as const;
export type Backend = (typeof BACKENDS)[number];

let cluster: Promise<PgCluster> | undefined;

/** The file's PostgreSQL cluster, started on first use. */
export function postgresCluster(): Promise<PgCluster> {
  cluster ??= startPostgres();
  return cluster;
}

/** Stops the file's cluster if one was started (call in afterAll). */
export async function stopPostgresCluster(): Promise<void> {
  const started = cluster;
  cluster = undefined;
  if (started) (await started.catch(() => undefined))?.destroy();
}

/** A fresh, empty database of `backend`: `open()` gives independent connections to it (as separate processes would have). */
export interface TestDatabase {
  backend: Backend;
  dataKey: Buffer;
  /** DATA_DIR for SQLite; DATABASE_URL is set for PostgreSQL. */
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  open: () => Promise<Store>;
  /** Closes every store opened and deletes the data. */
  close: () => Promise<void>;
}

export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pdf-store-${backend}-`));
  const databaseUrl = backend === 'postgres' ? await (await postgresCluster()).createDatabase() : undefined;
  const opened: Store[] = [];
  const dataKey = crypto.randomBytes(32);
  return {
    backend,
    dataKey,
    dataDir,
    databaseUrl,
    env: {
      DATA_DIR: dataDir,
      DATA_KEY: dataKey.toString('base64'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    open: async () => {
      const store = databaseUrl ? await PgStore.open(databaseUrl) : new SqliteStore(dataDir);
      opened.push(store);
      return store;
    },
    close: async () => {
      for (const store of opened) await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Settings that put a test server on `backend`: a fresh PostgreSQL database of the file's cluster, or nothing (SQLite). */
export async function backendEnv(backend: Backend): Promise<Record<string, string>> {
  return backend === 'postgres' ? { DATABASE_URL: await (await postgresCluster()).createDatabase() } : {};
}

/** Runs one SQL statement with `?` placeholders on either backend (tests that reach behind the API). */
export async function rawSql(
  store: Store,
  sql: string,
  params: unknown[] = [],
): Promise<Array<Record<string, unknown>>> {
  if (store instanceof SqliteStore) {
    const statement = store.db.prepare(sql);
    if (statement.reader) return statement.all(...params) as Array<Record<string, unknown>>;
    statement.run(...params);
    return [];
  }
  let n = 0;
  return (
    await (store as PgStore).pool.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    )
  ).rows;
}
