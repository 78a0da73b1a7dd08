// verify: every signature of the PDF, checked by poppler's pdfsig (NSS) —
// whether it is cryptographically valid over its byte ranges and whether
// those ranges cover the whole file (false once anything was appended after
// signing). Signer name from the certificate (pdfsig), time and reason from
// the signature dictionary (qpdf JSON), matched to pdfsig's report by
// /ByteRange. Certificate trust is not judged (no trust store).
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline } from '../core/deadline.js';
import { InvalidPdfError, PasswordRequiredError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { listSignatures } from '../tools/pdfsig.js';
import { readStructure } from '../tools/qpdf.js';
import { PdfInput } from './pdf-input.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

export type VerifyOptions = Record<string, never>;

/** One entry of the answer (API.md §5c). */
export interface SignatureReport {
  signer: string | null;
  signed_at: string | null;
  valid: boolean;
  covers_whole_document: boolean;
  reason: string | null;
}

interface SignatureDict {
  byteRange: number[];
  m?: string;
  reason?: string;
  name?: string;
}

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
    found.push({ byteRange: v['/ByteRange'].map(Number), m: jsonText(v['/M']), reason: jsonText(v['/Reason']), name: jsonText(v['/Name']) });
  }
  return found;
}

export async function verifyPdf({ files, run, config }: OperationInput<VerifyOptions>): Promise<OperationOutput> {
  const upload = files.file[0];
  // pdfsig and qpdf read the bytes as uploaded: a decrypted copy would not verify.
  const plain = await PdfInput.open(run, upload, { maxPages: config.MAX_PAGES })
    .then((pdf) => pdf.plain())
    .catch((error: unknown) => {
    if (error instanceof PasswordRequiredError) {
      throw new PasswordRequiredError('The file needs a user password to open; verify cannot take one (pdfsig reads passwords only from its command line), and a decrypted copy would no longer verify.');
    }
    throw error;
  });
  const [reports, structure] = await Promise.all([listSignatures(run, upload.path, MAX_SIGNATURES), readStructure(run, plain)]);
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
  const signatures: SignatureReport[] = reports.map((report) => {
    const [first, second] = report.ranges;
    const key = first && second ? rangeKey(first[0], first[1], second[0], second[1]) : undefined;
    const dict = key ? dicts.get(key) : undefined;
    if (key && (!dict || used.has(key))) {
      throw new InvalidPdfError("The verifier's report lists a signature that is not one of the document's signature dictionaries (a name imitating the report?); the signatures cannot be reported reliably.");
    }
    if (key) used.add(key);
    return {
      signer: report.signer ?? dict?.name ?? null,
      signed_at: pdfDateToIso(dict?.m),
      valid: dict !== undefined && report.validation === 'Signature is Valid.',
      covers_whole_document: report.totalDocumentSigned,
      reason: dict?.reason ?? null,
    };
  });
  const output = path.join(run.workdir, 'signatures.json');
  await fs.writeFile(output, JSON.stringify({ signatures }));
  return { type: 'file', path: output, contentType: 'application/json', filename: `${stemOf(upload.name)}-signatures.json` };
}
