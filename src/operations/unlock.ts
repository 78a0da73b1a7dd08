// unlock: removes encryption. Owner-only files open without a password; an
// unencrypted input is returned byte for byte.
import { stemOf } from '../core/names.js';
import { PdfInput } from './pdf-input.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

export interface UnlockOptions {
  password?: string;
}

export async function unlockPdf({
  files,
  options,
  run,
  config,
}: OperationInput<UnlockOptions>): Promise<OperationOutput> {
  const file = files.file[0];
  const filename = `${stemOf(file.name)}-unlocked.pdf`;
  const input = await PdfInput.open(run, file, { maxPages: config.MAX_PAGES, password: options.password });
  if (!input.encrypted) return { type: 'file', path: input.path, contentType: 'application/pdf', filename };
  // plain() is qpdf --decrypt with the password in an argfile; a file that fails to decrypt is retried repaired.
  const output = await input.withPlainRetry(async (plain) => plain);
  return { type: 'file', path: output, contentType: 'application/pdf', filename };
}
