import { describe, expect, it } from 'vitest';
import { sniffBuffer } from '../../src/files/sniff.js';
import { numberedNames, cleanUploadName, stemOf } from '../../src/core/names.js';
import { contentDisposition } from '../../src/http/filename.js';

describe('sniffBuffer', () => {
  it('recognizes content, not names', () => {
    expect(sniffBuffer(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffBuffer(Buffer.concat([Buffer.alloc(500, 0x20), Buffer.from('%PDF-1.4')]))).toBe('pdf');
    expect(sniffBuffer(Buffer.concat([Buffer.alloc(1100, 0x20), Buffer.from('%PDF-1.4')]))).not.toBe('pdf');
    expect(sniffBuffer(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffBuffer(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffBuffer(Buffer.from('II*\0rest'))).toBe('tiff');
    expect(sniffBuffer(Buffer.from('{\\rtf1 hello'))).toBe('rtf');
    expect(sniffBuffer(Buffer.from('<!DOCTYPE html><p>x'))).toBe('html');
    expect(sniffBuffer(Buffer.from('plain words, ünïcode'))).toBe('txt');
    expect(sniffBuffer(Buffer.from('Viele Grüße.\n'))).toBe('txt');
    // A multi-byte character cut at the end of the sniffed bytes is still text.
    expect(sniffBuffer(Buffer.from('abc ü', 'utf8').subarray(0, 5))).toBe('txt');
    expect(sniffBuffer(Buffer.from([0x00, 0x01, 0xfe, 0x80]))).toBe('unknown');
    expect(sniffBuffer(Buffer.from(`PK\x03\x04${'\0'.repeat(26)}word/document.xml`, 'latin1'))).toBe('docx');
  });
});

describe('names', () => {
  it('zero-pads to the width of the count', () => {
    expect(numberedNames('r', 3, 'pdf')).toEqual(['r-1.pdf', 'r-2.pdf', 'r-3.pdf']);
    expect(numberedNames('r', 12, 'png')[0]).toBe('r-01.png');
    expect(numberedNames('r', 100, 'png')[99]).toBe('r-100.png');
  });
  it('strips paths and control characters', () => {
    expect(cleanUploadName('../../etc/passwd')).toBe('passwd');
    expect(cleanUploadName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(cleanUploadName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(stemOf('report.final.pdf')).toBe('report.final');
    expect(stemOf('')).toBe('document');
    expect(stemOf('.pdf')).toBe('document');
  });
  it('builds an ASCII fallback and an RFC 5987 name', () => {
    expect(contentDisposition('résumé "x".pdf')).toBe(
      `attachment; filename="resume _x_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22x%22.pdf`,
    );
  });
});
