import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ChunkedBytes, HELD_BODY, HELD_TOTAL, HeldBody, heldBodyBytes } from '../../src/http/held-body.js';

const held: HeldBody[] = [];
afterEach(() => {
  for (const h of held.splice(0)) h.release();
  expect(heldBodyBytes()).toBe(0);
});

describe('ChunkedBytes', () => {
  it('reads any range as Buffer.subarray does, across chunk boundaries', () => {
    const bytes = crypto.randomBytes(10_000);
    const chunks = new ChunkedBytes();
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7) % 1000 || 1)
      chunks.push(bytes.subarray(at, at + size));
    chunks.push(Buffer.alloc(0)); // an empty chunk changes nothing
    expect(chunks.length).toBe(bytes.length);
    for (let i = 0; i < 2000; i++) {
      const start = crypto.randomInt(-10, 10_010);
      const end = start + crypto.randomInt(0, 3000);
      expect(chunks.subarray(start, end).equals(bytes.subarray(Math.max(0, start), end)), `${start}..${end}`).toBe(
        true,
      );
    }
    expect(chunks.subarray(9_000).equals(bytes.subarray(9_000))).toBe(true);
  });

  it('hands out a view, not a copy, when a range lies inside one chunk', () => {
    const chunk = Buffer.from('0123456789');
    const chunks = new ChunkedBytes();
    chunks.push(chunk);
    chunks.push(Buffer.from('abcdef'));
    const view = chunks.subarray(2, 5);
    chunk[3] = 0x58;
    expect(view.toString()).toBe('2X4');
    expect(chunks.subarray(8, 12).toString()).toBe('89ab');
  });
});

describe('HeldBody', () => {
  it('reserves only bodies up to HELD_BODY, and only while HELD_TOTAL is not spent', () => {
    expect(HeldBody.reserve(0)).toBeUndefined();
    expect(HeldBody.reserve(HELD_BODY + 1)).toBeUndefined();
    while (heldBodyBytes() + HELD_BODY <= HELD_TOTAL) held.push(HeldBody.reserve(HELD_BODY)!);
    expect(heldBodyBytes()).toBe(HELD_TOTAL);
    expect(HeldBody.reserve(1)).toBeUndefined();
    held.pop()!.release();
    const again = HeldBody.reserve(HELD_BODY)!;
    held.push(again);
    again.release();
    again.release(); // idempotent
    expect(heldBodyBytes()).toBe(HELD_TOTAL - HELD_BODY);
  });

  it('keeps chunks up to its reservation, copying a small view of a large buffer', () => {
    const hold = HeldBody.reserve(300_000)!;
    held.push(hold);
    const into = new ChunkedBytes();
    const own = Buffer.alloc(200_000, 1);
    expect(hold.keep(into, own)).toBe(true);
    const big = Buffer.alloc(4 * 1024 * 1024, 2);
    expect(hold.keep(into, big.subarray(0, 1000))).toBe(true);
    big[0] = 3; // the kept chunk was a copy: the 4 MiB buffer is not held alive through it
    expect(into.subarray(200_000, 200_001)[0]).toBe(2);
    expect(hold.keep(into, Buffer.alloc(400_000))).toBe(false);
    expect(into.length).toBe(201_000);
    hold.release();
    expect(hold.keep(into, Buffer.alloc(10))).toBe(false);
  });
});
