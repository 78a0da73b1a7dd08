import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAccount } from '../../src/store/accounts.js';
import { openDatabase, type Db } from '../../src/store/db.js';
import { charge, nextUtcMidnight, refund, secondsToReset, usedOn, utcDay } from '../../src/store/usage.js';

let dir: string;
let db: Db;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'allowance-'));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

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

describe('charge and refund', () => {
  it('admits up to the limit and refuses after it', () => {
    const account = ensureAccount(db, 'a', 'free');
    const now = new Date('2026-05-05T12:00:00Z');
    for (let i = 1; i <= 3; i++) expect(charge(db, account.id, 3, now)).toEqual({ admitted: true, used: i, day: '2026-05-05' });
    expect(charge(db, account.id, 3, now)).toEqual({ admitted: false, used: 3, day: '2026-05-05' });
    expect(usedOn(db, account.id, '2026-05-05')).toBe(3);
  });

  it('starts again at the next UTC day', () => {
    const account = ensureAccount(db, 'a', 'free');
    expect(charge(db, account.id, 1, new Date('2026-05-05T23:59:59Z')).admitted).toBe(true);
    expect(charge(db, account.id, 1, new Date('2026-05-05T23:59:59.999Z')).admitted).toBe(false);
    expect(charge(db, account.id, 1, new Date('2026-05-06T00:00:00Z'))).toEqual({ admitted: true, used: 1, day: '2026-05-06' });
  });

  it('refunds onto the day that was charged, never below zero', () => {
    const account = ensureAccount(db, 'a', 'free');
    const c = charge(db, account.id, 2, new Date('2026-05-05T23:59:59Z'));
    charge(db, account.id, 2, new Date('2026-05-06T00:00:01Z'));
    refund(db, account.id, c.day);
    expect(usedOn(db, account.id, '2026-05-05')).toBe(0);
    expect(usedOn(db, account.id, '2026-05-06')).toBe(1);
    refund(db, account.id, c.day);
    expect(usedOn(db, account.id, '2026-05-05')).toBe(0);
    // A refund frees a slot under the limit again.
    const day = new Date('2026-05-06T10:00:00Z');
    expect(charge(db, account.id, 2, day).admitted).toBe(true);
    expect(charge(db, account.id, 2, day).admitted).toBe(false);
    refund(db, account.id, '2026-05-06');
    expect(charge(db, account.id, 2, day).admitted).toBe(true);
  });

  it('counts without limit for unlimited plans', () => {
    const account = ensureAccount(db, 'e', 'enterprise');
    const now = new Date();
    for (let i = 0; i < 250; i++) charge(db, account.id, null, now);
    expect(usedOn(db, account.id, utcDay(now))).toBe(250);
  });
});
