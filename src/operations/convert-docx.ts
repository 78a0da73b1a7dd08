// PDF → DOCX: the flowing document (convert-flow.ts) written as a small,
// valid WordprocessingML package: paragraphs and headings, bold/italic/
// monospace/super- and subscript runs, PNG/JPEG images inline, the section
// sized like the PDF's first page.
import { escapeXml, parseFlowXhtml, writePackage, type FlowDocument, type Inline, type PackagePart, type PageGeometry } from './convert-flow.js';

const EMU_PER_PT = 12700;
const NS_W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_WP = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing';
const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';

function runXml(inline: Inline, maxWidthPt: number): string {
  if (inline.type === 'break') return '<w:r><w:br/></w:r>';
  if (inline.type === 'image') {
    const scale = Math.min(1, maxWidthPt / inline.widthPt);
    const cx = Math.round(inline.widthPt * scale * EMU_PER_PT);
    const cy = Math.round(inline.heightPt * scale * EMU_PER_PT);
    const id = inline.media;
    return (
      `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/>` +
      `<wp:docPr id="${id}" name="Picture ${id}"/><a:graphic><a:graphicData uri="${NS_PIC}"><pic:pic>` +
      `<pic:nvPicPr><pic:cNvPr id="${id}" name="image${id}"/><pic:cNvPicPr/></pic:nvPicPr>` +
      `<pic:blipFill><a:blip r:embed="rIdImage${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
      `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
    );
  }
  const s = inline.style;
  const props =
    (s.mono ? '<w:rFonts w:ascii="Liberation Mono" w:hAnsi="Liberation Mono" w:cs="Liberation Mono"/>' : '') +
    (s.bold ? '<w:b/>' : '') +
    (s.italic ? '<w:i/>' : '') +
    (s.vertical ? `<w:vertAlign w:val="${s.vertical}"/>` : '');
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(inline.text)}</w:t></w:r>`;
}

/** word/document.xml for `doc` (exported for unit tests). */
export function documentXml(doc: FlowDocument, page: PageGeometry): string {
  const margin = 72; // 1 inch
  const textWidth = Math.max(72, page.width - 2 * margin);
  const body = doc.paragraphs
    .map((p) => `<w:p>${p.heading ? `<w:pPr><w:pStyle w:val="Heading${p.heading}"/></w:pPr>` : ''}${p.inlines.map((i) => runXml(i, textWidth)).join('')}</w:p>`)
    .join('\n');
  const twips = (pt: number) => Math.round(pt * 20);
  const orient = page.width > page.height ? ' w:orient="landscape"' : '';
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<w:document xmlns:w="${NS_W}" xmlns:r="${NS_R}" xmlns:wp="${NS_WP}" xmlns:a="${NS_A}" xmlns:pic="${NS_PIC}"><w:body>\n${body}\n` +
    `<w:sectPr><w:pgSz w:w="${twips(page.width)}" w:h="${twips(page.height)}"${orient}/>` +
    `<w:pgMar w:top="${twips(margin)}" w:right="${twips(margin)}" w:bottom="${twips(margin)}" w:left="${twips(margin)}" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>` +
    `</w:body></w:document>`
  );
}

function stylesXml(): string {
  const heading = (level: number, halfPoints: number) =>
    `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>` +
    `<w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr><w:b/><w:sz w:val="${halfPoints}"/></w:rPr></w:style>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${NS_W}">` +
    `<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif" w:cs="Liberation Serif" w:eastAsia="Liberation Serif"/><w:sz w:val="22"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault>` +
    `<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="259" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>` +
    `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>` +
    [heading(1, 36), heading(2, 32), heading(3, 28), heading(4, 24), heading(5, 22), heading(6, 22)].join('') +
    `</w:styles>`
  );
}

function contentTypesXml(): string {
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/>` +
    `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
    `<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
    `</Types>`
  );
}

function relationshipsXml(entries: Array<{ id: string; type: string; target: string }>): string {
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    entries.map((e) => `<Relationship Id="${e.id}" Type="${e.type}" Target="${e.target}"/>`).join('') +
    `</Relationships>`
  );
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Writes `xhtml` (mutool's) as a DOCX at `output`; returns the number of paragraphs and images. */
export async function writeDocxFromXhtml(xhtml: string, page: PageGeometry, output: string): Promise<{ paragraphs: number; images: number }> {
  const doc = parseFlowXhtml(xhtml);
  await writePackage(
    [
      ['[Content_Types].xml', contentTypesXml()],
      ['_rels/.rels', relationshipsXml([{ id: 'rId1', type: `${REL}/officeDocument`, target: 'word/document.xml' }])],
      ['word/document.xml', documentXml(doc, page)],
      ['word/styles.xml', stylesXml()],
      [
        'word/_rels/document.xml.rels',
        relationshipsXml([
          { id: 'rIdStyles', type: `${REL}/styles`, target: 'styles.xml' },
          ...doc.media.map((m, i) => ({ id: `rIdImage${i + 1}`, type: `${REL}/image`, target: `media/image${i + 1}.${m.ext}` })),
        ]),
      ],
      ...doc.media.map((m, i): PackagePart => [`word/media/image${i + 1}.${m.ext}`, m.data, false]),
    ],
    output,
  );
  return { paragraphs: doc.paragraphs.length, images: doc.media.length };
}
