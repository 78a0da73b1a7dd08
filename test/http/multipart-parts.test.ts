// Every multipart part counts: a part that is not a named form-data part is
// refused with 400 naming it, never dropped (a merge of three parts, one of
// them without Content-Disposition, must not merge two and answer 200).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../helpers/hostile.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, eventually, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let key: string;
const BOUNDARY = 'parts-boundary-7f3a';
const pdf = fs.readFileSync(corpus('trivial.pdf'));

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
});
afterAll(async () => {
  await server.close();
});

/** A multipart body from raw part headers (each a list of header lines) and their contents. */
function body(parts: Array<[string[], Buffer | string]>): Buffer {
  const pieces: Buffer[] = [];
  for (const [headers, content] of parts) {
    pieces.push(
      Buffer.from(`--${BOUNDARY}\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

const filePartHeaders = (name: string) => [
  `Content-Disposition: form-data; name="files"; filename="${name}"`,
  'Content-Type: application/pdf',
];

async function merge(raw: Buffer, stream = false): Promise<Response> {
  // A streamed body (no Content-Length, 1-byte-ish pieces) takes the on-disk path and splits headers across chunks.
  const payload = stream
    ? new ReadableStream({
        start(controller) {
          for (let i = 0; i < raw.length; i += 97) controller.enqueue(raw.subarray(i, i + 97));
          controller.close();
        },
      })
    : raw;
  return fetch(`${server.url}/v1/pdf/merge`, {
    method: 'POST',
    body: payload,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    ...(stream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

describe('multipart parts', () => {
  it('three named form-data parts merge (the check refuses nothing it should accept)', async () => {
    const res = await merge(
      body([
        [filePartHeaders('a.pdf'), pdf],
        [filePartHeaders('b.pdf'), textPdf(2)],
        [filePartHeaders('c.pdf'), pdf],
      ]),
    );
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  for (const stream of [false, true]) {
    const how = stream ? 'streamed' : 'with a length';
    it(`a part without Content-Disposition is 400 invalid_request naming it, not merged away (${how})`, async () => {
      const res = await merge(
        body([
          [filePartHeaders('a.pdf'), pdf],
          [['Content-Type: application/pdf'], textPdf(2)],
          [filePartHeaders('c.pdf'), pdf],
        ]),
        stream,
      );
      const problem = await problemOf(res);
      expect({ status: res.status, code: problem.code }).toEqual({ status: 400, code: 'invalid_request' });
      expect(problem.detail).toContain('Part 2');
      expect(problem.detail).toContain('Content-Disposition');
    });

    it(`a disposition other than form-data is 400 naming the part (${how})`, async () => {
      const res = await merge(
        body([
          [filePartHeaders('a.pdf'), pdf],
          ['Content-Disposition: attachment; name="files"; filename="b.pdf"'.split('|'), pdf],
        ]),
        stream,
      );
      const problem = await problemOf(res);
      expect({ status: res.status, code: problem.code }).toEqual({ status: 400, code: 'invalid_request' });
      expect(problem.detail).toMatch(/Part 2 .*"attachment", not form-data/);
    });

    it(`a form-data part without a name is 400 naming the part (${how})`, async () => {
      const res = await merge(
        body([
          [filePartHeaders('a.pdf'), pdf],
          [['Content-Disposition: form-data; filename="b.pdf"'], pdf],
        ]),
        stream,
      );
      const problem = await problemOf(res);
      expect({ status: res.status, code: problem.code }).toEqual({ status: 400, code: 'invalid_request' });
      expect(problem.detail).toMatch(/Part 2 .*no name/);
    });
  }

  it('leaves no work directory behind', async () => {
    expect((await merge(body([[['Content-Type: application/pdf'], pdf]]))).status).toBe(400);
    await eventually(() => server.leftovers().filter((n) => n.startsWith('pdf-req-')).length === 0);
  });
});
