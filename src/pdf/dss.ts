// The document security store of PAdES B-LT (ETSI EN 319 142-1 §5.4.2,
// ISO 32000-2 §12.8.4.3): certificates, OCSP responses and CRLs a verifier
// needs offline, as streams referenced from a /DSS dictionary in the catalog,
// plus one VRI entry per signature (keyed by the SHA-1 of its /Contents)
// naming which of them belong to it. Written as an incremental update after
// the signature, so the signed bytes stay as they are.
import crypto from 'node:crypto';
import { pdfValue, serializeUpdate, type UpdateBase } from './signature-update.js';

/** What goes into the DSS (DER each). */
export interface ValidationData {
  certificates: Buffer[];
  ocsps: Buffer[];
  crls: Buffer[];
}

/** The key of a signature's VRI entry: uppercase hex SHA-1 of its /Contents bytes (zero padding included). */
export function vriKey(contents: Buffer): string {
  return crypto.createHash('sha1').update(contents).digest('hex').toUpperCase();
}

/** A DSS the file already has, as qpdf JSON v2 values: kept and extended, never replaced (a second signature's data must not drop the first's). */
export interface ExistingDss {
  /** References already in /Certs, /OCSPs, /CRLs (kept in order). */
  certs: string[];
  ocsps: string[];
  crls: string[];
  /** The VRI entries (key → value as read). */
  vri: Record<string, unknown>;
  /** The DSS dictionary's other entries (e.g. /TS), written back as read. */
  other: Record<string, unknown>;
  /** SHA-256 (hex) of the bytes of each existing stream that could be read → its reference: ours equal to one are referenced, not added again. */
  known: Map<string, string>;
}

export function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Bytes once, however often they were collected, and not when `known` already holds them (existing refs by hash). */
function unique(items: Buffer[], known: Map<string, string> = new Map()): Array<Buffer | string> {
  const seen = new Set<string>();
  const out: Array<Buffer | string> = [];
  for (const b of items) {
    const key = sha256(b);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(known.get(key) ?? b);
  }
  return out;
}

/**
 * The incremental update adding a DSS with `data` to a file as `base`
 * describes it; `signatureContents` is the /Contents (bytes) of the signature
 * the data belongs to, for its VRI entry. A DSS already in the catalog
 * (`existing`) is merged: its entries and VRI stay, ours are added, and bytes
 * it already holds are referenced, not written again.
 */
export function dssUpdate(
  base: UpdateBase,
  data: ValidationData,
  signatureContents: Buffer,
  existing?: ExistingDss,
): Buffer {
  const knownRefs = existing?.known ?? new Map<string, string>();
  let next = base.nextObjectId;
  const written: Array<{ ref: string; body: string }> = [];
  const stream = (item: Buffer | string) => {
    if (typeof item === 'string') return item; // already in the file
    const ref = `${next++} 0 R`;
    written.push({ ref, body: `<</Length ${item.length}>>\nstream\n${item.toString('latin1')}\nendstream` });
    return ref;
  };
  const certs = unique(data.certificates, knownRefs).map(stream);
  const ocsps = unique(data.ocsps, knownRefs).map(stream);
  const crls = unique(data.crls, knownRefs).map(stream);
  const list = (refs: string[]) => `[${refs.join(' ')}]`;
  /** Existing references first, then ours not among them. */
  const all = (old: string[] = [], ours: string[]) => [...old, ...ours.filter((r) => !old.includes(r))];
  const [allCerts, allOcsps, allCrls] = [
    all(existing?.certs, certs),
    all(existing?.ocsps, ocsps),
    all(existing?.crls, crls),
  ];
  const key = vriKey(signatureContents);
  const ourVri = `<</Type/VRI/Cert${list(certs)}${ocsps.length ? `/OCSP${list(ocsps)}` : ''}${crls.length ? `/CRL${list(crls)}` : ''}>>`;
  const oldVri = Object.entries(existing?.vri ?? {})
    .filter(([k]) => k !== `/${key}`)
    .map(([k, v]) => `${pdfValue(k)} ${pdfValue(v)}`)
    .join('');
  const vri = `<<${oldVri}/${key}${ourVri}>>`;
  const other = Object.entries(existing?.other ?? {})
    .map(([k, v]) => `${pdfValue(k)} ${pdfValue(v)}`)
    .join('');
  const dssRef = `${next++} 0 R`;
  written.push({
    ref: dssRef,
    body: `<</Type/DSS${other}/Certs${list(allCerts)}${allOcsps.length ? `/OCSPs${list(allOcsps)}` : ''}${allCrls.length ? `/CRLs${list(allCrls)}` : ''}/VRI ${vri}>>`,
  });
  const root = { ...base.root, '/DSS': dssRef };
  // The catalog's other entries are written back as read (qpdf JSON v2 values).
  written.push({ ref: base.rootRef, body: pdfValue(root) });
  const { body } = serializeUpdate(written, {
    size: base.size,
    endsWithNewline: true,
    xrefStream: base.xrefStream,
    prevXref: base.xrefOffset,
    trailer: base.trailer,
    rootRef: base.rootRef,
    nextObjectId: next,
  });
  return Buffer.from(body, 'latin1');
}
