// The refund rule's one exception (http/allowance.ts, API.md §3): an
// account's own-burst 503 is refunded once per 60 s window; repeats within it are charged.
import { describe, expect, it } from 'vitest';
import { OWN_BURST_WINDOW_MS, OwnBurstRefunds } from '../../src/http/allowance.js';

describe('OwnBurstRefunds', () => {
  it('refunds the first own-burst 503 of an account, charges repeats within the window, refunds again after it', () => {
    const refunds = new OwnBurstRefunds();
    const t = 1_000_000;
    expect(refunds.refunds(1, t)).toBe(true);
    expect(refunds.refunds(1, t + 1)).toBe(false);
    expect(refunds.refunds(1, t + OWN_BURST_WINDOW_MS - 1)).toBe(false);
    // Another account has its own window.
    expect(refunds.refunds(2, t + 1)).toBe(true);
    // The window runs from the refunded one, not from the last repeat.
    expect(refunds.refunds(1, t + OWN_BURST_WINDOW_MS)).toBe(true);
    expect(refunds.refunds(1, t + OWN_BURST_WINDOW_MS + 1)).toBe(false);
  });

  it('forgets accounts whose window has passed once it holds many', () => {
    const refunds = new OwnBurstRefunds();
    for (let id = 0; id < 10_000; id++) refunds.refunds(id, 0);
    expect(refunds.refunds(10_000, OWN_BURST_WINDOW_MS)).toBe(true);
    expect(refunds.refunds(0, OWN_BURST_WINDOW_MS)).toBe(true);
  });
});
