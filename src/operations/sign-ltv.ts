// What sign adds from level b-t up (docs/operations/sign.md): the RFC 3161
// time-stamps (over the signature value for b-t, over the whole file for
// b-lta) and the validation data of b-lt (chains, OCSP responses or CRLs
// fetched from the certificates' own addresses), each checked before it goes
// into the file. Fetches go through tools/upstream-fetch.ts (address rules,
// time and size bounds); whatever they return is checked in pdf/timestamp.ts
// and pdf/revocation.ts.
import type * as pkijs from 'pkijs';
import type { Config } from '../config.js';
import { InvalidCertificateError, UpstreamFailedError } from '../core/errors.js';
import { subjectName } from '../pdf/cades.js';
import type { ValidationData } from '../pdf/dss.js';
import {
  RevocationRejectedError,
  checkCrl,
  checkOcspResponse,
  crlUrls,
  findIssuer,
  isSelfSigned,
  ocspRequest,
  ocspUrls,
  type RevocationAnswer,
} from '../pdf/revocation.js';
import {
  TimestampRejectedError,
  checkTimestampResponse,
  timestampRequest,
  type TimestampToken,
} from '../pdf/timestamp.js';
import { fetchUpstream } from '../tools/upstream-fetch.js';

/** The PAdES baseline levels sign makes. */
export type SignatureLevel = 'b-b' | 'b-t' | 'b-lt' | 'b-lta';

/**
 * Bytes reserved in /Contents for a time-stamp token. Tokens with the TSA's
 * certificate are 2–6 KiB (openssl ts with a 2-level chain: 3.1 KiB); a
 * larger answer is refused rather than the file grown for every signature.
 */
export const TIMESTAMP_TOKEN_RESERVE = 16 * 1024;
/** A TSA answer larger than this is not read (the token must also fit TIMESTAMP_TOKEN_RESERVE). */
const MAX_TSA_ANSWER = 64 * 1024;
const MAX_OCSP_ANSWER = 64 * 1024;
/** A CRL is decoded in the server process: bounded (a CA's full CRL of a few thousand entries is < 1 MiB). */
const MAX_CRL = 4 * 1024 * 1024;

const TSA = 'time-stamp authority';

/** Asks the TSA at `url` for a time-stamp over `digest` and checks the answer; returns the token. */
export async function fetchTimestamp(config: Config, url: string, digest: Buffer): Promise<TimestampToken> {
  const request = timestampRequest(digest);
  const answer = await fetchUpstream({
    source: TSA,
    url,
    body: request.der,
    contentType: 'application/timestamp-query',
    maxBytes: MAX_TSA_ANSWER,
    timeoutMs: config.SIGN_FETCH_TIMEOUT,
    allowPrivate: config.SIGN_ALLOW_PRIVATE,
  });
  try {
    const token = await checkTimestampResponse(answer, request, digest);
    if (token.der.length > TIMESTAMP_TOKEN_RESERVE)
      throw new TimestampRejectedError(
        `The token has ${token.der.length} bytes; at most ${TIMESTAMP_TOKEN_RESERVE} are reserved for it.`,
      );
    return token;
  } catch (error) {
    if (error instanceof TimestampRejectedError)
      throw new UpstreamFailedError(TSA, `${new URL(url).host}: ${error.message}`);
    throw error;
  }
}

/** One certificate's checked status and the answer to embed. */
interface FetchedStatus {
  answer: RevocationAnswer;
  ocsp?: Buffer;
  crl?: Buffer;
}

/** Asks the certificate's OCSP responder (else its CRL distribution point) and checks the answer; undefined when it names neither. */
export async function fetchRevocation(
  config: Config,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  at = new Date(),
): Promise<FetchedStatus | undefined> {
  const common = { timeoutMs: config.SIGN_FETCH_TIMEOUT, allowPrivate: config.SIGN_ALLOW_PRIVATE };
  const [ocspUrl] = ocspUrls(certificate);
  const [crlUrl] = crlUrls(certificate);
  const source = ocspUrl ? 'OCSP responder' : 'CRL distribution point';
  const url = ocspUrl ?? crlUrl;
  if (!url) return undefined;
  try {
    if (ocspUrl) {
      const body = await ocspRequest(certificate, issuer);
      const ocsp = await fetchUpstream({
        ...common,
        source,
        url: ocspUrl,
        body,
        contentType: 'application/ocsp-request',
        maxBytes: MAX_OCSP_ANSWER,
      });
      return { answer: await checkOcspResponse(ocsp, certificate, issuer, at), ocsp };
    }
    const crl = await fetchUpstream({ ...common, source, url: crlUrl!, maxBytes: MAX_CRL });
    return { answer: await checkCrl(crl, certificate, issuer, at), crl };
  } catch (error) {
    if (error instanceof RevocationRejectedError)
      throw new UpstreamFailedError(source, `${new URL(url).host}: ${error.message}`);
    throw error;
  }
}

/**
 * The chain of `leaf` among `pool` (leaf first, up to a self-signed
 * certificate or the last issuer found), and for each certificate below a
 * root its checked status. `role` says whose chain it is, for the errors: a
 * revoked certificate, or one that names no OCSP responder or CRL distribution
 * point, is refused — a signer's with 422 invalid_certificate, a TSA's with 502
 * upstream_failed.
 */
export async function validationDataFor(
  config: Config,
  leaf: pkijs.Certificate,
  pool: pkijs.Certificate[],
  role: 'signer' | 'tsa',
): Promise<ValidationData> {
  const chain = [leaf];
  const data: ValidationData = { certificates: [], ocsps: [], crls: [] };
  const fetches: Array<Promise<void>> = [];
  try {
    for (let current = leaf; chain.length <= 8; ) {
      if (await isSelfSigned(current)) break;
      const issuer = await findIssuer(current, pool);
      if (!issuer) {
        if (role === 'signer')
          throw new InvalidCertificateError(
            `certificate: the issuer of "${subjectName(current)}" is not in the PKCS#12; levels b-lt and b-lta need the whole chain.`,
          );
        throw new UpstreamFailedError(
          TSA,
          `its token lacks the issuer of "${subjectName(current)}" (the chain is needed for b-lt).`,
        );
      }
      const subject = current;
      const fetched = fetchRevocation(config, subject, issuer).then((status) => {
        if (!status) {
          // B-LT promises a verifier everything it needs offline; a certificate that names no source cannot give that.
          const why = `"${subjectName(subject)}" names no OCSP responder or CRL distribution point, so levels b-lt and b-lta cannot carry its status.`;
          if (role === 'signer') throw new InvalidCertificateError(`certificate: ${why}`);
          throw new UpstreamFailedError(TSA, `its certificate ${why}`);
        }
        if (status.answer.status === 'revoked') {
          const when = status.answer.revokedAt ? ` on ${status.answer.revokedAt.toISOString()}` : '';
          if (role === 'signer')
            throw new InvalidCertificateError(`certificate: "${subjectName(subject)}" was revoked${when}.`);
          throw new UpstreamFailedError(TSA, `its certificate "${subjectName(subject)}" was revoked${when}.`);
        }
        if (status.ocsp) data.ocsps.push(status.ocsp);
        if (status.crl) data.crls.push(status.crl);
      });
      fetched.catch(() => undefined); // settled below on every path; this only keeps an early failure from being "unhandled"
      fetches.push(fetched);
      chain.push(issuer);
      current = issuer;
    }
  } finally {
    // All settle before anything is raised: no fetch outlives the request.
    await Promise.allSettled(fetches);
  }
  const results = await Promise.allSettled(fetches);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  data.certificates = chain.map((c) => Buffer.from(c.toSchema().toBER()));
  return data;
}

/** Both sets in one. */
export function mergeValidationData(...sets: ValidationData[]): ValidationData {
  return {
    certificates: sets.flatMap((s) => s.certificates),
    ocsps: sets.flatMap((s) => s.ocsps),
    crls: sets.flatMap((s) => s.crls),
  };
}
