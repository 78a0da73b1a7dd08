// Opens the SQLite database in DATA_DIR (WAL, so several processes can share
// it) and applies migrations in order. Each migration runs once, recorded in
// PRAGMA user_version.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const migrations: string[] = [
  `CREATE TABLE accounts (
     id INTEGER PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
     webhook_secret TEXT,
     created_at TEXT NOT NULL
   );
   CREATE TABLE api_keys (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     hash BLOB NOT NULL UNIQUE,
     prefix TEXT NOT NULL UNIQUE,
     last4 TEXT NOT NULL,
     created_at TEXT NOT NULL,
     last_used_at TEXT,
     revoked_at TEXT
   );
   CREATE TABLE daily_usage (
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     day TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (account_id, day)
   ) WITHOUT ROWID;`,
  // Asynchronous jobs (src/jobs): the durable queue, and webhook deliveries that survive restarts.
  `CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     operation TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'canceled')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     started_at TEXT,
     finished_at TEXT,
     fields BLOB NOT NULL,
     inputs TEXT NOT NULL,
     stored_bytes INTEGER NOT NULL,
     charge_day TEXT NOT NULL,
     request_id TEXT,
     callback_url TEXT,
     worker_id TEXT,
     lease_until INTEGER,
     result_file TEXT,
     result_filename TEXT,
     result_type TEXT,
     result_size INTEGER,
     result_stored_bytes INTEGER,
     result_headers TEXT,
     expires_at TEXT,
     error TEXT
   );
   CREATE INDEX jobs_queue ON jobs (status, created_at);
   CREATE INDEX jobs_account ON jobs (account_id);
   CREATE TABLE webhook_deliveries (
     id TEXT PRIMARY KEY,
     job_id TEXT NOT NULL,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     url TEXT NOT NULL,
     body TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     worker_id TEXT,
     lease_until INTEGER,
     last_error TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX webhook_due ON webhook_deliveries (status, next_attempt_at);`,
  // Keys for operators and browsers (docs/api.md §2b): named, scoped, expiring and rotated keys,
  // browser tokens (hashed like keys), and the allowance counter split by operation for usage reports.
  `ALTER TABLE api_keys ADD COLUMN name TEXT;
   ALTER TABLE api_keys ADD COLUMN scopes TEXT;
   ALTER TABLE api_keys ADD COLUMN expires_at TEXT;
   ALTER TABLE api_keys ADD COLUMN rotated_to TEXT;
   CREATE INDEX api_keys_account ON api_keys (account_id);
   CREATE TABLE operation_usage (
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     day TEXT NOT NULL,
     operation TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (account_id, day, operation)
   ) WITHOUT ROWID;
   CREATE TABLE browser_tokens (
     id INTEGER PRIMARY KEY,
     key_id INTEGER NOT NULL REFERENCES api_keys(id),
     hash BLOB NOT NULL UNIQUE,
     scopes TEXT,
     origin TEXT,
     expires_at TEXT NOT NULL,
     max_uses INTEGER,
     uses INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );`,
  // Pipelines and idempotent submissions (docs/api.md, "Pipelines"): a job charged one request per
  // step refunds as many; a submission's Idempotency-Key and request digest, unique per account;
  // where a result delivered to the client's result_url went.
  `ALTER TABLE jobs ADD COLUMN charge_count INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE jobs ADD COLUMN idempotency_key TEXT;
   ALTER TABLE jobs ADD COLUMN request_digest TEXT;
   ALTER TABLE jobs ADD COLUMN result_delivered_to TEXT;
   CREATE UNIQUE INDEX jobs_idempotency ON jobs (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;`,
  // Result delivery off the workers (docs/api.md §6, "Delivering the result"): a job's stored result
  // waits in the queue the webhooks use (kind 'result'); the job shows how its delivery stands.
  `ALTER TABLE jobs ADD COLUMN delivery_status TEXT CHECK (delivery_status IN ('pending', 'delivered', 'failed'));
   ALTER TABLE jobs ADD COLUMN delivery_attempts INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE webhook_deliveries ADD COLUMN kind TEXT NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'result'));`,
];

/**
 * The database and its -wal/-shm files are private (0600): SQLite creates a
 * new database 0644 and gives -wal/-shm the database file's mode, so the file
 * is made 0600 before SQLite first opens it, and older ones are tightened.
 */
function makePrivate(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(name, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Opens (creating if needed) `DATA_DIR/pdf-service.db` and migrates it. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'pdf-service.db');
  makePrivate(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Another process may hold the write lock for a moment; wait rather than fail.
  db.pragma('busy_timeout = 10000');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const apply = db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    for (let i = version; i < migrations.length; i++) {
      db.exec(migrations[i]);
    }
    if (version < migrations.length) db.pragma(`user_version = ${migrations.length}`);
  });
  // IMMEDIATE: two processes starting together must not both migrate.
  apply.immediate();
}

/** Lets later modules (jobs) register their migrations before the first open. */
export function addMigration(sql: string): void {
  migrations.push(sql);
}
