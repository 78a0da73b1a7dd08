// Revocation data for PAdES B-LT and for verify: where a certificate says its
// status is published (AIA OCSP, CRL distribution points), the OCSP request
// for it (RFC 6960), and the checks an OCSP response or a CRL passes before it
// is believed: signed by the certificate's issuer (or, for OCSP, a responder
// the issuer delegated with id-kp-OCSPSigning), about this certificate, and
// current. Parsing, signatures and responder rules are PKI.js.
import crypto from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const AIA = '1.3.6.1.5.5.7.1.1';
const AIA_OCSP = '1.3.6.1.5.5.7.48.1';
const CRL_DISTRIBUTION_POINTS = '2.5.29.31';
const URI = 6;
/** A response produced up to this far in the future is still believed (clock skew between us and the responder). */
const SKEW_MS = 5 * 60_000;

/** A certificate's status as far as one source says. */
export type RevocationStatus = 'good' | 'revoked' | 'unknown';

/** A checked answer and what it says. */
export interface RevocationAnswer {
  status: RevocationStatus;
  /** When the certificate was revoked, for `revoked`. */
  revokedAt?: Date;
}

/** Why an OCSP response or a CRL was not believed (the caller names the source). */
export class RevocationRejectedError extends Error {}

function uris(names: pkijs.GeneralName[] | undefined): string[] {
  return (names ?? [])
    .filter((n) => n.type === URI && typeof n.value === 'string' && /^https?:\/\//i.test(n.value))
    .map((n) => n.value as string);
}

/** The certificate's OCSP responders (authority information access), http(s) only. */
export function ocspUrls(certificate: pkijs.Certificate): string[] {
  const info = certificate.extensions?.find((e) => e.extnID === AIA)?.parsedValue as pkijs.InfoAccess | undefined;
  return uris(info?.accessDescriptions.filter((d) => d.accessMethod === AIA_OCSP).map((d) => d.accessLocation));
}

/** The certificate's CRL distribution points (full names), http(s) only. */
export function crlUrls(certificate: pkijs.Certificate): string[] {
  const points = certificate.extensions?.find((e) => e.extnID === CRL_DISTRIBUTION_POINTS)?.parsedValue as
    | pkijs.CRLDistributionPoints
    | undefined;
  return (points?.distributionPoints ?? []).flatMap((p) =>
    Array.isArray(p.distributionPoint) ? uris(p.distributionPoint) : [],
  );
}

const nodeCertificates = new WeakMap<pkijs.Certificate, crypto.X509Certificate>();

/** The same certificate as Node's X509Certificate (made once per object). */
function nodeCertificate(certificate: pkijs.Certificate): crypto.X509Certificate {
  let x509 = nodeCertificates.get(certificate);
  if (!x509) {
    x509 = new crypto.X509Certificate(Buffer.from(certificate.toSchema().toBER()));
    nodeCertificates.set(certificate, x509);
  }
  return x509;
}

/**
 * Whether `issuer` issued `certificate`: names match and its key verifies the
 * signature. Node's synchronous X509Certificate.verify (OpenSSL): each
 * WebCrypto verify of PKI.js is a thread-pool round trip, which cost 10–100 ms
 * apiece on a loaded 2-core machine.
 */
export async function issued(issuer: pkijs.Certificate, certificate: pkijs.Certificate): Promise<boolean> {
  if (!certificate.issuer.isEqual(issuer.subject)) return false;
  try {
    return nodeCertificate(certificate).verify(nodeCertificate(issuer).publicKey);
  } catch {
    return false;
  }
}

/** The certificate among `candidates` that issued `certificate` (not itself). */
export async function findIssuer(
  certificate: pkijs.Certificate,
  candidates: pkijs.Certificate[],
): Promise<pkijs.Certificate | undefined> {
  for (const candidate of candidates) {
    if (candidate === certificate || sameCertificate(candidate, certificate)) continue;
    if (await issued(candidate, certificate)) return candidate;
  }
  return undefined;
}

/** Byte-equal certificates. */
export function sameCertificate(a: pkijs.Certificate, b: pkijs.Certificate): boolean {
  return Buffer.from(a.toSchema().toBER()).equals(Buffer.from(b.toSchema().toBER()));
}

/** Self-signed (a root): nothing above it to ask about its status. */
export async function isSelfSigned(certificate: pkijs.Certificate): Promise<boolean> {
  return issued(certificate, certificate);
}

/** DER of an OCSP request for `certificate` issued by `issuer` (SHA-1 CertID, as responders expect). */
export async function ocspRequest(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Promise<Buffer> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(certificate, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer });
  return Buffer.from(request.toSchema(true).toBER());
}

function parse<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch {
    throw new RevocationRejectedError(`${what} is not valid DER.`);
  }
}

/** The BasicOCSPResponse inside an OCSPResponse, or why there is none. */
export function basicOcspResponse(der: Buffer): pkijs.BasicOCSPResponse {
  const response = parse('The OCSP response', () => pkijs.OCSPResponse.fromBER(new Uint8Array(der)));
  const status = response.responseStatus.valueBlock.valueDec;
  if (status !== 0)
    throw new RevocationRejectedError(`The OCSP responder refused the request (OCSPResponseStatus ${status}).`);
  const bytes = response.responseBytes;
  if (bytes?.responseType !== '1.3.6.1.5.5.7.48.1.1')
    throw new RevocationRejectedError('The OCSP response is not a basic response.');
  return parse('The basic OCSP response', () => pkijs.BasicOCSPResponse.fromBER(bytes.response.getValue()));
}

/**
 * Checks an OCSP response (OCSPResponse DER) about `certificate`: signed by
 * its issuer or a responder the issuer delegated, its single response current
 * at `at` (thisUpdate not in the future, nextUpdate not past).
 */
export async function checkOcspResponse(
  der: Buffer,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  at: Date | null = new Date(),
): Promise<RevocationAnswer> {
  const basic = basicOcspResponse(der);
  let verified = false;
  try {
    // The issuer itself is always an authorised responder (RFC 6960 §4.2.2.2): pinned, its signature is checked without a chain walk; a delegated responder still goes through PKI.js's chain and id-kp-OCSPSigning checks.
    verified = await basic.verify({ trustedCerts: [issuer], issuerCerts: [issuer], trustedResponders: [issuer] });
  } catch (error) {
    throw new RevocationRejectedError(
      `The OCSP response is not signed by the issuer or a responder it authorised (${(error as Error).message.slice(0, 160)}).`,
    );
  }
  if (!verified) throw new RevocationRejectedError("The OCSP response's signature does not verify.");
  const { isForCertificate, status } = await basic.getCertificateStatus(certificate, issuer);
  if (!isForCertificate) throw new RevocationRejectedError('The OCSP response is about another certificate.');
  const single = basic.tbsResponseData.responses[0];
  for (const response of basic.tbsResponseData.responses) {
    if (!at) break;
    if (response.thisUpdate.getTime() > at.getTime() + SKEW_MS)
      throw new RevocationRejectedError('The OCSP response is dated in the future.');
    if (response.nextUpdate && response.nextUpdate.getTime() < at.getTime())
      throw new RevocationRejectedError('The OCSP response is out of date (nextUpdate passed).');
  }
  const revokedAt =
    status === 1
      ? (
          (single.certStatus as asn1js.Constructed).valueBlock.value[0] as asn1js.GeneralizedTime | undefined
        )?.toDate?.()
      : undefined;
  return { status: status === 0 ? 'good' : status === 1 ? 'revoked' : 'unknown', revokedAt };
}

/** Checks a CRL (DER) from `issuer` for `certificate`: signed by the issuer, current at `at`. */
export async function checkCrl(
  der: Buffer,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  at: Date | null = new Date(),
): Promise<RevocationAnswer> {
  const crl = parse('The CRL', () => pkijs.CertificateRevocationList.fromBER(new Uint8Array(der)));
  if (!crl.issuer.isEqual(issuer.subject))
    throw new RevocationRejectedError("The CRL is not the certificate issuer's.");
  let verified = false;
  try {
    verified = await crl.verify({ issuerCertificate: issuer });
  } catch {
    verified = false;
  }
  if (!verified) throw new RevocationRejectedError("The CRL's signature does not verify.");
  if (at && crl.thisUpdate.value.getTime() > at.getTime() + SKEW_MS)
    throw new RevocationRejectedError('The CRL is dated in the future.');
  if (at && crl.nextUpdate && crl.nextUpdate.value.getTime() < at.getTime())
    throw new RevocationRejectedError('The CRL is out of date (nextUpdate passed).');
  const entry = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(certificate.serialNumber));
  return entry ? { status: 'revoked', revokedAt: entry.revocationDate.value } : { status: 'good' };
}
