import { z } from 'zod';
import { inspectPdf } from '../operations/inspect.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

export const inspectRoute = defineOperation({
  name: 'inspect',
  summary: 'Report the structure of a PDF',
  description:
    'JSON `{"pdf_version","file_size","page_count","pages":[{"number","width","height","rotate","has_text","images","fonts"}],"encryption",' +
    '"metadata","linearized","tagged","pdfa","pdfua","forms":{"type","fields"},"signatures","attachments","attachment_annotations","javascript",' +
    '"outline_entries","layers","fonts":[{"name","type","embedded","subset"}]}`, read from the file itself: pages are run by MuPDF, so a ' +
    "page's `fonts`, `images` (images drawn) and `has_text` are what its content draws; width and height are of the visible page in pt; " +
    'the page count is the page tree as walked; `encryption` is null or `{"method":"AES-256"|"AES-128"|"RC4-128"|"RC4-40","permissions"}`; ' +
    '`linearized` is confirmed by `qpdf --check-linearization`; `pdfa` is the level the XMP claims. A tree too large to walk (over 200,000 nodes) ' +
    'is counted up to that point and named in the header `X-Inspect-Truncated`. Encrypted inputs are opened with `password`.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to inspect.' }],
  options: z.strictObject({ password: passwordField }),
  produces: ['application/json'],
  timeout: 'OPERATION_TIMEOUT',
  run: inspectPdf,
});
