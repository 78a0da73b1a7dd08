// unlock: removes encryption. Owner-only files open without a password; an
// unencrypted input is returned byte for byte.
import path from 'node:path';
import { stemOf } from '../http/filename.js';
import { decrypt, isEncrypted } from '../tools/qpdf.js';
import { openPdfFast } from './pdf-input.js';
import type { OperationInput, OperationOutput } from './types.js';

export interface UnlockOptions {
  password?: string;
}

export async function unlockPdf({ files, options, run, config }: OperationInput<UnlockOptions>): Promise<OperationOutput> {
  const file = files.file[0];
  const filename = `${stemOf(file.name)}-unlocked.pdf`;
  const input = await openPdfFast(run, file, config.MAX_PAGES, options.password);
  // A page tree read directly means no /Encrypt in the trailer: nothing to unlock.
  if (input.declaredCount || !(await isEncrypted(run, input.path))) {
    return { type: 'file', path: input.path, contentType: 'application/pdf', filename };
  }
  const output = path.join(run.workdir, 'unlocked.pdf');
  await decrypt(run, input.path, output, options.password);
  return { type: 'file', path: output, contentType: 'application/pdf', filename };
}
