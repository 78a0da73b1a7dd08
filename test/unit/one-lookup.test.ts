// Host-name lookups hold at most one thread of libuv's pool (the file
// operations' pool): they run one at a time, and a failed one does not stop the queue.
import { describe, expect, it } from 'vitest';
import { lookupAll, oneLookupAtATime } from '../../src/core/one-lookup.js';

describe('one lookup at a time', () => {
  it('runs queued lookups one after another, in order, past a failure', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const lookup =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) => {
          running++;
          most = Math.max(most, running);
          order.push(`start ${name}`);
          setTimeout(() => {
            running--;
            order.push(`end ${name}`);
            if (fail) reject(new Error(`${name} failed`));
            else resolve(name);
          }, ms);
        });
    const results = await Promise.allSettled([
      oneLookupAtATime(lookup('a', 60)),
      oneLookupAtATime(lookup('b', 10, true)),
      oneLookupAtATime(lookup('c', 5)),
    ]);
    expect(most).toBe(1);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('resolves a real name through the queue', async () => {
    const addresses = await lookupAll('localhost');
    expect(addresses.map((a) => a.address)).toContain('127.0.0.1');
  });
});
