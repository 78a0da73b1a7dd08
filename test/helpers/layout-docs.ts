// Ground-truth documents for PDF → DOCX/ODT fidelity (tests and
// scripts/bench/fidelity.ts): OpenDocument texts written here, with known
// columns, tables (merged cells included), a raster image and a vector chart,
// which LibreOffice prints to PDF and the service converts back.
import fs from 'node:fs';
import yazl from 'yazl';

/** A cell of a ground-truth table. */
export interface TruthCell {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  text: string;
}

/** The table in tableDocument(): 5 rows × 3 columns, one vertical and one horizontal merge. */
export const TRUTH_TABLE: { rows: number; columns: number; cells: TruthCell[] } = {
  rows: 5,
  columns: 3,
  cells: [
    { row: 0, column: 0, rowSpan: 1, colSpan: 1, text: 'Region' },
    { row: 0, column: 1, rowSpan: 1, colSpan: 1, text: 'First quarter' },
    { row: 0, column: 2, rowSpan: 1, colSpan: 1, text: 'Second quarter' },
    { row: 1, column: 0, rowSpan: 1, colSpan: 1, text: 'North coast' },
    { row: 1, column: 1, rowSpan: 1, colSpan: 1, text: '1234' },
    { row: 1, column: 2, rowSpan: 1, colSpan: 1, text: '1502' },
    { row: 2, column: 0, rowSpan: 2, colSpan: 1, text: 'Southern valleys' },
    { row: 2, column: 1, rowSpan: 1, colSpan: 1, text: '731' },
    { row: 2, column: 2, rowSpan: 1, colSpan: 1, text: '960' },
    { row: 3, column: 1, rowSpan: 1, colSpan: 1, text: '845' },
    { row: 3, column: 2, rowSpan: 1, colSpan: 1, text: '1017' },
    { row: 4, column: 0, rowSpan: 1, colSpan: 3, text: 'Totals are preliminary and exclude returns' },
  ],
};

/** The table in reportDocument(): set out with tab stops, no rules (6 rows × 4 columns). */
export const TRUTH_TEXT_TABLE: { rows: number; columns: number; cells: TruthCell[] } = (() => {
  const rows = [
    ['Station', 'Samples', 'Depth', 'Result'],
    ['Harbor mouth', '12', '4.5', 'clear'],
    ['Copper mill', '9', '2.0', 'turbid'],
    ['Orchard bend', '15', '3.25', 'clear'],
    ['Canyon weir', '7', '6.75', 'silted'],
    ['Meadow ford', '11', '1.5', 'clear'],
  ];
  return {
    rows: rows.length,
    columns: 4,
    cells: rows.flatMap((row, r) => row.map((text, column) => ({ row: r, column, rowSpan: 1, colSpan: 1, text }))),
  };
})();

/** Running header text and hyperlink target of reportDocument(); its footer is "Page <n>". */
export const REPORT_HEADER = 'Quarterly river survey';
export const REPORT_LINK = 'https://example.org/river-survey';

const WORDS =
  'river stone window garden letter market silver morning engine harbor pencil thunder orchard lantern meadow copper ticket violin blanket canyon'.split(
    ' ',
  );

/** Deterministic filler text of `count` words. */
export function filler(count: number, seed: number): string {
  const out: string[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[x % WORDS.length]);
  }
  out[0] = out[0][0].toUpperCase() + out[0].slice(1);
  return `${out.join(' ')}.`;
}

const NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"';

const STYLES =
  `<office:automatic-styles>` +
  `<style:style style:name="Sect2" style:family="section"><style:section-properties><style:columns fo:column-count="2" fo:column-gap="0.6cm"/></style:section-properties></style:style>` +
  `<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:text-align="justify" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="10.5pt" style:font-name="Liberation Serif"/></style:style>` +
  `<style:style style:name="H" style:family="paragraph"><style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.2cm"/><style:text-properties fo:font-size="15pt" fo:font-weight="bold"/></style:style>` +
  `<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.4cm"/><style:text-properties fo:font-size="22pt" fo:font-weight="bold"/></style:style>` +
  `<style:style style:name="Tbl" style:family="table"><style:table-properties style:width="15cm" table:align="left"/></style:style>` +
  `<style:style style:name="Cell" style:family="table-cell"><style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm"/></style:style>` +
  `<style:style style:name="Bar" style:family="graphic"><style:graphic-properties draw:fill="solid" draw:fill-color="#3465a4" draw:stroke="none" style:wrap="none" style:vertical-pos="from-top" style:vertical-rel="paragraph" style:horizontal-pos="from-left" style:horizontal-rel="paragraph"/></style:style>` +
  `<style:style style:name="Axis" style:family="graphic"><style:graphic-properties draw:stroke="solid" svg:stroke-color="#000000" svg:stroke-width="0.03cm" style:wrap="none" style:vertical-pos="from-top" style:vertical-rel="paragraph" style:horizontal-pos="from-left" style:horizontal-rel="paragraph"/></style:style>` +
  `<text:list-style style:name="LB"><text:list-level-style-bullet text:level="1" text:bullet-char="•"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment">` +
  `<style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="0.8cm" fo:text-indent="-0.5cm" fo:margin-left="0.8cm"/></style:list-level-properties></text:list-level-style-bullet></text:list-style>` +
  `<text:list-style style:name="LN"><text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment">` +
  `<style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="0.8cm" fo:text-indent="-0.5cm" fo:margin-left="0.8cm"/></style:list-level-properties></text:list-level-style-number></text:list-style>` +
  `<style:style style:name="Tall" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="4.2cm"/></style:style>` +
  `<style:style style:name="Tabs" style:family="paragraph"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="4.5cm"/><style:tab-stop style:position="7.5cm"/><style:tab-stop style:position="10.5cm"/></style:tab-stops></style:paragraph-properties><style:text-properties fo:font-size="10.5pt" style:font-name="Liberation Serif"/></style:style>` +
  `</office:automatic-styles>`;

function content(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NS} office:version="1.3">${STYLES}<office:body><office:text>${body}</office:text></office:body></office:document-content>`;
}

/** styles.xml with a page style that prints `header` on top and "Page <n>" at the bottom of every page. */
function runningStyles(header: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles ${NS} office:version="1.3"><office:automatic-styles>` +
    `<style:page-layout style:name="PL"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1cm" fo:margin-bottom="1cm" fo:margin-left="2cm" fo:margin-right="2cm"/>` +
    `<style:header-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.5cm"/></style:header-style>` +
    `<style:footer-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-top="0.5cm"/></style:footer-style></style:page-layout>` +
    `</office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="PL">` +
    `<style:header><text:p>${header}</text:p></style:header><style:footer><text:p>Page <text:page-number text:select-page="current">1</text:page-number></text:p></style:footer>` +
    `</style:master-page></office:master-styles></office:document-styles>`
  );
}

async function writeOdt(
  path: string,
  body: string,
  pictures: Array<[string, Buffer]> = [],
  styles?: string,
): Promise<string> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.text'), 'mimetype', { compress: false });
  zip.addBuffer(Buffer.from(content(body)), 'content.xml');
  if (styles) zip.addBuffer(Buffer.from(styles), 'styles.xml');
  const manifest =
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
    `<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/>` +
    `<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>` +
    (styles ? `<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>` : '') +
    pictures
      .map(([name]) => `<manifest:file-entry manifest:full-path="Pictures/${name}" manifest:media-type="image/png"/>`)
      .join('') +
    `</manifest:manifest>`;
  zip.addBuffer(Buffer.from(manifest), 'META-INF/manifest.xml');
  for (const [name, data] of pictures) zip.addBuffer(data, `Pictures/${name}`, { compress: false });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(path);
    out.on('finish', () => resolve());
    out.on('error', reject);
    zip.outputStream.pipe(out);
  });
  return path;
}

const p = (style: string, text: string) => `<text:p text:style-name="${style}">${text}</text:p>`;

/** One column: heading, paragraphs, a bulleted list (three items) and TRUTH_TABLE as a ruled table. */
export function tableDocument(path: string): Promise<string> {
  const t = TRUTH_TABLE;
  let rows = '';
  for (let r = 0; r < t.rows; r++) {
    let cells = '';
    for (let c = 0; c < t.columns; c++) {
      const cell = t.cells.find((x) => x.row === r && x.column === c);
      if (cell) {
        const spans =
          (cell.colSpan > 1 ? ` table:number-columns-spanned="${cell.colSpan}"` : '') +
          (cell.rowSpan > 1 ? ` table:number-rows-spanned="${cell.rowSpan}"` : '');
        cells += `<table:table-cell table:style-name="Cell" office:value-type="string"${spans}>${p('Body', cell.text)}</table:table-cell>`;
      } else cells += '<table:covered-table-cell/>';
    }
    rows += `<table:table-row>${cells}</table:table-row>`;
  }
  const table = `<table:table table:name="Figures" table:style-name="Tbl"><table:table-column table:number-columns-repeated="3"/>${rows}</table:table>`;
  const list = `<text:list text:style-name="LB">${[1, 2, 3].map((i) => `<text:list-item>${p('Body', filler(8, 40 + i))}</text:list-item>`).join('')}</text:list>`;
  return writeOdt(path, p('H', 'Sales by region') + p('Body', filler(60, 1)) + list + table + p('Body', filler(50, 2)));
}

/** A title across the page, then two columns: headings, paragraphs, a raster image and a vector bar chart. */
export function twoColumnDocument(path: string, png: Buffer): Promise<string> {
  const bars = [1.2, 2.6, 1.9, 3.4, 2.2]
    .map(
      (h, i) =>
        `<draw:rect draw:style-name="Bar" text:anchor-type="paragraph" svg:x="${(0.5 + i * 1.2).toFixed(2)}cm" svg:y="${(3.6 - h).toFixed(2)}cm" svg:width="0.8cm" svg:height="${h}cm"/>`,
    )
    .join('');
  const axes =
    `<draw:line draw:style-name="Axis" text:anchor-type="paragraph" svg:x1="0.3cm" svg:y1="3.6cm" svg:x2="6.6cm" svg:y2="3.6cm"/>` +
    `<draw:line draw:style-name="Axis" text:anchor-type="paragraph" svg:x1="0.3cm" svg:y1="0.1cm" svg:x2="0.3cm" svg:y2="3.6cm"/>`;
  const image = `<draw:frame text:anchor-type="as-char" svg:width="7cm" svg:height="5cm" draw:z-index="1"><draw:image xlink:href="Pictures/photo.png" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>`;
  const columns =
    p('H', 'Background') +
    [3, 4, 5].map((s) => p('Body', filler(90, s))).join('') +
    p('Body', image) +
    p('Body', filler(80, 6)) +
    p('H', 'Measurements') +
    p('Tall', bars + axes) +
    [7, 8, 9, 10].map((s) => p('Body', filler(90, s))).join('');
  return writeOdt(
    path,
    p('Title', 'Field notes on rivers and harbors') +
      `<text:section text:style-name="Sect2" text:name="Columns">${columns}</text:section>`,
    [['photo.png', png]],
  );
}

/**
 * Three pages of one column under a running header (REPORT_HEADER) and a
 * page-number footer: a paragraph with a hyperlink (REPORT_LINK) and
 * TRUTH_TEXT_TABLE set out with tab stops, no rules.
 */
export function reportDocument(path: string): Promise<string> {
  const t = TRUTH_TEXT_TABLE;
  const rows = Array.from({ length: t.rows }, (_, r) =>
    p(
      'Tabs',
      t.cells
        .filter((c) => c.row === r)
        .map((c) => c.text)
        .join('<text:tab/>'),
    ),
  ).join('');
  const link = p(
    'Body',
    `The survey method is described at <text:a xlink:type="simple" xlink:href="${REPORT_LINK}">the survey site</text:a> with its field forms.`,
  );
  const paragraphs = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => p('Body', filler(110, from + i))).join('');
  return writeOdt(
    path,
    p('H', 'Water samples') + paragraphs(20, 3) + link + rows + paragraphs(30, 12),
    [],
    runningStyles(REPORT_HEADER),
  );
}

/** A heading, a paragraph and a numbered list of `items` (1., 2., …), each item two lines long. */
export function numberedListDocument(path: string, items: number): Promise<string> {
  const list = `<text:list text:style-name="LN">${Array.from({ length: items }, (_, i) => `<text:list-item>${p('Body', filler(24, 60 + i))}</text:list-item>`).join('')}</text:list>`;
  return writeOdt(path, p('H', 'Steps') + p('Body', filler(50, 3)) + list + p('Body', filler(30, 4)));
}
