import { z } from 'zod';
import { repairPdf } from '../operations/repair.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

export const repairRoute = defineOperation({
  name: 'repair',
  summary: 'Repair a damaged PDF',
  description:
    'Rebuilds the file from what can be recovered: qpdf’s reconstruction first (cross-reference table rebuilt, stream lengths recovered); ' +
    'MuPDF’s recovery where qpdf cannot open the file; Ghostscript redrawing the pages where the rewritten file still has undecodable streams. ' +
    'The result passes `qpdf --check`. Header `X-Repair-Actions`: comma-separated tokens of what was done (`xref-rebuilt`, `streams-fixed`, ' +
    '`rewritten-by-mupdf`, `rewritten-by-ghostscript`; `none` for a file that needed nothing). Unrecoverable → 422 `invalid_pdf`. ' +
    'Encrypted inputs are opened with `password`; the result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The damaged PDF.' }],
  options: z.strictObject({ password: passwordField }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: repairPdf,
});
