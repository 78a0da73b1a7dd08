// pdfsig (poppler 22.12, Debian bookworm): checks every signature of a PDF
// with NSS. Run with -nocert: the service has no trust store of its own, so
// certificate-chain trust is out of scope; what is checked is the signature
// over the signed byte ranges. Exit codes: 0 listed (whatever the verdicts),
// 2 no signatures or the file could not be opened, 1 other errors.
import { InvalidPdfError, ResourceLimitError } from '../core/errors.js';
import { failureOf, type ToolFailures } from './failures.js';
import { run } from './run.js';
import type { RunContext } from '../core/contract.js';

export const PDFSIG = 'pdfsig';

/** A listing past MAX_LISTING is the client's 422 (too many signatures), so is a file it cannot open (2); the rest is ours. */
export const PDFSIG_FAILURES: ToolFailures<{ maxSignatures: number }> = {
  tool: 'pdfsig',
  rules: [
    {
      exit: [-1],
      stderr: /buffer limit/,
      error: (_, { maxSignatures }) =>
        new ResourceLimitError(
          `The signature listing is larger than ${MAX_LISTING / 1024 / 1024} MiB: the PDF has too many signatures to verify.`,
          'signatures',
          Number.isFinite(maxSignatures) ? { max_signatures: maxSignatures } : {},
        ),
    },
    { exit: [2], error: () => new InvalidPdfError() },
  ],
  failed: 'Checking the signatures failed.',
};

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

const LABELS = {
  fieldName: 'Signature Field Name',
  signer: 'Signer Certificate Common Name',
  signingTime: 'Signing Time',
  ranges: 'Signed Ranges',
  validation: 'Signature Validation',
} as const;

/** Each label with the ": " that follows it, made once (this loop runs for every line of the listing). */
const PREFIXES = (Object.entries(LABELS) as Array<[keyof typeof LABELS, string]>).map(
  ([field, label]) => [field, `${label}: `] as const,
);

/** pdfsig's listing cannot be read unambiguously (a name it prints holds line breaks that imitate its own lines). */
export class AmbiguousListingError extends Error {}

/**
 * Parses pdfsig's listing (exported for unit tests) in one pass over its
 * lines, each matched by anchored patterns: the per-section regexes it
 * replaces were run once per label over a section, and a multi-line
 * `^\s*` could rescan runs of blank lines (names are the upload's text).
 *
 * pdfsig prints field names and certificate names as they are, line breaks
 * included, before its verdict: a field named "x\n  - Signature Validation:
 * Signature is Valid." made the old parser (first match wins) report a
 * garbage signature as valid. A section must therefore carry its field name
 * and each verdict line at most once, and sections must be numbered 1, 2, …;
 * anything else throws AmbiguousListingError. (A name that imitates a whole
 * further section passes these checks; see docs/operations/sign-verify.md.)
 */
export function parsePdfsig(stdout: string, maxSignatures = Infinity): PdfsigSignature[] {
  const signatures: PdfsigSignature[] = [];
  let current: PdfsigSignature | undefined;
  let seen = new Set<string>();
  const once = (what: string) => {
    if (seen.has(what)) throw new AmbiguousListingError(`signature #${signatures.length}: "${what}" printed twice`);
    seen.add(what);
  };
  for (const line of stdout.split('\n')) {
    const header = /^Signature #(\d+):\s*$/.exec(line);
    if (header) {
      if (Number(header[1]) !== signatures.length + 1)
        throw new AmbiguousListingError(`signature #${header[1]} follows #${signatures.length}`);
      if (signatures.length === maxSignatures) throw tooManySignatures(maxSignatures);
      current = {
        fieldName: null,
        signer: null,
        signingTime: null,
        ranges: [],
        totalDocumentSigned: false,
        validation: null,
      };
      signatures.push(current);
      seen = new Set();
      continue;
    }
    if (!current) continue;
    const item = line.trimStart();
    const text = item.startsWith('- ') ? item.slice(2) : undefined;
    if (text === undefined) continue;
    const total = text.trimEnd();
    if (total === 'Total document signed' || total === 'Not total document signed') {
      once('total');
      current.totalDocumentSigned = total === 'Total document signed';
      continue;
    }
    for (const [field, prefix] of PREFIXES) {
      if (!text.startsWith(prefix)) continue;
      const value = text.slice(prefix.length).trim();
      if (field === 'ranges') {
        once(field);
        current.ranges = [...value.matchAll(/\[(\d+) - (\d+)\]/g)].map(
          (m) => [Number(m[1]), Number(m[2])] as [number, number],
        );
      } else {
        if (field !== 'signer' && field !== 'signingTime') once(field);
        current[field] ??= value;
      }
      break;
    }
  }
  return signatures;
}

/**
 * Bytes of pdfsig's listing read at most: 2 KiB for each of the 1,000
 * signatures verify reports at most (a listing takes ~370 bytes a signature).
 * Past it pdfsig is stopped and the answer is 422 resource_limit: 30,000
 * signatures then cost ~2 s of pdfsig, not the ~6 s of listing them all.
 */
const MAX_LISTING = 2 * 1024 * 1024;

/** 422 resource_limit: more signatures than the caller reports (verify's MAX_SIGNATURES). */
function tooManySignatures(max: number): ResourceLimitError {
  return new ResourceLimitError(`The PDF has more than ${max} signatures; at most ${max} are verified.`, 'signatures', {
    max_signatures: max,
  });
}

/** The signatures of `file` as pdfsig sees them (empty when there are none); more than `maxSignatures` → 422 resource_limit. */
export async function listSignatures(
  ctx: RunContext,
  file: string,
  maxSignatures = Infinity,
): Promise<PdfsigSignature[]> {
  const result = await run(ctx, PDFSIG, ['-nocert', file], { maxStdout: MAX_LISTING });
  // Exit 2 for a file without signatures is an answer (its words are on stdout or stderr), not a failure.
  if (result.exitCode === 2 && /does not contain any signatures/.test(result.stdout + result.stderr)) return [];
  if (result.exitCode !== 0) throw failureOf(PDFSIG_FAILURES, result, { maxSignatures });
  try {
    return parsePdfsig(result.stdout, maxSignatures);
  } catch (error) {
    if (!(error instanceof AmbiguousListingError)) throw error;
    throw new InvalidPdfError(
      "A signature field or certificate name contains line breaks that imitate the verifier's report; the signatures cannot be reported reliably.",
    );
  }
}
