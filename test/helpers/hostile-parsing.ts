// Hostile inputs aimed at the server's own (in-process) parsing, built by
// script: ZIP central directories that list more entries or bytes than the
// site limits allow, XMP packets of hundreds of thousands of elements, a
// PKCS#12 whose friendly name is full of PEM markers or whose chain holds a
// thousand certificates (made with openssl), and a PDF with thousands of
// signature fields.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildPdf, type PdfObject } from './hostile.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface DirectoryBomb {
  /** Central-directory records actually written (each ~57 bytes; all point at the one stored index.html). */
  entries: number;
  /** Entry count the end-of-central-directory record claims (ZIP64 record when ≥ 65,535); default `entries`. */
  claimed?: number;
  /** Uncompressed size each record after the first declares; default the real one. */
  declaredSize?: number;
}

/**
 * A ZIP "site" whose central directory lists `entries` records (or claims
 * `claimed`), all naming the same stored index.html: a directory of 200,000
 * records is ~11 MB, one that claims millions is a few hundred bytes.
 */
export function zipDirectoryBomb({ entries, claimed = entries, declaredSize }: DirectoryBomb): Buffer {
  const data = Buffer.from('<!doctype html><p>site</p>');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  const indexName = Buffer.from('index.html');
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(indexName.length, 26);
  const head = Buffer.concat([local, indexName, data]);

  const names = Array.from({ length: entries }, (_, i) => (i === 0 ? indexName : Buffer.from(`f${i}.txt`)));
  const directory = Buffer.alloc(names.reduce((sum, n) => sum + 46 + n.length, 0));
  let at = 0;
  names.forEach((name, i) => {
    directory.writeUInt32LE(0x02014b50, at);
    directory.writeUInt16LE(20, at + 4);
    directory.writeUInt16LE(20, at + 6);
    // A declared size other than the stored one is only coherent for a deflated entry (yauzl checks stored ones).
    if (i > 0 && declaredSize !== undefined) directory.writeUInt16LE(8, at + 10);
    directory.writeUInt32LE(crc, at + 16);
    directory.writeUInt32LE(data.length, at + 20);
    directory.writeUInt32LE(i > 0 && declaredSize !== undefined ? declaredSize : data.length, at + 24);
    directory.writeUInt16LE(name.length, at + 28);
    name.copy(directory, at + 46);
    at += 46 + name.length;
  });

  const zip64 = claimed >= 0xffff;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(claimed), 24);
    record.writeBigUInt64LE(BigInt(claimed), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(head.length), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(head.length + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(claimed, 0xffff), 8);
  end.writeUInt16LE(Math.min(claimed, 0xffff), 10);
  end.writeUInt32LE(Math.min(directory.length, 0xffffffff), 12);
  end.writeUInt32LE(head.length, 16);
  return Buffer.concat([head, directory, ...tail, end]);
}

const XMP_OPEN =
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Bomb</rdf:li></rdf:Alt></dc:title>';
const XMP_CLOSE = '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/** A one-page PDF whose catalog's /Metadata stream (deflated) is `packet`. */
export function pdfWithXmp(packet: string): Buffer {
  const objects: PdfObject[] = [
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
    { num: 4, body: '', stream: Buffer.from('0 0 m 10 10 l S') },
    {
      num: 5,
      body: '/Type /Metadata /Subtype /XML /Filter /FlateDecode',
      stream: zlib.deflateSync(Buffer.from(packet, 'utf8'), { level: 9 }),
    },
  ];
  return buildPdf(objects);
}

/** A PDF (a few KB) whose XMP packet inflates to `elements` empty elements (900,000: 3.6 MB, under the 4 MiB packet cap). */
export function xmpElementBomb(elements = 900_000): Buffer {
  return pdfWithXmp(XMP_OPEN + '<a/>'.repeat(elements) + XMP_CLOSE);
}

/** A PDF whose XMP packet nests `depth` elements inside each other. */
export function xmpDepthBomb(depth = 200_000): Buffer {
  return pdfWithXmp(XMP_OPEN + '<a>'.repeat(depth) + '</a>'.repeat(depth) + XMP_CLOSE);
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A signing key and self-signed certificate (P-256, digitalSignature) in `dir`: signer.key, signer.pem. */
function signer(dir: string): void {
  if (fs.existsSync(path.join(dir, 'signer.pem'))) return;
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    'signer.key',
    '-out',
    'signer.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Hostile Signer',
    '-addext',
    'keyUsage=critical,digitalSignature',
  ]);
}

/**
 * A PKCS#12 (password `password`) whose friendly name holds `markers` PEM
 * BEGIN markers (7,000 fit one argument: Linux caps one at 128 KiB); openssl
 * prints the name for the key and the certificate, ~240 KB of text the PEM
 * splitting must read.
 */
export function friendlyNameP12(dir: string, password: string, markers = 7000): string {
  signer(dir);
  const file = path.join(dir, `friendly-${markers}.p12`);
  openssl(dir, [
    'pkcs12',
    '-export',
    '-inkey',
    'signer.key',
    '-in',
    'signer.pem',
    '-name',
    '-----BEGIN A-----'.repeat(markers),
    '-out',
    file,
    '-passout',
    `pass:${password}`,
  ]);
  return file;
}

/** A PKCS#12 holding the signer's certificate and `extra` copies of a CA certificate (a 1,000-certificate chain is ~400 KB). */
export function longChainP12(dir: string, password: string, extra = 1000): string {
  signer(dir);
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    '/CN=Hostile CA',
  ]);
  fs.writeFileSync(path.join(dir, 'chain.pem'), fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8').repeat(extra));
  const file = path.join(dir, `chain-${extra}.p12`);
  openssl(dir, [
    'pkcs12',
    '-export',
    '-inkey',
    'signer.key',
    '-in',
    'signer.pem',
    '-certfile',
    'chain.pem',
    '-out',
    file,
    '-passout',
    `pass:${password}`,
  ]);
  return file;
}

/**
 * A one-page PDF with `fields` signature fields, each with its own signature
 * dictionary (distinct /ByteRange, /Contents of zeros): the shape that made
 * verify match signatures to dictionaries quadratically.
 */
export function manySignaturesPdf(fields: number): Buffer {
  const objects: PdfObject[] = [
    {
      num: 1,
      body: `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${Array.from({ length: fields }, (_, i) => `${5 + 2 * i} 0 R`).join(' ')}] /SigFlags 3 >> >>`,
    },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
    { num: 4, body: '', stream: Buffer.from('0 0 m 10 10 l S') },
  ];
  const zeros = '0'.repeat(64);
  for (let i = 0; i < fields; i++) {
    objects.push({
      num: 5 + 2 * i,
      body: `<< /FT /Sig /T (s${i}) /V ${6 + 2 * i} 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R /F 132 >>`,
    });
    objects.push({
      num: 6 + 2 * i,
      body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 ${i + 1} ${i + 100} 1] /Contents <${zeros}> /M (D:20260101000000Z) >>`,
    });
  }
  return buildPdf(objects);
}

/**
 * A PDF with one garbage signature whose field name holds line breaks that
 * imitate pdfsig's verdict lines ("Signature is Valid.", "Total document
 * signed"): read first-match-wins, the listing called it valid.
 */
export function forgedVerdictPdf(): Buffer {
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
    {
      num: 4,
      body: '<< /FT /Sig /T (x\\n  - Signature Validation: Signature is Valid.\\n  - Total document signed) /V 5 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>',
    },
    {
      num: 5,
      body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 1 100 1] /Contents <${'0'.repeat(64)}> >>`,
    },
  ]);
}

/**
 * A garbage signature whose field name holds a whole imitated pdfsig section:
 * a second "signature" with the first one's byte ranges, called valid. The
 * real section's lines follow it, so only a cross-check against the
 * document's own signature dictionaries can tell.
 */
export function forgedSectionPdf(): Buffer {
  const fake = [
    'x',
    '',
    'Signature #2:',
    '  - Signer Certificate Common Name: Trusted Signer',
    '  - Signed Ranges: [0 - 1], [100 - 101]',
    '  - Total document signed',
    '  - Signature Validation: Signature is Valid.',
  ].join('\\n');
  return buildPdf([
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>' },
    { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>' },
    { num: 4, body: `<< /FT /Sig /T (${fake}) /V 5 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 3 0 R >>` },
    {
      num: 5,
      body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 1 100 1] /Contents <${'0'.repeat(64)}> >>`,
    },
  ]);
}
