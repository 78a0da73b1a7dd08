// From the word diff to what the client reads: the pairing of old and new
// pages (by the words they share, not by number, so an inserted page shifts
// the pairing), the changes grouped into insert/delete/replace runs split at
// page breaks, and, per page, the word boxes the pixel diff must not count
// again (words that changed or moved: their pixels differ because of the text
// change already reported).
import type { SequenceDiff } from './sequence-diff.js';
import type { DocumentWords } from './words.js';

/** [x, y, w, h] in pt from the page's top-left. */
export type Rect = [number, number, number, number];

/** One side of a change. */
export interface ChangeSide {
  page: number;
  text: string;
  boxes: Rect[];
}

/** One run of changed words (contract: API §5f). */
export interface Change {
  type: 'insert' | 'delete' | 'replace';
  old: ChangeSide | null;
  new: ChangeSide | null;
}

/** Aligned page pairs, in order (1-based page numbers). */
export type PagePairs = Array<[number, number]>;

/** Words a pixel may differ under without it being a visual change, per page (pt, [x0, y0, x1, y1]). */
export interface TextMasks {
  old: Map<number, number[]>;
  new: Map<number, number[]>;
}

/** A word whose box moved less than this (pt) on its aligned page is in place: pixels under it still count. */
const IN_PLACE = 1;

/** Calls `visit(i, j)` for every pair of equal words (unchanged on both sides), in order. */
function forEachEqual(diff: SequenceDiff, visit: (i: number, j: number) => void): void {
  const { oldChanged, newChanged } = diff;
  let i = 0;
  let j = 0;
  while (i < oldChanged.length && j < newChanged.length) {
    if (oldChanged[i]) i++;
    else if (newChanged[j]) j++;
    else visit(i++, j++);
  }
}

/**
 * Pairs old and new pages: the monotone pairing that keeps the most equal words
 * on paired pages (a weighted longest chain over the page pairs the equal words
 * fall on); pages left between two pairs, as many on each side, pair in order
 * (pictures with no text, scans).
 */
export function alignPages(oldWords: DocumentWords, newWords: DocumentWords, diff: SequenceDiff): PagePairs {
  const entries: Array<{ p: number; q: number; count: number }> = [];
  forEachEqual(diff, (i, j) => {
    const p = oldWords.pages[i];
    const q = newWords.pages[j];
    const last = entries.at(-1);
    if (last && last.p === p && last.q === q) last.count++;
    else entries.push({ p, q, count: 1 });
  });
  // Equal words come in order on both sides, so entries are sorted by p and by q: a chain DP.
  const best = new Float64Array(entries.length);
  const from = new Int32Array(entries.length).fill(-1);
  let top = -1;
  for (let k = 0; k < entries.length; k++) {
    best[k] = entries[k].count;
    for (let l = k - 1; l >= 0; l--) {
      if (entries[l].p < entries[k].p && entries[l].q < entries[k].q && best[l] + entries[k].count > best[k]) {
        best[k] = best[l] + entries[k].count;
        from[k] = l;
      }
    }
    if (top < 0 || best[k] > best[top]) top = k;
  }
  const chain: PagePairs = [];
  for (let k = top; k >= 0; k = from[k]) chain.unshift([entries[k].p, entries[k].q]);
  return fillGaps(chain, oldWords.pageSizes.length, newWords.pageSizes.length);
}

/** Adds pairs for runs of unpaired pages of equal length between (and around) the text-aligned pairs. */
function fillGaps(chain: PagePairs, pagesOld: number, pagesNew: number): PagePairs {
  const pairs: PagePairs = [];
  let p = 0;
  let q = 0;
  for (const [np, nq] of [...chain, [pagesOld + 1, pagesNew + 1] as [number, number]]) {
    if (np - p - 1 === nq - q - 1) for (let k = 1; k < np - p; k++) pairs.push([p + k, q + k]);
    if (np <= pagesOld) pairs.push([np, nq]);
    p = np;
    q = nq;
  }
  return pairs;
}

/** The changes (runs split at page breaks on either side) and the text masks of the pixel diff. */
export function describeChanges(
  oldWords: DocumentWords,
  newWords: DocumentWords,
  diff: SequenceDiff,
  pairs: PagePairs,
): { changes: Change[]; masks: TextMasks } {
  const pairedNew = new Map(pairs);
  const masks: TextMasks = { old: new Map(), new: new Map() };
  const mask = (side: Map<number, number[]>, words: DocumentWords, i: number) => {
    const page = words.pages[i];
    let list = side.get(page);
    if (!list) side.set(page, (list = []));
    for (let k = 0; k < 4; k++) list.push(words.boxes[i * 4 + k]);
  };
  forEachEqual(diff, (i, j) => {
    const inPlace =
      pairedNew.get(oldWords.pages[i]) === newWords.pages[j] && sameBox(oldWords.boxes, i, newWords.boxes, j);
    if (!inPlace) {
      mask(masks.old, oldWords, i);
      mask(masks.new, newWords, j);
    }
  });

  const changes: Change[] = [];
  const { oldChanged, newChanged } = diff;
  let i = 0;
  let j = 0;
  while (i < oldChanged.length || j < newChanged.length) {
    if (i < oldChanged.length && j < newChanged.length && !oldChanged[i] && !newChanged[j]) {
      i++;
      j++;
      continue;
    }
    const i0 = i;
    const j0 = j;
    while (i < oldChanged.length && oldChanged[i]) mask(masks.old, oldWords, i++);
    while (j < newChanged.length && newChanged[j]) mask(masks.new, newWords, j++);
    if (sameInkSamePlace(oldWords, i0, i, newWords, j0, j)) continue;
    const olds = byPage(oldWords, i0, i);
    const news = byPage(newWords, j0, j);
    for (let k = 0; k < Math.max(olds.length, news.length); k++) {
      const old = olds[k] ?? null;
      const nu = news[k] ?? null;
      changes.push({ type: old && nu ? 'replace' : old ? 'delete' : 'insert', old, new: nu });
    }
  }
  return { changes: withoutReorderings(changes, pairs), masks };
}

/** Letters and digits only: what two encodings of the same printed text share (spacing and stray punctuation aside). */
function ink(text: string): string {
  return text.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Union of the boxes of words from..to on one page, or null when they span pages. */
function unionBox(words: DocumentWords, from: number, to: number): number[] | null {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = from; i < to; i++) {
    if (words.pages[i] !== words.pages[from]) return null;
    for (let k = 0; k < 2; k++) box[k] = Math.min(box[k], words.boxes[i * 4 + k]);
    for (let k = 2; k < 4; k++) box[k] = Math.max(box[k], words.boxes[i * 4 + k]);
  }
  return box;
}

/**
 * A replaced run whose letters and digits are the same, in the same place: the
 * same printed words extracted with other spacing or punctuation (a writer that
 * re-encodes fonts: Ghostscript turned "Tree Anchor" into "Tree)Anchor" on
 * tracemonkey.pdf), not a change.
 */
function sameInkSamePlace(
  oldWords: DocumentWords,
  i0: number,
  i1: number,
  newWords: DocumentWords,
  j0: number,
  j1: number,
): boolean {
  if (i0 === i1 || j0 === j1) return false;
  let a = '';
  let b = '';
  for (let i = i0; i < i1; i++) a += oldWords.textOf(i);
  for (let j = j0; j < j1; j++) b += newWords.textOf(j);
  if (ink(a) !== ink(b) || ink(a) === '') return false;
  const oldBox = unionBox(oldWords, i0, i1);
  const newBox = unionBox(newWords, j0, j1);
  return oldBox !== null && newBox !== null && oldBox.every((v, k) => Math.abs(v - newBox[k]) <= 2);
}

/**
 * Drops a deletion and an insertion of the same words at the same place on a
 * paired page: the words did not move on the page, only their order in the
 * content stream (and so in reading order) did.
 */
function withoutReorderings(changes: Change[], pairs: PagePairs): Change[] {
  const pairedNew = new Map(pairs);
  const key = (page: number, side: ChangeSide) =>
    `${page}|${ink(side.text)}|${side.boxes.map((b) => b.map((v) => Math.round(v / 2)).join(',')).join(';')}`;
  const deletions = new Map<string, number[]>();
  changes.forEach((change, k) => {
    if (change.type !== 'delete') return;
    const q = pairedNew.get(change.old!.page);
    if (q === undefined) return;
    const list = deletions.get(key(q, change.old!)) ?? [];
    list.push(k);
    deletions.set(key(q, change.old!), list);
  });
  const dropped = new Set<number>();
  changes.forEach((change, k) => {
    if (change.type !== 'insert') return;
    const match = deletions.get(key(change.new!.page, change.new!))?.shift();
    if (match !== undefined) {
      dropped.add(match);
      dropped.add(k);
    }
  });
  return changes.filter((_, k) => !dropped.has(k));
}

function sameBox(a: Float32Array, i: number, b: Float32Array, j: number): boolean {
  for (let k = 0; k < 4; k++) if (Math.abs(a[i * 4 + k] - b[j * 4 + k]) > IN_PLACE) return false;
  return true;
}

/** Words from..to (exclusive) as one side per page: text, and boxes merged along each line. */
function byPage(words: DocumentWords, from: number, to: number): ChangeSide[] {
  const sides: ChangeSide[] = [];
  let current: ChangeSide | null = null;
  let texts: string[] = [];
  for (let i = from; i < to; i++) {
    const page = words.pages[i];
    if (!current || current.page !== page) {
      if (current) current.text = texts.join(' ');
      current = { page, text: '', boxes: [] };
      texts = [];
      sides.push(current);
    }
    texts.push(words.textOf(i));
    addToLine(current.boxes, words.boxOf(i));
  }
  if (current) current.text = texts.join(' ');
  return sides;
}

/** Extends the last box when `box` continues its line (same top and bottom within 2 pt, a gap under twice the height); else adds it. */
function addToLine(boxes: Rect[], box: Rect): void {
  const last = boxes.at(-1);
  if (last) {
    const gap = box[0] - (last[0] + last[2]);
    const sameLine = Math.abs(box[1] - last[1]) < 2 && Math.abs(box[1] + box[3] - (last[1] + last[3])) < 2;
    if (sameLine && gap > -1 && gap < 2 * box[3]) {
      const right = Math.max(last[0] + last[2], box[0] + box[2]);
      last[2] = Math.round((right - last[0]) * 100) / 100;
      return;
    }
  }
  boxes.push(box);
}
