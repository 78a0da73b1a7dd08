// pdfsig (poppler 22.12, Debian bookworm): checks every signature of a PDF
// with NSS. Run with -nocert: the service has no trust store of its own, so
// certificate-chain trust is out of scope; what is checked is the signature
// over the signed byte ranges. Exit codes: 0 listed (whatever the verdicts),
// 2 no signatures or the file could not be opened, 1 other errors.
import { InvalidPdfError, ProcessingFailedError } from '../errors.js';
import { run, type RunContext } from './run.js';

export const PDFSIG = 'pdfsig';

/** pdfsig's report of one signature. */
export interface PdfsigSignature {
  fieldName: string | null;
  signer: string | null;
  /** As pdfsig prints it ("Nov 23 2026 20:41:49"); the caller prefers the signature's /M. */
  signingTime: string | null;
  /** [start, end] byte pairs as printed ("[0 - 100], [200 - 300]"). */
  ranges: Array<[number, number]>;
  totalDocumentSigned: boolean;
  /** pdfsig's "Signature Validation" verdict, e.g. "Signature is Valid." or "Digest Mismatch.". */
  validation: string | null;
}

/** Parses pdfsig's listing (exported for unit tests). */
export function parsePdfsig(stdout: string): PdfsigSignature[] {
  const sections = stdout.split(/^Signature #\d+:\s*$/m).slice(1);
  return sections.map((section) => {
    const field = (label: string) => new RegExp(`^\\s*- ${label}: (.*)$`, 'm').exec(section)?.[1]?.trim() ?? null;
    const ranges = [...(field('Signed Ranges') ?? '').matchAll(/\[(\d+) - (\d+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
    return {
      fieldName: field('Signature Field Name'),
      signer: field('Signer Certificate Common Name'),
      signingTime: field('Signing Time'),
      ranges,
      totalDocumentSigned: /^\s*- Total document signed\s*$/m.test(section),
      validation: field('Signature Validation'),
    };
  });
}

/** The signatures of `file` as pdfsig sees them (empty when there are none). */
export async function listSignatures(ctx: RunContext, file: string): Promise<PdfsigSignature[]> {
  const result = await run(ctx, PDFSIG, ['-nocert', file]);
  if (result.exitCode === 2 && /does not contain any signatures/.test(result.stdout + result.stderr)) return [];
  if (result.exitCode === 0) return parsePdfsig(result.stdout);
  if (result.exitCode === 2) throw new InvalidPdfError();
  throw new ProcessingFailedError('Checking the signatures failed.', new Error(`pdfsig exit ${result.exitCode}: ${result.stderr}`));
}
