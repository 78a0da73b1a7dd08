// Helpers for the key, admin and token tests (docs/api.md §2b): a request whose
// body is never finished (to show a refusal came before the body was read), the
// caller's count of today, and page counts checked by qpdf (async: the server
// shares this event loop).
import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Pages of a PDF according to qpdf. */
export async function qpdfPages(file: string): Promise<number> {
  const { stdout } = await run('qpdf', ['--show-npages', file]);
  return Number(stdout.trim());
}

/** Today's count of the account behind `key`. */
export async function usedToday(base: string, key: string): Promise<number> {
  const response = await fetch(`${base}/v1/account`, { headers: { Authorization: `Bearer ${key}` } });
  if (response.status !== 200) throw new Error(`GET /v1/account: ${response.status}`);
  return ((await response.json()) as { used_today: number }).used_today;
}

/**
 * POSTs a multipart request that announces 10 MB but sends only its first bytes and then
 * waits: the answer must come without the body (the server refused before reading it).
 * Resolves with the status, the problem body and how many body bytes were sent.
 */
export function postUnfinished(
  base: string,
  path: string,
  key: string,
): Promise<{ status: number; body: Record<string, unknown>; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'multipart/form-data; boundary=xyz',
        'Content-Length': String(10_000_000),
      },
    });
    const head =
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n';
    request.write(head);
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error('no answer while the body was unfinished'));
    }, 5000);
    request.on('response', (response) => {
      let text = '';
      response.on('data', (d) => (text += d));
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        resolve({
          status: response.statusCode!,
          body: JSON.parse(text) as Record<string, unknown>,
          sentBytes: Buffer.byteLength(head),
        });
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
