// Which later incremental updates leave a signature's meaning alone (PAdES,
// ETSI EN 319 142-1 §5.4 and ISO 32000-2 §12.8.2.2 "DocMDP"): the DSS and its
// streams, document time-stamps and further signatures (their dictionary,
// widget, appearance and the form/page entries that list them), and
// cross-reference streams. Anything else — a changed page content, a new page,
// an edited annotation — is "other". Works on two qpdf JSON v2 object maps:
// the file as signed (cut at the signature's revision) and the file now.

type Entry = { value?: unknown; stream?: { dict?: Record<string, unknown> } };
type Objects = Record<string, Entry>;
type Dict = Record<string, unknown>;

const REF = /^\d+ \d+ R$/;
const isRef = (v: unknown): v is string => typeof v === 'string' && REF.test(v);
const dictOf = (e: Entry | undefined): Dict | undefined => {
  const v = e?.value ?? e?.stream?.dict;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : undefined;
};
const without = (d: Dict | undefined, keys: string[]) =>
  JSON.stringify(
    Object.entries(d ?? {})
      .filter(([k]) => !keys.includes(k))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** Every reference inside a value (arrays and dictionaries walked). */
function refsIn(value: unknown, into: Set<string>): void {
  if (isRef(value)) into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => refsIn(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => refsIn(v, into));
}

/** 'allowed' when every object `after` adds or changes relative to `before` is one of the kinds a later signature, time-stamp or DSS brings. */
export function classifyLaterUpdates(before: Objects, after: Objects): 'allowed' | 'other' {
  const get = (objects: Objects, ref: unknown) => (isRef(ref) ? objects[`obj:${ref}`] : undefined);
  const rootRef = dictOf(after.trailer)?.['/Root'];
  const root = dictOf(get(after, rootRef));
  const allowed = new Set<string>();
  // The DSS with everything it references.
  if (isRef(root?.['/DSS'])) {
    allowed.add(root['/DSS']);
    refsIn(dictOf(get(after, root['/DSS'])), allowed);
  }
  // Signature and time-stamp fields, their values and appearances (with the appearance's resources).
  const sigWidgets = new Set<string>();
  for (const [key, entry] of Object.entries(after)) {
    const d = dictOf(entry);
    if (!key.startsWith('obj:') || d?.['/FT'] !== '/Sig') continue;
    const ref = key.slice(4);
    sigWidgets.add(ref);
    allowed.add(ref);
    if (isRef(d['/V'])) allowed.add(d['/V']);
    const normal = (d['/AP'] as Dict | undefined)?.['/N'];
    if (isRef(normal)) {
      allowed.add(normal);
      refsIn(dictOf(get(after, normal))?.['/Resources'], allowed);
    }
  }
  const onlyAddsWidgets = (old: unknown, now: unknown) =>
    Array.isArray(now) &&
    Array.isArray(old ?? []) &&
    JSON.stringify(now.slice(0, ((old as unknown[]) ?? []).length)) === JSON.stringify(old ?? []) &&
    now.slice(((old as unknown[]) ?? []).length).every((r) => sigWidgets.has(r as string));
  const acroRef = root?.['/AcroForm'];
  for (const [key, entry] of Object.entries(after)) {
    if (!key.startsWith('obj:')) continue;
    const old = before[key];
    if (old && JSON.stringify(old) === JSON.stringify(entry)) continue;
    const ref = key.slice(4);
    const d = dictOf(entry);
    const type = d?.['/Type'];
    if (allowed.has(ref)) continue;
    if (
      type === '/DSS' ||
      type === '/VRI' ||
      type === '/Sig' ||
      type === '/DocTimeStamp' ||
      type === '/XRef' ||
      type === '/ObjStm'
    )
      continue;
    if (ref === rootRef && old && without(d, ['/DSS', '/AcroForm']) === without(dictOf(old), ['/DSS', '/AcroForm']))
      continue;
    if (
      ref === acroRef &&
      without(d, ['/Fields', '/SigFlags']) === without(dictOf(old), ['/Fields', '/SigFlags']) &&
      (isRef(d?.['/Fields']) || onlyAddsWidgets(dictOf(old)?.['/Fields'], d?.['/Fields']))
    )
      continue;
    if (
      type === '/Page' &&
      old &&
      without(d, ['/Annots']) === without(dictOf(old), ['/Annots']) &&
      (isRef(d?.['/Annots']) || onlyAddsWidgets(dictOf(old)?.['/Annots'], d?.['/Annots']))
    )
      continue;
    if (old && Array.isArray(entry.value) && onlyAddsWidgets(old.value, entry.value)) continue;
    return 'other';
  }
  return 'allowed';
}
