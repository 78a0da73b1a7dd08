import { z } from 'zod';
import { pdfMetadata } from '../operations/metadata.js';
import { defineOperation } from './definition.js';
import { passwordField } from './fields.js';

/** One metadata value: any text up to 2000 characters; "" removes the entry. */
const valueField = (what: string) =>
  z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .refine((t) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/u.test(t), 'must not contain control characters')
    .describe(`${what} ("" removes it).`)
    .optional();

export const metadataRoute = defineOperation({
  name: 'metadata',
  summary: 'Read or edit document metadata',
  description:
    'Without any of the six fields: JSON `{"title","author","subject","keywords","creator","producer","created","modified","pages",' +
    '"pdf_version","encrypted","pdfa"}` (Info dictionary first, XMP where Info is silent; absent values null; dates ISO 8601; `pdfa` from the ' +
    'XMP pdfaid part and conformance, e.g. "2B"). With any of them: the PDF with the Info dictionary and the XMP packet (dc:title, dc:creator, ' +
    'dc:description, pdf:Keywords, xmp:CreatorTool, pdf:Producer) both set, an empty value removing the entry, ModDate/xmp:ModifyDate set to now, ' +
    'every other XMP property kept. Encrypted inputs are opened with `password`; a written result is not encrypted.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to read or edit.' }],
  options: z.strictObject({
    title: valueField('Document title (Info /Title, XMP dc:title)'),
    author: valueField('Author (Info /Author, XMP dc:creator)'),
    subject: valueField('Subject (Info /Subject, XMP dc:description)'),
    keywords: valueField('Keywords (Info /Keywords, XMP pdf:Keywords)'),
    creator: valueField('Creating application (Info /Creator, XMP xmp:CreatorTool)'),
    producer: valueField('Producing application (Info /Producer, XMP pdf:Producer)'),
    password: passwordField,
  }),
  produces: ['application/json', 'application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  run: pdfMetadata,
});
