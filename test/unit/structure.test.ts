// The pure parts of the structure operations: qpdf's encryption report, the
// §5d encryption summary, the PDF/UA claim, safe attachment names, X-Sanitized.
import { describe, expect, it } from 'vitest';
import { parseShowEncryption } from '../../src/tools/qpdf.js';
import { claimsPdfUa, encryptionSummary } from '../../src/operations/inspect.js';
import { safeAttachmentName, uniqueNames } from '../../src/operations/attachments.js';
import { sanitizedHeader } from '../../src/operations/sanitize.js';

const AES256 = `R = 6
P = -2368
User password = 
extract for accessibility: allowed
extract for any purpose: not allowed
print low resolution: not allowed
print high resolution: not allowed
modify document assembly: allowed
modify forms: not allowed
modify annotations: not allowed
modify other: not allowed
modify anything: not allowed
stream encryption method: AESv3
string encryption method: AESv3
file encryption method: AESv3
`;

describe('encryption report', () => {
  it('reads the revision, the stream method and every permission line', () => {
    const report = parseShowEncryption(AES256)!;
    expect(report.revision).toBe(6);
    expect(report.streamMethod).toBe('AESv3');
    expect(report.permissions['print low resolution']).toBe(false);
    expect(report.permissions['extract for accessibility']).toBe(true);
    expect(parseShowEncryption('File is not encrypted\n')).toBeUndefined();
  });

  it('names the method from the revision and the stream method', () => {
    const summary = encryptionSummary(parseShowEncryption(AES256)!);
    expect(summary.method).toBe('AES-256');
    expect(summary.permissions).toEqual({
      print: false,
      print_high_quality: false,
      copy: false,
      modify: false,
      annotate: false,
      fill_forms: false,
      assemble: true,
      accessibility: true,
    });
    expect(encryptionSummary({ revision: 4, streamMethod: 'AESv2', permissions: {} }).method).toBe('AES-128');
    expect(encryptionSummary({ revision: 4, streamMethod: 'RC4', permissions: {} }).method).toBe('RC4-128');
    expect(encryptionSummary({ revision: 3, permissions: {} }).method).toBe('RC4-128');
    expect(encryptionSummary({ revision: 2, permissions: {} }).method).toBe('RC4-40');
  });
});

describe('PDF/UA claim', () => {
  it('finds pdfuaid:part as an element or an attribute', () => {
    expect(claimsPdfUa('<rdf:Description><pdfuaid:part>1</pdfuaid:part></rdf:Description>')).toBe(true);
    expect(claimsPdfUa('<rdf:Description pdfuaid:part="1"/>')).toBe(true);
    expect(claimsPdfUa('<rdf:Description pdfaid:part="2"/>')).toBe(false);
    expect(claimsPdfUa(undefined)).toBe(false);
  });
});

describe('attachment names', () => {
  it('keeps the last path part without dots, reserved or hidden characters', () => {
    expect(safeAttachmentName('../../evil.sh', 'x')).toBe('evil.sh');
    expect(safeAttachmentName('C:\\Windows\\win.ini', 'x')).toBe('win.ini');
    expect(safeAttachmentName('..', 'attachment-1')).toBe('attachment-1');
    expect(safeAttachmentName('.hidden', 'x')).toBe('hidden');
    expect(safeAttachmentName('a:b*c?.txt', 'x')).toBe('a_b_c_.txt');
    expect(safeAttachmentName('invoice\u202Efdp.exe', 'x')).toBe('invoicefdp.exe');
    expect(safeAttachmentName('', 'attachment-2')).toBe('attachment-2');
  });

  it('numbers duplicates, ignoring case', () => {
    expect(uniqueNames(['a.txt', 'A.txt', 'a.txt', 'b'])).toEqual(['a.txt', 'A-2.txt', 'a-3.txt', 'b']);
  });
});

describe('X-Sanitized', () => {
  it('lists every named class in order, zero when nothing was removed', () => {
    expect(sanitizedHeader(['javascript', 'actions', 'xmp'], { javascript: 3, xmp: 1 })).toBe(
      'javascript=3,actions=0,xmp=1',
    );
  });
});
