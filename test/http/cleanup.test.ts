import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveChildren } from '../../src/tools/run.js';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';
import { sleepOperation } from '../helpers/test-operations.js';

let server: TestServer;
let key: string;
beforeAll(async () => {
  // Sleepers hold slots without using CPU: give the other requests room.
  server = await startTestServer({ OPERATION_TIMEOUT: '20', CONCURRENCY: '6' }, { operations: [sleepOperation] });
  key = server.newKey();
});
afterAll(() => server.close());

/** Sends the head of a multipart upload and a part of the file, then drops the connection. */
function abortMidUpload(operation: string): Promise<void> {
  return new Promise((resolve) => {
    const boundary = 'b0undary';
    const req = http.request(`${server.url}/v1/pdf/${operation}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': 10_000_000,
      },
    });
    req.on('error', () => resolve());
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`);
    req.write(Buffer.alloc(200_000, 0x20));
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 150);
  });
}

describe('temporary files', () => {
  it('are all removed after successful, failed and aborted requests', async () => {
    const pdf = await filePart(corpus('tracemonkey.pdf'));
    const controller = new AbortController();
    const requests: Promise<unknown>[] = [
      server.post('split', form({ file: pdf, mode: 'every', pages_per_file: '1' }), key).then((r) => r.arrayBuffer()),
      server.post('merge', form({ files: [pdf, pdf] }), key).then((r) => r.arrayBuffer()),
      server.post('unlock', form({ file: await filePart(corpus('invalid.pdf')) }), key).then((r) => r.arrayBuffer()),
      server.post('split', form({ file: pdf, ranges: '99' }), key).then((r) => r.arrayBuffer()),
      server
        .post('merge', form({ files: [pdf, await filePart(corpus('typewriter.png'))] }), key)
        .then((r) => r.arrayBuffer()),
      abortMidUpload('unlock'),
      abortMidUpload('merge'),
      // Aborted while its child runs: the child must be killed too.
      server.post('test-sleep', form({ seconds: '20' }), key, {}).catch(() => undefined),
    ];
    const slow = fetch(`${server.url}/v1/pdf/test-sleep`, {
      method: 'POST',
      body: form({ seconds: '20' }),
      headers: { Authorization: `Bearer ${key}` },
      signal: controller.signal,
    }).catch(() => 'aborted');
    await eventually(() => liveChildren().length > 0, 5000);
    // A download aborted mid-stream.
    const big = await server.post('split', form({ file: pdf, mode: 'every', pages_per_file: '1' }), key);
    const reader = big.body!.getReader();
    await reader.read();
    await reader.cancel();
    controller.abort();
    const slowResult = await slow;
    expect(
      slowResult instanceof Response ? `status ${slowResult.status}: ${await slowResult.text()}` : slowResult,
    ).toBe('aborted');
    await Promise.all(requests.slice(0, 7));
    await eventually(() => liveChildren().length <= 1, 5000);
    // The remaining test-sleep request: its client goes away by closing the server's connections below.
    server.server.closeAllConnections();
    await eventually(() => liveChildren().length === 0, 5000);
    await eventually(() => server.leftovers().length === 0, 5000);
    expect(fs.readdirSync(server.tmpDir)).toEqual([]);
  });
});
