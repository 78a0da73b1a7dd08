// The layout model → WordprocessingML (DOCX). Each band of a page is a section
// (w:cols with the source's column widths and gaps; the first band of a page
// starts a new page, the others are continuous), a column's content starts
// with a column break, paragraphs carry the source's exact line pitch, space
// before, indents and alignment, figures are inline pictures, tables real
// w:tbl with gridSpan/vMerge. No text boxes or frames anywhere.
// Hand-written rather than the `docx` npm package: that package builds the
// whole ZIP in memory (figures included), while here pictures stream from
// disk through the one ZIP writer (files/zip.ts), and the XML needed is a
// small, fixed subset.
import type {
  Band,
  Block,
  FigureBlock,
  LayoutDocument,
  PageLayout,
  ParagraphBlock,
  RunningText,
  RunStyle,
  TableBlock,
  TextRun,
} from '../layout/model.js';
import { writeZip, xmlText, type Part } from './package.js';

const NS = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
].join(' ');
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const EMU_PER_PT = 12700;
/** Horizontal glyph scale (percent), see runProps. */
const SCALE = 96;
/**
 * Line pitch factor: a column set a line longer than the source (another wrap, a
 * hyphenation point missing) would push the rest of the page's columns onto a new
 * page; 2% tighter lines leave about a line of room per column.
 */
export const LINE_FIT = 0.96;
/** numIds of numbered lists start here (bullets take 1..). */
const NUMBERED_BASE = 1000;
const tw = (pt: number) => Math.max(0, Math.round(pt * 20));

class Writer {
  links: string[] = [];
  /** Bullet glyph → its numbering definition (numId = index + 1). */
  bullets: string[] = [];

  /** Numbered lists: each a numbering instance starting at its first item's number (numId after the bullets'). */
  numbered: Array<{ format: string; start: number; last: number }> = [];

  numId(bullet: string): number {
    if (!this.bullets.includes(bullet)) this.bullets.push(bullet);
    return this.bullets.indexOf(bullet) + 1;
  }

  /** The list an item numbered `value` continues (the previous item of that format had value − 1), or a new one. */
  numberedId(n: NonNullable<ParagraphBlock['number']>): number {
    const format = `${n.prefix}%1${n.suffix}`;
    let index = -1;
    for (let i = this.numbered.length - 1; i >= 0 && index < 0; i--) if (this.numbered[i].format === format) index = i;
    if (index < 0 || this.numbered[index].last !== n.value - 1)
      index = this.numbered.push({ format, start: n.value, last: n.value }) - 1;
    this.numbered[index].last = n.value;
    return index;
  }
  constructor(readonly doc: LayoutDocument) {}

  runProps(s: RunStyle, link = false): string {
    const font = xmlText(s.font);
    return (
      // The Hyperlink character style (empty: the source's look is set below) marks link text; LibreOffice
      // exports a w:hyperlink as a PDF link only when its runs carry a character style.
      `<w:rPr>${link ? '<w:rStyle w:val="Hyperlink"/>' : ''}<w:rFonts w:ascii="${font}" w:hAnsi="${font}" w:cs="${font}" w:eastAsia="${font}"/>` +
      (s.bold ? '<w:b/><w:bCs/>' : '') +
      (s.italic ? '<w:i/><w:iCs/>' : '') +
      (s.color ? `<w:color w:val="${s.color}"/>` : '') +
      // TeX and PDF producers squeeze word spaces below their natural width; word processors
      // only stretch them. Glyphs 3% narrower let each source line fit one output line.
      `<w:w w:val="${SCALE}"/>` +
      `<w:sz w:val="${Math.max(2, Math.round(s.size * 2))}"/><w:szCs w:val="${Math.max(2, Math.round(s.size * 2))}"/>` +
      (s.vertical ? `<w:vertAlign w:val="${s.vertical}"/>` : '') +
      `</w:rPr>`
    );
  }

  run(run: TextRun): string {
    const text = run.text
      .split('\t')
      .map((part) => (part ? `<w:t xml:space="preserve">${xmlText(part)}</w:t>` : ''))
      .join('<w:tab/>');
    const xml = `<w:r>${this.runProps(run.style, !!run.link)}${text}</w:r>`;
    if (!run.link) return xml;
    this.links.push(run.link);
    return `<w:hyperlink r:id="rIdLink${this.links.length}">${xml}</w:hyperlink>`;
  }

  /** `inCell`: true for a ruled table's cell (single spacing), 'exact' for an aligned-text table's (the source's pitch). */
  paragraph(p: ParagraphBlock, prefix: string, sectPr: string, inCell: boolean | 'exact' = false): string {
    const spacing =
      inCell === true
        ? '<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>'
        : inCell === 'exact'
          ? `<w:spacing w:before="0" w:after="0" w:line="${tw(p.lineHeight * LINE_FIT)}" w:lineRule="exact"/>`
          : `<w:spacing w:before="${tw(p.spaceBefore)}" w:after="0" w:line="${tw(p.lineHeight * LINE_FIT)}" w:lineRule="exact"/>`;
    const first = p.indentFirst >= 0 ? `w:firstLine="${tw(p.indentFirst)}"` : `w:hanging="${tw(-p.indentFirst)}"`;
    const jc = { left: 'left', center: 'center', right: 'right', justify: 'both' }[p.align];
    const tabs = p.tabs.length
      ? `<w:tabs>${p.tabs.map((t) => `<w:tab w:val="left" w:pos="${tw(t)}"/>`).join('')}</w:tabs>`
      : '';
    const numbered = p.bullet
      ? `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${this.numId(p.bullet)}"/></w:numPr>`
      : p.number
        ? `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${NUMBERED_BASE + this.numberedId(p.number)}"/></w:numPr>`
        : '';
    const props = `<w:pPr>${p.heading ? `<w:pStyle w:val="Heading${p.heading}"/>` : ''}${numbered}${tabs}${spacing}<w:ind w:left="${tw(p.indentLeft)}" ${first}/><w:jc w:val="${jc}"/>${sectPr}</w:pPr>`;
    return `<w:p>${props}${prefix}${p.runs.map((r) => this.run(r)).join('')}</w:p>`;
  }

  figure(f: FigureBlock, maxWidth: number, prefix: string, sectPr: string): string {
    const scale = Math.min(1, maxWidth / Math.max(1, f.width));
    const cx = Math.round(f.width * scale * EMU_PER_PT);
    const cy = Math.round(f.height * scale * EMU_PER_PT);
    const id = f.media + 1;
    const jc = { left: 'left', center: 'center', right: 'right' }[f.align];
    return (
      `<w:p><w:pPr><w:spacing w:before="${tw(f.spaceBefore)}" w:after="0" w:line="240" w:lineRule="auto"/><w:jc w:val="${jc}"/>${sectPr}</w:pPr>${prefix}` +
      `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
      `<wp:docPr id="${id}" name="Figure ${id}"${f.alt ? ` descr="${xmlText(f.alt)}"` : ''}/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>` +
      `<pic:nvPicPr><pic:cNvPr id="${id}" name="figure${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="rIdImage${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
      `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`
    );
  }

  table(t: TableBlock): string {
    const columns = t.columnWidths.length;
    const owner: Array<Array<{ row: number; cell: TableBlock['rows'][number][number] } | undefined>> = t.rowHeights.map(
      () => new Array(columns).fill(undefined),
    );
    t.rows.forEach((cells, r) => {
      for (const cell of cells)
        for (let rr = r; rr < r + cell.rowSpan && rr < t.rowHeights.length; rr++)
          for (let c = cell.column; c < cell.column + cell.colSpan && c < columns; c++) owner[rr][c] = { row: r, cell };
    });
    const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
    const rows = t.rowHeights.map((h, r) => {
      let cells = '';
      for (let c = 0; c < columns; ) {
        const o = owner[r][c];
        const span = o?.cell.colSpan ?? 1;
        const width = t.columnWidths.slice(c, c + span).reduce((a, b) => a + b, 0);
        const merge = o && o.cell.rowSpan > 1 ? (o.row === r ? '<w:vMerge w:val="restart"/>' : '<w:vMerge/>') : '';
        const props = `<w:tcPr><w:tcW w:w="${tw(width)}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}${merge}</w:tcPr>`;
        const paragraphs = o && o.row === r ? o.cell.paragraphs : [];
        const empty = t.borderless
          ? `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="${tw(h * LINE_FIT)}" w:lineRule="exact"/></w:pPr></w:p>`
          : '<w:p><w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr></w:p>';
        const body = paragraphs.length
          ? paragraphs.map((p) => this.paragraph(p, '', '', t.borderless ? 'exact' : true)).join('')
          : empty;
        cells += `<w:tc>${props}${body}</w:tc>`;
        c += span;
      }
      return `<w:tr><w:trPr><w:trHeight w:val="${tw(h)}" w:hRule="atLeast"/></w:trPr>${cells}</w:tr>`;
    });
    const total = t.columnWidths.reduce((a, b) => a + b, 0);
    return (
      `<w:tbl><w:tblPr><w:tblW w:w="${tw(total)}" w:type="dxa"/><w:tblInd w:w="${tw(t.indentLeft)}" w:type="dxa"/>` +
      (t.borderless
        ? ''
        : `<w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders>`) +
      `<w:tblLayout w:type="fixed"/><w:tblCellMar><w:left w:w="57" w:type="dxa"/><w:right w:w="57" w:type="dxa"/></w:tblCellMar></w:tblPr>` +
      `<w:tblGrid>${t.columnWidths.map((w) => `<w:gridCol w:w="${tw(w)}"/>`).join('')}</w:tblGrid>${rows.join('')}</w:tbl>`
    );
  }

  block(block: Block, maxWidth: number, prefix: string, sectPr: string): string {
    if (block.kind === 'paragraph') return this.paragraph(block, prefix, sectPr);
    if (block.kind === 'figure') return this.figure(block, maxWidth, prefix, sectPr);
    // A table cannot carry a column break or a section's end: a one-point empty paragraph does.
    const marker = (content: string) =>
      `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/>${content}</w:pPr></w:p>`;
    const lead = prefix
      ? `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/></w:pPr>${prefix}</w:p>`
      : '';
    const space =
      block.spaceBefore > 1
        ? `<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="${tw(block.spaceBefore)}" w:lineRule="exact"/></w:pPr></w:p>`
        : '';
    return lead + space + this.table(block) + (sectPr ? marker(sectPr) : '');
  }

  sectPr(page: PageLayout, band: Band, first: boolean): string {
    const m = this.doc.margins;
    const cols =
      band.columns.length === 1
        ? '<w:cols w:space="720"/>'
        : `<w:cols w:num="${band.columns.length}" w:space="${tw(band.columns[0].gap)}" w:equalWidth="0">${band.columns.map((c) => `<w:col w:w="${tw(c.width)}" w:space="${tw(c.gap)}"/>`).join('')}</w:cols>`;
    const refs =
      (this.doc.header ? '<w:headerReference w:type="default" r:id="rIdHeader"/>' : '') +
      (this.doc.footer ? '<w:footerReference w:type="default" r:id="rIdFooter"/>' : '');
    return (
      `<w:sectPr>${refs}<w:type w:val="${first ? 'nextPage' : 'continuous'}"/>` +
      `<w:pgSz w:w="${tw(page.width)}" w:h="${tw(page.height)}"${page.width > page.height ? ' w:orient="landscape"' : ''}/>` +
      `<w:pgMar w:top="${tw(m.top)}" w:right="${tw(m.right)}" w:bottom="${tw(m.bottom)}" w:left="${tw(m.left)}" w:header="${tw(m.top / 2)}" w:footer="${tw(m.bottom / 2)}" w:gutter="0"/>` +
      `${cols}</w:sectPr>`
    );
  }

  /** word/document.xml. */
  document(): string {
    const parts: string[] = [];
    const pages = this.doc.pages;
    let finalSect = '';
    pages.forEach((page, p) => {
      const bands = page.bands.length
        ? page.bands
        : [
            {
              columns: [{ width: page.width - this.doc.margins.left - this.doc.margins.right, gap: 0 }],
              content: [[]],
            },
          ];
      bands.forEach((band, b) => {
        const sect = this.sectPr(page, band, b === 0);
        const lastBand = p === pages.length - 1 && b === bands.length - 1;
        const xml: string[] = [];
        let pending = 0;
        const blocks = band.content.flatMap((column, c) => column.map((block, i) => ({ block, c, i })));
        band.content.forEach((column, c) => {
          if (c > 0) pending++;
          column.forEach((block, i) => {
            const prefix = i === 0 && pending > 0 ? '<w:r><w:br w:type="column"/></w:r>'.repeat(pending) : '';
            if (i === 0) pending = 0;
            const isLast = blocks[blocks.length - 1]?.block === block;
            xml.push(this.block(block, band.columns[c].width, prefix, isLast && !lastBand ? sect : ''));
          });
        });
        // An empty band still ends its section; the body must end with a paragraph, not a table.
        if (blocks.length === 0)
          xml.push(`<w:p><w:pPr><w:spacing w:before="0" w:after="0"/>${lastBand ? '' : sect}</w:pPr></w:p>`);
        else if (lastBand && blocks[blocks.length - 1].block.kind === 'table')
          xml.push('<w:p><w:pPr><w:spacing w:before="0" w:after="0"/></w:pPr></w:p>');
        if (lastBand) finalSect = sect;
        parts.push(xml.join(''));
      });
    });
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${NS}><w:body>${parts.join('\n')}${finalSect}</w:body></w:document>`;
  }

  running(kind: 'hdr' | 'ftr', text: RunningText): string {
    const runs = text.parts
      .map((part) =>
        'pageNumber' in part
          ? `<w:fldSimple w:instr=" PAGE "><w:r>${this.runProps(text.style)}<w:t>1</w:t></w:r></w:fldSimple>`
          : `<w:r>${this.runProps(text.style)}<w:t xml:space="preserve">${xmlText(part.text)}</w:t></w:r>`,
      )
      .join('');
    const jc = { left: 'left', center: 'center', right: 'right' }[text.align];
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:${kind} ${NS}><w:p><w:pPr><w:spacing w:before="0" w:after="0"/><w:jc w:val="${jc}"/></w:pPr>${runs}</w:p></w:${kind}>`;
  }
}

function stylesXml(bodySize: number): string {
  const heading = (level: number) =>
    `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:outlineLvl w:val="${level - 1}"/></w:pPr></w:style>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
    `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman" w:eastAsia="Times New Roman"/><w:sz w:val="${Math.round(bodySize * 2)}"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault>` +
    // No widow/orphan control: the source already chose where its columns break.
    `<w:pPrDefault><w:pPr><w:widowControl w:val="0"/><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>` +
    `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>` +
    [1, 2, 3, 4, 5, 6].map(heading).join('') +
    `<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/></w:style>` +
    `</w:styles>`
  );
}

function relationships(entries: Array<{ id: string; type: string; target: string; external?: boolean }>): string {
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    entries
      .map(
        (e) =>
          `<Relationship Id="${e.id}" Type="${e.type}" Target="${xmlText(e.target)}"${e.external ? ' TargetMode="External"' : ''}/>`,
      )
      .join('') +
    `</Relationships>`
  );
}

/** Writes `doc` as a DOCX at `output`. */
/**
 * One bullet list definition per glyph, one decimal definition per numbered list (starting at its
 * first item's number); each paragraph's own indents place label and text as in the source.
 */
function numberingXml(bullets: string[], numbered: Writer['numbered']): string {
  const level = (format: string, text: string, start: number) =>
    `<w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/>` +
    `<w:lvlText w:val="${xmlText(text)}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="360" w:hanging="360"/></w:pPr></w:lvl>`;
  const abstract =
    bullets
      .map((glyph, i) => `<w:abstractNum w:abstractNumId="${i}">${level('bullet', glyph, 1)}</w:abstractNum>`)
      .join('') +
    numbered
      .map(
        (list, i) =>
          `<w:abstractNum w:abstractNumId="${NUMBERED_BASE + i}">${level('decimal', list.format, list.start)}</w:abstractNum>`,
      )
      .join('');
  const nums =
    bullets.map((_, i) => `<w:num w:numId="${i + 1}"><w:abstractNumId w:val="${i}"/></w:num>`).join('') +
    numbered
      .map((_, i) => `<w:num w:numId="${NUMBERED_BASE + i}"><w:abstractNumId w:val="${NUMBERED_BASE + i}"/></w:num>`)
      .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${abstract}${nums}</w:numbering>`;
}

export async function writeDocx(doc: LayoutDocument, output: string, bodySize = 10): Promise<void> {
  const writer = new Writer(doc);
  const documentXml = writer.document();
  const wml = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  const parts: Part[] = [
    {
      name: '[Content_Types].xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/>` +
        `<Override PartName="/word/document.xml" ContentType="${wml}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${wml}.styles+xml"/><Override PartName="/word/settings.xml" ContentType="${wml}.settings+xml"/>` +
        (writer.bullets.length + writer.numbered.length
          ? `<Override PartName="/word/numbering.xml" ContentType="${wml}.numbering+xml"/>`
          : '') +
        (doc.header ? `<Override PartName="/word/header1.xml" ContentType="${wml}.header+xml"/>` : '') +
        (doc.footer ? `<Override PartName="/word/footer1.xml" ContentType="${wml}.footer+xml"/>` : '') +
        `</Types>`,
    },
    {
      name: '_rels/.rels',
      data: relationships([{ id: 'rId1', type: `${REL}/officeDocument`, target: 'word/document.xml' }]),
    },
    { name: 'word/document.xml', data: documentXml },
    { name: 'word/styles.xml', data: stylesXml(bodySize) },
    // Hyphenation on: the source was hyphenated (the analysis joined the halves), and without it
    // a justified column needs more lines than the PDF had.
    {
      name: 'word/settings.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:autoHyphenation/><w:consecutiveHyphenLimit w:val="0"/><w:hyphenationZone w:val="200"/></w:settings>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: relationships([
        { id: 'rIdStyles', type: `${REL}/styles`, target: 'styles.xml' },
        { id: 'rIdSettings', type: `${REL}/settings`, target: 'settings.xml' },
        ...(writer.bullets.length + writer.numbered.length
          ? [{ id: 'rIdNumbering', type: `${REL}/numbering`, target: 'numbering.xml' }]
          : []),
        ...(doc.header ? [{ id: 'rIdHeader', type: `${REL}/header`, target: 'header1.xml' }] : []),
        ...(doc.footer ? [{ id: 'rIdFooter', type: `${REL}/footer`, target: 'footer1.xml' }] : []),
        ...doc.media.map((m, i) => ({
          id: `rIdImage${i + 1}`,
          type: `${REL}/image`,
          target: `media/figure${i + 1}.${m.ext}`,
        })),
        ...writer.links.map((uri, i) => ({
          id: `rIdLink${i + 1}`,
          type: `${REL}/hyperlink`,
          target: uri,
          external: true,
        })),
      ]),
    },
    ...(writer.bullets.length + writer.numbered.length
      ? [{ name: 'word/numbering.xml', data: numberingXml(writer.bullets, writer.numbered) }]
      : []),
    ...(doc.header ? [{ name: 'word/header1.xml', data: writer.running('hdr', doc.header) }] : []),
    ...(doc.footer ? [{ name: 'word/footer1.xml', data: writer.running('ftr', doc.footer) }] : []),
    ...doc.media.map((m, i): Part => ({ name: `word/media/figure${i + 1}.${m.ext}`, file: m.path, compress: false })),
  ];
  await writeZip(parts, output);
}
