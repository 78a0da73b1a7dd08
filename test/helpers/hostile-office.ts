// Office documents that reference a file on the server (scripted, no binary
// blobs): each format's ways of pulling an outside file into the document —
// RTF INCLUDEPICTURE/INCLUDETEXT fields, DOCX external image relationships and
// INCLUDEPICTURE/INCLUDETEXT fields, ODF linked images, linked sections,
// linked sheet data and linked OLE objects. The referenced file is named by
// the test: one that exists (carrying a marker) and one that does not, so a
// test can prove the answer is the same for both.
import { strToU8, zipSync, type Zippable } from 'fflate';
import { solidPng } from './hostile-images.js';

/** Width × height of the marker image: sizes no document here has otherwise, so `pdfimages -list` shows if it was embedded. */
export const MARKER_IMAGE_SIZE = { width: 37, height: 23 } as const;
/** The word written into the marker text file. */
export const MARKER_WORD = 'ZQXJMARKERWORD';

/** A small RGB PNG of MARKER_IMAGE_SIZE. */
export function markerPng(): Buffer {
  return solidPng(MARKER_IMAGE_SIZE.width, MARKER_IMAGE_SIZE.height, 0xc8);
}

/** The marker text file's content. */
export function markerText(): string {
  return `${MARKER_WORD} secret content of another account\n`;
}

const fileUrl = (target: string) => (target.startsWith('/') ? `file://${target}` : target);

// ---------------------------------------------------------------- RTF

function rtf(body: string): Buffer {
  return Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\n\\pard Visible text before the field.\\par\n${body}\\par\n\\pard Visible text after the field.\\par\n}\n`,
    'latin1',
  );
}

/** RTF INCLUDEPICTURE with a plain path (LibreOffice's RTF tokenizer reads it itself: writerfilter rtfdocumentimpl.cxx). */
export function rtfIncludePicture(target: string): Buffer {
  return rtf(`{\\field{\\*\\fldinst INCLUDEPICTURE "${target}" \\\\* MERGEFORMAT}{\\fldrslt cached result}}`);
}

/** The same field naming the file as a file:// URL, after a control word (the tokenizer skips those). */
export function rtfIncludePictureUrl(target: string): Buffer {
  return rtf(
    `{\\field{\\*\\fldinst \\ltrch INCLUDEPICTURE "${fileUrl(target)}" \\\\* MERGEFORMAT}{\\fldrslt cached result}}`,
  );
}

/** RTF INCLUDETEXT. */
export function rtfIncludeText(target: string): Buffer {
  return rtf(`{\\field{\\*\\fldinst INCLUDETEXT "${target}"}{\\fldrslt cached text}}`);
}

// ---------------------------------------------------------------- DOCX

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"';

function docx(body: string, relationships = ''): Buffer {
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships}</Relationships>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NS}><w:body>` +
        '<w:p><w:r><w:t>Visible text before the link.</w:t></w:r></w:p>' +
        body +
        '<w:p><w:r><w:t>Visible text after the link.</w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>',
    ),
  };
  return Buffer.from(zipSync(files));
}

const externalImage = (target: string) =>
  `<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${fileUrl(target)}" TargetMode="External"/>`;

/** DOCX picture whose blip is `r:link` to an external file (relationship TargetMode="External"). */
export function docxLinkedImage(target: string): Buffer {
  const picture =
    '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    '<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdX"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>' +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
  return docx(picture, externalImage(target));
}

/** DOCX VML picture (`v:imagedata r:id` → external relationship), the form older Word versions write. */
export function docxVmlLinkedImage(target: string): Buffer {
  const picture =
    '<w:p><w:r><w:pict><v:shape id="s1" style="width:75pt;height:75pt" type="#_x0000_t75"><v:imagedata r:id="rIdX" o:title="linked"/></v:shape></w:pict></w:r></w:p>';
  return docx(picture, externalImage(target));
}

/** A complex field (`w:fldChar` begin/separate/end) with instruction `instruction` and a cached result. */
function complexField(instruction: string): string {
  const escaped = instruction.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return (
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> ${escaped} </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>cached result</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
  );
}

/** DOCX INCLUDEPICTURE field. */
export function docxIncludePicture(target: string): Buffer {
  return docx(complexField(`INCLUDEPICTURE "${target}" \\d`));
}

/** DOCX INCLUDETEXT field. */
export function docxIncludeText(target: string): Buffer {
  return docx(complexField(`INCLUDETEXT "${target}"`));
}

// ---------------------------------------------------------------- ODF

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.2"';

const ODF_TYPES = {
  odt: { mime: 'application/vnd.oasis.opendocument.text', body: 'text' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', body: 'spreadsheet' },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', body: 'presentation' },
} as const;

function odf(kind: keyof typeof ODF_TYPES, content: string): Buffer {
  const { mime, body } = ODF_TYPES[kind];
  const files: Zippable = {
    // The mimetype entry first and stored, as ODF requires.
    mimetype: [strToU8(mime), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
        `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}><office:body><office:${body}>${content}</office:${body}></office:body></office:document-content>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

const linkedImageFrame = (target: string, anchor = ' text:anchor-type="as-char"') =>
  `<draw:frame draw:name="linked"${anchor} svg:x="1cm" svg:y="1cm" svg:width="3cm" svg:height="2cm"><draw:image xlink:href="${fileUrl(target)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>`;

/** ODT with a linked (not embedded) image. */
export function odtLinkedImage(target: string): Buffer {
  return odf(
    'odt',
    `<text:p>Visible text before the link.</text:p><text:p>${linkedImageFrame(target)}</text:p><text:p>Visible text after the link.</text:p>`,
  );
}

/** ODT with a section whose content is linked from another file. */
export function odtLinkedSection(target: string): Buffer {
  return odf(
    'odt',
    '<text:p>Visible text before the link.</text:p>' +
      `<text:section text:name="linked"><text:section-source xlink:href="${fileUrl(target)}" xlink:type="simple" text:filter-name="Text (encoded)"/><text:p>cached section</text:p></text:section>` +
      '<text:p>Visible text after the link.</text:p>',
  );
}

/** ODT with a linked OLE object (`draw:object` naming an outside file). */
export function odtLinkedObject(target: string): Buffer {
  return odf(
    'odt',
    '<text:p>Visible text before the link.</text:p>' +
      `<text:p><draw:frame draw:name="ole" text:anchor-type="as-char" svg:width="3cm" svg:height="2cm"><draw:object xlink:href="${fileUrl(target)}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>` +
      '<text:p>Visible text after the link.</text:p>',
  );
}

/** ODS whose sheet shows a linked image and pulls cell data from an outside file (`table:table-source`). */
export function odsLinked(target: string, image: string): Buffer {
  return odf(
    'ods',
    `<table:table table:name="Sheet1"><table:table-source xlink:href="${fileUrl(target)}" xlink:type="simple" table:filter-name="Text - txt - csv (StarCalc)" table:mode="copy-all"/>` +
      `<table:shapes>${linkedImageFrame(image, '')}</table:shapes>` +
      '<table:table-row><table:table-cell office:value-type="string"><text:p>Visible cell</text:p></table:table-cell></table:table-row></table:table>',
  );
}

/** ODP with a linked image on its slide. */
export function odpLinkedImage(target: string): Buffer {
  return odf(
    'odp',
    `<draw:page draw:name="one"><draw:frame draw:name="title" svg:x="1cm" svg:y="5cm" svg:width="10cm" svg:height="2cm"><draw:text-box><text:p>Visible slide text</text:p></draw:text-box></draw:frame>${linkedImageFrame(target, '')}</draw:page>`,
  );
}
