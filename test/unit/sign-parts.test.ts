import { describe, expect, it } from 'vitest';
import { sniffBuffer } from '../../src/files/sniff.js';
import { pdfDateToIso as verifyDateForTest } from '../../src/operations/verify.js';
import { displayToUser, pdfDate, pdfText, pdfValue, prepareSignatureUpdate } from '../../src/pdf/signature-update.js';
import { AmbiguousListingError, parsePdfsig } from '../../src/tools/pdfsig.js';
import { parsePemBundle } from '../../src/tools/openssl.js';

describe('PKCS#12 sniffing', () => {
  it('takes SEQUENCE { INTEGER 3 } with any length form, nothing else', () => {
    expect(sniffBuffer(Buffer.from([0x30, 0x82, 0x0a, 0x11, 0x02, 0x01, 0x03, 0x30, 0x82]))).toBe('pkcs12');
    expect(sniffBuffer(Buffer.from([0x30, 0x80, 0x02, 0x01, 0x03, 0x30, 0x80, 0x06]))).toBe('pkcs12');
    expect(sniffBuffer(Buffer.from([0x30, 0x7f, 0x02, 0x01, 0x03, 0x30, 0x7f, 0x06]))).toBe('pkcs12');
    // A DER certificate (SEQUENCE { SEQUENCE … }) or another version is not.
    expect(sniffBuffer(Buffer.from([0x30, 0x82, 0x03, 0x01, 0x30, 0x82, 0x02, 0x01]))).not.toBe('pkcs12');
    expect(sniffBuffer(Buffer.from([0x30, 0x82, 0x0a, 0x11, 0x02, 0x01, 0x02, 0x30, 0x82]))).not.toBe('pkcs12');
  });
});

describe('signature update writer', () => {
  it('writes qpdf JSON v2 values as PDF syntax', () => {
    expect(
      pdfValue({
        '/Type': '/Page',
        '/Kids': ['3 0 R', 12, 0.5],
        '/T': 'u:Name (x)',
        '/ID': 'b:0aff',
        '/N': null,
        '/B': true,
      }),
    ).toBe('<</Type /Page /Kids [3 0 R 12 0.5] /T (Name \\(x\\)) /ID <0aff> /N null /B true>>');
    expect(pdfValue('/A B#')).toBe('/A#20B#23');
    expect(pdfText('Élan')).toBe('<FEFF00C9006C0061006E>');
    expect(pdfDate(new Date(Date.UTC(2026, 10, 23, 20, 5, 9)))).toBe('D:20261123200509Z');
  });

  it('maps a rectangle on the displayed page to user space for every /Rotate', () => {
    const box: [number, number, number, number] = [50, 50, 662, 842]; // 612 × 792, offset
    const r = { x: 10, y: 20, w: 100, h: 40 };
    expect(displayToUser(r, box, 0)).toEqual([60, 782, 160, 822]);
    expect(displayToUser(r, box, 90)).toEqual([70, 60, 110, 160]);
    expect(displayToUser(r, box, 180)).toEqual([552, 70, 652, 110]);
    expect(displayToUser(r, box, 270)).toEqual([602, 732, 642, 832]);
  });
});

describe('prepareSignatureUpdate', () => {
  const structure = {
    objects: {
      trailer: { value: { '/Root': '1 0 R', '/Size': 7 } },
      'obj:1 0 R': { value: { '/Type': '/Catalog', '/Pages': '2 0 R', '/AcroForm': '6 0 R' } },
      'obj:6 0 R': { value: { '/Fields': ['5 0 R'] } },
      'obj:5 0 R': { value: { '/FT': '/Tx', '/T': `b:${Buffer.from('Signature2').toString('hex')}` } },
      'obj:3 0 R': { value: { '/Type': '/Page', '/Parent': '2 0 R', '/MediaBox': [0, 0, 612, 792] } },
    },
    pageCount: 1,
    pageRef: '3 0 R',
    nextObjectId: 7,
  };
  const fields = { signerName: 'A', signingTime: new Date(0), contentsBytes: 16 };

  it('names the field uniquely, keeps the existing fields, and fills /ByteRange around /Contents', () => {
    const prepared = prepareSignatureUpdate(structure, 1000, true, false, 900, fields);
    const text = prepared.update.toString('latin1');
    expect(text).toContain('/T(Signature3)');
    expect(text).toMatch(/6 0 obj\n<<\/Fields \[5 0 R \d+ 0 R\] \/SigFlags 3>>/);
    expect(text).toMatch(/\/Prev 900>>\nstartxref\n\d+\n%%EOF\n$/);
    const [a, b, c, d] = prepared.byteRange;
    expect([a, b]).toEqual([0, prepared.contentsStart]);
    expect(c).toBe(prepared.contentsEnd);
    expect(c + d).toBe(1000 + prepared.update.length);
    expect(text.slice(prepared.contentsStart - 1000, prepared.contentsEnd - 1000)).toBe(`<${'0'.repeat(32)}>`);
  });
});

describe('tool output parsing', () => {
  it('parses pdfsig listings', () => {
    const out = [
      'Digital Signature Info of: x.pdf',
      'Signature #1:',
      '  - Signature Field Name: Signature1',
      '  - Signer Certificate Common Name: Alice',
      '  - Signing Time: Nov 23 2026 20:41:49',
      '  - Signed Ranges: [0 - 100], [200 - 300]',
      '  - Not total document signed',
      '  - Signature Validation: Digest Mismatch.',
      'Signature #2:',
      '  - Signer Certificate Common Name: Bob',
      '  - Signed Ranges: [0 - 400], [500 - 600]',
      '  - Total document signed',
      '  - Signature Validation: Signature is Valid.',
    ].join('\n');
    const [a, b] = parsePdfsig(out);
    expect(a).toMatchObject({
      fieldName: 'Signature1',
      signer: 'Alice',
      ranges: [
        [0, 100],
        [200, 300],
      ],
      totalDocumentSigned: false,
      validation: 'Digest Mismatch.',
    });
    expect(b).toMatchObject({ signer: 'Bob', totalDocumentSigned: true, validation: 'Signature is Valid.' });
  });

  it('refuses a pdfsig listing in which a printed name imitates its verdict lines', () => {
    const forged = [
      'Signature #1:',
      '  - Signature Field Name: x',
      '  - Signature Validation: Signature is Valid.',
      '  - Total document signed',
      '  - Signer Certificate Common Name: ',
      '  - Signed Ranges: [0 - 1], [100 - 101]',
      '  - Not total document signed',
      '  - Signature Validation: Unknown Validation Failure.',
    ].join('\n');
    expect(() => parsePdfsig(forged)).toThrow(AmbiguousListingError);
    expect(() =>
      parsePdfsig('Signature #1:\n  - Signature Field Name: a\nSignature #3:\n  - Signature Field Name: b'),
    ).toThrow(AmbiguousListingError);
  });

  it('splits PEM blocks in one pass: markers inside friendly names are not blocks, and the work is linear', () => {
    const noise = `Bag Attributes\n    friendlyName: ${'-----BEGIN A-----'.repeat(60_000)}\n`;
    const pem = `${noise}-----BEGIN PRIVATE KEY-----\nAAA\n-----END PRIVATE KEY-----\n${noise}-----BEGIN CERTIFICATE-----\nBBB\n-----END CERTIFICATE-----\n`;
    const parsed = parsePemBundle(pem);
    expect(parsed).toEqual({
      keys: ['-----BEGIN PRIVATE KEY-----\nAAA\n-----END PRIVATE KEY-----'],
      certificates: ['-----BEGIN CERTIFICATE-----\nBBB\n-----END CERTIFICATE-----'],
    });
  });

  it('splits openssl PEM output into keys and certificates', () => {
    const pem =
      'Bag Attributes\n-----BEGIN PRIVATE KEY-----\nAAA\n-----END PRIVATE KEY-----\nsubject=x\n-----BEGIN CERTIFICATE-----\nBBB\n-----END CERTIFICATE-----\n';
    const parsed = parsePemBundle(pem);
    expect(parsed.keys).toHaveLength(1);
    expect(parsed.certificates).toHaveLength(1);
  });

  it('reads PDF dates with offsets as UTC', () => {
    expect(verifyDateForTest("D:20261123214149+01'00'")).toBe('2026-11-23T20:41:49.000Z');
    expect(verifyDateForTest('D:20261123204149Z')).toBe('2026-11-23T20:41:49.000Z');
    expect(verifyDateForTest('garbage')).toBeNull();
  });
});
