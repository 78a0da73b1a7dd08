// The outgoing requests of sign and verify: a time-stamp authority (RFC 3161
// over HTTP), OCSP responders (RFC 6960 over HTTP) and CRL distribution
// points. They are parties named by the request or by its certificates, so
// they follow the one address policy (core/address-rules.ts): only public
// unicast addresses unless SIGN_ALLOW_PRIVATE (which opens loopback and private
// ranges, never link-local, metadata or reserved ones), checked on the address
// actually dialled (no DNS rebinding), no redirects, the whole exchange bounded
// in time (SIGN_FETCH_TIMEOUT) and the answer in bytes. Every failure is an
// UpstreamFailedError (502) naming the source.
import http from 'node:http';
import https from 'node:https';
import { mayConnect } from '../core/address-rules.js';
import { UpstreamFailedError } from '../core/errors.js';
import { ADDRESS_REFUSED, checkedLookup, literalAllowed } from '../core/one-lookup.js';

const REFUSED =
  'a private, loopback or reserved address (link-local, metadata and reserved ones always refused; private and loopback ones allowed only with SIGN_ALLOW_PRIVATE)';

/** One outgoing request. */
export interface UpstreamRequest {
  /** Who is asked, for the error ("time-stamp authority", "OCSP responder", "CRL distribution point"). */
  source: string;
  url: string;
  /** POST this body with this content type; GET without. */
  body?: Buffer;
  contentType?: string;
  /** Bytes the answer may have at most. */
  maxBytes: number;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** The answer's body, or an UpstreamFailedError saying what went wrong (address refused, status, size, time). */
export function fetchUpstream(request: UpstreamRequest): Promise<Buffer> {
  const fail = (why: string) => new UpstreamFailedError(request.source, why);
  let target: URL;
  try {
    target = new URL(request.url);
  } catch {
    return Promise.reject(fail(`"${request.url.slice(0, 200)}" is not a URL.`));
  }
  const where = `${target.protocol}//${target.host}`;
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(fail(`${where}: only http and https are used.`));
  // The one address policy (core/address-rules.ts): SIGN_ALLOW_PRIVATE opens loopback and private ranges, never more.
  const allows = (address: string) => mayConnect('sign', request.allowPrivate, address, target.protocol === 'http:');
  if (!literalAllowed(target, allows)) return Promise.reject(fail(`${where} is ${REFUSED}.`));
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(request.timeoutMs);
    const client = target.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { 'user-agent': 'pdf-service-sign/1' };
    if (request.body)
      Object.assign(headers, {
        'content-type': request.contentType ?? 'application/octet-stream',
        'content-length': String(request.body.length),
      });
    const req = client.request(
      target,
      {
        method: request.body ? 'POST' : 'GET',
        headers,
        lookup: checkedLookup(allows),
        signal,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) {
          res.resume();
          return reject(fail(`${where} answered HTTP ${status}.`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            req.destroy();
            reject(fail(`${where} answered more than ${request.maxBytes} bytes.`));
          } else chunks.push(chunk);
        });
        let ended = false;
        res.on('end', () => {
          ended = true;
          resolve(Buffer.concat(chunks));
        });
        // A party that sends its headers and then stalls: the deadline destroys the socket, which ends the answer with
        // 'error' or only 'close' (settling twice is harmless).
        const brokenOff = () =>
          reject(
            fail(
              signal.aborted
                ? `${where} did not answer within ${request.timeoutMs / 1000} s.`
                : `${where} broke off its answer.`,
            ),
          );
        res.on('error', brokenOff);
        res.on('close', () => {
          if (!ended) brokenOff();
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === ADDRESS_REFUSED) return reject(fail(`${where} resolves to ${REFUSED}.`));
      reject(
        fail(
          signal.aborted
            ? `${where} did not answer within ${request.timeoutMs / 1000} s.`
            : `${where} could not be reached (${error.code ?? 'error'}).`,
        ),
      );
    });
    req.end(request.body);
  });
}
