// The signing key and the CMS signature of a PAdES baseline B-B signature
// (ETSI EN 319 142-1): a detached CMS SignedData over the PDF's signed byte
// ranges, with the signed attributes content-type, message-digest and ESS
// signing-certificate-v2 (RFC 5035) and no signing-time attribute (B-B puts
// the claimed time in the signature dictionary's /M). Certificates are parsed
// and the CMS encoded by PKI.js / asn1js; signing is Node's WebCrypto.
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { InvalidCertificateError, ResourceLimitError } from '../core/errors.js';

pkijs.setEngine(
  'node-webcrypto',
  new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: crypto.webcrypto as unknown as Crypto }),
);

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  keyUsage: '2.5.29.15',
  commonName: '2.5.4.3',
} as const;

/** A certificate with the private key that belongs to it, ready to sign. */
export interface SigningIdentity {
  /** The signer's certificate and the rest of the chain found in the PKCS#12. */
  certificate: pkijs.Certificate;
  chain: pkijs.Certificate[];
  key: CryptoKey;
  /** Subject common name (or the whole subject when it has none). */
  signerName: string;
  /** Bytes the encoded CMS can take at most (for the /Contents placeholder). */
  maxSignatureBytes: number;
}

function pemToDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----(BEGIN|END) [^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

/** The subject's common name, or its whole distinguished name. */
export function subjectName(certificate: pkijs.Certificate): string {
  const cn = certificate.subject.typesAndValues.find((tv) => tv.type === OID.commonName);
  if (cn) return String(cn.value.valueBlock.value);
  return certificate.subject.typesAndValues.map((tv) => String(tv.value.valueBlock.value)).join(', ');
}

/**
 * Whether the key usage extension (if any) allows signing: digitalSignature
 * (bit 0) or nonRepudiation (bit 1). A certificate without the extension is
 * not restricted (RFC 5280 §4.2.1.3).
 */
function allowsSigning(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.keyUsage);
  if (!extension) return true;
  const bits = extension.parsedValue as asn1js.BitString | undefined;
  const bytes = bits?.valueBlock.valueHexView;
  if (!bytes || bytes.length === 0) return false;
  return (bytes[0] & 0x80) !== 0 || (bytes[0] & 0x40) !== 0;
}

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

async function importKey(key: crypto.KeyObject): Promise<CryptoKey> {
  const der = key.export({ type: 'pkcs8', format: 'der' });
  if (key.asymmetricKeyType === 'rsa') {
    return crypto.webcrypto.subtle.importKey(
      'pkcs8',
      new Uint8Array(der),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  }
  const curve = key.asymmetricKeyType === 'ec' ? CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''] : undefined;
  if (curve)
    return crypto.webcrypto.subtle.importKey(
      'pkcs8',
      new Uint8Array(der),
      { name: 'ECDSA', namedCurve: curve },
      false,
      ['sign'],
    );
  throw new InvalidCertificateError(
    `certificate: keys of type ${key.asymmetricKeyType ?? 'unknown'} are not supported; use RSA or ECDSA (P-256, P-384, P-521).`,
  );
}

/**
 * Certificates a PKCS#12 may hold. A signer's chain is a handful (leaf,
 * intermediates, root); each certificate costs a parse and a key check here
 * and bytes in every signature, and 1,000 of them stalled the event loop ~2 s.
 */
export const MAX_PKCS12_CERTIFICATES = 32;

/**
 * Picks the certificate that matches the private key, and checks that it can
 * sign now (validity period, key usage). `keys`/`certificates` are PEM blocks.
 * More than MAX_PKCS12_CERTIFICATES are refused (422 resource_limit) before any is parsed.
 */
export async function signingIdentity(
  keys: string[],
  certificates: string[],
  now = new Date(),
): Promise<SigningIdentity> {
  if (certificates.length > MAX_PKCS12_CERTIFICATES) {
    throw new ResourceLimitError(
      `certificate: the PKCS#12 holds ${certificates.length} certificates; at most ${MAX_PKCS12_CERTIFICATES} (the signer's and its chain) are accepted.`,
      'PKCS#12 certificates',
      { max_certificates: MAX_PKCS12_CERTIFICATES },
    );
  }
  if (keys.length === 0) throw new InvalidCertificateError('certificate: the PKCS#12 holds no private key.');
  const privateKey = crypto.createPrivateKey(keys[0]);
  const own = certificates.find((pem) => new crypto.X509Certificate(pem).checkPrivateKey(privateKey));
  if (!own) throw new InvalidCertificateError('certificate: no certificate in the PKCS#12 belongs to its private key.');
  const parse = (pem: string) => pkijs.Certificate.fromBER(new Uint8Array(pemToDer(pem)));
  const certificate = parse(own);
  const chain = certificates.filter((pem) => pem !== own).map(parse);
  const notBefore = certificate.notBefore.value;
  const notAfter = certificate.notAfter.value;
  if (now < notBefore) throw new InvalidCertificateError(`certificate: not valid before ${notBefore.toISOString()}.`);
  if (now > notAfter) throw new InvalidCertificateError(`certificate: expired on ${notAfter.toISOString()}.`);
  if (!allowsSigning(certificate)) {
    throw new InvalidCertificateError(
      'certificate: its key usage allows neither digitalSignature nor nonRepudiation, so it is not for signing.',
    );
  }
  const key = await importKey(privateKey);
  const certBytes = [own, ...certificates.filter((pem) => pem !== own)].reduce(
    (sum, pem) => sum + pemToDer(pem).length,
    0,
  );
  // Certificates + signature (≤ 512 bytes for RSA-4096) + attributes and structure (< 1 KiB), with room to spare.
  return { certificate, chain, key, signerName: subjectName(certificate), maxSignatureBytes: certBytes + 4096 };
}

/** ESS signing-certificate-v2: SHA-256 of the signer's certificate and its issuer/serial (RFC 5035). */
function signingCertificateV2(certificate: pkijs.Certificate): pkijs.Attribute {
  const certHash = crypto.createHash('sha256').update(Buffer.from(certificate.toSchema().toBER())).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()] }),
        ],
      }),
      new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView }),
    ],
  });
  // hashAlgorithm is omitted: its DEFAULT is SHA-256.
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash }), issuerSerial] });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}

/** id-aa-signatureTimeStampToken (RFC 3161 appendix A): the unsigned attribute of a PAdES B-T signature. */
export const SIGNATURE_TIMESTAMP_OID = '1.2.840.113549.1.9.16.2.14';

/**
 * DER of a detached CAdES SignedData over content whose SHA-256 is `digest`.
 * With `timestamp`, it is called with the SHA-256 of the signature value and
 * the token it returns (ContentInfo DER) becomes the signature time-stamp
 * (unsigned attribute, PAdES B-T).
 */
export async function cadesDetachedSignature(
  identity: SigningIdentity,
  digest: Buffer,
  timestamp?: (signatureDigest: Buffer) => Promise<Buffer>,
): Promise<Buffer> {
  const { certificate } = identity;
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
      new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: digest })] }),
      signingCertificateV2(certificate),
    ],
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs,
      }),
    ],
    certificates: [certificate, ...identity.chain],
  });
  await signedData.sign(identity.key, 0, 'SHA-256');
  if (timestamp) {
    const signerInfo = signedData.signerInfos[0];
    const signatureDigest = crypto.createHash('sha256').update(signerInfo.signature.valueBlock.valueHexView).digest();
    const token = await timestamp(signatureDigest);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [
        new pkijs.Attribute({ type: SIGNATURE_TIMESTAMP_OID, values: [asn1js.fromBER(new Uint8Array(token)).result] }),
      ],
    });
  }
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}
