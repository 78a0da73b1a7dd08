// The document outline (bookmarks, PDF 32000-1 §12.3.3) read from and
// written as qpdf JSON v2. Reading follows /First and /Next with cycle and
// size limits and resolves each item's target (/Dest, or a GoTo action's
// /D) to a page: explicit destinations directly, named ones through the
// catalog's /Dests dictionary (names) or the /Names /Dests name tree
// (strings). Writing builds a fresh outline; the old items become
// unreachable and qpdf does not write them.
import {
  array,
  dict,
  isRef,
  nameOf,
  resolve,
  textOf,
  textValue,
  type QpdfObjects,
  type QpdfValue,
} from './qpdf-values.js';

/** One bookmark as docs/api.md §5d shows it: page 1-based, null when the target is not a page of this document. */
export interface Bookmark {
  title: string;
  page: number | null;
  children: Bookmark[];
}

/** Most outline items read or written, and their depth. */
export const MAX_OUTLINE_ITEMS = 50_000;
export const MAX_OUTLINE_DEPTH = 64;
const MAX_NAME_TREE_NODES = 100_000;

/** An outline past MAX_OUTLINE_ITEMS. */
export class OutlineTooLargeError extends Error {}

/** Looks `key` up in a name tree (kids by /Limits, leaves by /Names), within a node budget. */
function nameTreeLookup(objects: QpdfObjects, root: QpdfValue, key: string): QpdfValue {
  let budget = MAX_NAME_TREE_NODES;
  const visit = (node: QpdfValue, depth: number): QpdfValue => {
    const d = dict(objects, node);
    if (!d || depth > 64 || --budget < 0) return undefined;
    const names = array(objects, d['/Names']);
    for (let i = 0; i + 1 < names.length; i += 2) if (textOf(objects, names[i]) === key) return names[i + 1];
    for (const kid of array(objects, d['/Kids'])) {
      const limits = array(objects, dict(objects, kid)?.['/Limits']).map((l) => textOf(objects, l));
      if (
        limits.length === 2 &&
        limits[0] !== undefined &&
        limits[1] !== undefined &&
        (key < limits[0] || key > limits[1])
      )
        continue;
      const found = visit(kid, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(root, 0);
}

/** The page (1-based) a destination points at, null when it is not a page of this document. */
function pageOfDestination(
  objects: QpdfObjects,
  root: Record<string, QpdfValue>,
  pageIndex: Map<string, number>,
  destination: QpdfValue,
): number | null {
  let dest = resolve(objects, destination);
  for (let hops = 0; hops < 4; hops++) {
    if (typeof dest === 'string' && dest.startsWith('/'))
      dest = resolve(objects, dict(objects, root['/Dests'])?.[dest]);
    else if (typeof dest === 'string') {
      const key = textOf(objects, dest);
      dest =
        key === undefined
          ? undefined
          : resolve(objects, nameTreeLookup(objects, dict(objects, root['/Names'])?.['/Dests'], key));
    } else if (dest && typeof dest === 'object' && !Array.isArray(dest)) dest = resolve(objects, dest['/D']);
    else break;
  }
  if (!Array.isArray(dest) || dest.length === 0) return null;
  const target = dest[0];
  if (isRef(target)) return pageIndex.get(target) ?? null;
  return null;
}

/** The outline of the document as nested bookmarks. */
export function readOutline(objects: QpdfObjects, root: Record<string, QpdfValue>, pages: string[]): Bookmark[] {
  const pageIndex = new Map(pages.map((ref, i) => [ref, i + 1]));
  const seen = new Set<string>();
  let count = 0;
  const itemsFrom = (first: QpdfValue, depth: number): Bookmark[] => {
    const items: Bookmark[] = [];
    let ref = first;
    while (isRef(ref) && !seen.has(ref)) {
      seen.add(ref);
      if (++count > MAX_OUTLINE_ITEMS) throw new OutlineTooLargeError(`more than ${MAX_OUTLINE_ITEMS} outline entries`);
      const item = dict(objects, ref);
      if (!item) break;
      const action = dict(objects, item['/A']);
      const destination =
        item['/Dest'] !== undefined
          ? item['/Dest']
          : action && nameOf(objects, action['/S']) === 'GoTo'
            ? action['/D']
            : undefined;
      items.push({
        title: textOf(objects, item['/Title']) ?? '',
        page: destination === undefined ? null : pageOfDestination(objects, root, pageIndex, destination),
        children: depth < MAX_OUTLINE_DEPTH ? itemsFrom(item['/First'], depth + 1) : [],
      });
      ref = item['/Next'];
    }
    return items;
  };
  return itemsFrom(dict(objects, root['/Outlines'])?.['/First'], 1);
}

/** How many bookmarks `items` holds, all levels. */
export function countBookmarks(items: Bookmark[]): number {
  return items.reduce((sum, b) => sum + 1 + countBookmarks(b.children), 0);
}

/**
 * qpdf JSON objects for an outline of `items` (numbered from `firstObject`,
 * every item open), pages given by their references; returns the /Outlines
 * reference and the objects.
 */
export function buildOutline(
  items: Bookmark[],
  pages: string[],
  firstObject: number,
): { ref: string; objects: Record<string, unknown> } {
  let next = firstObject;
  const objects: Record<string, unknown> = {};
  const rootRef = `${next++} 0 R`;
  const build = (list: Bookmark[], parent: string): { first?: string; last?: string; visible: number } => {
    const refs = list.map(() => `${next++} 0 R`);
    let visible = 0;
    list.forEach((b, i) => {
      const kids = build(b.children, refs[i]);
      const value: Record<string, unknown> = { '/Title': textValue(b.title), '/Parent': parent };
      if (i > 0) value['/Prev'] = refs[i - 1];
      if (i + 1 < list.length) value['/Next'] = refs[i + 1];
      if (kids.first) Object.assign(value, { '/First': kids.first, '/Last': kids.last, '/Count': kids.visible });
      if (b.page !== null) value['/Dest'] = [pages[b.page - 1], '/XYZ', null, null, null];
      objects[`obj:${refs[i]}`] = { value };
      visible += 1 + kids.visible;
    });
    return { first: refs[0], last: refs[refs.length - 1], visible };
  };
  const top = build(items, rootRef);
  objects[`obj:${rootRef}`] = {
    value: {
      '/Type': '/Outlines',
      ...(top.first ? { '/First': top.first, '/Last': top.last } : {}),
      '/Count': top.visible,
    },
  };
  return { ref: rootRef, objects };
}
