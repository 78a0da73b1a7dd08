// verify: every signature of the PDF, checked by poppler's pdfsig (NSS) —
// whether it is cryptographically valid over its byte ranges and whether
// those ranges cover the whole file (false once anything was appended after
// signing). Signer name from the certificate (pdfsig), time and reason from
// the signature dictionary (qpdf JSON), matched to pdfsig's report by
// /ByteRange. Level, time-stamp, chain, trust and revocation come from
// verify-ltv.ts; later incremental updates are classified by comparing the
// objects of the signed revision with the file's (pdf/update-classes.ts).
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkDeadline } from '../core/deadline.js';
import { InvalidPdfError, PasswordRequiredError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import * as pkijs from 'pkijs';
import { classifyLaterUpdates } from '../pdf/update-classes.js';
import { listSignatures } from '../tools/pdfsig.js';
import { readStreamData, readStructure } from '../tools/qpdf.js';
import type { RunContext } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';
import { MAX_ONLINE_CHECKS, longTermFacts, type DssContents, type LongTermFacts } from './verify-ltv.js';
import { trustAnchors } from './verify-trust.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

export type VerifyOptions = Record<string, never>;

/** One entry of the answer (API.md §5c, §5i). */
export interface SignatureReport extends LongTermFacts {
  signer: string | null;
  signed_at: string | null;
  valid: boolean;
  covers_whole_document: boolean;
  reason: string | null;
  /** What was appended after the signed bytes: nothing, only what later signatures, time-stamps and a DSS bring, or other changes. */
  modifications: 'none' | 'allowed' | 'other' | null;
}

interface SignatureDict {
  byteRange: number[];
  m?: string;
  reason?: string;
  name?: string;
  subFilter?: string;
  contents: Buffer;
}

/** Signed revisions compared object by object at most (each costs a copy of the file's prefix and a qpdf run); past it `modifications` is null. */
const MAX_CLASSIFIED_REVISIONS = 8;
/** DSS entries read at most, and the JSON qpdf may print for them. */
const MAX_DSS_ENTRIES = 256;
const MAX_DSS_JSON = 64 * 1024 * 1024;

/** qpdf JSON string ("u:text" / "b:hex") as text. */
function jsonText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return undefined;
}

/** "D:20261123204149Z" / "D:20261123214149+01'00'" → ISO 8601 UTC (exported for unit tests). */
export function pdfDateToIso(date: string | undefined): string | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(\d{2})?'?)?)?/.exec(date ?? '');
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const offset = sign === '+' || sign === '-' ? (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) : 0;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
  return Number.isFinite(utc) ? new Date(utc).toISOString() : null;
}

/**
 * Signatures reported at most. Real documents carry a few (each approval or
 * certification adds one); past this the answer is 422 resource_limit rather
 * than a listing of thousands nobody asked a signer for.
 */
export const MAX_SIGNATURES = 1000;

const rangeKey = (a: number, b: number, c: number, d: number) => `${a} ${b} ${c} ${d}`;

function signatureDicts(json: any): SignatureDict[] {
  const objects: Record<string, { value?: any }> = json.qpdf?.[1] ?? {};
  const found: SignatureDict[] = [];
  for (const entry of Object.values(objects)) {
    const v = entry.value;
    if (!v || typeof v !== 'object' || !Array.isArray(v['/ByteRange']) || v['/Contents'] === undefined) continue;
    const contents =
      typeof v['/Contents'] === 'string' && v['/Contents'].startsWith('b:')
        ? Buffer.from(v['/Contents'].slice(2), 'hex')
        : Buffer.from(jsonText(v['/Contents']) ?? '', 'latin1');
    found.push({
      byteRange: v['/ByteRange'].map(Number),
      m: jsonText(v['/M']),
      reason: jsonText(v['/Reason']),
      name: jsonText(v['/Name']),
      subFilter: typeof v['/SubFilter'] === 'string' ? v['/SubFilter'] : undefined,
      contents,
    });
  }
  return found;
}

/** The catalog's DSS: its certificates, OCSP responses and CRLs, decoded (qpdf reads the streams). */
async function readDss(run: RunContext, file: string, json: any): Promise<DssContents> {
  const objects: Record<string, { value?: any }> = json.qpdf?.[1] ?? {};
  const root = objects[`obj:${objects.trailer?.value?.['/Root']}`]?.value;
  const dssValue = root?.['/DSS'];
  const dss = typeof dssValue === 'string' ? objects[`obj:${dssValue}`]?.value : dssValue;
  const list = (key: string): string[] => {
    const v = dss?.[key];
    const items = typeof v === 'string' ? objects[`obj:${v}`]?.value : v;
    return Array.isArray(items)
      ? items.filter((r): r is string => typeof r === 'string' && /^\d+ \d+ R$/.test(r)).slice(0, MAX_DSS_ENTRIES)
      : [];
  };
  const [certs, ocsps, crls] = [list('/Certs'), list('/OCSPs'), list('/CRLs')];
  const data = await readStreamData(run, file, [...certs, ...ocsps, ...crls], MAX_DSS_JSON);
  const bytes = (refs: string[]) => refs.map((r) => data.get(r)).filter((b): b is Buffer => b !== undefined);
  const certificates = bytes(certs).flatMap((der) => {
    try {
      return [pkijs.Certificate.fromBER(new Uint8Array(der))];
    } catch {
      return [];
    }
  });
  return { certificates, ocsps: bytes(ocsps), crls: bytes(crls) };
}

/** How the updates after byte `end` of `file` relate to the revision signed there. */
async function classifyAfter(run: RunContext, file: string, end: number, now: any): Promise<'allowed' | 'other'> {
  const revision = path.join(run.workdir, `revision-${end}.pdf`);
  await pipeline(createReadStream(file, { start: 0, end: end - 1 }), createWriteStream(revision));
  try {
    const before = await readStructure(run, revision);
    return classifyLaterUpdates(before.json.qpdf?.[1] ?? {}, now.qpdf?.[1] ?? {});
  } catch {
    return 'other'; // the bytes the signature covers are not a PDF of their own: whatever came after changed it
  } finally {
    await fs.rm(revision, { force: true });
  }
}

export async function verifyPdf({ files, run, config }: OperationInput<VerifyOptions>): Promise<OperationOutput> {
  const upload = files.file[0];
  // pdfsig and qpdf read the bytes as uploaded: a decrypted copy would not verify.
  const pdf = await PdfInput.open(run, upload, { maxPages: config.MAX_PAGES }).catch((error: unknown) => {
    if (error instanceof PasswordRequiredError) {
      throw new PasswordRequiredError(
        'The file needs a user password to open; verify cannot take one (pdfsig reads passwords only from its command line), and a decrypted copy would no longer verify.',
      );
    }
    throw error;
  });
  const plain = await pdf.plain();
  const [reports, structure, anchors] = await Promise.all([
    listSignatures(run, upload.path, MAX_SIGNATURES),
    readStructure(run, plain),
    trustAnchors(config),
  ]);
  checkDeadline(run);
  // Matched through a map by byte range (first dictionary wins): a search of every dictionary per signature cost 9 s for 30,000.
  const dicts = new Map<string, SignatureDict>();
  for (const dict of signatureDicts(structure.json)) {
    const [a, b, c, d] = dict.byteRange;
    const key = rangeKey(a, b, c, c + d);
    if (!dicts.has(key)) dicts.set(key, dict);
  }
  // pdfsig prints names as they are, line breaks included, so its listing is text an attacker can
  // write into. Each reported signature must therefore be one of the document's own signature
  // dictionaries, each at most once, and none is called valid without one.
  const used = new Set<string>();
  const matched = reports.map((report) => {
    const [first, second] = report.ranges;
    const key = first && second ? rangeKey(first[0], first[1], second[0], second[1]) : undefined;
    const dict = key ? dicts.get(key) : undefined;
    if (key && (!dict || used.has(key))) {
      throw new InvalidPdfError(
        "The verifier's report lists a signature that is not one of the document's signature dictionaries (a name imitating the report?); the signatures cannot be reported reliably.",
      );
    }
    if (key) used.add(key);
    return { report, dict };
  });
  const dss = await readDss(run, plain, structure.json);
  const end = (d: SignatureDict) => d.byteRange[2] + d.byteRange[3];
  // Document time-stamps first: a signature is b-lta when a valid one covers more than it does.
  const facts = new Map<SignatureDict, LongTermFacts>();
  const online = { left: MAX_ONLINE_CHECKS };
  const docTimestamps = matched.filter((m) => m.dict?.subFilter === '/ETSI.RFC3161');
  for (const { dict } of docTimestamps)
    facts.set(dict!, await longTermFacts(config, upload.path, dict!, dss, anchors, false, online));
  for (const { dict } of matched) {
    if (!dict || facts.has(dict)) continue;
    const later = docTimestamps.some((t) => end(t.dict!) > end(dict) && facts.get(t.dict!)?.timestamp?.valid === true);
    facts.set(dict, await longTermFacts(config, upload.path, dict, dss, anchors, later, online));
    checkDeadline(run);
  }
  // Later updates, compared with the file as the upload holds it (object numbers as written).
  const current = pdf.encrypted ? (await readStructure(run, upload.path)).json : structure.json;
  const classified = new Map<number, 'allowed' | 'other'>();
  const signatures: SignatureReport[] = [];
  for (const { report, dict } of matched) {
    let modifications: SignatureReport['modifications'] = report.totalDocumentSigned ? 'none' : null;
    if (dict && !report.totalDocumentSigned) {
      const at = end(dict);
      if (!classified.has(at) && classified.size < MAX_CLASSIFIED_REVISIONS)
        classified.set(at, await classifyAfter(run, upload.path, at, current));
      modifications = classified.get(at) ?? null;
    }
    const longTerm = dict
      ? facts.get(dict)!
      : {
          type: 'signature' as const,
          level: null,
          timestamp: null,
          revocation: { status: 'unknown' as const, source: null, error: null },
          chain: [],
          trusted: false,
        };
    const documentTimestamp = longTerm.type === 'document_timestamp';
    signatures.push({
      signer: report.signer ?? dict?.name ?? null,
      signed_at: documentTimestamp ? (longTerm.timestamp?.time ?? null) : pdfDateToIso(dict?.m),
      // pdfsig (poppler 22) cannot check an ETSI.RFC3161 time-stamp: its token, checked over the signed bytes, decides.
      valid:
        dict !== undefined &&
        (documentTimestamp ? longTerm.timestamp?.valid === true : report.validation === 'Signature is Valid.'),
      covers_whole_document: report.totalDocumentSigned,
      reason: dict?.reason ?? null,
      modifications,
      ...longTerm,
    });
  }
  const output = path.join(run.workdir, 'signatures.json');
  await fs.writeFile(output, JSON.stringify({ signatures }));
  // Signatures whose due online revocation check gave no status (each says why in revocation.error): visible without reading the body.
  const unchecked = signatures.filter((s) => s.revocation.error !== null).length;
  return {
    type: 'file',
    path: output,
    contentType: 'application/json',
    filename: `${stemOf(upload.name)}-signatures.json`,
    headers: { 'X-Revocation-Unchecked': String(unchecked) },
  };
}
