// rotate: adds a clockwise angle to the /Rotate of the selected pages, in one
// qpdf pass (--rotate=+N:range). Page content is never touched, pages not
// selected keep their rotation, and the output is not encrypted: the client
// proved it may open the file by sending its password.
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { rotatePages, type RelativeAngle } from '../tools/qpdf.js';
import { parsePageRanges, toQpdfRange } from './page-ranges.js';
import { PdfInput } from './pdf-input.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

/** The angles of API.md §5b, clockwise. */
export const ROTATE_ANGLES = ['90', '180', '270', '-90'] as const;

export interface RotateOptions {
  angle: (typeof ROTATE_ANGLES)[number];
  pages?: string;
  password?: string;
}

const RELATIVE: Record<RotateOptions['angle'], RelativeAngle> = {
  '90': '+90',
  '180': '+180',
  '270': '+270',
  '-90': '-90',
};

export async function rotatePdf({
  files,
  options,
  run,
  config,
}: OperationInput<RotateOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const range = options.pages ? toQpdfRange(parsePageRanges(options.pages, input.pages, 'pages')) : '1-z';
  const output = path.join(run.workdir, 'rotated.pdf');
  await rotatePages(run, input.path, RELATIVE[options.angle], range, output, options.password);
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(input.name)}-rotated.pdf` };
}
