// The daily allowance on both store backends (the same suite, parametrized):
// day arithmetic, charge and refund, and exactness when several connections
// (standing in for several processes or hosts) charge one account at once.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAccount } from '../../src/store/accounts.js';
import type { Store } from '../../src/store/types.js';
import { charge, nextUtcMidnight, refund, secondsToReset, usedOn, utcDay } from '../../src/store/usage.js';
import { BACKENDS, createTestDatabase, stopPostgresCluster, type TestDatabase } from '../helpers/backends.js';

afterAll(stopPostgresCluster);

describe('UTC day arithmetic', () => {
  it('uses the UTC calendar day, not local time', () => {
    expect(utcDay(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDay(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(nextUtcMidnight(new Date('2026-12-31T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it('counts seconds to the reset, at least 1', () => {
    expect(secondsToReset(new Date('2026-03-01T23:00:00Z'))).toBe(3600);
    expect(secondsToReset(new Date('2026-03-01T23:59:59.900Z'))).toBe(1);
    expect(secondsToReset(new Date('2026-03-01T00:00:00Z'))).toBe(86400);
  });
});

describe.each(BACKENDS)('charge and refund (%s)', (backend) => {
  let t: TestDatabase;
  let db: Store;
  beforeEach(async () => {
    t = await createTestDatabase(backend);
    db = await t.open();
  });
  afterEach(async () => {
    await t.close();
  });

  it('admits up to the limit and refuses after it', async () => {
    const account = await ensureAccount(db, t.dataKey, 'a', 'free');
    const now = new Date('2026-05-05T12:00:00Z');
    for (let i = 1; i <= 3; i++)
      expect(await charge(db, account.id, 3, 'merge', now)).toEqual({ admitted: true, used: i, day: '2026-05-05' });
    expect(await charge(db, account.id, 3, 'merge', now)).toEqual({ admitted: false, used: 3, day: '2026-05-05' });
    expect(await usedOn(db, account.id, '2026-05-05')).toBe(3);
  });

  it('starts again at the next UTC day', async () => {
    const account = await ensureAccount(db, t.dataKey, 'a', 'free');
    expect((await charge(db, account.id, 1, 'merge', new Date('2026-05-05T23:59:59Z'))).admitted).toBe(true);
    expect((await charge(db, account.id, 1, 'merge', new Date('2026-05-05T23:59:59.999Z'))).admitted).toBe(false);
    expect(await charge(db, account.id, 1, 'merge', new Date('2026-05-06T00:00:00Z'))).toEqual({
      admitted: true,
      used: 1,
      day: '2026-05-06',
    });
  });

  it('refunds onto the day that was charged, never below zero', async () => {
    const account = await ensureAccount(db, t.dataKey, 'a', 'free');
    const c = await charge(db, account.id, 2, 'merge', new Date('2026-05-05T23:59:59Z'));
    await charge(db, account.id, 2, 'merge', new Date('2026-05-06T00:00:01Z'));
    await refund(db, account.id, c.day, 'merge');
    expect(await usedOn(db, account.id, '2026-05-05')).toBe(0);
    expect(await usedOn(db, account.id, '2026-05-06')).toBe(1);
    await refund(db, account.id, c.day, 'merge');
    expect(await usedOn(db, account.id, '2026-05-05')).toBe(0);
    // A refund frees a slot under the limit again.
    const day = new Date('2026-05-06T10:00:00Z');
    expect((await charge(db, account.id, 2, 'merge', day)).admitted).toBe(true);
    expect((await charge(db, account.id, 2, 'merge', day)).admitted).toBe(false);
    await refund(db, account.id, '2026-05-06', 'merge');
    expect((await charge(db, account.id, 2, 'merge', day)).admitted).toBe(true);
  });

  it('counts without limit for unlimited plans', async () => {
    const account = await ensureAccount(db, t.dataKey, 'e', 'enterprise');
    const now = new Date();
    for (let i = 0; i < 250; i++) await charge(db, account.id, null, 'merge', now);
    expect(await usedOn(db, account.id, utcDay(now))).toBe(250);
  });

  it('is exact when three connections charge and refund one account at once', async () => {
    const stores = [db, await t.open(), await t.open()];
    const account = await ensureAccount(db, t.dataKey, 'racer', 'free');
    const now = new Date();
    // A fresh day row: the first charges race on the INSERT as well as on the UPDATE.
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => charge(stores[i % 3], account.id, 100, 'merge', now)),
    );
    expect(results.filter((r) => r.admitted)).toHaveLength(100);
    expect(new Set(results.filter((r) => r.admitted).map((r) => r.used)).size).toBe(100);
    expect(await usedOn(stores[1], account.id, utcDay(now))).toBe(100);
    await Promise.all(Array.from({ length: 30 }, (_, i) => refund(stores[i % 3], account.id, utcDay(now), 'merge')));
    const again = await Promise.all(
      Array.from({ length: 60 }, (_, i) => charge(stores[i % 3], account.id, 100, 'merge', now)),
    );
    expect(again.filter((r) => r.admitted)).toHaveLength(30);
    expect(await usedOn(stores[2], account.id, utcDay(now))).toBe(100);
  });
});
