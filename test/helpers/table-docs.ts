// Ground-truth tables for PDF → XLSX/CSV (tests and scripts/bench/tables.ts):
// an OpenDocument text with a ruled table (bold header, merged cells across
// and down, a cell whose text wraps, numbers in several notations, dates),
// a table set out with tab stops only, and a long ruled table whose header
// row repeats on the next page. LibreOffice prints it to PDF; every cell's
// typed value is known here.
import fs from 'node:fs';
import yazl from 'yazl';

/** What a spreadsheet cell must hold: text, a number, or a date (ISO day). */
export type TruthValue = string | number | { date: string };

/** A ground-truth cell: position, span, the text the PDF shows and its typed value. */
export interface TruthCell {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  value: TruthValue;
}

/** A ground-truth table: its size and cells (covered cells absent). */
export interface TruthTable {
  rows: number;
  columns: number;
  cells: TruthCell[];
}

const cell = (
  row: number,
  column: number,
  text: string,
  value: TruthValue = text,
  rowSpan = 1,
  colSpan = 1,
): TruthCell => ({ row, column, rowSpan, colSpan, text, value });

/** The ruled table: header, typed numbers and dates, a vertical and a horizontal merge, a wrapped cell, values that must stay text. */
export const RULED: TruthTable = {
  rows: 7,
  columns: 4,
  cells: [
    cell(0, 0, 'Item'),
    cell(0, 1, 'Amount'),
    cell(0, 2, 'Change'),
    cell(0, 3, 'Date'),
    cell(1, 0, 'North coast'),
    cell(1, 1, '1,234.50', 1234.5),
    cell(1, 2, '12.5%', 0.125),
    cell(1, 3, '2024-03-15', { date: '2024-03-15' }),
    cell(2, 0, 'Southern valleys', 'Southern valleys', 2),
    cell(2, 1, '(87.25)', -87.25),
    cell(2, 2, '-3.0%', -0.03),
    cell(2, 3, '15 March 2024', { date: '2024-03-15' }),
    cell(3, 1, '$1,200', 1200),
    cell(3, 2, '0.75%', 0.0075),
    cell(3, 3, 'March 5, 2024', { date: '2024-03-05' }),
    cell(
      4,
      0,
      'Harbor works on the old eastern pier and breakwater',
      'Harbor works on the old eastern pier and breakwater',
    ),
    cell(4, 1, '€980.10', 980.1),
    cell(4, 2, '(4.5%)', -0.045),
    cell(4, 3, '31/12/2024', { date: '2024-12-31' }),
    cell(5, 0, 'Code 007'),
    cell(5, 1, '007'),
    cell(5, 2, '−2,500', -2500),
    cell(5, 3, '03/04/2024'),
    cell(6, 0, 'Totals are preliminary and exclude returns', 'Totals are preliminary and exclude returns', 1, 4),
  ],
};

/** The table set out with tab stops, no rules. */
export const ALIGNED: TruthTable = (() => {
  const rows = [
    ['Station', 'Samples', 'Depth', 'Result'],
    ['Harbor mouth', '1,204', '4.5', 'clear'],
    ['Copper mill', '987', '2.25', 'turbid'],
    ['Orchard bend', '15,310', '3.75', 'clear'],
    ['Canyon weir', '72', '6.5', 'silted'],
  ];
  const value = (text: string, r: number) => (r > 0 && /^[\d,.]+$/.test(text) ? Number(text.replace(/,/g, '')) : text);
  return {
    rows: rows.length,
    columns: 4,
    cells: rows.flatMap((row, r) => row.map((text, c) => cell(r, c, text, value(text, r)))),
  };
})();

/** The long ruled table: a header row repeated on every page, then SPANNING_ROWS body rows. */
export const SPANNING_ROWS = 60;
export const SPANNING: TruthTable = (() => {
  const cells = [cell(0, 0, 'Code'), cell(0, 1, 'Region'), cell(0, 2, 'Units'), cell(0, 3, 'Share')];
  for (let i = 1; i <= SPANNING_ROWS; i++) {
    const units = 1000 + i * 37;
    const share = (i * 0.3).toFixed(1);
    cells.push(
      cell(i, 0, `R${String(i).padStart(3, '0')}`),
      cell(i, 1, `District ${i}`),
      cell(i, 2, units.toLocaleString('en-US'), units),
      cell(i, 3, `${share}%`, Number((Number(share) / 100).toFixed(4))),
    );
  }
  return { rows: SPANNING_ROWS + 1, columns: 4, cells };
})();

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"';

const STYLES =
  `<office:automatic-styles>` +
  `<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="10.5pt" style:font-name="Liberation Serif"/></style:style>` +
  `<style:style style:name="Head" style:family="paragraph"><style:text-properties fo:font-size="10.5pt" fo:font-weight="bold" style:font-name="Liberation Serif"/></style:style>` +
  `<style:style style:name="HeadTabs" style:family="paragraph"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="4.5cm"/><style:tab-stop style:position="7.5cm"/><style:tab-stop style:position="10.5cm"/></style:tab-stops></style:paragraph-properties><style:text-properties fo:font-size="10.5pt" fo:font-weight="bold" style:font-name="Liberation Serif"/></style:style>` +
  `<style:style style:name="Tabs" style:family="paragraph"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="4.5cm"/><style:tab-stop style:position="7.5cm"/><style:tab-stop style:position="10.5cm"/></style:tab-stops></style:paragraph-properties><style:text-properties fo:font-size="10.5pt" style:font-name="Liberation Serif"/></style:style>` +
  `<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="15cm" table:align="left" fo:margin-top="0.3cm" fo:margin-bottom="0.3cm"/></style:style>` +
  `<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style>` +
  `</office:automatic-styles>`;

const p = (style: string, text: string) =>
  `<text:p text:style-name="${style}">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text:p>`;

function ruledTable(name: string, t: TruthTable, repeatHeader: boolean): string {
  const row = (r: number) => {
    let cells = '';
    for (let c = 0; c < t.columns; c++) {
      const x = t.cells.find((k) => k.row === r && k.column === c);
      if (!x) {
        cells += '<table:covered-table-cell/>';
        continue;
      }
      const spans =
        (x.colSpan > 1 ? ` table:number-columns-spanned="${x.colSpan}"` : '') +
        (x.rowSpan > 1 ? ` table:number-rows-spanned="${x.rowSpan}"` : '');
      cells += `<table:table-cell table:style-name="Cell" office:value-type="string"${spans}>${p(r === 0 ? 'Head' : 'Body', x.text)}</table:table-cell>`;
    }
    return `<table:table-row>${cells}</table:table-row>`;
  };
  const body = Array.from({ length: t.rows - 1 }, (_, i) => row(i + 1)).join('');
  const header = repeatHeader ? `<table:table-header-rows>${row(0)}</table:table-header-rows>` : row(0);
  return `<table:table table:name="${name}" table:style-name="Tbl"><table:table-column table:number-columns-repeated="${t.columns}"/>${header}${body}</table:table>`;
}

function alignedTable(t: TruthTable): string {
  return Array.from({ length: t.rows }, (_, r) =>
    p(
      r === 0 ? 'HeadTabs' : 'Tabs',
      t.cells
        .filter((c) => c.row === r)
        .map((c) => c.text)
        .join('\t'),
    ).replace(/\t/g, '<text:tab/>'),
  ).join('');
}

async function writeOdt(file: string, body: string): Promise<string> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.text'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NS} office:version="1.3">${STYLES}<office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    ),
    'content.xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
        `<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/>` +
        `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
    'META-INF/manifest.xml',
  );
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on('finish', () => resolve());
    out.on('error', reject);
    zip.outputStream.pipe(out);
  });
  return file;
}

/** The tables in reading order: RULED and ALIGNED on page 1, SPANNING from page 1 or 2 on over the next page. */
export const TABLES_IN_ORDER: TruthTable[] = [RULED, ALIGNED, SPANNING];

/** Writes the ground-truth document (ODT) at `file`. */
export function tablesDocument(file: string): Promise<string> {
  return writeOdt(
    file,
    p('Body', 'Quarterly figures by item, with changes and the dates they were booked.') +
      ruledTable('Ruled', RULED, false) +
      p('Body', 'Water samples by station.') +
      alignedTable(ALIGNED) +
      p('Body', 'Units and shares by district.') +
      ruledTable('Spanning', SPANNING, true) +
      p('Body', 'End of the figures.'),
  );
}

/** An ODT with `count` tiny ruled tables (2 × 2), for the output-file bound. */
export function tinyTablesDocument(file: string, count: number): Promise<string> {
  const tiny: TruthTable = {
    rows: 2,
    columns: 2,
    cells: [cell(0, 0, 'a'), cell(0, 1, 'b'), cell(1, 0, '1'), cell(1, 1, '2')],
  };
  return writeOdt(file, Array.from({ length: count }, (_, i) => ruledTable(`T${i}`, tiny, false)).join(''));
}
