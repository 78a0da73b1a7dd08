// The SQLite store: the embedded default (DATA_DIR/pdf-service.db, WAL, shared
// by the processes of one host). better-sqlite3 is synchronous; the methods are
// async only to share the Store interface with PostgreSQL, and their statements
// are prepared once. Decisions are single statements or IMMEDIATE transactions,
// so two processes never both take a job or both pass a limit.
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { openDatabase, type Db } from './db.js';
import type { Plan } from './plans.js';
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
import { finishValues, refundCount, resultValues } from './job-values.js';

const ACCOUNT_COLUMNS = 'id, name, plan, created_at';
/** A key as listed (never its hash). */
export const KEY_LISTING = `SELECT k.prefix, k.last4, a.name AS account, a.plan, k.created_at, k.last_used_at, k.revoked_at,
         k.name, k.scopes, k.expires_at, k.rotated_to
       FROM api_keys k JOIN accounts a ON a.id = k.account_id`;
/** The columns of KeyOwner (k: api_keys, a: accounts). */
export const KEY_OWNER = `SELECT a.id, a.name, a.plan, a.created_at, k.id AS key_id, k.prefix AS key_prefix, k.last_used_at AS key_last_used,
         k.scopes AS key_scopes, k.expires_at AS key_expires_at`;

/** SQLite implementation of Store (one host). */
export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly multiHost = false;
  readonly db: Db;
  private readonly statements = new Map<string, Database.Statement>();
  /** Events reach the workers of this process only; other processes on the host poll. */
  private readonly events = new EventEmitter();

  constructor(dataDir: string) {
    this.db = openDatabase(dataDir);
  }

  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async findAccountByName(name: string): Promise<Account | undefined> {
    return this.stmt(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`).get(name) as Account | undefined;
  }

  async findAccountById(id: number): Promise<Account | undefined> {
    return this.stmt(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`).get(id) as Account | undefined;
  }

  async ensureAccount(name: string, plan: Plan, webhookSecret: string, now: string): Promise<Account> {
    this.stmt(
      'INSERT INTO accounts (name, plan, webhook_secret, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO NOTHING',
    ).run(name, plan, webhookSecret, now);
    return (await this.findAccountByName(name))!;
  }

  async setPlan(name: string, plan: Plan): Promise<boolean> {
    return this.stmt('UPDATE accounts SET plan = ? WHERE name = ?').run(plan, name).changes === 1;
  }

  async sealedWebhookSecret(accountId: number): Promise<string | null | undefined> {
    const row = this.stmt('SELECT webhook_secret FROM accounts WHERE id = ?').get(accountId) as
      | { webhook_secret: string | null }
      | undefined;
    return row?.webhook_secret;
  }

  async setSealedWebhookSecret(name: string, sealed: string): Promise<boolean> {
    return this.stmt('UPDATE accounts SET webhook_secret = ? WHERE name = ?').run(sealed, name).changes === 1;
  }

  /** Secrets written before they were sealed: sealed in place at open. */
  plainWebhookSecrets(): Array<{ id: number; webhook_secret: string }> {
    return this.db
      .prepare(`SELECT id, webhook_secret FROM accounts WHERE webhook_secret LIKE 'whsec_%'`)
      .all() as Array<{ id: number; webhook_secret: string }>;
  }

  replaceWebhookSecret(id: number, plain: string, sealed: string): void {
    this.db
      .prepare('UPDATE accounts SET webhook_secret = ? WHERE id = ? AND webhook_secret = ?')
      .run(sealed, id, plain);
  }

  async listAccounts(day: string): Promise<AccountUsage[]> {
    return this.stmt(
      `SELECT a.id, a.name, a.plan, a.created_at, COALESCE(u.count, 0) AS used_today
       FROM accounts a LEFT JOIN daily_usage u ON u.account_id = a.id AND u.day = ? ORDER BY a.name`,
    ).all(day) as AccountUsage[];
  }

  async insertKey(key: NewKey): Promise<boolean> {
    return this.insertKeyNow(key);
  }

  private insertKeyNow(key: NewKey): boolean {
    return (
      this.stmt(
        'INSERT INTO api_keys (account_id, hash, prefix, last4, created_at, name, scopes, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      ).run(
        key.account_id,
        key.hash,
        key.prefix,
        key.last4,
        key.created_at,
        key.name ?? null,
        key.scopes ?? null,
        key.expires_at ?? null,
      ).changes === 1
    );
  }

  async listKeys(account?: string): Promise<KeyListing[]> {
    return this.stmt(`${KEY_LISTING} WHERE (? IS NULL OR a.name = ?) ORDER BY k.id`).all(
      account ?? null,
      account ?? null,
    ) as KeyListing[];
  }

  async findKey(prefix: string): Promise<KeyListing | undefined> {
    return this.stmt(`${KEY_LISTING} WHERE k.prefix = ?`).get(prefix) as KeyListing | undefined;
  }

  async revokeKey(prefix: string, now: string): Promise<boolean> {
    return (
      this.stmt('UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND (revoked_at IS NULL OR revoked_at > ?)').run(
        now,
        prefix,
        now,
      ).changes === 1
    );
  }

  async rotateKey(prefix: string, successor: NewKey, graceUntil: string): Promise<boolean> {
    const rotate = this.db.transaction(() => {
      const old = this.stmt(
        'SELECT id, account_id, name, scopes, expires_at FROM api_keys WHERE prefix = ? AND revoked_at IS NULL',
      ).get(prefix) as
        | { id: number; account_id: number; name: string | null; scopes: string | null; expires_at: string | null }
        | undefined;
      if (!old) return false;
      if (
        !this.insertKeyNow({
          ...successor,
          account_id: old.account_id,
          name: old.name,
          scopes: old.scopes,
          expires_at: old.expires_at,
        })
      )
        return false;
      this.stmt('UPDATE api_keys SET revoked_at = ?, rotated_to = ? WHERE id = ?').run(
        graceUntil,
        successor.prefix,
        old.id,
      );
      return true;
    });
    return rotate.immediate();
  }

  async keyOwner(hash: Buffer, now: string): Promise<KeyOwner | undefined> {
    return this.stmt(
      `${KEY_OWNER} FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = ? AND (k.revoked_at IS NULL OR k.revoked_at > ?)`,
    ).get(hash, now) as KeyOwner | undefined;
  }

  async touchKey(keyId: number, now: string): Promise<void> {
    this.stmt('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(now, keyId);
  }

  async insertToken(t: NewToken): Promise<void> {
    this.stmt(
      'INSERT INTO browser_tokens (key_id, hash, scopes, origin, expires_at, max_uses, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(t.key_id, t.hash, t.scopes, t.origin, t.expires_at, t.max_uses, t.created_at);
  }

  async tokenOwner(hash: Buffer, now: string): Promise<TokenOwner | undefined> {
    return this.stmt(
      `${KEY_OWNER}, t.id AS token_id, t.scopes AS token_scopes, t.origin AS token_origin, t.expires_at AS token_expires_at
       FROM browser_tokens t JOIN api_keys k ON k.id = t.key_id JOIN accounts a ON a.id = k.account_id
       WHERE t.hash = ? AND (k.revoked_at IS NULL OR k.revoked_at > ?)`,
    ).get(hash, now) as TokenOwner | undefined;
  }

  async useToken(tokenId: number): Promise<boolean> {
    return (
      this.stmt('UPDATE browser_tokens SET uses = uses + 1 WHERE id = ? AND (max_uses IS NULL OR uses < max_uses)').run(
        tokenId,
      ).changes === 1
    );
  }

  async charge(accountId: number, day: string, cap: number, operation: string, count = 1): Promise<number | undefined> {
    // IMMEDIATE: SQLite's write lock makes the conditional upsert atomic across processes, and
    // the per-operation count moves with it.
    const charge = this.db.transaction(() => {
      const row = this.stmt(
        `INSERT INTO daily_usage (account_id, day, count) SELECT @account, @day, @count WHERE @count <= @cap
         ON CONFLICT (account_id, day) DO UPDATE SET count = count + @count WHERE count + @count <= @cap
         RETURNING count`,
      ).get({ account: accountId, day, cap, count }) as { count: number } | undefined;
      if (row) {
        this.stmt(
          `INSERT INTO operation_usage (account_id, day, operation, count) VALUES (@account, @day, @operation, @count)
           ON CONFLICT (account_id, day, operation) DO UPDATE SET count = count + @count`,
        ).run({ account: accountId, day, operation, count });
      }
      return row?.count;
    });
    return charge.immediate();
  }

  async refund(accountId: number, day: string, operation: string, count = 1): Promise<void> {
    this.refundNow(accountId, day, operation, count);
  }

  private refundNow(accountId: number, day: string, operation: string, count = 1): void {
    this.db.transaction(() => {
      this.stmt('UPDATE daily_usage SET count = MAX(count - ?, 0) WHERE account_id = ? AND day = ? AND count > 0').run(
        count,
        accountId,
        day,
      );
      this.stmt(
        'UPDATE operation_usage SET count = MAX(count - ?, 0) WHERE account_id = ? AND day = ? AND operation = ? AND count > 0',
      ).run(count, accountId, day, operation);
    })();
  }

  async usedOn(accountId: number, day: string): Promise<number> {
    const row = this.stmt('SELECT count FROM daily_usage WHERE account_id = ? AND day = ?').get(accountId, day) as
      | { count: number }
      | undefined;
    return row?.count ?? 0;
  }

  async usageBetween(accountId: number, from: string, to: string): Promise<UsageCounters> {
    // One read transaction: the totals and the split come from the same snapshot.
    return this.db.transaction(() => ({
      totals: this.stmt(
        'SELECT day, count FROM daily_usage WHERE account_id = ? AND day BETWEEN ? AND ? ORDER BY day',
      ).all(accountId, from, to) as UsageCounters['totals'],
      byOperation: this.stmt(
        'SELECT day, operation, count FROM operation_usage WHERE account_id = ? AND day BETWEEN ? AND ? ORDER BY day, operation',
      ).all(accountId, from, to) as UsageCounters['byOperation'],
    }))();
  }

  private storageUsedNow(): number {
    const row = this.stmt(
      `SELECT COALESCE(SUM(CASE WHEN status IN ('queued', 'running') THEN stored_bytes ELSE 0 END), 0)
            + COALESCE(SUM(CASE WHEN result_file IS NOT NULL THEN result_stored_bytes ELSE 0 END), 0) AS used
       FROM jobs WHERE status IN ('queued', 'running') OR result_file IS NOT NULL`,
    ).get() as { used: number };
    return row.used;
  }

  async storageUsed(): Promise<number> {
    return this.storageUsedNow();
  }

  async insertJob(job: NewJob, limit: number): Promise<boolean | JobRow> {
    const insert = this.db.transaction((): boolean | JobRow => {
      if (job.idempotency_key) {
        const since = new Date(Date.parse(job.created_at) - IDEMPOTENCY_WINDOW_MS).toISOString();
        this.stmt(
          'UPDATE jobs SET idempotency_key = NULL WHERE account_id = ? AND idempotency_key = ? AND created_at < ?',
        ).run(job.account_id, job.idempotency_key, since);
        const holder = this.stmt('SELECT * FROM jobs WHERE account_id = ? AND idempotency_key = ?').get(
          job.account_id,
          job.idempotency_key,
        ) as JobRow | undefined;
        if (holder) return holder;
      }
      if (this.storageUsedNow() + job.stored_bytes > limit) return false;
      this.stmt(
        `INSERT INTO jobs (id, account_id, operation, status, created_at, fields, inputs, stored_bytes, charge_day, charge_count, request_id, callback_url, idempotency_key, request_digest)
         VALUES (@id, @account_id, @operation, 'queued', @created_at, @fields, @inputs, @stored_bytes, @charge_day, @charge_count, @request_id, @callback_url, @idempotency_key, @request_digest)`,
      ).run({
        ...job,
        charge_count: job.charge_count ?? 1,
        idempotency_key: job.idempotency_key ?? null,
        request_digest: job.request_digest ?? null,
      });
      return true;
    });
    // IMMEDIATE: the usage sum, the key's holder and the insert see the same database.
    const inserted = insert.immediate();
    if (inserted === true) this.emit({ type: 'queued' });
    return inserted;
  }

  async getJob(id: string): Promise<JobRow | undefined> {
    return this.stmt('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  }

  async getAccountJob(id: string, accountId: number): Promise<JobRow | undefined> {
    return this.stmt('SELECT * FROM jobs WHERE id = ? AND account_id = ?').get(id, accountId) as JobRow | undefined;
  }

  async claimNext(workerId: string, leaseUntil: number, now: Date): Promise<JobRow | undefined> {
    // A plain read first: idle workers poll often and should not take the write lock each time.
    if (!this.stmt(`SELECT 1 FROM jobs WHERE status = 'queued' LIMIT 1`).get()) return undefined;
    const claim = this.db.transaction(
      () =>
        this.stmt(
          `UPDATE jobs SET status = 'running', worker_id = ?, lease_until = ?, attempts = attempts + 1, started_at = ?
           WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, rowid LIMIT 1) AND status = 'queued'
           RETURNING *`,
        ).get(workerId, leaseUntil, now.toISOString()) as JobRow | undefined,
    );
    return claim.immediate();
  }

  async renewLeases(workerId: string, ids: string[], leaseUntil: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = this.stmt(
      `UPDATE jobs SET lease_until = ? WHERE worker_id = ? AND status = 'running' AND id IN (SELECT value FROM json_each(?)) RETURNING id`,
    ).all(leaseUntil, workerId, JSON.stringify(ids)) as Array<{ id: string }>;
    return new Set(rows.map((r) => r.id));
  }

  /** Refund and webhook of a job that just ended, inside the caller's transaction. */
  private endEffects(row: JobRow | undefined, effects: EndEffects): void {
    if (!row) return;
    const count = refundCount(row, effects);
    if (count > 0) this.refundNow(row.account_id, row.charge_day, row.operation, count);
    const delivery = effects.delivery(row);
    if (delivery) this.insertDelivery(delivery);
  }

  private insertDelivery(d: NewDelivery): void {
    this.stmt(
      `INSERT INTO webhook_deliveries (id, kind, job_id, account_id, url, body, status, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    ).run(d.id, d.kind ?? 'webhook', d.job_id, d.account_id, d.url, d.body, d.next_attempt_at, d.created_at);
  }

  async awaitDelivery(
    id: string,
    workerId: string,
    stored: Finish,
    delivery: NewDelivery,
  ): Promise<JobRow | undefined> {
    return this.db.transaction(() => {
      const row = this.stmt(
        `UPDATE jobs SET worker_id = NULL, lease_until = NULL, delivery_status = 'pending', delivery_attempts = 0, stored_bytes = 0,
           result_file = @result_file, result_filename = @result_filename, result_type = @result_type, result_size = @result_size,
           result_stored_bytes = @result_stored_bytes, result_headers = @result_headers, expires_at = @expires_at
         WHERE id = @id AND worker_id = @worker AND status = 'running'
         RETURNING *`,
      ).get({ ...resultValues(stored), id, worker: workerId }) as JobRow | undefined;
      if (row) this.insertDelivery(delivery);
      return row;
    })();
  }

  async recordDelivery(
    jobId: string,
    attempts: number,
    end: DeliveryEnd | undefined,
    now: Date,
  ): Promise<JobRow | undefined> {
    return this.db.transaction(() => {
      if (!end)
        return this.stmt(
          `UPDATE jobs SET delivery_attempts = ? WHERE id = ? AND status = 'running' AND delivery_status = 'pending' RETURNING *`,
        ).get(attempts, jobId) as JobRow | undefined;
      const row = this.stmt(
        `UPDATE jobs SET status = @status, finished_at = @now, delivery_status = @delivery_status, delivery_attempts = @attempts,
           result_file = NULL, result_stored_bytes = NULL, expires_at = NULL, result_delivered_to = @result_delivered_to, error = @error
         WHERE id = @id AND status = 'running' AND delivery_status = 'pending'
         RETURNING *`,
      ).get({
        status: end.finish.status,
        delivery_status: end.finish.delivery_status,
        result_delivered_to: end.finish.result_delivered_to ?? null,
        error: end.finish.error ?? null,
        now: now.toISOString(),
        attempts,
        id: jobId,
      }) as JobRow | undefined;
      this.endEffects(row, end.effects);
      return row;
    })();
  }

  async finishJob(
    id: string,
    workerId: string,
    finish: Finish,
    effects: EndEffects,
    now: Date,
  ): Promise<JobRow | undefined> {
    return this.db.transaction(() => {
      const row = this.stmt(
        `UPDATE jobs SET status = @status, finished_at = @now, worker_id = NULL, lease_until = NULL,
           result_file = @result_file, result_filename = @result_filename, result_type = @result_type, result_size = @result_size,
           result_stored_bytes = @result_stored_bytes, result_headers = @result_headers, expires_at = @expires_at, error = @error,
           result_delivered_to = @result_delivered_to
         WHERE id = @id AND worker_id = @worker AND status = 'running'
         RETURNING *`,
      ).get({ ...finishValues(finish), now: now.toISOString(), id, worker: workerId }) as JobRow | undefined;
      this.endEffects(row, effects);
      return row;
    })();
  }

  async requeue(id: string, workerId: string): Promise<boolean> {
    const changed =
      this.stmt(
        `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL, started_at = NULL, attempts = MAX(0, attempts - 1)
         WHERE id = ? AND worker_id = ? AND status = 'running'`,
      ).run(id, workerId).changes === 1;
    if (changed) this.emit({ type: 'queued' });
    return changed;
  }

  async releaseStrays(workerId: string, running: string[]): Promise<string[]> {
    const rows = this.stmt(
      `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL, started_at = NULL, attempts = MAX(0, attempts - 1)
       WHERE worker_id = ? AND status = 'running' AND id NOT IN (SELECT value FROM json_each(?)) RETURNING id`,
    ).all(workerId, JSON.stringify(running)) as Array<{ id: string }>;
    if (rows.length > 0) this.emit({ type: 'queued' });
    return rows.map((r) => r.id);
  }

  async cancelJob(id: string, now: Date): Promise<JobRow | undefined> {
    const row = this.stmt(
      `UPDATE jobs SET status = 'canceled', finished_at = ?, worker_id = NULL, lease_until = NULL,
         delivery_status = CASE WHEN delivery_status = 'pending' THEN 'failed' ELSE delivery_status END
       WHERE id = ? AND status IN ('queued', 'running') RETURNING *`,
    ).get(now.toISOString(), id) as JobRow | undefined;
    if (row) this.emit({ type: 'canceled', id });
    return row;
  }

  async deleteJob(id: string): Promise<void> {
    this.stmt(`DELETE FROM jobs WHERE id = ? AND status IN ('succeeded', 'failed', 'canceled')`).run(id);
  }

  async orphanedJobs(now: number, isDead?: (workerId: string) => boolean): Promise<JobRow[]> {
    // A job waiting for its result's delivery has no worker: the delivery queue holds it, not a lease.
    const rows = this.stmt(
      `SELECT * FROM jobs WHERE status = 'running' AND delivery_status IS NOT 'pending'`,
    ).all() as JobRow[];
    return rows.filter(
      (row) =>
        (row.lease_until ?? 0) < now || (isDead !== undefined && row.worker_id !== null && isDead(row.worker_id)),
    );
  }

  async requeueOrphan(row: JobRow): Promise<boolean> {
    const changed =
      this.stmt(
        `UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL WHERE id = ? AND status = 'running' AND worker_id IS ?`,
      ).run(row.id, row.worker_id).changes === 1;
    if (changed) this.emit({ type: 'queued' });
    return changed;
  }

  async failOrphan(row: JobRow, error: string, effects: EndEffects, now: Date): Promise<JobRow | undefined> {
    return this.db.transaction(() => {
      const after = this.stmt(
        `UPDATE jobs SET status = 'failed', finished_at = ?, worker_id = NULL, lease_until = NULL, error = ?
         WHERE id = ? AND status = 'running' AND worker_id IS ? RETURNING *`,
      ).get(now.toISOString(), error, row.id, row.worker_id) as JobRow | undefined;
      this.endEffects(after, effects);
      return after;
    })();
  }

  async expireResults(now: Date): Promise<string[]> {
    // Read and detach under one write lock. (RETURNING would give the new value, NULL: it once did, and expired files stayed until the stray-file sweep.)
    const expire = this.db.transaction(() => {
      const rows = this.stmt(`SELECT id, result_file FROM jobs WHERE result_file IS NOT NULL AND expires_at <= ?`).all(
        now.toISOString(),
      ) as Array<{ id: string; result_file: string }>;
      const detach = this.stmt(`UPDATE jobs SET result_file = NULL WHERE id = ?`);
      for (const row of rows) detach.run(row.id);
      return rows.map((r) => r.result_file);
    });
    return expire.immediate();
  }

  async pruneJobs(before: Date): Promise<number> {
    return this.stmt(
      `DELETE FROM jobs WHERE status IN ('succeeded', 'failed', 'canceled') AND result_file IS NULL AND finished_at < ?`,
    ).run(before.toISOString()).changes;
  }

  async referencedFiles(): Promise<{ inputs: Set<string>; results: Set<string> }> {
    const inputs = new Set<string>();
    for (const row of this.stmt(`SELECT inputs FROM jobs WHERE status IN ('queued', 'running')`).all() as Array<{
      inputs: string;
    }>) {
      for (const input of JSON.parse(row.inputs) as StoredInput[]) inputs.add(input.file);
    }
    const results = new Set(
      (
        this.stmt(`SELECT result_file FROM jobs WHERE result_file IS NOT NULL`).all() as Array<{ result_file: string }>
      ).map((r) => r.result_file),
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
    if (
      !this.stmt(`SELECT 1 FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? LIMIT 1`).get(now)
    )
      return [];
    return this.db
      .transaction(
        () =>
          this.stmt(
            `UPDATE webhook_deliveries SET worker_id = ?, lease_until = ?
             WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until < ?)
                            AND (? IS NULL OR kind = ?) AND account_id NOT IN (SELECT value FROM json_each(?))
                          ORDER BY next_attempt_at LIMIT ?)
             RETURNING id, kind, job_id, account_id, url, body, attempts`,
          ).all(
            workerId,
            leaseUntil,
            now,
            now,
            filter.kind ?? null,
            filter.kind ?? null,
            JSON.stringify(filter.excludeAccounts ?? []),
            limit,
          ) as DeliveryRow[],
      )
      .immediate();
  }

  async completeDelivery(id: string, workerId: string, o: DeliveryOutcome): Promise<void> {
    this.stmt(
      `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, worker_id = NULL, lease_until = NULL WHERE id = ? AND worker_id = ?`,
    ).run(o.status, o.attempts, o.next_attempt_at, o.last_error, id, workerId);
  }

  async pruneDeliveries(before: Date): Promise<void> {
    this.stmt(`DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND created_at < ?`).run(
      before.toISOString(),
    );
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    this.events.on('event', listener);
    return () => this.events.off('event', listener);
  }

  private emit(event: JobEvent): void {
    // After the caller's await resumes, never inside its statement.
    setImmediate(() => this.events.emit('event', event));
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
    if (this.db.open) this.db.close();
  }
}
