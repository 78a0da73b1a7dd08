// A job's result_url (docs/api.md §6): the worker PUTs the result there before
// the job succeeds (an S3 presigned PUT URL works as it is: Content-Type and
// Content-Length, nothing else of ours). The same address rules as remote
// inputs, applied in the socket's own lookup; no redirects followed (a PUT
// body cannot be replayed safely). Network errors, 429 and 5xx are retried on
// the webhooks' schedule; then the job fails with 502 upstream_failed.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Config } from '../config.js';
import { UpstreamFailedError } from '../core/errors.js';
import { ADDRESS_REFUSED, checkedLookup } from '../core/one-lookup.js';
import { fetchAllows, literalRefused, shownUrl } from '../http/remote-files.js';

interface Attempt {
  ok: boolean;
  retry: boolean;
  status: number | null;
  error?: string;
}

/** One PUT of `file`; the exchange is bounded by FETCH_TIMEOUT (at least a minute, for large results). */
function putOnce(
  url: URL,
  file: string,
  size: number,
  contentType: string,
  config: Config,
  signal: AbortSignal,
): Promise<Attempt> {
  return new Promise((resolve) => {
    if (literalRefused(url, config))
      return resolve({ ok: false, retry: false, status: null, error: 'the address is not allowed' });
    const client = url.protocol === 'https:' ? https : http;
    const timeout = AbortSignal.timeout(Math.max(60_000, config.FETCH_TIMEOUT));
    const req = client.request(url, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'content-length': String(size), 'user-agent': 'pdf-service-delivery/1' },
      lookup: checkedLookup(fetchAllows(config, url.protocol === 'http:', 'result')),
      agent: false,
      signal: AbortSignal.any([timeout, signal]),
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () =>
        resolve(
          status >= 200 && status < 300
            ? { ok: true, retry: false, status }
            : { ok: false, retry: status === 429 || status >= 500, status, error: `HTTP ${status}` },
        ),
      );
      res.on('error', () => resolve({ ok: false, retry: true, status, error: 'response aborted' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const forbidden = error.code === ADDRESS_REFUSED;
      resolve({
        ok: false,
        retry: !forbidden && !signal.aborted,
        status: null,
        error: forbidden
          ? 'the address is not allowed'
          : timeout.aborted
            ? 'timed out'
            : (error.code ?? 'network error'),
      });
    });
    fs.createReadStream(file)
      .on('error', (error) => req.destroy(error))
      .pipe(req);
  });
}

/** PUTs the result to `raw`, retrying after each of `delaysMs`; resolves with the URL as shown (no query), or throws 502 upstream_failed. */
export async function deliverResult(
  raw: string,
  file: string,
  contentType: string,
  config: Config,
  signal: AbortSignal,
  delaysMs: readonly number[],
): Promise<string> {
  const url = new URL(raw);
  const size = (await fs.promises.stat(file)).size;
  let last: Attempt | undefined;
  for (let attempt = 0; attempt <= delaysMs.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt - 1]));
    if (signal.aborted) throw new Error('aborted');
    last = await putOnce(url, file, size, contentType, config, signal);
    if (last.ok) return shownUrl(url);
    if (!last.retry) break;
  }
  throw new UpstreamFailedError('result_url', `the result could not be delivered (${last?.error ?? 'no answer'}).`, {
    url: shownUrl(url),
    upstream_status: last?.status ?? null,
  });
}
