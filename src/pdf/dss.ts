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

/** Bytes once, however often they were collected. */
function unique(items: Buffer[]): Buffer[] {
  const seen = new Set<string>();
  return items.filter((b) => {
    const key = crypto.createHash('sha256').update(b).digest('hex');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The incremental update adding a DSS with `data` to a file as `base`
 * describes it; `signatureContents` is the /Contents (bytes) of the signature
 * the data belongs to, for its VRI entry. A DSS already in the catalog is
 * replaced (its entries are not carried over: see docs/operations/sign.md).
 */
export function dssUpdate(base: UpdateBase, data: ValidationData, signatureContents: Buffer): Buffer {
  let next = base.nextObjectId;
  const written: Array<{ ref: string; body: string }> = [];
  const stream = (der: Buffer) => {
    const ref = `${next++} 0 R`;
    written.push({ ref, body: `<</Length ${der.length}>>\nstream\n${der.toString('latin1')}\nendstream` });
    return ref;
  };
  const certs = unique(data.certificates).map(stream);
  const ocsps = unique(data.ocsps).map(stream);
  const crls = unique(data.crls).map(stream);
  const list = (refs: string[]) => `[${refs.join(' ')}]`;
  const vri = `<</${vriKey(signatureContents)}<</Type/VRI/Cert${list(certs)}${ocsps.length ? `/OCSP${list(ocsps)}` : ''}${crls.length ? `/CRL${list(crls)}` : ''}>>>>`;
  const dssRef = `${next++} 0 R`;
  written.push({
    ref: dssRef,
    body: `<</Type/DSS/Certs${list(certs)}${ocsps.length ? `/OCSPs${list(ocsps)}` : ''}${crls.length ? `/CRLs${list(crls)}` : ''}/VRI ${vri}>>`,
  });
  const root = { ...base.root, '/DSS': dssRef };
  // The catalog's other entries are written back as read (qpdf JSON v2 values).
  written.push({ ref: base.rootRef, body: pdfValue(root) });
  const { body } = serializeUpdate(
    written,
    { size: base.size, endsWithNewline: true, xrefStream: base.xrefStream, prevXref: base.xrefOffset, trailer: base.trailer, rootRef: base.rootRef, nextObjectId: next },
  );
  return Buffer.from(body, 'latin1');
}
