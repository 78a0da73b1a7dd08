// The PostgreSQL store (DATABASE_URL=postgres://…): what several hosts share.
// Every decision is one statement or one transaction, so it holds across hosts:
// the allowance is a conditional upsert (INSERT … ON CONFLICT DO UPDATE … WHERE
// count < limit RETURNING), a worker claims a job with FOR UPDATE SKIP LOCKED
// and holds it by a lease it renews, a webhook delivery is leased the same way,
// and ending a job, its refund and its webhook commit together. NOTIFY tells
// every process at once that a job was queued (idle workers start it without
// waiting for their poll) or canceled (its worker kills it without waiting for
// its heartbeat). Tested against PostgreSQL 15 (Debian bookworm).
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { ServerBusyError } from '../core/errors.js';
import type { Plan } from './plans.js';
import { finishValues, refundCount, resultValues } from './job-values.js';
import { KEY_LISTING, KEY_OWNER } from './sqlite.js';
import type {
  Account,
  AccountUsage,
  DeliveryEnd,
  DeliveryFilter,
  DeliveryOutcome,
  DeliveryRow,
  EndEffects,
  Finish,
  JobEvent,
  JobRow,
  KeyListing,
  KeyOwner,
  NewDelivery,
  NewJob,
  NewKey,
  NewToken,
  Store,
  StoredInput,
  TokenOwner,
  UsageCounters,
} from './types.js';
import { IDEMPOTENCY_WINDOW_MS } from './types.js';

/** The NOTIFY channel of job events. */
const CHANNEL = 'pdf_service_jobs';
/** Advisory lock keys: schema migration, and the storage-limit check of inserts. */
const MIGRATE_LOCK = 7_351_001;
const STORAGE_LOCK = 7_351_002;

const migrations: string[] = [
  `CREATE TABLE accounts (
     id SERIAL PRIMARY KEY,
     name TEXT NOT NULL UNIQUE,
     plan TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
     webhook_secret TEXT,
     created_at TEXT NOT NULL
   );
   CREATE TABLE api_keys (
     id SERIAL PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     hash BYTEA NOT NULL UNIQUE,
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
   );
   CREATE TABLE jobs (
     id TEXT PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     operation TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'canceled')),
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL,
     started_at TEXT,
     finished_at TEXT,
     fields BYTEA NOT NULL,
     inputs TEXT NOT NULL,
     stored_bytes BIGINT NOT NULL,
     charge_day TEXT NOT NULL,
     request_id TEXT,
     callback_url TEXT,
     worker_id TEXT,
     lease_until BIGINT,
     result_file TEXT,
     result_filename TEXT,
     result_type TEXT,
     result_size BIGINT,
     result_stored_bytes BIGINT,
     result_headers TEXT,
     expires_at TEXT,
     error TEXT
   );
   CREATE INDEX jobs_queued ON jobs (created_at, id) WHERE status = 'queued';
   CREATE INDEX jobs_running ON jobs (lease_until) WHERE status = 'running';
   CREATE INDEX jobs_results ON jobs (expires_at) WHERE result_file IS NOT NULL;
   CREATE INDEX jobs_account ON jobs (account_id);
   CREATE TABLE webhook_deliveries (
     id TEXT PRIMARY KEY,
     job_id TEXT NOT NULL,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     url TEXT NOT NULL,
     body TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT NOT NULL,
     worker_id TEXT,
     lease_until BIGINT,
     last_error TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX webhook_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';`,
  // Keys for operators and browsers (docs/api.md §2b): as db.ts's third SQLite migration.
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
   );
   CREATE TABLE browser_tokens (
     id SERIAL PRIMARY KEY,
     key_id INTEGER NOT NULL REFERENCES api_keys(id),
     hash BYTEA NOT NULL UNIQUE,
     scopes TEXT,
     origin TEXT,
     expires_at TEXT NOT NULL,
     max_uses INTEGER,
     uses INTEGER NOT NULL DEFAULT 0,
     created_at TEXT NOT NULL
   );`,
  // Pipelines and idempotent submissions: as db.ts's fourth SQLite migration.
  `ALTER TABLE jobs ADD COLUMN charge_count INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE jobs ADD COLUMN idempotency_key TEXT;
   ALTER TABLE jobs ADD COLUMN request_digest TEXT;
   ALTER TABLE jobs ADD COLUMN result_delivered_to TEXT;
   CREATE UNIQUE INDEX jobs_idempotency ON jobs (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL;`,
  // Result delivery off the workers: as db.ts's fifth SQLite migration.
  `ALTER TABLE jobs ADD COLUMN delivery_status TEXT CHECK (delivery_status IN ('pending', 'delivered', 'failed'));
   ALTER TABLE jobs ADD COLUMN delivery_attempts INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE webhook_deliveries ADD COLUMN kind TEXT NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'result'));`,
];

// BIGINT (20) and NUMERIC (1700, what SUM returns) as JS numbers: byte counts and epoch ms stay far below 2^53.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Errors that mean "the database cannot be reached now" (down, restarting, connection cut). */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (
    typeof e?.code === 'string' &&
    (/^(08|57P)/.test(e.code) ||
      ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOENT'].includes(e.code))
  ) {
    return true;
  }
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|not queryable/i.test(
    e?.message ?? '',
  );
}

/** 503 server_busy for an unreachable database (refunded like any overload); other errors unchanged. */
function unavailable(error: unknown): unknown {
  if (!isConnectionError(error)) return error;
  return Object.assign(new ServerBusyError(2, 'The database is unreachable at the moment; retry shortly.'), {
    cause: error,
  });
}

type Queryable = Pick<pg.PoolClient, 'query'>;

/** Prepared-statement names by SQL text. */
const statementNames = new Map<string, string>();

/** PostgreSQL implementation of Store (any number of hosts). */
export class PgStore implements Store {
  readonly kind = 'postgres' as const;
  readonly multiHost = true;
  readonly pool: pg.Pool;
  private readonly events = new EventEmitter();
  private listener?: pg.Client;
  private listening = false;
  private closed = false;
  private reconnectTimer?: NodeJS.Timeout;

  private constructor(
    private readonly url: string,
    poolSize: number,
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      types,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client whose server went away emits here; without a listener that would end the process.
    this.pool.on('error', () => {});
  }

  /** Connects and migrates (concurrent starters are serialized by an advisory lock). */
  static async open(url: string, poolSize = 10): Promise<PgStore> {
    const store = new PgStore(url, poolSize);
    try {
      await store.tx(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK]);
        await c.query('CREATE TABLE IF NOT EXISTS pdf_service_schema (version INTEGER NOT NULL)');
        const { rows } = await c.query<{ version: number }>('SELECT version FROM pdf_service_schema');
        const version = rows[0]?.version ?? 0;
        for (let i = version; i < migrations.length; i++) await c.query(migrations[i]);
        if (rows.length === 0)
          await c.query('INSERT INTO pdf_service_schema (version) VALUES ($1)', [migrations.length]);
        else if (version < migrations.length)
          await c.query('UPDATE pdf_service_schema SET version = $1', [migrations.length]);
      });
    } catch (error) {
      await store.pool.end().catch(() => {});
      throw error;
    }
    return store;
  }

  /** Runs one statement as a named prepared statement: parsed and planned once per connection, not per request. */
  private async q<R extends pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    on: Queryable = this.pool,
  ): Promise<R[]> {
    let name = statementNames.get(sql);
    if (!name) {
      name = `pdf_${crypto.createHash('sha256').update(sql).digest('hex').slice(0, 16)}`;
      statementNames.set(sql, name);
    }
    try {
      return (await on.query<R>({ name, text: sql, values: params })).rows;
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** Runs `fn` in one transaction on one connection. */
  private async tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    let broken: Error | undefined;
    // While checked out, pg-pool no longer listens for the client's 'error': a connection that dies
    // between two queries of this transaction (the database killed or restarted) would be an
    // unhandled 'error' event and end the process. Noted here; the next query fails and says so.
    const onError = (error: Error) => (broken = error);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      if (isConnectionError(error)) broken = error as Error;
      throw unavailable(error);
    } finally {
      // A connection that failed is discarded, not handed to the next caller.
      client.off('error', onError);
      client.release(broken);
    }
  }

  async findAccountByName(name: string): Promise<Account | undefined> {
    return (await this.q<Account>('SELECT id, name, plan, created_at FROM accounts WHERE name = $1', [name]))[0];
  }

  async findAccountById(id: number): Promise<Account | undefined> {
    return (await this.q<Account>('SELECT id, name, plan, created_at FROM accounts WHERE id = $1', [id]))[0];
  }

  async ensureAccount(name: string, plan: Plan, webhookSecret: string, now: string): Promise<Account> {
    await this.q(
      'INSERT INTO accounts (name, plan, webhook_secret, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING',
      [name, plan, webhookSecret, now],
    );
    return (await this.findAccountByName(name))!;
  }

  async setPlan(name: string, plan: Plan): Promise<boolean> {
    return (await this.q('UPDATE accounts SET plan = $1 WHERE name = $2 RETURNING id', [plan, name])).length === 1;
  }

  async sealedWebhookSecret(accountId: number): Promise<string | null | undefined> {
    return (
      await this.q<{ webhook_secret: string | null }>('SELECT webhook_secret FROM accounts WHERE id = $1', [accountId])
    )[0]?.webhook_secret;
  }

  async setSealedWebhookSecret(name: string, sealed: string): Promise<boolean> {
    return (
      (await this.q('UPDATE accounts SET webhook_secret = $1 WHERE name = $2 RETURNING id', [sealed, name])).length ===
      1
    );
  }

  async listAccounts(day: string): Promise<AccountUsage[]> {
    return this.q<AccountUsage>(
      `SELECT a.id, a.name, a.plan, a.created_at, COALESCE(u.count, 0) AS used_today
       FROM accounts a LEFT JOIN daily_usage u ON u.account_id = a.id AND u.day = $1 ORDER BY a.name`,
      [day],
    );
  }

  async insertKey(key: NewKey, on: Queryable = this.pool): Promise<boolean> {
    const rows = await this.q(
      `INSERT INTO api_keys (account_id, hash, prefix, last4, created_at, name, scopes, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
      [
        key.account_id,
        key.hash,
        key.prefix,
        key.last4,
        key.created_at,
        key.name ?? null,
        key.scopes ?? null,
        key.expires_at ?? null,
      ],
      on,
    );
    return rows.length === 1;
  }

  async listKeys(account?: string): Promise<KeyListing[]> {
    return this.q<KeyListing>(`${KEY_LISTING} WHERE ($1::text IS NULL OR a.name = $1) ORDER BY k.id`, [
      account ?? null,
    ]);
  }

  async findKey(prefix: string): Promise<KeyListing | undefined> {
    return (await this.q<KeyListing>(`${KEY_LISTING} WHERE k.prefix = $1`, [prefix]))[0];
  }

  async revokeKey(prefix: string, now: string): Promise<boolean> {
    return (
      (
        await this.q(
          'UPDATE api_keys SET revoked_at = $1 WHERE prefix = $2 AND (revoked_at IS NULL OR revoked_at > $1) RETURNING id',
          [now, prefix],
        )
      ).length === 1
    );
  }

  async rotateKey(prefix: string, successor: NewKey, graceUntil: string): Promise<boolean> {
    return this.tx(async (c) => {
      // FOR UPDATE: two rotations of one key on two hosts cannot both succeed.
      const { rows } = await c.query<{
        id: number;
        account_id: number;
        name: string | null;
        scopes: string | null;
        expires_at: string | null;
      }>(
        'SELECT id, account_id, name, scopes, expires_at FROM api_keys WHERE prefix = $1 AND revoked_at IS NULL FOR UPDATE',
        [prefix],
      );
      const old = rows[0];
      if (!old) return false;
      if (
        !(await this.insertKey(
          { ...successor, account_id: old.account_id, name: old.name, scopes: old.scopes, expires_at: old.expires_at },
          c,
        ))
      )
        return false;
      await c.query('UPDATE api_keys SET revoked_at = $1, rotated_to = $2 WHERE id = $3', [
        graceUntil,
        successor.prefix,
        old.id,
      ]);
      return true;
    });
  }

  async keyOwner(hash: Buffer, now: string): Promise<KeyOwner | undefined> {
    const rows = await this.q<KeyOwner>(
      `${KEY_OWNER} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = $1 AND (k.revoked_at IS NULL OR k.revoked_at > $2)`,
      [hash, now],
    );
    return rows[0];
  }

  async touchKey(keyId: number, now: string): Promise<void> {
    await this.q('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [now, keyId]);
  }

  async insertToken(t: NewToken): Promise<void> {
    await this.q(
      'INSERT INTO browser_tokens (key_id, hash, scopes, origin, expires_at, max_uses, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [t.key_id, t.hash, t.scopes, t.origin, t.expires_at, t.max_uses, t.created_at],
    );
  }

  async tokenOwner(hash: Buffer, now: string): Promise<TokenOwner | undefined> {
    const rows = await this.q<TokenOwner>(
      `${KEY_OWNER}, t.id AS token_id, t.scopes AS token_scopes, t.origin AS token_origin, t.expires_at AS token_expires_at
       FROM browser_tokens t JOIN api_keys k ON k.id = t.key_id JOIN accounts a ON a.id = k.account_id
       WHERE t.hash = $1 AND (k.revoked_at IS NULL OR k.revoked_at > $2)`,
      [hash, now],
    );
    return rows[0];
  }

  async useToken(tokenId: number): Promise<boolean> {
    return (
      (
        await this.q(
          'UPDATE browser_tokens SET uses = uses + 1 WHERE id = $1 AND (max_uses IS NULL OR uses < max_uses) RETURNING id',
          [tokenId],
        )
      ).length === 1
    );
  }

  async charge(accountId: number, day: string, cap: number, operation: string, count = 1): Promise<number | undefined> {
    // The conflicting row is locked and the WHERE re-checked on its newest version: exact under any concurrency.
    // The per-operation count is written by the same statement, only when the charge was admitted.
    const rows = await this.q<{ count: number }>(
      `WITH charged AS (
         INSERT INTO daily_usage AS u (account_id, day, count) SELECT $1, $2, $5::int WHERE $5::bigint <= $3::bigint
         ON CONFLICT (account_id, day) DO UPDATE SET count = u.count + $5::int WHERE u.count + $5::bigint <= $3::bigint
         RETURNING count
       ), split AS (
         INSERT INTO operation_usage AS o (account_id, day, operation, count) SELECT $1, $2, $4, $5::int FROM charged
         ON CONFLICT (account_id, day, operation) DO UPDATE SET count = o.count + $5::int
       )
       SELECT count FROM charged`,
      [accountId, day, cap, operation, count],
    );
    return rows[0]?.count;
  }

  async refund(accountId: number, day: string, operation: string, count = 1, on: Queryable = this.pool): Promise<void> {
    await this.q(
      `WITH total AS (UPDATE daily_usage SET count = GREATEST(count - $4::int, 0) WHERE account_id = $1 AND day = $2 AND count > 0)
       UPDATE operation_usage SET count = GREATEST(count - $4::int, 0) WHERE account_id = $1 AND day = $2 AND operation = $3 AND count > 0`,
      [accountId, day, operation, count],
      on,
    );
  }

  async usedOn(accountId: number, day: string): Promise<number> {
    return (
      (
        await this.q<{ count: number }>('SELECT count FROM daily_usage WHERE account_id = $1 AND day = $2', [
          accountId,
          day,
        ])
      )[0]?.count ?? 0
    );
  }

  async usageBetween(accountId: number, from: string, to: string): Promise<UsageCounters> {
    // One statement, so the totals and the split come from the same snapshot.
    const rows = await this.q<{ day: string; operation: string | null; count: number }>(
      `SELECT day, NULL AS operation, count FROM daily_usage WHERE account_id = $1 AND day BETWEEN $2 AND $3
       UNION ALL
       SELECT day, operation, count FROM operation_usage WHERE account_id = $1 AND day BETWEEN $2 AND $3
       ORDER BY 1, 2 NULLS FIRST`,
      [accountId, from, to],
    );
    return {
      totals: rows.filter((r) => r.operation === null).map((r) => ({ day: r.day, count: r.count })),
      byOperation: rows.filter((r): r is { day: string; operation: string; count: number } => r.operation !== null),
    };
  }

  async storageUsed(on: Queryable = this.pool): Promise<number> {
    const rows = await this.q<{ used: number }>(
      `SELECT COALESCE(SUM(CASE WHEN status IN ('queued', 'running') THEN stored_bytes ELSE 0 END), 0)
            + COALESCE(SUM(CASE WHEN result_file IS NOT NULL THEN result_stored_bytes ELSE 0 END), 0) AS used
       FROM jobs WHERE status IN ('queued', 'running') OR result_file IS NOT NULL`,
      [],
      on,
    );
    return rows[0].used;
  }

  async insertJob(job: NewJob, limit: number): Promise<boolean | JobRow> {
    return this.tx(async (c): Promise<boolean | JobRow> => {
      // One inserter at a time: the sum, the key's holder and the insert must see the same jobs on every host.
      await c.query('SELECT pg_advisory_xact_lock($1)', [STORAGE_LOCK]);
      if (job.idempotency_key) {
        const since = new Date(Date.parse(job.created_at) - IDEMPOTENCY_WINDOW_MS).toISOString();
        await c.query(
          'UPDATE jobs SET idempotency_key = NULL WHERE account_id = $1 AND idempotency_key = $2 AND created_at < $3',
          [job.account_id, job.idempotency_key, since],
        );
        const holder = (
          await c.query<JobRow>('SELECT * FROM jobs WHERE account_id = $1 AND idempotency_key = $2', [
            job.account_id,
            job.idempotency_key,
          ])
        ).rows[0];
        if (holder) return holder;
      }
      if ((await this.storageUsed(c)) + job.stored_bytes > limit) return false;
      await c.query(
        `INSERT INTO jobs (id, account_id, operation, status, created_at, fields, inputs, stored_bytes, charge_day, request_id, callback_url, charge_count, idempotency_key, request_digest)
         VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          job.id,
          job.account_id,
          job.operation,
          job.created_at,
          job.fields,
          job.inputs,
          job.stored_bytes,
          job.charge_day,
          job.request_id,
          job.callback_url,
          job.charge_count ?? 1,
          job.idempotency_key ?? null,
          job.request_digest ?? null,
        ],
      );
      // Delivered at commit, to every listening process.
      await c.query('SELECT pg_notify($1, $2)', [CHANNEL, 'queued']);
      return true;
    });
  }

  async getJob(id: string): Promise<JobRow | undefined> {
    return (await this.q<JobRow>('SELECT * FROM jobs WHERE id = $1', [id]))[0];
  }

  async getAccountJob(id: string, accountId: number): Promise<JobRow | undefined> {
    return (await this.q<JobRow>('SELECT * FROM jobs WHERE id = $1 AND account_id = $2', [id, accountId]))[0];
  }

  async claimNext(workerId: string, leaseUntil: number, now: Date): Promise<JobRow | undefined> {
    // SKIP LOCKED: concurrent claimers each take a different row instead of queueing on the first.
    const rows = await this.q<JobRow>(
      `UPDATE jobs SET status = 'running', worker_id = $1, lease_until = $2, attempts = attempts + 1, started_at = $3
       WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [workerId, leaseUntil, now.toISOString()],
    );
    return rows[0];
  }

  async renewLeases(workerId: string, ids: string[], leaseUntil: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.q<{ id: string }>(
      `UPDATE jobs SET lease_until = $1 WHERE worker_id = $2 AND status = 'running' AND id = ANY($3::text[]) RETURNING id`,
      [leaseUntil, workerId, ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  private async endEffects(c: Queryable, row: JobRow | undefined, effects: EndEffects): Promise<void> {
    if (!row) return;
    const count = refundCount(row, effects);
    if (count > 0) await this.refund(row.account_id, row.charge_day, row.operation, count, c);
    const delivery = effects.delivery(row);
    if (delivery) await this.insertDelivery(c, delivery);
  }

  private async insertDelivery(c: Queryable, d: NewDelivery): Promise<void> {
    await c.query(
      `INSERT INTO webhook_deliveries (id, kind, job_id, account_id, url, body, status, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)`,
      [d.id, d.kind ?? 'webhook', d.job_id, d.account_id, d.url, d.body, d.next_attempt_at, d.created_at],
    );
  }

  async awaitDelivery(
    id: string,
    workerId: string,
    stored: Finish,
    delivery: NewDelivery,
  ): Promise<JobRow | undefined> {
    const v = resultValues(stored);
    return this.tx(async (c) => {
      const { rows } = await c.query<JobRow>(
        `UPDATE jobs SET worker_id = NULL, lease_until = NULL, delivery_status = 'pending', delivery_attempts = 0, stored_bytes = 0,
           result_file = $3, result_filename = $4, result_type = $5, result_size = $6,
           result_stored_bytes = $7, result_headers = $8, expires_at = $9
         WHERE id = $1 AND worker_id = $2 AND status = 'running'
         RETURNING *`,
        [
          id,
          workerId,
          v.result_file,
          v.result_filename,
          v.result_type,
          v.result_size,
          v.result_stored_bytes,
          v.result_headers,
          v.expires_at,
        ],
      );
      if (rows[0]) await this.insertDelivery(c, delivery);
      return rows[0];
    });
  }

  async recordDelivery(
    jobId: string,
    attempts: number,
    end: DeliveryEnd | undefined,
    now: Date,
  ): Promise<JobRow | undefined> {
    if (!end)
      return (
        await this.q<JobRow>(
          `UPDATE jobs SET delivery_attempts = $1 WHERE id = $2 AND status = 'running' AND delivery_status = 'pending' RETURNING *`,
          [attempts, jobId],
        )
      )[0];
    return this.tx(async (c) => {
      const { rows } = await c.query<JobRow>(
        `UPDATE jobs SET status = $1, finished_at = $2, delivery_status = $3, delivery_attempts = $4,
           result_file = NULL, result_stored_bytes = NULL, expires_at = NULL, result_delivered_to = $5, error = $6
         WHERE id = $7 AND status = 'running' AND delivery_status = 'pending'
         RETURNING *`,
        [
          end.finish.status,
          now.toISOString(),
          end.finish.delivery_status,
          attempts,
          end.finish.result_delivered_to ?? null,
          end.finish.error ?? null,
          jobId,
        ],
      );
      await this.endEffects(c, rows[0], end.effects);
      return rows[0];
    });
  }

  async finishJob(
    id: string,
    workerId: string,
    finish: Finish,
    effects: EndEffects,
    now: Date,
  ): Promise<JobRow | undefined> {
    const v = finishValues(finish);
    return this.tx(async (c) => {
      const { rows } = await c.query<JobRow>(
        `UPDATE jobs SET status = $1, finished_at = $2, worker_id = NULL, lease_until = NULL,
           result_file = $3, result_filename = $4, result_type = $5, result_size = $6,
           result_stored_bytes = $7, result_headers = $8, expires_at = $9, error = $10, result_delivered_to = $13
         WHERE id = $11 AND worker_id = $12 AND status = 'running'
         RETURNING *`,
        [
          v.status,
          now.toISOString(),
          v.result_file,
          v.result_filename,
          v.result_type,
          v.result_size,
          v.result_stored_bytes,
          v.result_headers,
          v.expires_at,
          v.error,
          id,
          workerId,
          v.result_delivered_to,
        ],
      );
      await this.endEffects(c, rows[0], effects);
      return rows[0];
    });
  }

  async requeue(id: string, workerId: string): Promise<boolean> {
    const rows = await this.q(
      `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL, started_at = NULL, attempts = GREATEST(0, attempts - 1)
       WHERE id = $1 AND worker_id = $2 AND status = 'running' RETURNING id`,
      [id, workerId],
    );
    if (rows.length === 1) await this.notify('queued');
    return rows.length === 1;
  }

  async releaseStrays(workerId: string, running: string[]): Promise<string[]> {
    const rows = await this.q<{ id: string }>(
      `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL, started_at = NULL, attempts = GREATEST(0, attempts - 1)
       WHERE worker_id = $1 AND status = 'running' AND NOT (id = ANY($2::text[])) RETURNING id`,
      [workerId, running],
    );
    if (rows.length > 0) await this.notify('queued');
    return rows.map((r) => r.id);
  }

  async cancelJob(id: string, now: Date): Promise<JobRow | undefined> {
    const rows = await this.q<JobRow>(
      `UPDATE jobs SET status = 'canceled', finished_at = $1, worker_id = NULL, lease_until = NULL,
         delivery_status = CASE WHEN delivery_status = 'pending' THEN 'failed' ELSE delivery_status END
       WHERE id = $2 AND status IN ('queued', 'running') RETURNING *`,
      [now.toISOString(), id],
    );
    // Its worker, wherever it runs, kills it now rather than at its next heartbeat.
    if (rows[0]) await this.notify(`canceled:${id}`);
    return rows[0];
  }

  private async notify(payload: string): Promise<void> {
    // Best effort: a missed notification only costs the poll or heartbeat interval.
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]).catch(() => {});
  }

  async deleteJob(id: string): Promise<void> {
    await this.q(`DELETE FROM jobs WHERE id = $1 AND status IN ('succeeded', 'failed', 'canceled')`, [id]);
  }

  async orphanedJobs(now: number): Promise<JobRow[]> {
    // Leases only: a pid means nothing on another host.
    // A job waiting for its result's delivery has no worker: the delivery queue holds it, not a lease.
    return this.q<JobRow>(
      `SELECT * FROM jobs WHERE status = 'running' AND delivery_status IS DISTINCT FROM 'pending' AND (lease_until IS NULL OR lease_until < $1)`,
      [now],
    );
  }

  async requeueOrphan(row: JobRow): Promise<boolean> {
    const rows = await this.q(
      `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL
       WHERE id = $1 AND status = 'running' AND worker_id IS NOT DISTINCT FROM $2 AND lease_until IS NOT DISTINCT FROM $3 RETURNING id`,
      [row.id, row.worker_id, row.lease_until],
    );
    if (rows.length === 1) await this.notify('queued');
    return rows.length === 1;
  }

  async failOrphan(row: JobRow, error: string, effects: EndEffects, now: Date): Promise<JobRow | undefined> {
    return this.tx(async (c) => {
      const { rows } = await c.query<JobRow>(
        `UPDATE jobs SET status = 'failed', finished_at = $1, worker_id = NULL, lease_until = NULL, error = $2
         WHERE id = $3 AND status = 'running' AND worker_id IS NOT DISTINCT FROM $4 AND lease_until IS NOT DISTINCT FROM $5 RETURNING *`,
        [now.toISOString(), error, row.id, row.worker_id, row.lease_until],
      );
      await this.endEffects(c, rows[0], effects);
      return rows[0];
    });
  }

  async expireResults(now: Date): Promise<string[]> {
    // FOR UPDATE SKIP LOCKED: sweepers on several replicas each detach different rows, never the same one twice.
    const rows = await this.q<{ file: string }>(
      `WITH due AS (SELECT id, result_file FROM jobs WHERE result_file IS NOT NULL AND expires_at <= $1 FOR UPDATE SKIP LOCKED)
       UPDATE jobs j SET result_file = NULL FROM due WHERE j.id = due.id RETURNING due.result_file AS file`,
      [now.toISOString()],
    );
    return rows.map((r) => r.file);
  }

  async pruneJobs(before: Date): Promise<number> {
    const rows = await this.q(
      `DELETE FROM jobs WHERE status IN ('succeeded', 'failed', 'canceled') AND result_file IS NULL AND finished_at < $1 RETURNING id`,
      [before.toISOString()],
    );
    return rows.length;
  }

  async referencedFiles(): Promise<{ inputs: Set<string>; results: Set<string> }> {
    const inputs = new Set<string>();
    for (const row of await this.q<{ inputs: string }>(
      `SELECT inputs FROM jobs WHERE status IN ('queued', 'running')`,
    )) {
      for (const input of JSON.parse(row.inputs) as StoredInput[]) inputs.add(input.file);
    }
    const results = new Set(
      (await this.q<{ result_file: string }>(`SELECT result_file FROM jobs WHERE result_file IS NOT NULL`)).map(
        (r) => r.result_file,
      ),
    );
    return { inputs, results };
  }

  async claimDeliveries(
    workerId: string,
    now: number,
    leaseUntil: number,
    limit: number,
    filter: DeliveryFilter = {},
  ): Promise<DeliveryRow[]> {
    return this.q<DeliveryRow>(
      `UPDATE webhook_deliveries SET worker_id = $1, lease_until = $2
       WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until < $3)
                      AND ($5::text IS NULL OR kind = $5) AND NOT (account_id = ANY($6::int[]))
                    ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, job_id, account_id, url, body, attempts`,
      [workerId, leaseUntil, now, limit, filter.kind ?? null, filter.excludeAccounts ?? []],
    );
  }

  async completeDelivery(id: string, workerId: string, o: DeliveryOutcome): Promise<void> {
    await this.q(
      `UPDATE webhook_deliveries SET status = $1, attempts = $2, next_attempt_at = $3, last_error = $4, worker_id = NULL, lease_until = NULL WHERE id = $5 AND worker_id = $6`,
      [o.status, o.attempts, o.next_attempt_at, o.last_error, id, workerId],
    );
  }

  async pruneDeliveries(before: Date): Promise<void> {
    await this.q(`DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND created_at < $1`, [
      before.toISOString(),
    ]);
  }

  /** Webhook secrets written before they were sealed: sealed in place at start-up. */
  async plainWebhookSecrets(): Promise<Array<{ id: number; webhook_secret: string }>> {
    return this.q(`SELECT id, webhook_secret FROM accounts WHERE webhook_secret LIKE 'whsec\\_%'`);
  }

  async replaceWebhookSecret(id: number, plain: string, sealed: string): Promise<void> {
    await this.q('UPDATE accounts SET webhook_secret = $1 WHERE id = $2 AND webhook_secret = $3', [sealed, id, plain]);
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    this.events.on('event', listener);
    if (!this.listening) {
      this.listening = true;
      void this.listen();
    }
    return () => this.events.off('event', listener);
  }

  /** One LISTEN connection per process, reconnected after the database comes back. */
  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, types });
    this.listener = client;
    const retry = () => {
      if (this.listener !== client || this.closed) return;
      this.listener = undefined;
      client.end().catch(() => {});
      this.reconnectTimer = setTimeout(() => void this.listen(), 500);
      this.reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload === 'queued') this.events.emit('event', { type: 'queued' } satisfies JobEvent);
      else if (payload.startsWith('canceled:'))
        this.events.emit('event', { type: 'canceled', id: payload.slice('canceled:'.length) } satisfies JobEvent);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // Anything queued while we were not listening is picked up now.
      this.events.emit('event', { type: 'queued' } satisfies JobEvent);
    } catch {
      retry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.events.removeAllListeners();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
    await this.pool.end().catch(() => {});
  }
}
