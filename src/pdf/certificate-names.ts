// How verify names certificates: distinguished names in RFC 4514 order of
// writing (most specific first), with the usual short attribute names, and
// validity dates as ISO 8601.
import type * as pkijs from 'pkijs';

const SHORT: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.5': 'serialNumber',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

/** "CN=Carol Signer, O=Example" from a certificate's subject or issuer. */
export function distinguishedName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => `${SHORT[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value).replace(/([,+"\\<>;])/g, '\\$1')}`)
    .reverse()
    .join(', ');
}

/** One entry of verify's `chain`. */
export interface ChainEntry {
  subject: string;
  issuer: string;
  not_before: string;
  not_after: string;
}

/** A certificate as verify's `chain` lists it. */
export function chainEntry(certificate: pkijs.Certificate): ChainEntry {
  return {
    subject: distinguishedName(certificate.subject),
    issuer: distinguishedName(certificate.issuer),
    not_before: certificate.notBefore.value.toISOString(),
    not_after: certificate.notAfter.value.toISOString(),
  };
}
