// Myers' O(ND) difference algorithm in linear space ("An O(ND) Difference
// Algorithm and Its Variations", 1986, section 4b: the middle snake), shaped
// after GNU diffutils' diffseq.h: two diagonal vectors of n + m + 3 integers
// are the only memory besides the inputs and one "changed" flag per element,
// so a 2,000-page pair (about a million words a side) needs a few MiB here
// (docs/benchmarks.md, compare). Past a cost of TOO_EXPENSIVE diagonals the
// middle snake is replaced by the furthest-reaching point found so far (GNU's
// heuristic): the result stays a valid diff, possibly not a minimal one, and
// the time stays near-linear for documents that share nothing.
// The work is split into pieces on an explicit stack, and the loop yields to
// the event loop between pieces, so a long diff never stalls other requests.
import { checkDeadline, yieldToEventLoop, type Deadline } from '../../core/deadline.js';

/** Which elements of each side are not part of the common subsequence. */
export interface SequenceDiff {
  oldChanged: Uint8Array;
  newChanged: Uint8Array;
}

/** Diagonals explored before the heuristic split (GNU diff's lower bound). */
const TOO_EXPENSIVE_MIN = 4096;
/** How long the loop runs before yielding to the event loop. */
const SLICE_MS = 15;

interface Split {
  xmid: number;
  ymid: number;
}

/** Diffs two sequences of token ids; marks the elements that are inserted or deleted. */
export async function diffSequences(xv: Int32Array, yv: Int32Array, deadline?: Deadline): Promise<SequenceDiff> {
  const n = xv.length;
  const m = yv.length;
  const oldChanged = new Uint8Array(n);
  const newChanged = new Uint8Array(m);
  const offset = m + 1;
  const fd = new Int32Array(n + m + 3);
  const bd = new Int32Array(n + m + 3);
  let tooExpensive = 1;
  for (let size = n + m; size !== 0; size >>= 2) tooExpensive <<= 1;
  tooExpensive = Math.max(TOO_EXPENSIVE_MIN, tooExpensive);

  const stack: number[] = [0, n, 0, m];
  let sliceStart = Date.now();
  while (stack.length > 0) {
    let ylim = stack.pop()!;
    let yoff = stack.pop()!;
    let xlim = stack.pop()!;
    let xoff = stack.pop()!;
    while (xoff < xlim && yoff < ylim && xv[xoff] === yv[yoff]) xoff++, yoff++;
    while (xoff < xlim && yoff < ylim && xv[xlim - 1] === yv[ylim - 1]) xlim--, ylim--;
    if (xoff === xlim) {
      newChanged.fill(1, yoff, ylim);
    } else if (yoff === ylim) {
      oldChanged.fill(1, xoff, xlim);
    } else {
      const { xmid, ymid } = middleSnake(xv, yv, xoff, xlim, yoff, ylim, fd, bd, offset, tooExpensive);
      if ((xmid === xoff && ymid === yoff) || (xmid === xlim && ymid === ylim)) {
        // No progress possible from the heuristic: call the whole piece changed (valid, not minimal).
        oldChanged.fill(1, xoff, xlim);
        newChanged.fill(1, yoff, ylim);
      } else {
        stack.push(xmid, xlim, ymid, ylim, xoff, xmid, yoff, ymid);
      }
    }
    if (Date.now() - sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      if (deadline) checkDeadline(deadline);
      sliceStart = Date.now();
    }
  }
  return { oldChanged, newChanged };
}

/** The middle snake of xv[xoff..xlim) against yv[yoff..ylim), or the heuristic split past `tooExpensive`. */
function middleSnake(
  xv: Int32Array,
  yv: Int32Array,
  xoff: number,
  xlim: number,
  yoff: number,
  ylim: number,
  fd: Int32Array,
  bd: Int32Array,
  o: number,
  tooExpensive: number,
): Split {
  const dmin = xoff - ylim;
  const dmax = xlim - yoff;
  const fmid = xoff - yoff;
  const bmid = xlim - ylim;
  let fmin = fmid;
  let fmax = fmid;
  let bmin = bmid;
  let bmax = bmid;
  const odd = ((fmid - bmid) & 1) !== 0;
  fd[fmid + o] = xoff;
  bd[bmid + o] = xlim;
  for (let c = 1; ; c++) {
    if (fmin > dmin) fd[--fmin - 1 + o] = -1;
    else ++fmin;
    if (fmax < dmax) fd[++fmax + 1 + o] = -1;
    else --fmax;
    for (let d = fmax; d >= fmin; d -= 2) {
      const tlo = fd[d - 1 + o];
      const thi = fd[d + 1 + o];
      let x = tlo >= thi ? tlo + 1 : thi;
      let y = x - d;
      while (x < xlim && y < ylim && xv[x] === yv[y]) x++, y++;
      fd[d + o] = x;
      if (odd && bmin <= d && d <= bmax && bd[d + o] <= x) return { xmid: x, ymid: y };
    }
    if (bmin > dmin) bd[--bmin - 1 + o] = 0x7fffffff;
    else ++bmin;
    if (bmax < dmax) bd[++bmax + 1 + o] = 0x7fffffff;
    else --bmax;
    for (let d = bmax; d >= bmin; d -= 2) {
      const tlo = bd[d - 1 + o];
      const thi = bd[d + 1 + o];
      let x = tlo < thi ? tlo : thi - 1;
      let y = x - d;
      while (xoff < x && yoff < y && xv[x - 1] === yv[y - 1]) x--, y--;
      bd[d + o] = x;
      if (!odd && fmin <= d && d <= fmax && x <= fd[d + o]) return { xmid: x, ymid: y };
    }
    if (c >= tooExpensive) return furthestPoint(fd, bd, o, fmin, fmax, bmin, bmax, xoff, xlim, yoff, ylim);
  }
}

/** GNU diff's way out of an expensive search: the forward or backward point that got furthest. */
function furthestPoint(
  fd: Int32Array,
  bd: Int32Array,
  o: number,
  fmin: number,
  fmax: number,
  bmin: number,
  bmax: number,
  xoff: number,
  xlim: number,
  yoff: number,
  ylim: number,
): Split {
  let fxybest = -1;
  let fxbest = xoff;
  for (let d = fmax; d >= fmin; d -= 2) {
    let x = Math.min(fd[d + o], xlim);
    let y = x - d;
    if (ylim < y) (x = ylim + d), (y = ylim);
    if (fxybest < x + y) (fxybest = x + y), (fxbest = x);
  }
  let bxybest = Number.MAX_SAFE_INTEGER;
  let bxbest = xlim;
  for (let d = bmax; d >= bmin; d -= 2) {
    let x = Math.max(xoff, bd[d + o]);
    let y = x - d;
    if (y < yoff) (x = yoff + d), (y = yoff);
    if (x + y < bxybest) (bxybest = x + y), (bxbest = x);
  }
  if (xlim + ylim - bxybest < fxybest - (xoff + yoff)) return { xmid: fxbest, ymid: fxybest - fxbest };
  return { xmid: bxbest, ymid: bxybest - bxbest };
}
