// What verify says about a signature beyond pdfsig's valid/covers (API.md
// §5i): its PAdES level, its time-stamp (checked against the signature value,
// or for a document time-stamp against the signed bytes), its chain built from
// the CMS, the DSS and the trust anchors, whether that chain ends in a trusted
// certificate, and its revocation status — from the DSS first, then online
// (SIGN_VERIFY_ONLINE) from the certificate's own OCSP responder or CRL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import * as pkijs from 'pkijs';
import type { Config } from '../config.js';
import { SIGNATURE_TIMESTAMP_OID } from '../pdf/cades.js';
import { chainEntry, type ChainEntry } from '../pdf/certificate-names.js';
import {
  checkCrl,
  checkOcspResponse,
  findIssuer,
  isSelfSigned,
  sameCertificate,
  type RevocationStatus,
} from '../pdf/revocation.js';
import { readTimestampToken, signerCertificate, type TimestampToken } from '../pdf/timestamp.js';
import { fetchRevocation } from './sign-ltv.js';

/** A signature's CMS larger than this is not decoded (its long-term facts stay empty). */
export const MAX_CMS_BYTES = 1024 * 1024;

/** The validation data a document's DSS holds, parsed. */
export interface DssContents {
  certificates: pkijs.Certificate[];
  ocsps: Buffer[];
  crls: Buffer[];
}

/** What verify adds to each signature. */
export interface LongTermFacts {
  type: 'signature' | 'document_timestamp';
  level: 'b-b' | 'b-t' | 'b-lt' | 'b-lta' | null;
  timestamp: { time: string | null; authority: string | null; valid: boolean } | null;
  /**
   * `error` says why an online check that was due (SIGN_VERIFY_ONLINE, no DSS answer) gave no status:
   * the source failed, named none, or the per-request limit was reached. Null otherwise.
   */
  revocation: { status: RevocationStatus; source: 'ocsp' | 'crl' | 'dss' | null; error: string | null };
  chain: ChainEntry[];
  trusted: boolean;
}

/** A signature dictionary as verify reads it. */
export interface SignatureDictionary {
  subFilter?: string;
  contents: Buffer;
  byteRange: number[];
}

function certificatesOf(signedData: pkijs.SignedData): pkijs.Certificate[] {
  return (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
}

/** SHA-256 of the file's bytes in the byte range (read from disk in pieces). */
export async function byteRangeDigest(file: string, range: number[]): Promise<Buffer> {
  const hash = crypto.createHash('sha256');
  for (let i = 0; i + 1 < range.length; i += 2) {
    if (range[i + 1] <= 0) continue;
    for await (const chunk of fs.createReadStream(file, { start: range[i], end: range[i] + range[i + 1] - 1 }))
      hash.update(chunk as Buffer);
  }
  return hash.digest();
}

/** The checked token, or the reason it is not valid (then time/authority as far as they could be read). */
async function timestampFacts(
  der: Buffer,
  digest: Buffer,
): Promise<{ token?: TimestampToken; report: LongTermFacts['timestamp'] }> {
  try {
    const token = await readTimestampToken(der, digest);
    return { token, report: { time: token.time.toISOString(), authority: token.authority, valid: true } };
  } catch {
    return { report: { time: null, authority: null, valid: false } };
  }
}

/** The certificate's chain among `pool` (itself first), up to a self-signed one or the last issuer found. */
async function chainOf(leaf: pkijs.Certificate, pool: pkijs.Certificate[]): Promise<pkijs.Certificate[]> {
  const chain = [leaf];
  for (let current = leaf; chain.length < 10 && !(await isSelfSigned(current)); ) {
    const issuer = await findIssuer(current, pool);
    if (!issuer || chain.some((c) => sameCertificate(c, issuer))) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

/**
 * Online revocation checks one verify makes at most: each may take SIGN_FETCH_TIMEOUT, and a file
 * can hold 1,000 signatures. Past it the status of a signature without DSS data is `unknown`.
 */
export const MAX_ONLINE_CHECKS = 8;

/** The leaf's status: a DSS answer if one speaks for it, else the online source when allowed (and `online.left` > 0). */
async function revocationOf(
  config: Config,
  leaf: pkijs.Certificate,
  issuer: pkijs.Certificate | undefined,
  dss: DssContents,
  online: { left: number },
): Promise<LongTermFacts['revocation']> {
  const unknown = (error: string | null = null): LongTermFacts['revocation'] => ({
    status: 'unknown',
    source: null,
    error,
  });
  if (!issuer)
    return unknown(
      config.SIGN_VERIFY_ONLINE
        ? "the signer's issuer is not in the signature, the DSS or the trust store, so its status cannot be asked"
        : null,
    );
  for (const ocsp of dss.ocsps) {
    const answer = await checkOcspResponse(ocsp, leaf, issuer, null).catch(() => undefined);
    if (answer) return { status: answer.status, source: 'dss', error: null };
  }
  for (const crl of dss.crls) {
    const answer = await checkCrl(crl, leaf, issuer, null).catch(() => undefined);
    if (answer) return { status: answer.status, source: 'dss', error: null };
  }
  if (!config.SIGN_VERIFY_ONLINE) return unknown();
  // From here an online check was due: when it gives no status the client is told why (no silent `unknown`).
  if (online.left <= 0)
    return unknown(`not checked online: at most ${MAX_ONLINE_CHECKS} online checks are made per request`);
  online.left--;
  try {
    // A source that fails leaves the status unknown: verify reports, it does not refuse.
    const fetched = await fetchRevocation(config, leaf, issuer);
    if (!fetched) return unknown('the certificate names no OCSP responder or CRL distribution point');
    return { status: fetched.answer.status, source: fetched.ocsp ? 'ocsp' : 'crl', error: null };
  } catch (error) {
    return unknown(`online check failed: ${onlineFailure(error)}`);
  }
}

/** A failed online check's reason for the client: the upstream error's detail (host and what went wrong), bounded. */
function onlineFailure(error: unknown): string {
  const detail = (error as { detail?: unknown })?.detail;
  const text = typeof detail === 'string' && detail ? detail : error instanceof Error ? error.message : 'unknown error';
  return text.slice(0, 300);
}

/**
 * The long-term facts of one signature dictionary of `file`. `laterDocumentTimestamp`
 * says whether a valid document time-stamp covers more of the file than this signature.
 */
export async function longTermFacts(
  config: Config,
  file: string,
  dict: SignatureDictionary,
  dss: DssContents,
  anchors: pkijs.Certificate[],
  laterDocumentTimestamp: boolean,
  online: { left: number },
): Promise<LongTermFacts> {
  const isDocumentTimestamp = dict.subFilter === '/ETSI.RFC3161';
  const empty: LongTermFacts = {
    type: isDocumentTimestamp ? 'document_timestamp' : 'signature',
    level: null,
    timestamp: null,
    revocation: { status: 'unknown', source: null, error: null },
    chain: [],
    trusted: false,
  };
  // Decoded in this process: bounded. Real signatures with chain and time-stamp are 5–40 KiB.
  if (dict.contents.length > MAX_CMS_BYTES) return empty;
  let signedData: pkijs.SignedData;
  try {
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(dict.contents));
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    return empty;
  }
  let leaf: pkijs.Certificate | undefined;
  let timestamp: LongTermFacts['timestamp'] = null;
  let pool = certificatesOf(signedData);
  if (isDocumentTimestamp) {
    const facts = await timestampFacts(dict.contents, await byteRangeDigest(file, dict.byteRange));
    timestamp = facts.report;
    leaf = facts.token?.signer ?? signerCertificate(signedData);
  } else {
    leaf = signerCertificate(signedData);
    const signerInfo = signedData.signerInfos[0];
    const attribute = signerInfo?.unsignedAttrs?.attributes.find((a) => a.type === SIGNATURE_TIMESTAMP_OID);
    if (attribute?.values[0]) {
      const digest = crypto.createHash('sha256').update(signerInfo.signature.valueBlock.valueHexView).digest();
      const facts = await timestampFacts(Buffer.from(attribute.values[0].toBER()), digest);
      timestamp = facts.report;
      if (facts.token) pool = [...pool, ...facts.token.certificates];
    }
  }
  if (!leaf) return { ...empty, timestamp };
  const chainCerts = await chainOf(leaf, [...pool, ...dss.certificates, ...anchors]);
  const anchorsDer = new Set(anchors.map((a) => Buffer.from(a.toSchema().toBER()).toString('base64')));
  const trusted = chainCerts.some((c) => anchorsDer.has(Buffer.from(c.toSchema().toBER()).toString('base64')));
  const revocation = await revocationOf(config, leaf, chainCerts[1], dss, online);
  let level: LongTermFacts['level'] = null;
  if (!isDocumentTimestamp) {
    level = timestamp ? 'b-t' : 'b-b';
    if (level === 'b-t' && revocation.source === 'dss') level = laterDocumentTimestamp ? 'b-lta' : 'b-lt';
  }
  return { type: empty.type, level, timestamp, revocation, chain: chainCerts.map(chainEntry), trusted };
}
