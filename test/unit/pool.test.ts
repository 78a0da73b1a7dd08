// The process pool's fairness (tools/pool.ts): lines per owner served in
// turn, the overflow of a full queue landing on the owner with the longest
// line, and an operation's bounded draw (OperationSlots).
import { describe, expect, it } from 'vitest';
import { ClientClosedError, QueueShareExceededError, ServerBusyError } from '../../src/core/errors.js';
import { ProcessPool } from '../../src/tools/pool.js';

/** Records the order in which acquisitions are granted; each grant's release is kept under its tag. */
function recorder() {
  const granted: string[] = [];
  const releases = new Map<string, () => void>();
  const take = (promise: Promise<() => void>, tag: string) =>
    promise.then((release) => {
      granted.push(tag);
      releases.set(tag, release);
    });
  const release = (tag: string) => {
    releases.get(tag)!();
    releases.delete(tag);
  };
  return { granted, take, release };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ProcessPool', () => {
  it('serves the lines of different owners in turn, each in its own order', async () => {
    const pool = new ProcessPool(1, 100);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'a'), 'a0');
    await settle();
    for (const tag of ['a1', 'a2', 'a3']) void r.take(pool.acquire(1, undefined, 'a'), tag);
    void r.take(pool.acquire(1, undefined, 'b'), 'b1');
    for (const tag of ['a0', 'a1', 'b1', 'a2']) {
      await settle();
      r.release(tag);
    }
    await settle();
    expect(r.granted).toEqual(['a0', 'a1', 'b1', 'a2', 'a3']);
  });

  it('a full queue refuses the newest run of the owner with the longest line, not a neighbour', async () => {
    const pool = new ProcessPool(1, 3);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'a'), 'a0');
    const a = [1, 2, 3].map((i) =>
      pool.acquire(1, undefined, 'a').then(
        (release) => (release(), `a${i}`),
        (error: Error) => error,
      ),
    );
    await settle();
    expect(pool.stats().queued).toBe(3);
    // The neighbour is not refused, even before its upload: a's longest line gives way.
    expect(pool.isSaturated('b')).toBe(false);
    expect(pool.isSaturated('a')).toBe(true);
    const b = pool.acquire(1, undefined, 'b');
    expect(await a[2]).toBeInstanceOf(QueueShareExceededError);
    expect(pool.waiting('a')).toBe(2);
    expect(pool.waiting('b')).toBe(1);
    // a, again: its own line is still the longest, so it is refused itself, as its own burst.
    await expect(pool.acquire(1, undefined, 'a')).rejects.toBeInstanceOf(QueueShareExceededError);
    r.release('a0');
    // In turn: a1, then b (before a2).
    expect(await a[0]).toBe('a1');
    (await b)();
    expect(await a[1]).toBe('a2');
  });

  it('equal lines in a full queue are an overload: the newcomer is refused (refunded), nobody is evicted', async () => {
    const pool = new ProcessPool(1, 2);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'a'), 'a0');
    void r.take(pool.acquire(1, undefined, 'a'), 'a1');
    void r.take(pool.acquire(1, undefined, 'b'), 'b1');
    await settle();
    expect(pool.isSaturated('c')).toBe(true);
    const refused = await pool.acquire(1, undefined, 'c').catch((error: Error) => error);
    expect(refused).toBeInstanceOf(ServerBusyError);
    expect(refused).not.toBeInstanceOf(QueueShareExceededError);
    expect(pool.stats().queued).toBe(2);
    r.release('a0');
    await settle();
    r.release('a1');
    await settle();
    expect(r.granted).toEqual(['a0', 'a1', 'b1']);
  });

  it('a heavy run whose turn it is waits for enough slots instead of being passed', async () => {
    const pool = new ProcessPool(2, 10);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'a'), 'a0');
    void r.take(pool.acquire(1, undefined, 'b'), 'b0');
    void r.take(pool.acquire(2, undefined, 'c'), 'c-heavy');
    void r.take(pool.acquire(1, undefined, 'd'), 'd1');
    await settle();
    r.release('a0');
    await settle();
    expect(r.granted).toEqual(['a0', 'b0']);
    r.release('b0');
    await settle();
    expect(r.granted).toEqual(['a0', 'b0', 'c-heavy']);
  });

  it('a waiting run whose signal aborts leaves the queue', async () => {
    const pool = new ProcessPool(1, 10);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'a'), 'a0');
    const controller = new AbortController();
    const leaving = pool.acquire(1, controller.signal, 'b');
    await settle();
    controller.abort();
    await expect(leaving).rejects.toBeInstanceOf(ClientClosedError);
    expect(pool.stats().queued).toBe(0);
  });
});

describe('OperationSlots', () => {
  it("keeps at most `limit` of one operation's runs in the pool; the rest wait outside the shared queue", async () => {
    const pool = new ProcessPool(1, 100);
    const slots = pool.forOperation('a', 2);
    const r = recorder();
    for (let i = 0; i < 50; i++) void r.take(slots.acquire(1), `p${i}`);
    await settle();
    expect(pool.stats()).toEqual({ capacity: 1, inUse: 1, queued: 1 });
    // Another account's run is next after the operation's one queued run, not after 49.
    void r.take(pool.acquire(1, undefined, 'b'), 'b');
    for (let i = 0; i < 2; i++) {
      r.release(r.granted[r.granted.length - 1]);
      await settle();
    }
    expect(r.granted).toEqual(['p0', 'p1', 'b']);
    while (r.granted.length < 51) {
      r.release(r.granted[r.granted.length - 1]);
      await settle();
      expect(pool.stats().inUse + pool.stats().queued).toBeLessThanOrEqual(2);
    }
    expect(r.granted.filter((t) => t.startsWith('p'))).toEqual(Array.from({ length: 50 }, (_, i) => `p${i}`));
  });

  it("in a queue full of one owner's runs, an older operation's run takes the place of a younger one's", async () => {
    const pool = new ProcessPool(1, 2);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'x'), 'x0');
    const older = pool.forOperation('a', 2);
    const younger = pool.forOperation('a', 2);
    const o1 = older.acquire(1);
    const y1 = younger.acquire(1).catch((error: Error) => error);
    await settle();
    expect(pool.waiting('a')).toBe(2);
    // The older operation's next run: the younger operation's waiting run gives way, as a's own burst.
    const o2 = older.acquire(1);
    expect(await y1).toBeInstanceOf(QueueShareExceededError);
    // The younger operation's next run is refused: nothing younger than it waits.
    await expect(younger.acquire(1)).rejects.toBeInstanceOf(ServerBusyError);
    r.release('x0');
    (await o1)();
    (await o2)();
    expect(pool.stats()).toMatchObject({ inUse: 0, queued: 0 });
  });

  it("once the pool refused one of its runs, the operation's further runs fail the same way without queueing", async () => {
    const pool = new ProcessPool(1, 1);
    const r = recorder();
    void r.take(pool.acquire(1, undefined, 'x'), 'x0');
    const slots = pool.forOperation('a', 2);
    const first = slots.acquire(1).catch((error: Error) => error);
    const second = slots.acquire(1).catch((error: Error) => error);
    const third = slots.acquire(1).catch((error: Error) => error);
    expect(await second).toBeInstanceOf(ServerBusyError);
    expect(await third).toBe(await second);
    expect(pool.stats().queued).toBe(1);
    r.release('x0');
    expect(typeof (await first)).toBe('function');
  });
});
