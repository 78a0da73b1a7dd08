// SpreadsheetML (XLSX) for tables read from a PDF: one worksheet per table,
// cells typed by src/layout/cell-values.ts (numbers and dates carry the
// number format that shows them as the PDF did), merged cells as merge
// ranges, header rows bold. Text is written as inline strings: no shared
// string table to build, and a cell can never become a formula. Checked in
// the tests by openpyxl and LibreOffice, readers independent of this code.
import { cellValue } from '../layout/cell-values.js';
import type { SheetTable } from '../layout/sheet-tables.js';
import { writeZip, xmlText } from './package.js';

/** A worksheet: its name (≤ 31 characters, none of []:*?/\) and its table. */
export interface Sheet {
  name: string;
  table: SheetTable;
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** "A", "B", … "AA" for a 0-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Cell styles: one per (number format, bold) pair in use; index 0 is the default. */
class Styles {
  private readonly formats = new Map<string, number>();
  private readonly xfs = new Map<string, number>([['0|false', 0]]);

  index(format: string | undefined, bold: boolean): number {
    let formatId = 0;
    if (format) {
      formatId = this.formats.get(format) ?? 164 + this.formats.size;
      this.formats.set(format, formatId);
    }
    const key = `${formatId}|${bold}`;
    const found = this.xfs.get(key);
    if (found !== undefined) return found;
    this.xfs.set(key, this.xfs.size);
    return this.xfs.size - 1;
  }

  xml(): string {
    const numFmts = [...this.formats]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`)
      .join('');
    const xfs = [...this.xfs.keys()]
      .map((key) => {
        const [formatId, bold] = key.split('|');
        const font = bold === 'true' ? 1 : 0;
        return `<xf numFmtId="${formatId}" fontId="${font}" fillId="0" borderId="0" xfId="0" applyAlignment="1"${formatId !== '0' ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}><alignment vertical="top" wrapText="1"/></xf>`;
      })
      .join('');
    return (
      `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
      (this.formats.size ? `<numFmts count="${this.formats.size}">${numFmts}</numFmts>` : '') +
      `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
      `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="${this.xfs.size}">${xfs}</cellXfs>` +
      `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`
    );
  }
}

function sheetXml(table: SheetTable, styles: Styles): string {
  const byRow = new Map<number, SheetTable['cells']>();
  for (const cell of table.cells) byRow.set(cell.row, [...(byRow.get(cell.row) ?? []), cell]);
  const rows: string[] = [];
  for (const r of [...byRow.keys()].sort((a, b) => a - b)) {
    const cells = byRow
      .get(r)!
      .sort((a, b) => a.column - b.column)
      .map((cell) => {
        const ref = `${columnName(cell.column)}${r + 1}`;
        const bold = r < table.headerRows;
        // Header texts stay text: a year or a quarter heading a column is a label.
        const value = bold ? { kind: 'text' as const, text: cell.text } : cellValue(cell.text);
        if (value.kind === 'text') {
          if (value.text === '') return '';
          return `<c r="${ref}" s="${styles.index(undefined, bold)}" t="inlineStr"><is><t xml:space="preserve">${xmlText(value.text)}</t></is></c>`;
        }
        return `<c r="${ref}" s="${styles.index(value.format, bold)}"><v>${value.value}</v></c>`;
      })
      .join('');
    rows.push(`<row r="${r + 1}">${cells}</row>`);
  }
  const merges = table.cells
    .filter((c) => c.rowSpan > 1 || c.colSpan > 1)
    .map(
      (c) =>
        `<mergeCell ref="${columnName(c.column)}${c.row + 1}:${columnName(c.column + c.colSpan - 1)}${c.row + c.rowSpan}"/>`,
    );
  // Column widths in characters of the default font (about 5.25 pt each at 11 pt Calibri).
  const cols = table.columnWidths.length
    ? `<cols>${table.columnWidths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(100, Math.max(8, w / 5.25)).toFixed(2)}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const frozen =
    table.headerRows > 0
      ? `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${table.headerRows}" topLeftCell="A${table.headerRows + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`
      : '';
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">${frozen}${cols}<sheetData>${rows.join('')}</sheetData>` +
    (merges.length ? `<mergeCells count="${merges.length}">${merges.join('')}</mergeCells>` : '') +
    `</worksheet>`
  );
}

/** Writes `sheets` (at least one) as an XLSX workbook at `output`. */
export async function writeXlsx(sheets: Sheet[], output: string): Promise<void> {
  const styles = new Styles();
  const worksheets = sheets.map((s) => sheetXml(s.table, styles));
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  await writeZip(
    [
      {
        name: '[Content_Types].xml',
        data:
          `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`,
      },
      {
        name: '_rels/.rels',
        data: `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: 'xl/workbook.xml',
        data:
          `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>` +
          sheets.map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
          `</sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data:
          `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          sheets
            .map(
              (_, i) =>
                `<Relationship Id="rId${i + 1}" Type="${NS_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
            )
            .join('') +
          `<Relationship Id="rId${sheets.length + 1}" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
      },
      ...worksheets.map((data, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data })),
      // Styles last: the sheets registered the formats they use.
      { name: 'xl/styles.xml', data: styles.xml() },
    ],
    output,
  );
}
