// Every PDF operation against degenerate uploads: the answer is a 4xx with
// the right code, never a 500 from a tool that choked on it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf } from '../helpers/problem.js';
import { eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(async () => {
  await server.close();
});

/** A well-formed PDF whose page tree is empty. */
const NO_PAGES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const JUNK_AFTER_HEADER = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(20_000)]);
const RANDOM = crypto.randomBytes(20_000);

const OPERATIONS: Array<[string, Record<string, string>]> = [
  ['compress', {}],
  ['extract-text', {}],
  ['watermark', { text: 'X' }],
  ['images', {}],
  ['ocr', {}],
  ['convert', { to: 'docx' }],
  ['convert', { to: 'png' }],
  ['convert', { to: 'pdfa' }],
  ['split', { mode: 'every', pages_per_file: '1' }],
  ['protect', { user_password: 'a' }],
  ['unlock', {}],
  ['rotate', { angle: '90' }],
  ['organize', { order: '1' }],
  ['page-numbers', {}],
  ['metadata', {}],
  ['metadata', { title: 'T' }],
  ['repair', {}],
  ['flatten', {}],
];

async function post(operation: string, fields: Record<string, string>, bytes: Buffer) {
  if (operation === 'merge')
    return server.post('merge', form({ files: [await filePart(bytes, 'a.pdf'), await filePart(bytes, 'b.pdf')] }), key);
  return server.post(operation, form({ file: await filePart(bytes, 'upload.pdf'), ...fields }), key);
}

describe('degenerate uploads', () => {
  it('a PDF without pages, and junk after a PDF header, are 422 invalid_pdf for every PDF operation', async () => {
    for (const [operation, fields] of [...OPERATIONS, ['merge', {}] as [string, Record<string, string>]]) {
      for (const [what, bytes] of [
        ['no pages', NO_PAGES],
        ['junk', JUNK_AFTER_HEADER],
      ] as const) {
        const problem = await problemOf(await post(operation, fields, bytes));
        expect({ operation, fields, what, status: problem.status, code: problem.code }).toEqual({
          operation,
          fields,
          what,
          status: 422,
          code: 'invalid_pdf',
        });
      }
    }
  }, 120_000);

  it('an empty file and random bytes are 415 unsupported_media_type', async () => {
    for (const [operation, fields] of OPERATIONS) {
      for (const [what, bytes] of [
        ['empty', Buffer.alloc(0)],
        ['random', RANDOM],
      ] as const) {
        const problem = await problemOf(await post(operation, fields, bytes));
        expect({ operation, fields, what, status: problem.status, code: problem.code }).toEqual({
          operation,
          fields,
          what,
          status: 415,
          code: 'unsupported_media_type',
        });
      }
    }
    await eventually(() => server.leftovers().length === 0);
  }, 120_000);
});
