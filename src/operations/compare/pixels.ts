// The pixel diff of two renderings of a page pair (pure, in-process: the
// inputs are PPM files MuPDF wrote at a size checked against
// MAX_RENDER_PIXELS before rendering). Noise rules, measured on
// tracemonkey.pdf re-rendered and re-saved by qpdf and Ghostscript
// (docs/operations/compare.md): a pixel counts when one channel moved by more
// than PIXEL_THRESHOLD; a 4×4 cell counts when CELL_MIN of its pixels do (so
// a lone anti-aliasing speck is not a change, while a 1 pt line at 72 dpi,
// one pixel wide and four along each cell, is); cells under masked text boxes
// are left out (their change is the reported text change).

/** A decoded P6 image. */
export interface Raster {
  width: number;
  height: number;
  /** RGB, row after row. */
  data: Buffer;
}

/** Channel difference (0..255) above which a pixel differs. */
export const PIXEL_THRESHOLD = 48;
/** Cell edge in pixels. */
export const CELL = 4;
/** Differing pixels a cell needs to count. */
export const CELL_MIN = 2;

/** Reads a binary PPM (P6, maxval 255) as mutool draw writes it. */
export function parsePpm(file: Buffer): Raster {
  // Header: "P6", whitespace, width, whitespace, height, whitespace, maxval, one whitespace byte.
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (header?.[3] !== '255') throw new Error('not an 8-bit binary PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const data = file.subarray(header[0].length, header[0].length + width * height * 3);
  if (data.length !== width * height * 3) throw new Error('truncated PPM');
  return { width, height, data };
}

/** What differs between two renderings. */
export interface PixelDiff {
  /** Differing pixels in counted cells, over the pixels of the larger rendering. */
  changedRatio: number;
  /** Regions of adjacent counted cells, [x, y, w, h] in pixels. */
  boxes: Array<[number, number, number, number]>;
}

/**
 * Compares `a` and `b` (pixel rows aligned at the top-left); `masks` are
 * boxes [x0, y0, x1, y1, …] in pixels whose cells are not counted. Area one
 * rendering has and the other lacks (pages of different sizes) counts as changed.
 */
export function diffRasters(a: Raster, b: Raster, masks: number[]): PixelDiff {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const counts = new Uint16Array(cols * rows);
  const rowBytes = a.width * 3;
  for (let y = 0; y < height; y++) {
    // Most rows of a page pair are byte-identical: one memcmp instead of a loop over the pixels.
    if (
      a.width === b.width &&
      y < a.height &&
      y < b.height &&
      a.data.subarray(y * rowBytes, (y + 1) * rowBytes).equals(b.data.subarray(y * rowBytes, (y + 1) * rowBytes))
    )
      continue;
    const row = (y / CELL) | 0;
    for (let x = 0; x < width; x++) {
      let differs: boolean;
      if (x >= a.width || y >= a.height || x >= b.width || y >= b.height) differs = true;
      else differs = !near(a, b, x, y) && (!matchedNearby(a, b, x, y) || !matchedNearby(b, a, x, y));
      if (differs) counts[row * cols + ((x / CELL) | 0)]++;
    }
  }
  for (let k = 0; k + 3 < masks.length; k += 4) {
    const c0 = Math.max(0, Math.floor(masks[k] / CELL));
    const r0 = Math.max(0, Math.floor(masks[k + 1] / CELL));
    const c1 = Math.min(cols - 1, Math.floor(masks[k + 2] / CELL));
    const r1 = Math.min(rows - 1, Math.floor(masks[k + 3] / CELL));
    for (let r = r0; r <= r1; r++) counts.fill(0, r * cols + c0, r * cols + c1 + 1);
  }
  let changed = 0;
  for (let c = 0; c < counts.length; c++) {
    if (counts[c] < CELL_MIN) counts[c] = 0;
    else changed += counts[c];
  }
  return { changedRatio: changed / (width * height), boxes: regions(counts, cols, rows, width, height) };
}

/** Whether pixel (x, y) is within PIXEL_THRESHOLD in every channel in both renderings. */
function near(a: Raster, b: Raster, x: number, y: number): boolean {
  const ia = (y * a.width + x) * 3;
  const ib = (y * b.width + x) * 3;
  return (
    Math.abs(a.data[ia] - b.data[ib]) <= PIXEL_THRESHOLD &&
    Math.abs(a.data[ia + 1] - b.data[ib + 1]) <= PIXEL_THRESHOLD &&
    Math.abs(a.data[ia + 2] - b.data[ib + 2]) <= PIXEL_THRESHOLD
  );
}

/**
 * Whether `from`'s pixel (x, y) has a close match among the 3×3 neighbours in
 * `to`: an edge that moved by one pixel (glyph hinting, a font re-embedded by
 * another writer) matches, a line or colour that is new does not.
 */
function matchedNearby(from: Raster, to: Raster, x: number, y: number): boolean {
  const i = (y * from.width + x) * 3;
  for (let dy = -1; dy <= 1; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= to.height) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= to.width) continue;
      const j = (yy * to.width + xx) * 3;
      if (
        Math.abs(from.data[i] - to.data[j]) <= PIXEL_THRESHOLD &&
        Math.abs(from.data[i + 1] - to.data[j + 1]) <= PIXEL_THRESHOLD &&
        Math.abs(from.data[i + 2] - to.data[j + 2]) <= PIXEL_THRESHOLD
      )
        return true;
    }
  }
  return false;
}

/** Bounding boxes of 8-connected groups of counted cells, in pixels. */
function regions(
  counts: Uint16Array,
  cols: number,
  rows: number,
  width: number,
  height: number,
): Array<[number, number, number, number]> {
  const seen = new Uint8Array(counts.length);
  const boxes: Array<[number, number, number, number]> = [];
  const stack: number[] = [];
  for (let start = 0; start < counts.length; start++) {
    if (counts[start] === 0 || seen[start]) continue;
    let c0 = cols,
      r0 = rows,
      c1 = -1,
      r1 = -1;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const r = (cell / cols) | 0;
      const c = cell - r * cols;
      c0 = Math.min(c0, c);
      c1 = Math.max(c1, c);
      r0 = Math.min(r0, r);
      r1 = Math.max(r1, r);
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
          const next = rr * cols + cc;
          if (counts[next] !== 0 && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    const x = c0 * CELL;
    const y = r0 * CELL;
    boxes.push([x, y, Math.min(width, (c1 + 1) * CELL) - x, Math.min(height, (r1 + 1) * CELL) - y]);
  }
  return boxes;
}
