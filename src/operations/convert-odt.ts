// PDF → ODT: the flowing document (convert-flow.ts) written as an
// OpenDocument text package: "mimetype" first and stored (ODF 1.3 packaging),
// paragraphs and headings, automatic text styles for bold/italic/monospace/
// super- and subscript, images as-char frames, the page sized like the PDF's
// first page. (Saving the DOCX as ODT through warm LibreOffice took 2.7–5.5 s
// for tracemonkey; this takes milliseconds.)
import { escapeXml, parseFlowXhtml, writePackage, type FlowDocument, type Inline, type PageGeometry, type RunStyle } from './convert-flow.js';

const NS = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
].join(' ');

function styleKey(s: RunStyle): string {
  return `${s.bold ? 'b' : ''}${s.italic ? 'i' : ''}${s.mono ? 'm' : ''}${s.vertical === 'superscript' ? 'p' : s.vertical === 'subscript' ? 'd' : ''}`;
}

function textStyleXml(name: string, s: RunStyle): string {
  const props = [
    s.bold ? 'fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"' : '',
    s.italic ? 'fo:font-style="italic" style:font-style-asian="italic" style:font-style-complex="italic"' : '',
    s.mono ? 'style:font-name="Liberation Mono"' : '',
    s.vertical === 'superscript' ? 'style:text-position="super 58%"' : s.vertical === 'subscript' ? 'style:text-position="sub 58%"' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<style:style style:name="${name}" style:family="text"><style:text-properties ${props}/></style:style>`;
}

/** ODF collapses runs of spaces: the second and later ones become <text:s/>. */
function odfText(text: string): string {
  return escapeXml(text).replace(/ {2,}/g, (spaces) => ` <text:s text:c="${spaces.length - 1}"/>`);
}

/** content.xml for `doc` (exported for unit tests). */
export function contentXml(doc: FlowDocument, page: PageGeometry): string {
  const styles = new Map<string, string>();
  const textWidth = Math.max(72, page.width - 144);
  const inlineXml = (inline: Inline): string => {
    if (inline.type === 'break') return '<text:line-break/>';
    if (inline.type === 'image') {
      const scale = Math.min(1, textWidth / inline.widthPt);
      const w = (inline.widthPt * scale).toFixed(2);
      const h = (inline.heightPt * scale).toFixed(2);
      return (
        `<draw:frame draw:style-name="fr1" draw:name="Image${inline.media}" text:anchor-type="as-char" svg:width="${w}pt" svg:height="${h}pt" draw:z-index="0">` +
        `<draw:image xlink:href="Pictures/image${inline.media}.${doc.media[inline.media - 1].ext}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>`
      );
    }
    const key = styleKey(inline.style);
    if (!key) return odfText(inline.text);
    if (!styles.has(key)) styles.set(key, `T${styles.size + 1}`);
    return `<text:span text:style-name="${styles.get(key)}">${odfText(inline.text)}</text:span>`;
  };
  const body = doc.paragraphs
    .map((p) => {
      const inner = p.inlines.map(inlineXml).join('');
      return p.heading ? `<text:h text:outline-level="${p.heading}">${inner}</text:h>` : `<text:p>${inner}</text:p>`;
    })
    .join('\n');
  const automatic = [...styles.entries()].map(([key, name]) =>
    textStyleXml(name, { bold: key.includes('b'), italic: key.includes('i'), mono: key.includes('m'), vertical: key.includes('p') ? 'superscript' : key.includes('d') ? 'subscript' : undefined }),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content ${NS} office:version="1.3">` +
    `<office:font-face-decls><style:font-face style:name="Liberation Serif" svg:font-family="'Liberation Serif'" style:font-family-generic="roman"/>` +
    `<style:font-face style:name="Liberation Mono" svg:font-family="'Liberation Mono'" style:font-family-generic="modern" style:font-pitch="fixed"/></office:font-face-decls>` +
    `<office:automatic-styles>${automatic.join('')}<style:style style:name="fr1" style:family="graphic"><style:graphic-properties style:vertical-pos="top" style:vertical-rel="baseline"/></style:style></office:automatic-styles>` +
    `<office:body><office:text>\n${body}\n</office:text></office:body></office:document-content>`
  );
}

function stylesXml(page: PageGeometry): string {
  const orientation = page.width > page.height ? 'landscape' : 'portrait';
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles ${NS} office:version="1.3">` +
    `<office:font-face-decls><style:font-face style:name="Liberation Serif" svg:font-family="'Liberation Serif'" style:font-family-generic="roman"/></office:font-face-decls>` +
    `<office:styles><style:default-style style:family="paragraph"><style:paragraph-properties fo:margin-bottom="6pt"/><style:text-properties style:font-name="Liberation Serif" fo:font-size="11pt"/></style:default-style>` +
    `<style:style style:name="Heading" style:family="paragraph"><style:text-properties fo:font-size="14pt" fo:font-weight="bold"/></style:style></office:styles>` +
    `<office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="${page.width}pt" fo:page-height="${page.height}pt" style:print-orientation="${orientation}" fo:margin-top="72pt" fo:margin-bottom="72pt" fo:margin-left="72pt" fo:margin-right="72pt"/></style:page-layout></office:automatic-styles>` +
    `<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles></office:document-styles>`
  );
}

function manifestXml(doc: FlowDocument): string {
  const entry = (path: string, type: string) => `<manifest:file-entry manifest:full-path="${path}" manifest:media-type="${type}"/>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">` +
    `<manifest:file-entry manifest:full-path="/" manifest:version="1.3" manifest:media-type="application/vnd.oasis.opendocument.text"/>` +
    entry('content.xml', 'text/xml') +
    entry('styles.xml', 'text/xml') +
    doc.media.map((m, i) => entry(`Pictures/image${i + 1}.${m.ext}`, `image/${m.ext}`)).join('') +
    `</manifest:manifest>`
  );
}

/** Writes `xhtml` (mutool's) as an ODT at `output`; returns the number of paragraphs and images. */
export async function writeOdtFromXhtml(xhtml: string, page: PageGeometry, output: string): Promise<{ paragraphs: number; images: number }> {
  const doc = parseFlowXhtml(xhtml);
  await writePackage(
    [
      // ODF packaging: "mimetype" first, uncompressed, so the type can be read at a fixed offset.
      ['mimetype', 'application/vnd.oasis.opendocument.text', false],
      ['content.xml', contentXml(doc, page)],
      ['styles.xml', stylesXml(page)],
      ['META-INF/manifest.xml', manifestXml(doc)],
      ...doc.media.map((m, i): [string, Buffer, boolean] => [`Pictures/image${i + 1}.${m.ext}`, m.data, false]),
    ],
    output,
  );
  return { paragraphs: doc.paragraphs.length, images: doc.media.length };
}
