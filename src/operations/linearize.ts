// linearize: qpdf --linearize ("fast web view"), on the upload itself with its
// password (retried once on the repaired copy). The result is not encrypted,
// like every PDF this service writes from an encrypted input.
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { linearize } from '../tools/qpdf.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

export interface LinearizeOptions {
  password?: string;
}

export async function linearizePdf({
  files,
  options,
  run,
  config,
}: OperationInput<LinearizeOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const output = path.join(run.workdir, 'linearized.pdf');
  await input.withRetry((source) => linearize(run, source.file, output, source.password));
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-linearized.pdf`,
  };
}
