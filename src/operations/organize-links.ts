// After organize drops pages, qpdf keeps the catalog of the original, so
// outline entries, links and named destinations that pointed at a dropped
// page still point at its object, which qpdf writes as null. This pass finds them
// in qpdf's JSON view of the output and removes them: link annotations to a
// dropped page are deleted, outline entries for one are unlinked (an entry
// that still has children stays, without a destination), and named
// destinations for one are deleted. Nothing else is touched.
import { readJson, updateFromJson } from '../tools/qpdf.js';
import type { RunContext } from '../core/contract.js';

type Value = any;
type Objects = Record<string, { value?: Value; stream?: { dict: Value } }>;

/** Object reference of a qpdf JSON value ("12 0 R"), or undefined. */
function refOf(value: Value): string | undefined {
  return typeof value === 'string' && /^\d+ \d+ R$/.test(value) ? value : undefined;
}

class DestIndex {
  private readonly objects: Objects;
  private readonly named = new Map<string, Value>();
  readonly pages: Set<string>;
  /** Objects rewritten so far; later reads see them. */
  readonly changed: Record<string, { value: Value }> = {};

  constructor(objects: Objects, pages: Set<string>, root: Value) {
    this.objects = objects;
    this.pages = pages;
    const dests = this.resolve(root['/Dests']);
    if (dests && typeof dests === 'object')
      for (const [name, dest] of Object.entries(dests)) this.named.set(name, dest);
    this.walkNames(this.resolve(this.resolve(root['/Names'])?.['/Dests']), 0, () => undefined);
  }

  /** The value an indirect reference points to (the value itself otherwise). */
  resolve(value: Value): Value {
    const ref = refOf(value);
    if (!ref) return value;
    const object = this.changed[`obj:${ref}`] ?? this.objects[`obj:${ref}`];
    return object?.value ?? (object as { stream?: { dict: Value } } | undefined)?.stream?.dict;
  }

  /** Visits the leaves of a name tree; `edit` may return a filtered /Names array. */
  walkNames(node: Value, depth: number, edit: (names: Value[], nodeRef: Value) => void, nodeRef?: Value): void {
    if (!node || typeof node !== 'object' || depth > 32) return;
    if (Array.isArray(node['/Names'])) {
      for (let i = 0; i + 1 < node['/Names'].length; i += 2)
        this.named.set(String(node['/Names'][i]), node['/Names'][i + 1]);
      edit(node['/Names'], nodeRef);
    }
    if (Array.isArray(node['/Kids']))
      for (const kid of node['/Kids']) this.walkNames(this.resolve(kid), depth + 1, edit, kid);
  }

  /** True when `dest` (explicit, named, or a /D dictionary) targets a page object that is not in the page tree. */
  targetsDropped(dest: Value, depth = 0): boolean {
    if (dest === undefined || dest === null || depth > 8) return false;
    const value = this.resolve(dest);
    if (Array.isArray(value)) {
      const page = refOf(value[0]);
      // qpdf writes a dropped page that is still referenced as a null object.
      if (!page || this.pages.has(page)) return false;
      const target = this.resolve(page);
      return target === null || target === undefined || target['/Type'] === '/Page';
    }
    if (typeof value === 'string')
      return this.named.has(value) && this.targetsDropped(this.named.get(value), depth + 1);
    if (value && typeof value === 'object' && '/D' in value) return this.targetsDropped(value['/D'], depth + 1);
    return false;
  }

  /** True for an annotation or outline item whose /Dest or GoTo action targets a dropped page. */
  pointsToDropped(item: Value): boolean {
    if (!item || typeof item !== 'object') return false;
    if (this.targetsDropped(item['/Dest'])) return true;
    const action = this.resolve(item['/A']);
    return !!action && action['/S'] === '/GoTo' && this.targetsDropped(action['/D']);
  }
}

/**
 * True when `file` has anything that can point at a page: an outline, named
 * destinations, or an annotation array on some object. Run on the input
 * beside qpdf's reorder pass, it lets documents without any skip the
 * post-pass (a second JSON read and an update of the whole output).
 */
export async function mayPointAtPages(run: RunContext, file: string): Promise<boolean> {
  const objects: Record<string, { value?: Value }> = (await readJson(run, file, ['qpdf'])).qpdf[1];
  const rootRef = objects.trailer?.value?.['/Root'];
  const root = objects[`obj:${rootRef}`]?.value;
  if (
    !root ||
    typeof root !== 'object' ||
    root['/Outlines'] !== undefined ||
    root['/Dests'] !== undefined ||
    root['/Names'] !== undefined
  )
    return true;
  return Object.values(objects).some((o) => o.value && typeof o.value === 'object' && '/Annots' in o.value);
}

/**
 * Writes `input` to `output` without links, outline entries and named
 * destinations that point at pages no longer in the page tree. Returns false
 * (and writes nothing) when there was nothing to remove.
 */
export async function removeLinksToDroppedPages(run: RunContext, input: string, output: string): Promise<boolean> {
  const json = await readJson(run, input, ['qpdf', 'pages']);
  const [header, objects] = json.qpdf as [Value, Objects & { trailer: { value: Value } }];
  const rootRef = objects.trailer.value['/Root'];
  const root = objects[`obj:${rootRef}`]?.value ?? {};
  const pages = new Set<string>(json.pages.map((p: { object: string }) => p.object));
  const index = new DestIndex(objects, pages, root);
  const changed = index.changed;
  const set = (ref: string, value: Value) => (changed[`obj:${ref}`] = { value });

  for (const pageRef of pages) {
    const page = index.resolve(pageRef);
    const annotsRef = refOf(page?.['/Annots']);
    const annots = index.resolve(page?.['/Annots']);
    if (!Array.isArray(annots)) continue;
    const kept = annots.filter((a: Value) => !index.pointsToDropped(index.resolve(a)));
    if (kept.length === annots.length) continue;
    if (annotsRef) set(annotsRef, kept);
    else set(pageRef, { ...page, '/Annots': kept });
  }

  const outlinesRef = refOf(root['/Outlines']);
  if (outlinesRef) pruneOutline(index, outlinesRef, set, 0);

  // Named destinations: the /Dests dictionary and the leaves of the /Names /Dests tree.
  const destsRef = refOf(root['/Dests']);
  const dests = index.resolve(root['/Dests']);
  if (dests && typeof dests === 'object' && !Array.isArray(dests)) {
    const kept = Object.fromEntries(Object.entries(dests).filter(([, d]) => !index.targetsDropped(d)));
    if (Object.keys(kept).length !== Object.keys(dests).length) {
      if (destsRef) set(destsRef, kept);
      else set(rootRef, { ...root, '/Dests': kept });
    }
  }
  const namesTree = index.resolve(index.resolve(root['/Names'])?.['/Dests']);
  index.walkNames(namesTree, 0, (names, nodeRef) => {
    const kept: Value[] = [];
    for (let i = 0; i + 1 < names.length; i += 2)
      if (!index.targetsDropped(names[i + 1])) kept.push(names[i], names[i + 1]);
    const ref = refOf(nodeRef) ?? refOf(index.resolve(root['/Names'])?.['/Dests']);
    if (kept.length !== names.length && ref) set(ref, { ...index.resolve(ref), '/Names': kept });
  });

  if (Object.keys(changed).length === 0) return false;
  await updateFromJson(run, input, { qpdf: [header, changed] }, output);
  return true;
}

/**
 * Unlinks the children of outline node `nodeRef` that point at dropped pages
 * (after pruning their own children); returns the number of visible
 * descendants for /Count.
 */
function pruneOutline(
  index: DestIndex,
  nodeRef: string,
  set: (ref: string, value: Value) => void,
  depth: number,
): number {
  const node = index.resolve(nodeRef);
  if (!node || typeof node !== 'object' || depth > 64) return 0;
  const kept: Array<{ ref: string; value: Value; visible: number }> = [];
  const seen = new Set<string>();
  let changed = false;
  for (let ref = refOf(node['/First']); ref && !seen.has(ref); ref = refOf(index.resolve(ref)?.['/Next'])) {
    seen.add(ref);
    let item = index.resolve(ref);
    const visible = pruneOutline(index, ref, set, depth + 1);
    const hasKids = refOf(index.resolve(ref)?.['/First']) !== undefined;
    if (index.pointsToDropped(item)) {
      changed = true;
      if (!hasKids) continue;
      item = { ...item };
      delete item['/Dest'];
      delete item['/A'];
    }
    kept.push({ ref, value: item, visible });
  }
  const original = seen.size;
  if (!changed && kept.length === original) return countOf(node, kept);
  kept.forEach((k, i) => {
    const value = { ...k.value };
    delete value['/Prev'];
    delete value['/Next'];
    if (i > 0) value['/Prev'] = kept[i - 1].ref;
    if (i < kept.length - 1) value['/Next'] = kept[i + 1].ref;
    set(k.ref, value);
  });
  const updated = { ...node };
  delete updated['/First'];
  delete updated['/Last'];
  delete updated['/Count'];
  if (kept.length > 0) {
    updated['/First'] = kept[0].ref;
    updated['/Last'] = kept.at(-1)!.ref;
    const count = countOf(node, kept);
    const closed = typeof node['/Count'] === 'number' && node['/Count'] < 0 && node['/Type'] !== '/Outlines';
    updated['/Count'] = closed ? -kept.length : count;
  }
  set(nodeRef, updated);
  return countOf(node, kept);
}

/** Visible descendants of an open node: each kept child, plus its own visible ones when it is open. */
function countOf(node: Value, kept: Array<{ value: Value; visible: number }>): number {
  void node;
  return kept.reduce(
    (sum, k) => sum + 1 + (typeof k.value['/Count'] === 'number' && k.value['/Count'] > 0 ? k.visible : 0),
    0,
  );
}
