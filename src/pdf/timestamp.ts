// RFC 3161 time-stamps: the request sign sends to a time-stamp authority and
// the checks its answer passes before it goes into a PDF (status granted, our
// nonce, our message imprint, the token's CMS signature, and a TSA
// certificate whose only extended key usage is timeStamping, critical, as
// RFC 3161 §2.3 requires). Parsing and encoding are PKI.js / asn1js.
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { subjectName } from './cades.js';

const SHA256 = '2.16.840.1.101.3.4.2.1';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

/** A request for a time-stamp over `digest` (SHA-256) and the nonce it carries. */
export interface TimestampRequest {
  der: Buffer;
  nonce: Buffer;
}

/** What was time-stamped, by whom and when: read from a checked token. */
export interface TimestampToken {
  /** DER of the ContentInfo (SignedData with TSTInfo), as embedded. */
  der: Buffer;
  time: Date;
  /** Common name of the TSA certificate. */
  authority: string;
  /** The TSA's certificate and any others the token carries. */
  signer: pkijs.Certificate;
  certificates: pkijs.Certificate[];
}

/** Why a token or an answer was refused (the caller names the source). */
export class TimestampRejectedError extends Error {}

/** A positive INTEGER's magnitude without leading zero bytes. */
function magnitude(bytes: Uint8Array): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  return Buffer.from(bytes.subarray(i));
}

/** A time-stamp request for a SHA-256 `digest`, asking for the TSA's certificate, with a 64-bit random nonce. */
export function timestampRequest(digest: Buffer): TimestampRequest {
  const nonce = crypto.randomBytes(8);
  nonce[0] &= 0x7f; // positive
  if (nonce[0] === 0) nonce[0] = 1; // no leading zero: the INTEGER encodes exactly these bytes
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return { der: Buffer.from(request.toSchema().toBER()), nonce };
}

function parse<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch {
    throw new TimestampRejectedError(`${what} is not valid DER.`);
  }
}

/** The certificate that signed `signedData`'s only signer. */
export function signerCertificate(signedData: pkijs.SignedData): pkijs.Certificate | undefined {
  const sid = signedData.signerInfos[0]?.sid;
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  }
  const keyId = sid instanceof asn1js.OctetString ? Buffer.from(sid.valueBlock.valueHexView) : undefined;
  return certificates.find((c) => {
    const ski = c.extensions?.find((e) => e.extnID === '2.5.29.14')?.parsedValue as asn1js.OctetString | undefined;
    return keyId && ski && Buffer.from(ski.valueBlock.valueHexView).equals(keyId);
  });
}

/** Whether the certificate's extended key usage is timeStamping alone and critical (RFC 3161 §2.3). */
export function isTimestampingCertificate(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === EXTENDED_KEY_USAGE);
  const usages = (extension?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
  return extension?.critical === true && usages.length === 1 && usages[0] === TIME_STAMPING;
}

/**
 * Reads a time-stamp token (ContentInfo DER) and checks it: its CMS signature
 * by a timeStamping certificate it carries, and a SHA-256 imprint equal to
 * `digest`. Returns what a verifier reports. Throws TimestampRejectedError.
 */
export async function readTimestampToken(
  der: Buffer,
  digest: Buffer,
  expectedNonce?: Buffer,
  parsed?: pkijs.ContentInfo,
): Promise<TimestampToken> {
  const contentInfo = parsed ?? parse('The time-stamp token', () => pkijs.ContentInfo.fromBER(new Uint8Array(der)));
  if (contentInfo.contentType !== '1.2.840.113549.1.7.2')
    throw new TimestampRejectedError('The time-stamp token is not a CMS SignedData.');
  const signedData = parse('The time-stamp token', () => new pkijs.SignedData({ schema: contentInfo.content }));
  const eContent = signedData.encapContentInfo.eContent;
  if (signedData.encapContentInfo.eContentType !== '1.2.840.113549.1.9.16.1.4' || !eContent)
    throw new TimestampRejectedError('The token holds no TSTInfo.');
  const info = parse('The TSTInfo', () => pkijs.TSTInfo.fromBER(eContent.getValue()));
  if (
    info.messageImprint.hashAlgorithm.algorithmId !== SHA256 ||
    !Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(digest)
  ) {
    throw new TimestampRejectedError('The token time-stamps other data than was sent (message imprint differs).');
  }
  if (
    expectedNonce &&
    (!info.nonce || !magnitude(info.nonce.valueBlock.valueHexView).equals(magnitude(expectedNonce)))
  ) {
    throw new TimestampRejectedError(
      'The answer does not carry the nonce of the request (a replayed or foreign answer).',
    );
  }
  const signer = signerCertificate(signedData);
  if (!signer) throw new TimestampRejectedError("The token does not carry the TSA's certificate.");
  if (!isTimestampingCertificate(signer))
    throw new TimestampRejectedError(
      "The TSA's certificate is not for time-stamping (extended key usage timeStamping, critical, alone).",
    );
  let verified = false;
  try {
    // PKI.js verifies a TSTInfo only against the time-stamped data itself, which a signer never has (only its
    // digest, checked above); read as plain data, the CMS signature and its message-digest attribute are checked.
    signedData.encapContentInfo.eContentType = '1.2.840.113549.1.7.1';
    try {
      verified = await signedData.verify({ signer: 0, checkChain: false });
    } finally {
      signedData.encapContentInfo.eContentType = '1.2.840.113549.1.9.16.1.4';
    }
  } catch {
    verified = false;
  }
  if (!verified) throw new TimestampRejectedError("The token's signature does not verify.");
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  return { der, time: info.genTime, authority: subjectName(signer), signer, certificates };
}

/** Checks a TSA's answer (TimeStampResp DER) to `request` over `digest`; returns the token to embed. */
export async function checkTimestampResponse(
  answer: Buffer,
  request: TimestampRequest,
  digest: Buffer,
): Promise<TimestampToken> {
  const response = parse('The answer', () => pkijs.TimeStampResp.fromBER(new Uint8Array(answer)));
  const status = response.status.status;
  if (status !== 0 && status !== 1) {
    const text = response.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    throw new TimestampRejectedError(
      `The request was refused (PKIStatus ${status}${text ? `: ${text.slice(0, 200)}` : ''}).`,
    );
  }
  if (!response.timeStampToken) throw new TimestampRejectedError('The answer grants a time-stamp but holds no token.');
  const token = response.timeStampToken;
  return readTimestampToken(Buffer.from(token.toSchema().toBER()), digest, request.nonce, token);
}
