// PresentationML (PPTX) for PDF pages: one slide per page, its text as text
// boxes at the positions the PDF shows it (no wrapping, no insets, so a line
// stays one line where it was), pictures and drawings as images in place.
// Shapes are written in the page's reading order, which is the order a screen
// reader and the Tab key visit them. PPTX has one slide size per file: the
// first page's; a page of another size is scaled to fit it, centred.
import type { Box, Media, RunStyle } from '../layout/model.js';
import { writeZip, xmlText, type Part } from './package.js';

/** A shape on a slide: text pieces (one line each) or a picture (index into the media list). */
export type SlideShape =
  /** `hidden`: the text is there (searchable, editable) but 99 % transparent, as what lies under it already shows it. */
  | { kind: 'text'; box: Box; runs: Array<{ text: string; style: RunStyle }>; hidden?: boolean }
  | { kind: 'picture'; box: Box; media: number; alt: string };

/** One slide: the page's size in points and its shapes in reading order. */
export interface Slide {
  width: number;
  height: number;
  shapes: SlideShape[];
  /** The page's text layer is invisible in the PDF (an OCR layer over a scan): kept, searchable and editable, but (all but) not painted twice. */
  hiddenText?: boolean;
}

/** Page points → slide points: a uniform scale and an offset. */
interface Fit {
  scale: number;
  dx: number;
  dy: number;
}

const EMU = 12700;
const emu = (pt: number) => Math.round(pt * EMU);
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const EMPTY_TREE = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';

function xfrm(box: Box, fit: Fit): string {
  const x = fit.dx + box[0] * fit.scale;
  const y = fit.dy + box[1] * fit.scale;
  return `<a:xfrm><a:off x="${emu(x)}" y="${emu(y)}"/><a:ext cx="${Math.max(1, emu((box[2] - box[0]) * fit.scale))}" cy="${Math.max(1, emu((box[3] - box[1]) * fit.scale))}"/></a:xfrm>`;
}

function runXml(text: string, s: RunStyle, fit: Fit, hidden: boolean): string {
  // Hidden text is 1 % opaque, not 0 %: LibreOffice leaves fully transparent text out of a print, and it must stay findable there.
  const color = `<a:srgbClr val="${s.color ?? '000000'}">${hidden ? '<a:alpha val="1000"/>' : ''}</a:srgbClr>`;
  const baseline =
    s.vertical === 'superscript' ? ' baseline="30000"' : s.vertical === 'subscript' ? ' baseline="-25000"' : '';
  return (
    `<a:r><a:rPr lang="en-US" sz="${Math.max(100, Math.round(s.size * fit.scale * 100))}" b="${s.bold ? 1 : 0}" i="${s.italic ? 1 : 0}"${baseline} dirty="0">` +
    `<a:solidFill>${color}</a:solidFill><a:latin typeface="${xmlText(s.font)}"/><a:cs typeface="${xmlText(s.font)}"/></a:rPr>` +
    `<a:t>${xmlText(text)}</a:t></a:r>`
  );
}

function shapeXml(shape: SlideShape, id: number, rid: string | undefined, fit: Fit, hidden: boolean): string {
  if (shape.kind === 'picture') {
    return (
      `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}" descr="${xmlText(shape.alt)}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>` +
      `<p:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
      `<p:spPr>${xfrm(shape.box, fit)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`
    );
  }
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${xfrm(shape.box, fit)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>` +
    `<p:txBody><a:bodyPr wrap="none" lIns="0" tIns="0" rIns="0" bIns="0" anchor="t"><a:noAutofit/></a:bodyPr><a:lstStyle/>` +
    `<a:p><a:pPr><a:lnSpc><a:spcPct val="100000"/></a:lnSpc></a:pPr>${shape.runs.map((r) => runXml(r.text, r.style, fit, hidden || (shape.hidden ?? false))).join('')}</a:p></p:txBody></p:sp>`
  );
}

function slideXml(slide: Slide, rids: Map<number, string>, size: { width: number; height: number }): string {
  const scale = Math.min(size.width / slide.width, size.height / slide.height);
  const fit: Fit = { scale, dx: (size.width - slide.width * scale) / 2, dy: (size.height - slide.height * scale) / 2 };
  const hidden = slide.hiddenText ?? false;
  const shapes = slide.shapes
    .map((shape, i) =>
      shapeXml(shape, i + 2, shape.kind === 'picture' ? rids.get(shape.media) : undefined, fit, hidden),
    )
    .join('');
  return `${XML_HEAD}<p:sld ${NS}><p:cSld><p:spTree>${EMPTY_TREE}${shapes}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
}

const THEME =
  `${XML_HEAD}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Pages"><a:themeElements>` +
  `<a:clrScheme name="Pages"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F1F1F"/></a:dk2><a:lt2><a:srgbClr val="EEEEEE"/></a:lt2>` +
  ['4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47']
    .map((c, i) => `<a:accent${i + 1}><a:srgbClr val="${c}"/></a:accent${i + 1}>`)
    .join('') +
  `<a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme>` +
  `<a:fontScheme name="Pages"><a:majorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Times New Roman"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>` +
  `<a:fmtScheme name="Pages"><a:fillStyleLst>${'<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'.repeat(3)}</a:fillStyleLst>` +
  `<a:lnStyleLst>${'<a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>'.repeat(3)}</a:lnStyleLst>` +
  `<a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst>` +
  `<a:bgFillStyleLst>${'<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'.repeat(3)}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;

const MASTER =
  `${XML_HEAD}<p:sldMaster ${NS}><p:cSld><p:bg><p:bgPr><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill><a:effectLst/></p:bgPr></p:bg><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld>` +
  `<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>` +
  `<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`;

const LAYOUT = `${XML_HEAD}<p:sldLayout ${NS} type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`;

const rels = (items: Array<[string, string, string]>) =>
  `${XML_HEAD}<Relationships xmlns="${PKG_REL}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`).join('')}</Relationships>`;

/** Writes `slides` (at least one) with their pictures (`media`, files on disk) as a PPTX at `output`. */
export async function writePptx(slides: Slide[], media: Media[], output: string): Promise<void> {
  // The slide size must lie within 1 inch and 56 inches (PresentationML's limits).
  const clamp = (pt: number) => Math.min(4032, Math.max(72, pt));
  const slideSize = { width: clamp(slides[0].width), height: clamp(slides[0].height) };
  const parts: Part[] = [];
  const slideParts: Part[] = [];
  slides.forEach((slide, i) => {
    const rids = new Map<number, string>();
    const slideRels: Array<[string, string, string]> = [['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']];
    for (const shape of slide.shapes) {
      if (shape.kind !== 'picture' || rids.has(shape.media)) continue;
      const rid = `rId${slideRels.length + 1}`;
      rids.set(shape.media, rid);
      slideRels.push([rid, 'image', `../media/image${shape.media + 1}.${media[shape.media].ext}`]);
    }
    slideParts.push(
      { name: `ppt/slides/slide${i + 1}.xml`, data: slideXml(slide, rids, slideSize) },
      { name: `ppt/slides/_rels/slide${i + 1}.xml.rels`, data: rels(slideRels) },
    );
  });
  parts.push(
    {
      name: '[Content_Types].xml',
      data:
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/>` +
        `<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>` +
        `<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>` +
        `<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>` +
        `<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>` +
        slides
          .map(
            (_, i) =>
              `<Override PartName="/ppt/slides/slide${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
          )
          .join('') +
        `</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    },
    {
      name: 'ppt/presentation.xml',
      data:
        `${XML_HEAD}<p:presentation ${NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>` +
        `<p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 3}"/>`).join('')}</p:sldIdLst>` +
        `<p:sldSz cx="${emu(slideSize.width)}" cy="${emu(slideSize.height)}"/><p:notesSz cx="${emu(slideSize.height)}" cy="${emu(slideSize.width)}"/></p:presentation>`,
    },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: rels([
        ['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
        ['rId2', 'theme', 'theme/theme1.xml'],
        ...slides.map((_, i): [string, string, string] => [`rId${i + 3}`, 'slide', `slides/slide${i + 1}.xml`]),
      ]),
    },
    { name: 'ppt/slideMasters/slideMaster1.xml', data: MASTER },
    {
      name: 'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      data: rels([
        ['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'],
        ['rId2', 'theme', '../theme/theme1.xml'],
      ]),
    },
    { name: 'ppt/slideLayouts/slideLayout1.xml', data: LAYOUT },
    {
      name: 'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
      data: rels([['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml']]),
    },
    { name: 'ppt/theme/theme1.xml', data: THEME },
    ...slideParts,
    ...media.map((m, i): Part => ({ name: `ppt/media/image${i + 1}.${m.ext}`, file: m.path, compress: false })),
  );
  await writeZip(parts, output);
}
