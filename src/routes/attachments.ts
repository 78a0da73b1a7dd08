import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import type { FileKind } from '../core/contract.js';
import { MEDIA_TYPES } from '../files/sniff.js';
import { pdfAttachments } from '../operations/attachments.js';
import { defineOperation } from './definition.js';
import { passwordField, repeatableField } from './fields.js';

/** Any file may be attached (its type is sniffed and recorded as its MIME type). */
const ANY_KIND = Object.keys(MEDIA_TYPES) as FileKind[];

const attachmentName = z.string().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters');

export const attachmentsRoute = defineOperation({
  name: 'attachments',
  summary: 'List, extract, add or remove embedded files',
  description:
    'Document-level embedded files (the EmbeddedFiles names tree). `action=list` → JSON `{"attachments":[{"name","size","content_type","created",' +
    '"modified","description"}]}` (size: bytes once decoded, counted up to MAX_FILE_SIZE, null beyond it). `action=extract` → a ZIP of the ' +
    'files (`names` picks some; names made safe: no directories, `..`, control or reserved characters, duplicates numbered), or the file ' +
    'itself when one name is given; each file is bounded by MAX_FILE_SIZE once decoded and the count by MAX_OUTPUT_FILES (422 resource_limit). ' +
    '`action=add` with one or more `attachments` file parts (their MIME type sniffed from the bytes; `description` for all) → the PDF; a name ' +
    'already present is replaced. `action=remove` (`names`, default all) → the PDF, header `X-Removed-Attachments`. An unknown name → 400. ' +
    'Encrypted inputs are opened with `password`; a written result is not encrypted.',
  files: [
    { field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF.' },
    {
      field: 'attachments',
      min: 0,
      max: 'MAX_FILES',
      kinds: ANY_KIND,
      description: 'action=add: the files to embed (any type).',
    },
  ],
  options: z.strictObject({
    action: z.enum(['list', 'extract', 'add', 'remove']).prefault('list').describe('What to do.'),
    names: repeatableField(
      attachmentName,
      10_000,
      'action=extract or remove: the attachments by name (repeatable; default all).',
    ),
    description: z
      .string()
      .max(2000, 'must be at most 2000 characters')
      .optional()
      .describe('action=add: the description given to each added file.'),
    password: passwordField,
  }),
  produces: ['application/json', 'application/pdf', 'application/zip', 'application/octet-stream'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options, files) => {
    const adding = options.action === 'add';
    if (adding && (files.attachments?.length ?? 0) === 0)
      throw new InvalidRequestError('attachments: at least one file part is required when action=add.', 'attachments');
    if (!adding && (files.attachments?.length ?? 0) > 0)
      throw new InvalidRequestError(
        `attachments: only applies to action=add (action is ${options.action}).`,
        'attachments',
      );
    if (!adding && options.description !== undefined)
      throw new InvalidRequestError(
        `description: only applies to action=add (action is ${options.action}).`,
        'description',
      );
    if ((adding || options.action === 'list') && options.names.length > 0)
      throw new InvalidRequestError(
        `names: only applies to action=extract or remove (action is ${options.action}).`,
        'names',
      );
  },
  run: pdfAttachments,
});
