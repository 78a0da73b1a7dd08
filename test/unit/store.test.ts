// The store on both backends (the same suite, parametrized): accounts and
// keys, sealed webhook secrets, and the job queue's mechanics — exclusive
// claims under concurrency from several connections, leases, cancel events,
// orphan recovery, atomic end-of-job effects, exclusive webhook and expiry
// claims. Several connections to one database stand in for several hosts.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAccount, rotateWebhookSecret, webhookSecret } from '../../src/store/accounts.js';
import { authenticate, createKey, listKeys, revokeKey } from '../../src/store/keys.js';
import type { JobEvent, NewJob, Store } from '../../src/store/types.js';
import { usedOn } from '../../src/store/usage.js';
import { newJobId } from '../../src/jobs/store.js';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/store/index.js';
import { BACKENDS, createTestDatabase, rawSql, stopPostgresCluster, type TestDatabase } from '../helpers/backends.js';

afterAll(stopPostgresCluster);

function newJob(accountId: number, i = 0, extra: Partial<NewJob> = {}): NewJob {
  return {
    id: newJobId(),
    account_id: accountId,
    operation: 'unlock',
    // Distinct, ordered creation times: the queue is first in, first out.
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString(),
    fields: Buffer.from([1, 2, 3]),
    inputs: JSON.stringify([{ field: 'file', name: 'a.pdf', size: 10, kind: 'pdf', file: `in-${i}.enc` }]),
    stored_bytes: 100,
    charge_day: '2026-01-01',
    charge_count: 1,
    request_id: `req-${i}`,
    callback_url: null,
    ...extra,
  };
}

const noEffects = { refund: false, delivery: () => undefined };

describe.each(BACKENDS)('store (%s)', (backend) => {
  let t: TestDatabase;
  let a: Store;
  let b: Store;
  let accountId: number;
  beforeEach(async () => {
    t = await createTestDatabase(backend);
    a = await t.open();
    b = await t.open();
    accountId = (await ensureAccount(a, t.dataKey, 'acme', 'pro')).id;
  });
  afterEach(async () => {
    await t.close();
  });

  it('keys: created, authenticated from another connection, listed without the key, revoked', async () => {
    const created = await createKey(a, t.dataKey, 'acme', 'free');
    expect(created).toMatchObject({ account: 'acme', plan: 'pro' });
    expect(await authenticate(b, created.key)).toMatchObject({ account: { id: accountId, name: 'acme', plan: 'pro' } });
    const listed = await listKeys(b);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      prefix: created.prefix,
      account: 'acme',
      last4: created.key.slice(-4),
      revoked_at: null,
    });
    expect(listed[0].last_used_at).not.toBeNull();
    expect(await revokeKey(b, created.prefix)).toBe(true);
    expect(await revokeKey(a, created.prefix)).toBe(false);
    expect(await authenticate(a, created.key)).toBe('unknown');
  });

  it('webhook secrets are sealed at rest and readable with the data key only', async () => {
    const secret = (await webhookSecret(a, t.dataKey, accountId))!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = (await a.sealedWebhookSecret(accountId))!;
    expect(stored.startsWith('sealed:v1:')).toBe(true);
    expect(stored).not.toContain(secret.slice(6));
    await expect(webhookSecret(a, Buffer.alloc(32, 7), accountId)).rejects.toThrow(/authentication/);
    const rotated = (await rotateWebhookSecret(b, t.dataKey, 'acme'))!;
    expect(rotated).not.toBe(secret);
    expect(await webhookSecret(a, t.dataKey, accountId)).toBe(rotated);
  });

  it('a webhook secret an older version stored in clear is sealed when the store opens', async () => {
    await rawSql(a, 'UPDATE accounts SET webhook_secret = ? WHERE id = ?', ['whsec_bGVnYWN5', accountId]);
    const { store } = await openStore(loadConfig(t.env));
    try {
      expect(await a.sealedWebhookSecret(accountId)).toMatch(/^sealed:v1:/);
      expect(await webhookSecret(store, t.dataKey, accountId)).toBe('whsec_bGVnYWN5');
    } finally {
      await store.close();
    }
  });

  it('each queued job is claimed by exactly one of many concurrent claimers, oldest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const job = newJob(accountId, i);
      ids.push(job.id);
      expect(await a.insertJob(job, 1e12)).toBe(true);
    }
    const claimed: string[] = [];
    // 8 claimers on two connections, claiming until the queue is empty.
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        const store = w % 2 ? a : b;
        for (;;) {
          const row = await store.claimNext(`host${w}/1/x`, Date.now() + 30_000, new Date());
          if (!row) return;
          expect(row).toMatchObject({ status: 'running', worker_id: `host${w}/1/x`, attempts: 1 });
          claimed.push(row.id);
        }
      }),
    );
    expect(claimed.sort()).toEqual([...ids].sort());
    // First in, first out for a single claimer.
    const first = newJob(accountId, 100);
    const second = newJob(accountId, 101);
    await a.insertJob(second, 1e12);
    await a.insertJob(first, 1e12);
    expect((await b.claimNext('w/1/x', Date.now() + 1000, new Date()))!.id).toBe(first.id);
  });

  it('refuses a job past the storage limit atomically', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).insertJob(newJob(accountId, i), 450)),
    );
    expect(results.filter(Boolean)).toHaveLength(4);
    expect(await a.storageUsed()).toBe(400);
  });

  it('a charge of several requests (a pipeline) is all or nothing, and a job charged per step refunds every step', async () => {
    const day = '2026-01-01';
    expect(await a.charge(accountId, day, 5, 'pipeline', 3)).toBe(3);
    // 3 more would pass the cap of 5: nothing is counted.
    expect(await b.charge(accountId, day, 5, 'pipeline', 3)).toBeUndefined();
    expect(await usedOn(a, accountId, day)).toBe(3);
    expect(await b.charge(accountId, day, 5, 'pipeline', 2)).toBe(5);
    await a.refund(accountId, day, 'pipeline', 2);
    expect(await usedOn(b, accountId, day)).toBe(3);
    const job = newJob(accountId, 0, { operation: 'pipeline', charge_count: 3 });
    await a.insertJob(job, 1e12);
    const row = (await a.claimNext('w1/1/x', Date.now() + 30_000, new Date()))!;
    await a.finishJob(
      row.id,
      'w1/1/x',
      { status: 'failed', error: '{"status":500}' },
      { ...noEffects, refund: true },
      new Date(),
    );
    expect(await usedOn(b, accountId, day)).toBe(0);
  });

  it('leases: renewal reports jobs canceled elsewhere; finish only by the owner; the refund and webhook commit with it', async () => {
    const job = newJob(accountId, 0, { callback_url: 'https://example.com/hook' });
    await a.insertJob(job, 1e12);
    const row = (await a.claimNext('w1/1/x', Date.now() + 30_000, new Date()))!;
    expect([...(await a.renewLeases('w1/1/x', [row.id], Date.now() + 60_000))]).toEqual([row.id]);
    expect((await b.renewLeases('w2/1/x', [row.id], Date.now() + 60_000)).size).toBe(0);
    // Someone else cannot finish it.
    expect(await b.finishJob(row.id, 'w2/1/x', { status: 'succeeded' }, noEffects, new Date())).toBeUndefined();
    // The owner fails it with a server fault: refunded and a webhook queued, together.
    await a.charge(accountId, job.charge_day, 100, job.operation);
    const ended = await a.finishJob(
      row.id,
      'w1/1/x',
      { status: 'failed', error: '{"status":500}' },
      {
        refund: true,
        delivery: (r) => ({
          id: `msg_${r.id}`,
          job_id: r.id,
          account_id: r.account_id,
          url: r.callback_url!,
          body: '{}',
          next_attempt_at: 0,
          created_at: new Date().toISOString(),
        }),
      },
      new Date(),
    );
    expect(ended).toMatchObject({ status: 'failed', worker_id: null });
    expect(await usedOn(b, accountId, job.charge_day)).toBe(0);
    const claimedA = await a.claimDeliveries('w1', Date.now(), Date.now() + 60_000, 16);
    const claimedB = await b.claimDeliveries('w2', Date.now(), Date.now() + 60_000, 16);
    expect(claimedA.map((d) => d.id)).toEqual([`msg_${row.id}`]);
    expect(claimedB).toEqual([]);
    // Retry later: the lease is released with the outcome, then it is due again.
    await a.completeDelivery(`msg_${row.id}`, 'w1', {
      status: 'pending',
      attempts: 1,
      next_attempt_at: 0,
      last_error: 'HTTP 500',
    });
    expect((await b.claimDeliveries('w2', Date.now(), Date.now() + 60_000, 16)).map((d) => d.attempts)).toEqual([1]);
  });

  it('result delivery: the worker hands the job over (no orphan); the queue claims it by kind; its end charges and refunds as told', async () => {
    const day = '2026-01-01';
    await a.charge(accountId, day, 100, 'pipeline', 3);
    await a.insertJob(newJob(accountId, 0, { operation: 'pipeline', charge_count: 3 }), 1e12);
    const row = (await a.claimNext('w1/1/x', Date.now() - 1, new Date()))!;
    const dlv = (id: string) => ({
      id,
      kind: 'result' as const,
      job_id: row.id,
      account_id: accountId,
      url: 'result_url',
      body: '',
      next_attempt_at: 0,
      created_at: new Date().toISOString(),
    });
    const stored = { status: 'succeeded' as const, result_file: 'r.enc', result_filename: 'a.pdf', result_size: 5 };
    expect(await b.awaitDelivery(row.id, 'w2/1/x', stored, dlv('dlv_other'))).toBeUndefined();
    const waiting = await a.awaitDelivery(row.id, 'w1/1/x', stored, dlv('dlv_1'));
    expect(waiting).toMatchObject({
      status: 'running',
      worker_id: null,
      delivery_status: 'pending',
      result_file: 'r.enc',
    });
    // Its lease ran out long ago, yet it is no orphan: the delivery queue holds it.
    expect(await b.orphanedJobs(Date.now())).toEqual([]);
    expect(await b.claimDeliveries('q', Date.now(), Date.now() + 60_000, 16, { kind: 'webhook' })).toEqual([]);
    expect(
      await b.claimDeliveries('q', Date.now(), Date.now() + 60_000, 16, {
        kind: 'result',
        excludeAccounts: [accountId],
      }),
    ).toEqual([]);
    const [claimed] = await b.claimDeliveries('q', Date.now(), Date.now() + 60_000, 16, { kind: 'result' });
    expect(claimed).toMatchObject({ id: 'dlv_1', kind: 'result', job_id: row.id, attempts: 0 });
    expect(await a.recordDelivery(row.id, 1, undefined, new Date())).toMatchObject({ delivery_attempts: 1 });
    // Failed for good at the receiver: the request's upstream, charged (refund 0); a second end finds nothing.
    const end = {
      finish: { status: 'failed' as const, delivery_status: 'failed' as const, error: '{"status":502}' },
      effects: { ...noEffects, refund: 0 },
    };
    const ended = await b.recordDelivery(row.id, 2, end, new Date());
    expect(ended).toMatchObject({
      status: 'failed',
      delivery_status: 'failed',
      delivery_attempts: 2,
      result_file: null,
    });
    expect(await a.recordDelivery(row.id, 3, end, new Date())).toBeUndefined();
    expect(await usedOn(a, accountId, day)).toBe(3);
    // A pipeline that failed at step 0 of 3 gives back the two steps that never ran.
    await a.insertJob(newJob(accountId, 1, { operation: 'pipeline', charge_count: 3 }), 1e12);
    const next = (await a.claimNext('w1/1/x', Date.now() + 30_000, new Date()))!;
    await a.finishJob(next.id, 'w1/1/x', { status: 'failed', error: '{}' }, { ...noEffects, refund: 2 }, new Date());
    expect(await usedOn(b, accountId, day)).toBe(1);
    // Canceled while its result waits: the delivery will not happen, and says so.
    await a.insertJob(newJob(accountId, 2), 1e12);
    const third = (await a.claimNext('w1/1/x', Date.now() + 30_000, new Date()))!;
    await a.awaitDelivery(third.id, 'w1/1/x', stored, { ...dlv('dlv_3'), job_id: third.id });
    expect(await b.cancelJob(third.id, new Date())).toMatchObject({ status: 'canceled', delivery_status: 'failed' });
    expect(await a.recordDelivery(third.id, 1, undefined, new Date())).toBeUndefined();
  });

  it('a canceled job is reported to the renewal of its worker; cancel events reach listeners', async () => {
    const events: JobEvent[] = [];
    // PostgreSQL tells every connection (NOTIFY); SQLite tells the process that made the change.
    const listener = backend === 'postgres' ? b : a;
    const unsubscribe = listener.subscribe((e) => events.push(e));
    if (backend === 'postgres') await new Promise((r) => setTimeout(r, 300)); // LISTEN is set up
    const job = newJob(accountId);
    await a.insertJob(job, 1e12);
    const row = (await b.claimNext('w1/1/x', Date.now() + 30_000, new Date()))!;
    expect((await a.cancelJob(row.id, new Date()))!.status).toBe('canceled');
    expect(await a.cancelJob(row.id, new Date())).toBeUndefined();
    expect((await b.renewLeases('w1/1/x', [row.id], Date.now() + 30_000)).size).toBe(0);
    const deadline = Date.now() + 5000;
    while (!events.some((e) => e.type === 'canceled') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(events).toContainEqual({ type: 'queued' });
    expect(events).toContainEqual({ type: 'canceled', id: row.id });
    unsubscribe();
  });

  it('an expired lease makes the job an orphan: queued again once by one recoverer, then failed with a refund', async () => {
    const job = newJob(accountId);
    await a.insertJob(job, 1e12);
    await a.charge(accountId, job.charge_day, 100, job.operation);
    const first = (await a.claimNext('dead/1/x', Date.now() - 1, new Date()))!;
    // A live lease is no orphan.
    const live = newJob(accountId, 1);
    await a.insertJob(live, 1e12);
    await b.claimNext('live/1/x', Date.now() + 60_000, new Date());
    const orphans = await b.orphanedJobs(Date.now());
    expect(orphans.map((r) => r.id)).toEqual([first.id]);
    const requeued = await Promise.all([a.requeueOrphan(orphans[0]), b.requeueOrphan(orphans[0])]);
    expect(requeued.filter(Boolean)).toHaveLength(1);
    const second = (await b.claimNext('dead2/1/x', Date.now() - 1, new Date()))!;
    expect(second).toMatchObject({ id: first.id, attempts: 2 });
    const [orphan] = await a.orphanedJobs(Date.now());
    const failed = await Promise.all([
      a.failOrphan(orphan, '{"code":"processing_failed"}', { ...noEffects, refund: true }, new Date()),
      b.failOrphan(orphan, '{}', { ...noEffects, refund: true }, new Date()),
    ]);
    expect(failed.filter(Boolean)).toHaveLength(1);
    expect((await a.getJob(first.id))!.status).toBe('failed');
    expect(await usedOn(a, accountId, job.charge_day)).toBe(0);
  });

  it('requeue hands a job back without counting the attempt; expiry gives each result to one sweeper', async () => {
    const newClaim = async () => {
      await a.insertJob(newJob(accountId, 5), 1e12);
      return (await a.claimNext('w/1/x', Date.now() + 30_000, new Date()))!;
    };
    await a.insertJob(newJob(accountId), 1e12);
    const row = (await a.claimNext('w/1/x', Date.now() + 30_000, new Date()))!;
    expect(await b.requeue(row.id, 'other/1/x')).toBe(false);
    expect(await a.requeue(row.id, 'w/1/x')).toBe(true);
    expect((await b.getJob(row.id))!).toMatchObject({ status: 'queued', attempts: 0, worker_id: null });
    // Claims whose answer was lost: released, uncounted, except what the worker runs.
    const [kept, lost] = [(await a.claimNext('w/1/x', Date.now() + 30_000, new Date()))!, await newClaim()];
    expect(await b.releaseStrays('w/1/x', [kept.id])).toEqual([lost.id]);
    expect((await a.getJob(lost.id))!).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await a.getJob(kept.id))!).toMatchObject({ status: 'running', attempts: 1 });
    await a.requeue(kept.id, 'w/1/x');
    await a.requeue(lost.id, 'w/1/x');
    // 20 more jobs: 22 finished with expired results, expired by two sweepers at once.
    for (let i = 0; i < 20; i++) {
      await a.insertJob(newJob(accountId, 10 + i), 1e12);
    }
    for (;;) {
      const claimed = await a.claimNext('w/1/x', Date.now() + 30_000, new Date());
      if (!claimed) break;
      await a.finishJob(
        claimed.id,
        'w/1/x',
        {
          status: 'succeeded',
          result_file: `r-${claimed.id}`,
          result_stored_bytes: 5,
          expires_at: '2026-01-01T00:00:00.000Z',
        },
        noEffects,
        new Date(),
      );
    }
    expect((await a.referencedFiles()).results.size).toBe(22);
    const [x, y] = await Promise.all([a.expireResults(new Date()), b.expireResults(new Date())]);
    expect(x.length + y.length).toBe(22);
    expect(new Set([...x, ...y]).size).toBe(22);
    expect((await b.referencedFiles()).results.size).toBe(0);
    expect(await a.pruneJobs(new Date(Date.now() + 3600_000))).toBe(22);
  });
});
