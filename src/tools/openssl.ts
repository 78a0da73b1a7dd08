// openssl (tested with OpenSSL 3.0, Debian bookworm): opening an uploaded
// PKCS#12 (certificate + private key). The password goes to openssl on stdin
// (`-passin stdin`), never on the command line; the decrypted key comes back
// on stdout into memory and is never written to disk.
// Exit codes: 0 ok, 1 error (wrong password, damaged file, unsupported cipher).
import { IncorrectPasswordError, InvalidDocumentError, ResourceLimitError } from '../core/errors.js';
import { failureOf, type ToolFailures } from './failures.js';
import { run, type RunResult } from './run.js';
import type { RunContext } from '../core/contract.js';

export const OPENSSL = 'openssl';

const WRONG_PASSWORD = 'certificate_password does not open the certificate.';

/** `openssl pkcs12`: a wrong password, a file that is not PKCS#12 or too much output is the client's (422); the rest is ours. */
export const OPENSSL_FAILURES: ToolFailures = {
  tool: 'openssl pkcs12',
  rules: [
    {
      exit: [-1],
      stderr: /buffer limit/,
      error: () =>
        new ResourceLimitError(
          `certificate: the PKCS#12 prints more than ${MAX_PEM_OUTPUT / 1024 / 1024} MiB of keys, certificates and attributes; at most that is read.`,
          'PKCS#12 size',
        ),
    },
    {
      stderr: /mac verify failure|invalid password|bad decrypt/i,
      error: () => new IncorrectPasswordError(WRONG_PASSWORD),
    },
    {
      stderr: /asn1|decode|not enough data|wrong tag|header too long/i,
      error: () => new InvalidDocumentError('certificate: the file is not a readable PKCS#12.'),
    },
  ],
  failed: 'Reading the certificate failed.',
};

/** The PEM blocks of a PKCS#12: its private key(s) and certificates. */
export interface Pkcs12Contents {
  keys: string[];
  certificates: string[];
}

const KEY_LABELS = new Set(['PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY']);

/**
 * Splits openssl's PEM output into keys and certificates (exported for unit
 * tests), in one pass over its lines: a block opens on a line that is exactly
 * "-----BEGIN <label>-----" and closes on the matching END line. The regex it
 * replaces searched ahead for an END from every BEGIN anywhere in the text, so
 * friendly names (text the upload chooses, printed by openssl) holding 60,000
 * BEGIN markers made it quadratic: the server froze 30–65 s per request.
 */
export function parsePemBundle(pem: string): Pkcs12Contents {
  const keys: string[] = [];
  const certificates: string[] = [];
  let open: { label: string; start: number } | undefined;
  for (let at = 0; at < pem.length; ) {
    const newline = pem.indexOf('\n', at);
    const end = newline < 0 ? pem.length : newline;
    const line = pem.charCodeAt(end - 1) === 13 ? pem.slice(at, end - 1) : pem.slice(at, end);
    if (!open) {
      // One anchored match per line, and the label cannot contain the dashes that follow it: linear.
      const begin = /^-----BEGIN ([A-Z0-9 ]+)-----$/.exec(line);
      if (begin) open = { label: begin[1], start: at };
    } else if (line === `-----END ${open.label}-----`) {
      const block = pem.slice(open.start, at + line.length);
      if (KEY_LABELS.has(open.label)) keys.push(block);
      else if (open.label === 'CERTIFICATE') certificates.push(block);
      open = undefined;
    }
    at = end + 1;
  }
  return { keys, certificates };
}

/**
 * Bytes of openssl's PEM output read at most. A PKCS#12 holding a key and a
 * chain of 32 certificates prints under 200 KiB; past this the answer is 422
 * resource_limit, not a 500 (nor a bigger buffer to scan).
 */
export const MAX_PEM_OUTPUT = 1024 * 1024;

function pkcs12Args(file: string, legacy: boolean): string[] {
  // -nodes: the key comes out unencrypted (stdout, memory only); -nomacver is never used.
  return ['pkcs12', ...(legacy ? ['-legacy'] : []), '-in', file, '-passin', 'stdin', '-nodes'];
}

/** True when openssl refused the file's ciphers (RC2/3DES PKCS#12 from older tools), which -legacy opens. */
function needsLegacy(result: RunResult): boolean {
  return /unsupported|RC2|legacy/i.test(result.stderr) && !/mac verify failure|invalid password/i.test(result.stderr);
}

/** Opens the PKCS#12 at `file` with `password` ("" for none). */
export async function readPkcs12(ctx: RunContext, file: string, password: string): Promise<Pkcs12Contents> {
  if (/[\r\n]/.test(password)) throw new IncorrectPasswordError(WRONG_PASSWORD);
  const input = `${password}\n`;
  let result = await run(ctx, OPENSSL, pkcs12Args(file, false), { input, maxStdout: MAX_PEM_OUTPUT });
  if (result.exitCode !== 0 && needsLegacy(result))
    result = await run(ctx, OPENSSL, pkcs12Args(file, true), { input, maxStdout: MAX_PEM_OUTPUT });
  if (result.exitCode !== 0) throw failureOf(OPENSSL_FAILURES, result, undefined);
  return parsePemBundle(result.stdout);
}
