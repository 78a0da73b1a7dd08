// Figure regions: vector paths and images that lie close together form one
// region (so a chart's bars, axes and legend, or an image cut into strips, are
// one picture); text lines inside the region, or small labels hugging it, are
// its labels and leave the body text. Lone rules (a footnote separator, an
// underline) and page-sized backgrounds are not figures.
import {
  area,
  centerInside,
  clusterBoxes,
  grow,
  height,
  intersects,
  overlapArea,
  union,
  width,
  type Line,
  type RawDraw,
} from './facts.js';
import type { Box } from './model.js';

/** A region to render as one picture, and the lines it swallowed. */
export interface FoundFigure {
  bbox: Box;
  lines: Set<Line>;
}

/** Figure regions among `draws` (those not used by tables). */
export function findFigures(
  draws: RawDraw[],
  lines: Line[],
  page: { width: number; height: number },
  bodySize: number,
): FoundFigure[] {
  const pageArea = page.width * page.height;
  const candidates = draws.filter((d) => {
    if (d.kind !== 'image' && area(d.bbox) > pageArea * 0.6) return false; // background (a page-sized image is content)
    if (d.bbox[2] < 0 || d.bbox[3] < 0 || d.bbox[0] > page.width || d.bbox[1] > page.height) return false;
    // A large fill running off the page is a background or clip artefact (tracemonkey p. 7), not ink.
    if (d.kind === 'fill' && !onPage(d.bbox, page) && area(d.bbox) > pageArea * 0.1) return false;
    // White fills alone are paper, not drawing; they join a figure only through what lies on them.
    if (d.kind === 'fill' && d.color && d.color.every((c) => c > 0.98)) return false;
    return true;
  });
  let regions: Box[] = [];
  for (const group of clusterBoxes(candidates, (d) => d.bbox, 3)) {
    const box = group.map((d) => d.bbox).reduce(union);
    const w = width(box);
    const h = height(box);
    if (w < 6 || h < 6) continue; // rules, underlines, dots
    if (!group.some((d) => d.kind === 'image') && Math.min(w, h) < 10 && Math.max(w, h) > 15 * Math.min(w, h)) continue; // a separator rule drawn thick
    const images = group.some((d) => d.kind === 'image');
    // A frame or shading around text only (a boxed paragraph): text, not a picture.
    const inside = lines.filter((l) => centerInside(l.bbox, box));
    const inked = group.some((d) => d.kind !== 'fill' || group.length > 2) || images;
    if (!inked) continue;
    if (!images && group.length <= 2 && inside.length > 0 && inside.every((l) => l.size >= bodySize * 0.9)) continue;
    regions.push(box);
  }
  // White backgrounds under a found region widen it (a diagram's canvas).
  regions = regions.map((r) =>
    draws
      .filter(
        (d) =>
          d.kind === 'fill' &&
          onPage(d.bbox, page) &&
          intersects(d.bbox, r) &&
          area(d.bbox) < pageArea * 0.25 &&
          overlapArea(d.bbox, r) > 0.5 * area(r),
      )
      .reduce((acc, d) => union(acc, d.bbox), r),
  );
  regions = mergeOverlapping(regions);
  // Labels: lines inside, then small lines touching the region, repeatedly.
  const figures: FoundFigure[] = regions.map((bbox) => ({ bbox, lines: new Set<Line>() }));
  for (let pass = 0; pass < 3; pass++) {
    let changed = false;
    for (const figure of figures) {
      for (const line of lines) {
        if (figure.lines.has(line)) continue;
        const inside = overlapArea(line.bbox, figure.bbox) > 0.6 * area(line.bbox);
        // Captions are long lines of (nearly) body size: only short small lines count as labels.
        const hugging =
          intersects(grow(figure.bbox, 4), line.bbox) &&
          line.size < bodySize * 0.95 &&
          width(line.bbox) < 0.4 * width(figure.bbox) &&
          line.bbox[0] >= figure.bbox[0] - 20 &&
          line.bbox[2] <= figure.bbox[2] + 20;
        if (inside || hugging) {
          figure.lines.add(line);
          figure.bbox = union(figure.bbox, line.bbox);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return figures;
}

function onPage(b: Box, page: { width: number; height: number }): boolean {
  return b[0] >= -5 && b[1] >= -5 && b[2] <= page.width + 5 && b[3] <= page.height + 5;
}

function mergeOverlapping(boxes: Box[]): Box[] {
  const out = [...boxes];
  for (let changed = true; changed; ) {
    changed = false;
    outer: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        if (intersects(out[i], out[j])) {
          out[i] = union(out[i], out[j]);
          out.splice(j, 1);
          changed = true;
          break outer;
        }
      }
    }
  }
  return out;
}
