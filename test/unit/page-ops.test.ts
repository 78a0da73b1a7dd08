import { describe, expect, it } from 'vitest';
import { actionsFromWarnings } from '../../src/operations/repair.js';
import { parseOrder, pageSources } from '../../src/operations/organize.js';
import { formatNumber, formatProblem } from '../../src/operations/page-numbers.js';
import { survives } from '../../src/operations/flatten.js';
import { pdfDateToIso, toPdfDate, xmpDateToIso } from '../../src/pdf/pdf-date.js';
import { MAX_XMP_DEPTH, MAX_XMP_NODES, readXmp, updateXmp, XmpError, XmpTooLargeError } from '../../src/pdf/xmp.js';
import { parseDocumentInfo } from '../../src/tools/pdfinfo.js';

describe('organize order', () => {
  it('expands forward and backward ranges, N-, repeats and blanks', () => {
    expect(parseOrder('3-1, 2,blank,4-', 5, 100)).toEqual([3, 2, 1, 2, 'blank', 4, 5]);
    expect(parseOrder('2-2', 5, 100)).toEqual([2]);
  });
  it('refuses out-of-range and zero pages, naming order; caps the output at MAX_PAGES', () => {
    expect(() => parseOrder('0', 5, 100)).toThrow(/order/);
    expect(() => parseOrder('6', 5, 100)).toThrow(/out of range/);
    expect(() => parseOrder('1-9', 5, 100)).toThrow(/out of range/);
    expect(() => parseOrder('1-5,1-5', 5, 9)).toThrow(/limit is 9/);
  });
  it('turns items into few qpdf ranges', () => {
    expect(pageSources([5, 4, 3, 1, 1, 'blank', 'blank', 7, 8], 'b.pdf')).toEqual([
      { file: '.', range: '5-3,1,1' },
      { file: 'b.pdf', range: '1,2' },
      { file: '.', range: '7-8' },
    ]);
  });
});

describe('page number format', () => {
  it('fills {n}, {total} and {n:W}', () => {
    expect(formatNumber('Page {n} of {total}', 7, 12)).toBe('Page 7 of 12');
    expect(formatNumber('ACME-{n:6}', 42, 1)).toBe('ACME-000042');
    expect(formatNumber('{n:2}', 1234, 1)).toBe('1234');
  });
  it('refuses unknown placeholders and stray braces', () => {
    expect(formatProblem('Page {n}')).toBeUndefined();
    expect(formatProblem('{page}')).toMatch(/placeholders/);
    expect(formatProblem('{n:0}')).toMatch(/width/);
    expect(formatProblem('a}')).toMatch(/placeholders/);
  });
});

describe('dates', () => {
  it('converts PDF dates to ISO 8601', () => {
    expect(pdfDateToIso("D:20090401163925-07'00'")).toBe('2009-04-01T16:39:25-07:00');
    expect(pdfDateToIso('D:20090401163925Z')).toBe('2009-04-01T16:39:25Z');
    expect(pdfDateToIso('D:2009')).toBe('2009-01-01T00:00:00');
    expect(pdfDateToIso('D:20091301')).toBeNull();
    expect(pdfDateToIso('yesterday')).toBeNull();
    expect(xmpDateToIso('2021-03-04T05:06:07+01:00')).toBe('2021-03-04T05:06:07+01:00');
    expect(xmpDateToIso('soon')).toBeNull();
    expect(toPdfDate(new Date('2024-05-06T07:08:09Z'))).toBe('D:20240506070809Z');
  });
});

describe('XMP', () => {
  const packet =
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdf:Producer="Old" pdfaid:part="1" pdfaid:conformance="b">' +
    '<pdfaid:amd>2005</pdfaid:amd></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
  it('reads attribute-form properties and the PDF/A id', async () => {
    expect(await readXmp(packet)).toMatchObject({ values: { producer: 'Old' }, pdfa: '1B' });
  });
  it('replaces attribute-form properties, keeps the rest', async () => {
    const updated = await updateXmp(packet, { producer: 'New', title: 'T' }, '2024-01-01T00:00:00Z');
    expect(updated).not.toContain('Old');
    expect(updated).toContain('<pdf:Producer>New</pdf:Producer>');
    expect(updated).toContain('<pdfaid:amd>2005</pdfaid:amd>');
    expect(await readXmp(updated)).toMatchObject({
      values: { producer: 'New', title: 'T' },
      pdfa: '1B',
      modified: '2024-01-01T00:00:00Z',
    });
    expect((await readXmp(await updateXmp(updated, { title: '' }, 'x'))).values.title).toBeUndefined();
  });
  it('escapes values and refuses DOCTYPEs and malformed packets', async () => {
    expect((await readXmp(await updateXmp(undefined, { title: '<b>&"x"</b>' }, 'x'))).values.title).toBe('<b>&"x"</b>');
    await expect(readXmp('<!DOCTYPE x [<!ENTITY a "aaaa">]><x/>')).rejects.toThrow(XmpError);
    await expect(readXmp('<x:xmpmeta')).rejects.toThrow(XmpError);
  });
  it('refuses a packet past its element or depth limit without building it', async () => {
    const open =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="">';
    const close = '</rdf:Description></rdf:RDF></x:xmpmeta>';
    await expect(readXmp(open + '<a/>'.repeat(MAX_XMP_NODES) + close)).rejects.toThrow(XmpTooLargeError);
    await expect(
      updateXmp(open + '<a>'.repeat(MAX_XMP_DEPTH) + '</a>'.repeat(MAX_XMP_DEPTH) + close, { title: 'x' }, 'x'),
    ).rejects.toThrow(XmpTooLargeError);
    expect(
      (
        await readXmp(
          `${open + '<a/>'.repeat(1000)}<dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">ok</dc:title>${close}`,
        )
      ).values.title,
    ).toBe('ok');
  });
  it('declares a namespace the packet binds to another prefix, on the new property', async () => {
    const other =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><r:RDF xmlns:r="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><r:Description r:about="" xmlns:dc="urn:not-dc"/></r:RDF></x:xmpmeta>';
    const updated = await updateXmp(other, { title: 'T' }, 'x');
    expect(updated).toContain('xmlns:dc="urn:not-dc"');
    expect((await readXmp(updated)).values.title).toBe('T');
  });
});

describe('pdfinfo output', () => {
  it('keeps a value that spans lines', () => {
    expect(parseDocumentInfo('Title:          two\nlines\nPages:          3\n')).toEqual({
      Title: 'two\nlines',
      Pages: '3',
    });
  });
});

describe('repair actions and flatten survivors', () => {
  it('names what qpdf said it did', () => {
    expect(actionsFromWarnings(['WARNING: <file>: file is damaged', "WARNING: <file>: can't find startxref"])).toEqual([
      'xref-rebuilt',
    ]);
    expect(actionsFromWarnings(['WARNING: <file> (object 5 0): attempting to recover stream length'])).toEqual([
      'streams-fixed',
    ]);
    expect(actionsFromWarnings([])).toEqual([]);
  });
  it('keeps widgets for annotations, other annotations for forms, links without appearance always', () => {
    expect(survives({ '/Subtype': '/Widget' }, 'annotations')).toBe(true);
    expect(survives({ '/Subtype': '/Widget' }, 'forms')).toBe(false);
    expect(survives({ '/Subtype': '/Square', '/AP': {} }, 'forms')).toBe(true);
    expect(survives({ '/Subtype': '/Square', '/AP': {} }, 'all')).toBe(false);
    expect(survives({ '/Subtype': '/Link' }, 'all')).toBe(true);
  });
});
