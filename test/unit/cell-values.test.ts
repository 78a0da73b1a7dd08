// Typed cell values for PDF → XLSX: what parses, with which number format, and what stays text.
import { describe, expect, it } from 'vitest';
import { cellValue } from '../../src/layout/cell-values.js';
import { tableCsv } from '../../src/writers/csv.js';
import { columnName } from '../../src/writers/xlsx.js';

const days = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86400000;

describe('cellValue', () => {
  it.each([
    ['1,234.50', 1234.5, '#,##0.00'],
    ['42', 42, '0'],
    ['(87.25)', -87.25, '0.00;(0.00)'],
    ['(1,000)', -1000, '#,##0;(#,##0)'],
    ['−2,500', -2500, '#,##0'],
    ['-3.0%', -0.03, '0.0%'],
    ['12.5%', 0.125, '0.0%'],
    ['(4.5%)', -0.045, '0.0%;(0.0%)'],
    ['$1,200', 1200, '"$"#,##0'],
    ['€980.10', 980.1, '"€"0.00'],
    ['12 €', 12, '0 "€"'],
    ['$-5.00', -5, '"$"0.00'],
  ])('%s → %d with %s', (text, value, format) => {
    expect(cellValue(text)).toEqual({ kind: 'number', value, format, text });
  });

  it.each([
    ['2024-03-15', '2024-03-15', 'yyyy-mm-dd'],
    ['15 March 2024', '2024-03-15', 'd mmmm yyyy'],
    ['5 Mar 2024', '2024-03-05', 'd mmm yyyy'],
    ['March 5, 2024', '2024-03-05', 'mmmm d, yyyy'],
    ['31/12/2024', '2024-12-31', 'dd/mm/yyyy'],
    ['12/31/2024', '2024-12-31', 'mm/dd/yyyy'],
  ])('%s → the date %s with %s', (text, iso, format) => {
    expect(cellValue(text)).toEqual({ kind: 'date', value: days(iso), format, text });
  });

  it.each(['007', '03/04/2024', '2024-02-30', '1234567890123456', '1.234,5', '2.20x', 'North coast', '(note)', '--5'])(
    '%s stays text',
    (text) => {
      expect(cellValue(text)).toEqual({ kind: 'text', text });
    },
  );
});

describe('writers', () => {
  it('column names', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('CSV: RFC 4180 quoting, CRLF, merged cells empty, formulas defused', () => {
    const csv = tableCsv({
      page: 1,
      index: 1,
      rows: 2,
      columns: 3,
      columnWidths: [],
      headerRows: 0,
      cells: [
        { row: 0, column: 0, rowSpan: 1, colSpan: 2, text: 'a "quoted", text', bold: false },
        { row: 0, column: 2, rowSpan: 1, colSpan: 1, text: 'two\nlines', bold: false },
        { row: 1, column: 0, rowSpan: 1, colSpan: 1, text: '=HYPERLINK("x")', bold: false },
        { row: 1, column: 1, rowSpan: 1, colSpan: 1, text: '-12.5', bold: false },
        { row: 1, column: 2, rowSpan: 1, colSpan: 1, text: '@SUM(A1)', bold: false },
      ],
    });
    expect(csv).toBe('"a ""quoted"", text",,"two\nlines"\r\n"\'=HYPERLINK(""x"")",-12.5,\'@SUM(A1)\r\n');
  });
});
