// Remote inputs (docs/api.md, "Remote files"): `file_url`, `files_url`,
// `<part>_url` name a URL the service downloads instead of an uploaded part.
// The download streams to the request's work directory with MAX_FILE_SIZE
// counted as it arrives (a missing or false Content-Length changes nothing),
// the whole exchange is bounded by FETCH_TIMEOUT (a stalled or endless body is
// cut there), at most MAX_REDIRECTS redirects each checked like the first URL,
// and the address rules are applied in the socket's own DNS lookup: the
// address judged is the address connected to, so a host name that resolves to
// a private address, or answers differently on a second lookup, is refused.
// Nothing of ours travels with the request: no credentials, no cookies.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Config } from '../config.js';
import { mayConnect } from '../core/address-rules.js';
import { FetchFailedError, FileTooLargeError, InvalidRequestError } from '../core/errors.js';
import { ADDRESS_REFUSED, checkedLookup, literalAllowed } from '../core/one-lookup.js';
import { SNIFF_BYTES } from '../files/sniff.js';

/** Redirects followed at most (a fourth is a fetch_failed). */
export const MAX_REDIRECTS = 3;

/** What a download left on disk. */
export interface FetchedFile {
  path: string;
  /** The last path segment of the URL, as the client's file name would be. */
  originalName: string;
  size: number;
  /** The first SNIFF_BYTES bytes (the type is sniffed from them). */
  head: Buffer;
}

/** The URL as shown back to the client and in logs: no query (a presigned URL's signature lives there), no fragment. */
export function shownUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** Where remote inputs (and result delivery, the same switch) may connect: the one address policy, core/address-rules.ts. */
export function fetchAllows(config: Config, plainHttp: boolean, traffic: 'fetch' | 'result' = 'fetch') {
  return (address: string) => mayConnect(traffic, config.FETCH_ALLOW_PRIVATE, address, plainHttp);
}

/** Checks a URL before any connection: scheme, credentials, a literal address (the socket does not look those up). */
export function checkRemoteUrl(raw: string, field: string, config: Config): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidRequestError(`${field}: must be an absolute https URL.`, field);
  }
  if (raw.length > 4096) throw new InvalidRequestError(`${field}: must be at most 4096 characters.`, field);
  if (url.username || url.password) throw new InvalidRequestError(`${field}: must not contain credentials.`, field);
  const plain = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(plain && config.FETCH_ALLOW_PRIVATE)) {
    throw new InvalidRequestError(
      `${field}: must be an https URL${config.FETCH_ALLOW_PRIVATE ? ' (or http to a private or loopback address)' : ''}.`,
      field,
    );
  }
  return url;
}

/** A literal address in the URL is judged here: Node connects to it without a lookup. */
export function literalRefused(url: URL, config: Config): boolean {
  return !literalAllowed(url, fetchAllows(config, url.protocol === 'http:'));
}

interface Answer {
  status: number;
  location?: string;
  length?: number;
  body: http.IncomingMessage;
}

/** One GET without following redirects. */
function get(url: URL, config: Config, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers: { 'user-agent': 'pdf-service-fetch/1', accept: '*/*' },
      lookup: checkedLookup(fetchAllows(config, url.protocol === 'http:')),
      agent: false,
      signal,
    });
    req.on('response', (res) => {
      const length = Number(res.headers['content-length']);
      resolve({
        status: res.statusCode ?? 0,
        location: res.headers.location,
        length: Number.isFinite(length) && res.headers['content-length'] !== undefined ? length : undefined,
        body: res,
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The reason a failed connection gives the client: a refusal, a timeout, or the network error's code (no internals). */
function why(error: unknown, signal: AbortSignal, config: Config): string {
  if (signal.aborted) return `no complete answer within FETCH_TIMEOUT (${config.FETCH_TIMEOUT / 1000} s)`;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === ADDRESS_REFUSED) return 'the address is not allowed (private, loopback, link-local or reserved)';
  return `the connection failed (${code ?? 'network error'})`;
}

/**
 * Downloads `raw` (the value of `field`) to `target`: 413 past MAX_FILE_SIZE, 422 fetch_failed for
 * anything the remote side did (status, redirects, refused address, timeout); charged either way.
 * `outer` aborts it when the client leaves.
 */
export async function fetchRemoteFile(
  raw: string,
  field: string,
  target: string,
  config: Config,
  outer: AbortSignal,
): Promise<FetchedFile> {
  let url = checkRemoteUrl(raw, field, config);
  const timeout = AbortSignal.timeout(config.FETCH_TIMEOUT);
  const signal = AbortSignal.any([timeout, outer]);
  let status: number | null = null;
  for (let redirects = 0; ; redirects++) {
    if (literalRefused(url, config))
      throw new FetchFailedError(
        shownUrl(url),
        status,
        'the address is not allowed (private, loopback, link-local or reserved)',
      );
    let answer: Answer;
    try {
      answer = await get(url, config, signal);
    } catch (error) {
      throw new FetchFailedError(shownUrl(url), status, why(error, timeout, config));
    }
    status = answer.status;
    if (REDIRECTS.has(answer.status) && answer.location) {
      answer.body.resume();
      if (redirects >= MAX_REDIRECTS)
        throw new FetchFailedError(shownUrl(url), status, `more than ${MAX_REDIRECTS} redirects`);
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        throw new FetchFailedError(shownUrl(url), status, 'a redirect to an invalid URL');
      }
      // Checked again as the first: scheme, credentials (a redirect may not add ours or anyone's).
      try {
        url = checkRemoteUrl(next.toString(), field, config);
      } catch {
        throw new FetchFailedError(shownUrl(next), status, 'a redirect to a URL that is not allowed');
      }
      continue;
    }
    if (answer.status !== 200) {
      answer.body.resume();
      throw new FetchFailedError(shownUrl(url), status, `the server answered HTTP ${answer.status}`);
    }
    if (answer.length !== undefined && answer.length > config.MAX_FILE_SIZE) {
      answer.body.destroy();
      throw new FileTooLargeError(config.MAX_FILE_SIZE, `The remote file of "${field}"`);
    }
    return await save(answer.body, url, field, target, config, signal, timeout, status);
  }
}

/** Streams the body to `target`, counting bytes against MAX_FILE_SIZE and keeping the first bytes for the sniff. */
async function save(
  body: http.IncomingMessage,
  url: URL,
  field: string,
  target: string,
  config: Config,
  signal: AbortSignal,
  timeout: AbortSignal,
  status: number,
): Promise<FetchedFile> {
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  let tooLarge = false;
  // 1 MiB buffers, as for uploads (http/upload.ts): with 16 KiB ones each socket read waited for its own disk write.
  const counter = new Transform({
    highWaterMark: 1024 * 1024,
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > config.MAX_FILE_SIZE) {
        tooLarge = true;
        return done(new Error('too large'));
      }
      if (headBytes < SNIFF_BYTES) {
        const kept = Buffer.from(chunk.subarray(0, SNIFF_BYTES - headBytes));
        head.push(kept);
        headBytes += kept.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, fs.createWriteStream(target, { mode: 0o600, highWaterMark: 1024 * 1024 }), {
      signal,
    });
  } catch (error) {
    body.destroy();
    if (tooLarge) throw new FileTooLargeError(config.MAX_FILE_SIZE, `The remote file of "${field}"`);
    throw new FetchFailedError(
      shownUrl(url),
      status,
      timeout.aborted ? why(error, timeout, config) : 'the body ended early',
    );
  }
  let last = url.pathname.split('/').pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // kept as it is: a name, not a path
  }
  return { path: target, originalName: last, size, head: Buffer.concat(head, headBytes) };
}
