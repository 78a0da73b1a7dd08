import { describe, expect, it } from 'vitest';
import { diffSequences } from '../../src/operations/compare/sequence-diff.js';

/** Length of the longest common subsequence, by dynamic programming (the reference). */
function lcsLength(a: number[], b: number[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

/** The unchanged elements of each side, in order: they must be equal pairwise (a common subsequence). */
function kept(values: number[], changed: Uint8Array): number[] {
  return values.filter((_, i) => changed[i] === 0);
}

describe('diffSequences', () => {
  it('finds a longest common subsequence on random inputs', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 1000) / 1000;
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 5));
      const b = Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 5));
      const { oldChanged, newChanged } = await diffSequences(Int32Array.from(a), Int32Array.from(b));
      expect(kept(a, oldChanged)).toEqual(kept(b, newChanged));
      expect(kept(a, oldChanged).length).toBe(lcsLength(a, b));
    }
  });

  it('marks one replaced element in a long sequence', async () => {
    const a = Int32Array.from({ length: 100_000 }, (_, i) => i);
    const b = Int32Array.from(a);
    b[50_000] = -1;
    const { oldChanged, newChanged } = await diffSequences(a, b);
    expect(oldChanged.reduce((s, v) => s + v, 0)).toBe(1);
    expect(newChanged.reduce((s, v) => s + v, 0)).toBe(1);
    expect(oldChanged[50_000]).toBe(1);
  });

  it('stays a valid diff when the sequences share nothing', async () => {
    const a = Int32Array.from({ length: 20_000 }, (_, i) => i);
    const b = Int32Array.from({ length: 20_000 }, (_, i) => -i - 1);
    const { oldChanged, newChanged } = await diffSequences(a, b);
    expect(oldChanged.every((v) => v === 1)).toBe(true);
    expect(newChanged.every((v) => v === 1)).toBe(true);
  });
});
