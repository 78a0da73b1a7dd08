// Which PKCS#12 sign uses: the uploaded one, or the server's default
// (SIGN_DEFAULT_CERTIFICATE_FILE, its password read from
// SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE). The password travels only in
// memory and to openssl's stdin (tools/openssl.ts): never argv, env or a log.
import fsp from 'node:fs/promises';
import type { Config } from '../config.js';
import { IncorrectPasswordError, InvalidDocumentError, ProcessingFailedError } from '../core/errors.js';
import { readPkcs12, type Pkcs12Contents } from '../tools/openssl.js';
import type { RunContext, InputFile } from '../core/contract.js';

/** A password file's content: one trailing newline (as `echo` writes it) is not part of the password. */
export function passwordFromFile(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/** Start-up check: the configured default certificate (and its password file) can be read; throws a one-line configuration error. */
export async function checkDefaultCertificate(config: Config): Promise<void> {
  const { SIGN_DEFAULT_CERTIFICATE_FILE: file, SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE: passwordFile } = config;
  if (passwordFile && !file)
    throw new Error(
      'invalid configuration: SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE is set without SIGN_DEFAULT_CERTIFICATE_FILE',
    );
  for (const [name, value] of [
    ['SIGN_DEFAULT_CERTIFICATE_FILE', file],
    ['SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE', passwordFile],
  ] as const) {
    if (!value) continue;
    try {
      await fsp.access(value, fsp.constants.R_OK);
    } catch (error) {
      throw new Error(
        `invalid configuration: ${name}: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
}

/** The PKCS#12 contents to sign with: `uploaded` opened with `password`, else the configured default. */
export async function signingCertificate(
  run: RunContext,
  config: Config,
  uploaded: InputFile | undefined,
  password: string | undefined,
): Promise<Pkcs12Contents> {
  if (uploaded) return readPkcs12(run, uploaded.path, password ?? '');
  const file = config.SIGN_DEFAULT_CERTIFICATE_FILE;
  // The route refuses a request without a certificate when none is configured.
  if (!file)
    throw new ProcessingFailedError(
      'No certificate to sign with.',
      new Error('no upload and no SIGN_DEFAULT_CERTIFICATE_FILE'),
    );
  // Read per request, so a rotated certificate or password needs no restart.
  const defaultPassword = config.SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE
    ? passwordFromFile(await fsp.readFile(config.SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE, 'utf8'))
    : '';
  try {
    return await readPkcs12(run, file, defaultPassword);
  } catch (error) {
    // The server's own setting is wrong, not the request: a 500 naming the setting, not the client's 422.
    if (error instanceof IncorrectPasswordError || error instanceof InvalidDocumentError) {
      throw new ProcessingFailedError(
        "The server's default signing certificate cannot be opened.",
        new Error(`SIGN_DEFAULT_CERTIFICATE_FILE / _PASSWORD_FILE: ${error.constructor.name}: ${error.message}`),
      );
    }
    throw error;
  }
}
