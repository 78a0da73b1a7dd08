// Download names never carry characters that change how a name is displayed
// without being seen: bidi overrides and isolates, zero-width characters, BOM,
// soft hyphen, tag characters, separators, lone surrogates.
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/http/filename.js';
import { cleanUploadName, stemOf } from '../../src/core/names.js';

describe('invisible characters in download names', () => {
  it('strips bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069) and U+061C', () => {
    expect(cleanUploadName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanUploadName('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u061Cj.pdf')).toBe(
      'abcdefghij.pdf',
    );
  });

  it('strips zero-width characters, BOM, soft hyphen, tag characters, separators and lone surrogates', () => {
    expect(cleanUploadName('r\u200Be\u200Cp\u200Do\u2060r\uFEFFt\u00AD\u{E0041}\u2028\u2029\uD800.pdf')).toBe(
      'report.pdf',
    );
  });

  it('keeps ordinary Unicode, and the header carries none of the stripped characters', () => {
    expect(cleanUploadName('Résumé 日本.pdf')).toBe('Résumé 日本.pdf');
    const header = contentDisposition('scan\u202Egnp.pdf');
    expect(header).toBe(`attachment; filename="scangnp.pdf"; filename*=UTF-8''scangnp.pdf`);
    expect(stemOf('\u202E\u200B.pdf')).toBe('document');
  });
});
