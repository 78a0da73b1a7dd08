// classifyLaterUpdates (pdf/update-classes.ts): which objects a later
// incremental update may add or change without touching what was signed.
import { describe, expect, it } from 'vitest';
import { classifyLaterUpdates } from '../../src/pdf/update-classes.js';

const signed = {
  trailer: { value: { '/Root': '1 0 R' } },
  'obj:1 0 R': { value: { '/Type': '/Catalog', '/Pages': '2 0 R', '/AcroForm': '5 0 R' } },
  'obj:2 0 R': { value: { '/Type': '/Pages', '/Kids': ['3 0 R'], '/Count': 1 } },
  'obj:3 0 R': { value: { '/Type': '/Page', '/Parent': '2 0 R', '/Annots': ['6 0 R'] } },
  'obj:5 0 R': { value: { '/Fields': ['6 0 R'], '/SigFlags': 3 } },
  'obj:6 0 R': { value: { '/FT': '/Sig', '/V': '7 0 R', '/Type': '/Annot' } },
  'obj:7 0 R': { value: { '/Type': '/Sig', '/Contents': 'b:00' } },
};

describe('classifyLaterUpdates', () => {
  it('a DSS with its streams and the catalog entry naming it → allowed', () => {
    const after = {
      ...signed,
      'obj:1 0 R': { value: { ...signed['obj:1 0 R'].value, '/DSS': '10 0 R' } },
      'obj:8 0 R': { stream: { dict: { '/Length': 100 } } },
      'obj:9 0 R': { stream: { dict: { '/Length': 200 } } },
      'obj:10 0 R': { value: { '/Type': '/DSS', '/Certs': ['8 0 R'], '/OCSPs': ['9 0 R'] } },
    };
    expect(classifyLaterUpdates(signed, after)).toBe('allowed');
  });

  it('a document time-stamp field added to the form and the page → allowed', () => {
    const after = {
      ...signed,
      'obj:3 0 R': { value: { ...signed['obj:3 0 R'].value, '/Annots': ['6 0 R', '11 0 R'] } },
      'obj:5 0 R': { value: { '/Fields': ['6 0 R', '11 0 R'], '/SigFlags': 3 } },
      'obj:11 0 R': { value: { '/FT': '/Sig', '/V': '12 0 R', '/AP': { '/N': '13 0 R' } } },
      'obj:12 0 R': { value: { '/Type': '/DocTimeStamp', '/Contents': 'b:00' } },
      'obj:13 0 R': { stream: { dict: { '/Type': '/XObject', '/Subtype': '/Form' } } },
    };
    expect(classifyLaterUpdates(signed, after)).toBe('allowed');
  });

  it('an added page → other', () => {
    const after = {
      ...signed,
      'obj:2 0 R': { value: { '/Type': '/Pages', '/Kids': ['3 0 R', '20 0 R'], '/Count': 2 } },
      'obj:20 0 R': { value: { '/Type': '/Page', '/Parent': '2 0 R' } },
    };
    expect(classifyLaterUpdates(signed, after)).toBe('other');
  });

  it('a changed page (new content) or a non-signature annotation on it → other', () => {
    expect(
      classifyLaterUpdates(signed, {
        ...signed,
        'obj:3 0 R': { value: { ...signed['obj:3 0 R'].value, '/Contents': '30 0 R' } },
      }),
    ).toBe('other');
    const after = {
      ...signed,
      'obj:3 0 R': { value: { ...signed['obj:3 0 R'].value, '/Annots': ['6 0 R', '31 0 R'] } },
      'obj:31 0 R': { value: { '/Type': '/Annot', '/Subtype': '/FreeText' } },
    };
    expect(classifyLaterUpdates(signed, after)).toBe('other');
  });

  it('the catalog changed beyond /DSS → other', () => {
    expect(
      classifyLaterUpdates(signed, {
        ...signed,
        'obj:1 0 R': { value: { ...signed['obj:1 0 R'].value, '/OpenAction': '3 0 R' } },
      }),
    ).toBe('other');
  });
});
