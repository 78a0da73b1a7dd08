// The layout model → OpenDocument text (ODT), the same structure as the DOCX
// writer: each multi-column band is a text:section with style:columns (the
// source's widths and gaps, no balancing), a page starts with a paragraph
// whose style breaks the page, a column's content starts with a column break,
// paragraphs carry exact line height, space before, indents and alignment;
// figures are as-char pictures, tables table:table with spans. No text frames.
import type {
  Band,
  Block,
  FigureBlock,
  LayoutDocument,
  ParagraphBlock,
  RunningText,
  RunStyle,
  TableBlock,
  TextRun,
} from '../layout/model.js';
import { LINE_FIT } from './docx.js';
import { writeZip, xmlText, type Part } from './package.js';

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
].join(' ');
const pt = (v: number) => `${Math.max(0, v).toFixed(2)}pt`;
/** Horizontal glyph scale, as in the DOCX writer (see its runProps). */
const SCALE = '97%';

class Writer {
  styles = new Map<string, string>();
  fonts = new Set<string>(['Times New Roman']);
  sections = 0;
  constructor(readonly doc: LayoutDocument) {}

  /** An automatic style for `body` in `family`, shared by equal bodies. */
  style(family: string, prefix: string, body: string): string {
    const key = `${family}|${body}`;
    let name = this.styles.get(key);
    if (!name) {
      name = `${prefix}${this.styles.size + 1}`;
      this.styles.set(key, name);
    }
    return name;
  }

  textProps(s: RunStyle): string {
    this.fonts.add(s.font);
    return (
      `<style:text-properties style:font-name="${xmlText(s.font)}" fo:font-size="${s.size.toFixed(1)}pt" style:text-scale="${SCALE}"` +
      (s.bold ? ' fo:font-weight="bold"' : '') +
      (s.italic ? ' fo:font-style="italic"' : '') +
      (s.color ? ` fo:color="#${s.color}"` : '') +
      (s.vertical ? ` style:text-position="${s.vertical === 'superscript' ? 'super' : 'sub'} 58%"` : '') +
      ' fo:hyphenate="true" fo:language="en" fo:country="US"/>'
    );
  }

  run(run: TextRun): string {
    const name = this.style('text', 'T', this.textProps(run.style));
    const text = xmlText(run.text)
      .replace(/ {2,}/g, (spaces) => ` <text:s text:c="${spaces.length - 1}"/>`)
      .replace(/\t/g, '<text:tab/>');
    const span = `<text:span text:style-name="${name}">${text}</text:span>`;
    return run.link ? `<text:a xlink:type="simple" xlink:href="${xmlText(run.link)}">${span}</text:a>` : span;
  }

  paraStyle(props: string, tabs: number[] = []): string {
    // Tab positions in ODF count from the paragraph's left indent (LibreOffice's default for ODT).
    const stops = tabs.length
      ? `<style:tab-stops>${tabs.map((t) => `<style:tab-stop style:position="${t.toFixed(2)}pt"/>`).join('')}</style:tab-stops>`
      : '';
    return this.style(
      'paragraph',
      'P',
      stops
        ? `<style:paragraph-properties ${props}>${stops}</style:paragraph-properties>`
        : `<style:paragraph-properties ${props}/>`,
    );
  }

  /** `inCell`: true for a ruled table's cell, 'exact' for an aligned-text table's (the source's pitch). */
  paragraph(p: ParagraphBlock, breakBefore: string, inCell: boolean | 'exact' = false): string {
    const align = { left: 'start', center: 'center', right: 'end', justify: 'justify' }[p.align];
    const props = inCell
      ? `fo:margin-top="0pt" fo:margin-bottom="0pt"${inCell === 'exact' ? ` fo:line-height="${pt(p.lineHeight * LINE_FIT)}"` : ''} fo:text-align="${align}"`
      : `fo:margin-top="${pt(p.spaceBefore)}" fo:margin-bottom="0pt" fo:line-height="${pt(p.lineHeight * LINE_FIT)}" fo:margin-left="${pt(p.indentLeft)}" fo:text-indent="${p.indentFirst.toFixed(2)}pt" fo:text-align="${align}"${breakBefore}`;
    const name = this.paraStyle(props, inCell ? [] : p.tabs.map((t) => t - p.indentLeft).filter((t) => t > 0));
    const inner = p.runs.map((r) => this.run(r)).join('');
    if (p.bullet) {
      // The paragraph's own indents (in its style) place bullet and text; the list draws the bullet.
      const list = this.style(
        'list',
        'L',
        `<text:list-level-style-bullet text:level="1" text:bullet-char="${xmlText(p.bullet)}"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab"/></style:list-level-properties></text:list-level-style-bullet>`,
      );
      return `<text:list text:style-name="${list}"><text:list-item><text:p text:style-name="${name}">${inner}</text:p></text:list-item></text:list>`;
    }
    if (p.number) {
      // Each item starts at its own number: the source's numbers, whatever lies between the items.
      const n = p.number;
      const list = this.style(
        'list',
        'L',
        `<text:list-level-style-number text:level="1" style:num-prefix="${xmlText(n.prefix)}" style:num-suffix="${xmlText(n.suffix)}" style:num-format="1"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab"/></style:list-level-properties></text:list-level-style-number>`,
      );
      return `<text:list text:style-name="${list}"><text:list-item text:start-value="${n.value}"><text:p text:style-name="${name}">${inner}</text:p></text:list-item></text:list>`;
    }
    return p.heading
      ? `<text:h text:style-name="${name}" text:outline-level="${p.heading}">${inner}</text:h>`
      : `<text:p text:style-name="${name}">${inner}</text:p>`;
  }

  figure(f: FigureBlock, maxWidth: number, breakBefore: string): string {
    const scale = Math.min(1, maxWidth / Math.max(1, f.width));
    const align = { left: 'start', center: 'center', right: 'end' }[f.align];
    const name = this.paraStyle(
      `fo:margin-top="${pt(f.spaceBefore)}" fo:margin-bottom="0pt" fo:text-align="${align}"${breakBefore}`,
    );
    return (
      `<text:p text:style-name="${name}"><draw:frame draw:style-name="fr1" draw:name="Figure${f.media + 1}" text:anchor-type="as-char" svg:width="${pt(f.width * scale)}" svg:height="${pt(f.height * scale)}" draw:z-index="0">` +
      `<draw:image xlink:href="Pictures/figure${f.media + 1}.${this.doc.media[f.media].ext}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>${f.alt ? `<svg:desc>${xmlText(f.alt)}</svg:desc>` : ''}</draw:frame></text:p>`
    );
  }

  table(t: TableBlock, breakBefore: string): string {
    const total = t.columnWidths.reduce((a, b) => a + b, 0);
    const tableStyle = this.style(
      'table',
      'Tbl',
      `<style:table-properties style:width="${pt(total)}" fo:margin-left="${pt(t.indentLeft)}" fo:margin-top="${pt(t.spaceBefore)}" table:align="left"${breakBefore}/>`,
    );
    // An aligned-text table's rows keep the source's pitch: no padding above or below its lines.
    const cellStyle = this.style(
      'table-cell',
      'Cell',
      t.borderless
        ? '<style:table-cell-properties fo:border="none" fo:padding-top="0pt" fo:padding-bottom="0pt" fo:padding-left="2pt" fo:padding-right="2pt"/>'
        : '<style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="2pt"/>',
    );
    const columns = t.columnWidths
      .map(
        (w) =>
          `<table:table-column table:style-name="${this.style('table-column', 'Col', `<style:table-column-properties style:column-width="${pt(w)}"/>`)}"/>`,
      )
      .join('');
    const n = t.columnWidths.length;
    const covered = t.rowHeights.map(() => new Array<boolean>(n).fill(false));
    t.rows.forEach((cells, r) => {
      for (const c of cells)
        for (let rr = r; rr < r + c.rowSpan && rr < t.rowHeights.length; rr++)
          for (let cc = c.column; cc < c.column + c.colSpan && cc < n; cc++)
            if (rr !== r || cc !== c.column) covered[rr][cc] = true;
    });
    const rows = t.rowHeights.map((h, r) => {
      const rowStyle = this.style('table-row', 'Row', `<style:table-row-properties style:min-row-height="${pt(h)}"/>`);
      let xml = '';
      for (let c = 0; c < n; c++) {
        const cell = t.rows[r].find((x) => x.column === c);
        if (cell) {
          const spans =
            (cell.colSpan > 1 ? ` table:number-columns-spanned="${cell.colSpan}"` : '') +
            (cell.rowSpan > 1 ? ` table:number-rows-spanned="${cell.rowSpan}"` : '');
          const body = cell.paragraphs.length
            ? cell.paragraphs.map((p) => this.paragraph(p, '', t.borderless ? 'exact' : true)).join('')
            : '<text:p/>';
          xml += `<table:table-cell table:style-name="${cellStyle}" office:value-type="string"${spans}>${body}</table:table-cell>`;
        } else if (covered[r][c]) xml += '<table:covered-table-cell/>';
        else
          xml += `<table:table-cell table:style-name="${cellStyle}" office:value-type="string"><text:p/></table:table-cell>`;
      }
      return `<table:table-row table:style-name="${rowStyle}">${xml}</table:table-row>`;
    });
    return `<table:table table:style-name="${tableStyle}">${columns}${rows.join('')}</table:table>`;
  }

  block(block: Block, maxWidth: number, breakBefore: string): string {
    if (block.kind === 'paragraph') return this.paragraph(block, breakBefore);
    if (block.kind === 'figure') return this.figure(block, maxWidth, breakBefore);
    return this.table(block, breakBefore);
  }

  band(band: Band, pageBreak: boolean): string {
    const xml: string[] = [];
    let pending = pageBreak ? ' fo:break-before="page"' : '';
    band.content.forEach((column, c) => {
      if (c > 0) pending = ' fo:break-before="column"';
      column.forEach((block) => {
        xml.push(this.block(block, band.columns[c].width, pending));
        pending = '';
      });
    });
    if (pending)
      xml.push(`<text:p text:style-name="${this.paraStyle(`fo:margin-top="0pt" fo:margin-bottom="0pt"${pending}`)}"/>`);
    if (band.columns.length === 1) return xml.join('');
    const total = band.columns.reduce((a, c) => a + c.width + c.gap, 0);
    const columns = band.columns
      .map(
        (c, i) =>
          `<style:column style:rel-width="${Math.round(((c.width + (i > 0 ? band.columns[i - 1].gap / 2 : 0) + c.gap / 2) * 1000) / total)}*" fo:start-indent="${pt(i > 0 ? band.columns[i - 1].gap / 2 : 0)}" fo:end-indent="${pt(c.gap / 2)}"/>`,
      )
      .join('');
    const name = this.style(
      'section',
      'Sect',
      `<style:section-properties text:dont-balance-text-columns="true"><style:columns fo:column-count="${band.columns.length}">${columns}</style:columns></style:section-properties>`,
    );
    this.sections++;
    return `<text:section text:style-name="${name}" text:name="Section${this.sections}">${xml.join('')}</text:section>`;
  }

  content(): string {
    const body = this.doc.pages
      .map((page, p) => {
        if (page.bands.length === 0)
          return `<text:p text:style-name="${this.paraStyle(p > 0 ? 'fo:break-before="page"' : 'fo:margin-top="0pt"')}"/>`;
        // A break before the very first paragraph would leave an empty first page.
        return page.bands.map((band, b) => this.band(band, b === 0 && p > 0)).join('');
      })
      .join('\n');
    const automatic = [...this.styles].map(([key, name]) => {
      const [family, ...rest] = key.split('|');
      if (family === 'list') return `<text:list-style style:name="${name}">${rest.join('|')}</text:list-style>`;
      return `<style:style style:name="${name}" style:family="${family}">${rest.join('|')}</style:style>`;
    });
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NS} office:version="1.3">${fontDecls(this.fonts)}` +
      `<office:automatic-styles>${automatic.join('')}<style:style style:name="fr1" style:family="graphic"><style:graphic-properties style:vertical-pos="top" style:vertical-rel="baseline"/></style:style></office:automatic-styles>` +
      `<office:body><office:text>\n${body}\n</office:text></office:body></office:document-content>`
    );
  }

  running(kind: 'header' | 'footer', text: RunningText): string {
    const inner = text.parts
      .map((part) =>
        'pageNumber' in part ? '<text:page-number text:select-page="current">1</text:page-number>' : xmlText(part.text),
      )
      .join('');
    return `<style:${kind}><text:p text:style-name="Running"><text:span text:style-name="RunningText">${inner}</text:span></text:p></style:${kind}>`;
  }
}

function fontDecls(fonts: Set<string>): string {
  return `<office:font-face-decls>${[...fonts].map((f) => `<style:font-face style:name="${xmlText(f)}" svg:font-family="'${xmlText(f)}'"/>`).join('')}</office:font-face-decls>`;
}

function stylesXml(doc: LayoutDocument, writer: Writer): string {
  const first = doc.pages[0] ?? { width: 612, height: 792 };
  const m = doc.margins;
  const orientation = first.width > first.height ? 'landscape' : 'portrait';
  const running = doc.header ?? doc.footer;
  const runningStyles = running
    ? `<style:style style:name="Running" style:family="paragraph"><style:paragraph-properties fo:text-align="${{ left: 'start', center: 'center', right: 'end' }[running.align]}"/></style:style>` +
      `<style:style style:name="RunningText" style:family="text">${writer.textProps(running.style)}</style:style>`
    : '';
  const headerSpace = (v: number) =>
    `<style:header-footer-properties fo:min-height="0pt" fo:margin-bottom="${pt(v)}"/>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles ${NS} office:version="1.3">${fontDecls(writer.fonts)}` +
    `<office:styles><style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-top="0pt" fo:margin-bottom="0pt" fo:orphans="0" fo:widows="0"/>` +
    `<style:text-properties style:font-name="Times New Roman" fo:font-size="10pt" fo:language="en" fo:country="US" fo:hyphenate="true"/></style:default-style>${runningStyles}</office:styles>` +
    `<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="${pt(first.width)}" fo:page-height="${pt(first.height)}" style:print-orientation="${orientation}" ` +
    `fo:margin-top="${pt(doc.header ? m.top / 2 : m.top)}" fo:margin-bottom="${pt(doc.footer ? m.bottom / 2 : m.bottom)}" fo:margin-left="${pt(m.left)}" fo:margin-right="${pt(m.right)}"/>` +
    (doc.header ? `<style:header-style>${headerSpace(m.top / 2 - 12)}</style:header-style>` : '') +
    (doc.footer
      ? `<style:footer-style><style:header-footer-properties fo:min-height="0pt" fo:margin-top="${pt(m.bottom / 2 - 12)}"/></style:footer-style>`
      : '') +
    `</style:page-layout></office:automatic-styles>` +
    `<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">` +
    (doc.header ? writer.running('header', doc.header) : '') +
    (doc.footer ? writer.running('footer', doc.footer) : '') +
    `</style:master-page></office:master-styles></office:document-styles>`
  );
}

function manifestXml(doc: LayoutDocument): string {
  const entry = (path: string, type: string) =>
    `<manifest:file-entry manifest:full-path="${path}" manifest:media-type="${type}"/>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
    `<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/>` +
    entry('content.xml', 'text/xml') +
    entry('styles.xml', 'text/xml') +
    doc.media.map((m, i) => entry(`Pictures/figure${i + 1}.${m.ext}`, `image/${m.ext}`)).join('') +
    `</manifest:manifest>`
  );
}

/** Writes `doc` as an ODT at `output`. */
export async function writeOdt(doc: LayoutDocument, output: string): Promise<void> {
  const writer = new Writer(doc);
  const content = writer.content();
  const parts: Part[] = [
    // ODF packaging: "mimetype" first, uncompressed, so the type can be read at a fixed offset.
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', compress: false },
    { name: 'content.xml', data: content },
    { name: 'styles.xml', data: stylesXml(doc, writer) },
    { name: 'META-INF/manifest.xml', data: manifestXml(doc) },
    ...doc.media.map((m, i): Part => ({ name: `Pictures/figure${i + 1}.${m.ext}`, file: m.path, compress: false })),
  ];
  await writeZip(parts, output);
}
