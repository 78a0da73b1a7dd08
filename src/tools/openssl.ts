// openssl (tested with OpenSSL 3.0, Debian bookworm): opening an uploaded
// PKCS#12 (certificate + private key). The password goes to openssl on stdin
// (`-passin stdin`), never on the command line; the decrypted key comes back
// on stdout into memory and is never written to disk.
// Exit codes: 0 ok, 1 error (wrong password, damaged file, unsupported cipher).
import { IncorrectPasswordError, InvalidDocumentError, ProcessingFailedError } from '../errors.js';
import { run, type RunContext, type RunResult } from './run.js';

export const OPENSSL = 'openssl';

const WRONG_PASSWORD = 'certificate_password does not open the certificate.';

/** The PEM blocks of a PKCS#12: its private key(s) and certificates. */
export interface Pkcs12Contents {
  keys: string[];
  certificates: string[];
}

/** Splits openssl's PEM output into keys and certificates (exported for unit tests). */
export function parsePemBundle(pem: string): Pkcs12Contents {
  const blocks = pem.match(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g) ?? [];
  return {
    keys: blocks.filter((b) => /^-----BEGIN (?:ENCRYPTED |RSA |EC )?PRIVATE KEY-----/.test(b)),
    certificates: blocks.filter((b) => b.startsWith('-----BEGIN CERTIFICATE-----')),
  };
}

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
  let result = await run(ctx, OPENSSL, pkcs12Args(file, false), { input, maxStdout: 4 * 1024 * 1024 });
  if (result.exitCode !== 0 && needsLegacy(result)) result = await run(ctx, OPENSSL, pkcs12Args(file, true), { input, maxStdout: 4 * 1024 * 1024 });
  if (result.exitCode !== 0) {
    if (/mac verify failure|invalid password|bad decrypt/i.test(result.stderr)) throw new IncorrectPasswordError(WRONG_PASSWORD);
    if (/asn1|decode|not enough data|wrong tag|header too long/i.test(result.stderr)) throw new InvalidDocumentError('certificate: the file is not a readable PKCS#12.');
    throw new ProcessingFailedError('Reading the certificate failed.', new Error(`openssl pkcs12 exit ${result.exitCode}: ${result.stderr}`));
  }
  return parsePemBundle(result.stdout);
}
