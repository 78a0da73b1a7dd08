// The stamp for watermarks and page numbers: a small PDF with one page per
// distinct (page size, mark) of the target document, each holding its mark
// placed as the options say. qpdf
// then lays stamp pages over (or under) the document's pages without
// rewriting their content. Text becomes HarfBuzz-shaped glyphs of embedded
// font subsets (never program text), placed with HarfBuzz's advances and
// offsets, wrapped in /ActualText so extractors read the text as sent
// whatever the angle or direction (see textOps). A mark placed more than once
// is one form XObject; each copy only places it.
import zlib from 'node:zlib';
import { cidFontObjects, usedGlyphs, type UsedGlyphs } from './cid-font.js';
import type { EmbeddedFont } from './embed-fonts.js';
import type { GlyphRun } from './fonts.js';
import type { FontFace } from './shaping.js';
import { num, PdfWriter, pdfTextString, pdfValue } from './writer.js';

export const POSITIONS = [
  'center',
  'top-left',
  'top',
  'top-right',
  'left',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
  'tile',
] as const;
export type Position = (typeof POSITIONS)[number];

/** An image ready for embedding: its XObject dictionary and data. */
export interface StampImage {
  /** Displayed size in pixels (after orientation). */
  width: number;
  height: number;
  /** Image dictionary without /Length (and without /SMask). */
  dict: string;
  data: Buffer;
  smask?: { dict: string; data: Buffer };
  /** Maps the stored image's unit square onto the displayed one (EXIF orientation). */
  orientation: [number, number, number, number, number, number];
}

export type Mark =
  | { kind: 'text'; text: string; runs: GlyphRun[]; fontSize: number; color: [number, number, number] }
  | { kind: 'image'; image: StampImage; scale: number };

export interface Placement {
  opacity: number;
  /** Degrees, counter-clockwise. */
  rotation: number;
  position: Position;
  /** Distance from the page edges in points (default: 5% of the shorter side). */
  margin?: number;
}

/** A page size in points, as the reader sees it. */
export interface PageSize {
  width: number;
  height: number;
}

/** Most copies of a tiled mark on one page. */
export const MAX_TILES = 400;

/** Margin between a corner/edge mark and the page edge. */
export function marginFor(page: PageSize): number {
  return 0.05 * Math.min(page.width, page.height);
}

/** Mark size before rotation, in points, and the baseline shift for text. */
function markBox(mark: Mark, page: PageSize): { w: number; h: number } {
  if (mark.kind === 'image') {
    const w = mark.scale * page.width;
    return { w, h: (w * mark.image.height) / mark.image.width };
  }
  let width = 0;
  let ascent = 0;
  let descent = 0;
  for (const run of mark.runs) {
    const k = mark.fontSize / run.face.unitsPerEm;
    for (const g of run.glyphs) width += g.xAdvance * k;
    ascent = Math.max(ascent, run.face.ascent * k);
    descent = Math.min(descent, run.face.descent * k);
  }
  return { w: width, h: ascent - descent };
}

/** Where each copy of the mark goes on a page: centre, scale (≤ 1). */
export function placeMark(
  mark: Mark,
  placement: Placement,
  page: PageSize,
): { scale: number; centres: Array<[number, number]> } {
  const { w, h } = markBox(mark, page);
  const rad = (placement.rotation * Math.PI) / 180;
  const ew = Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad));
  const eh = Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad));
  // A margin bigger than the page allows would leave no room: at most 40% of the shorter side.
  const m =
    placement.margin === undefined
      ? marginFor(page)
      : Math.min(placement.margin, 0.4 * Math.min(page.width, page.height));
  // Shrink (never grow) so the rotated mark fits inside the margins.
  const scale = Math.min(1, (page.width - 2 * m) / ew, (page.height - 2 * m) / eh);
  const sw = ew * scale;
  const sh = eh * scale;
  const pos = placement.position;
  if (pos === 'tile') return { scale, centres: tileCentres(mark, rad, w * scale, h * scale, sw, sh, page) };
  const x = pos.endsWith('left') ? m + sw / 2 : pos.endsWith('right') ? page.width - m - sw / 2 : page.width / 2;
  const y = pos.startsWith('top') ? page.height - m - sh / 2 : pos.startsWith('bottom') ? m + sh / 2 : page.height / 2;
  return { scale, centres: [[x, y]] };
}

/**
 * Copies on a lattice along the mark's own axes (so rotated text repeats along
 * its baseline, rows shifted half a step like bricks), centred on the page
 * centre, keeping those whose rotated box touches the page.
 */
function tileCentres(
  mark: Mark,
  rad: number,
  w: number,
  h: number,
  sw: number,
  sh: number,
  page: PageSize,
): Array<[number, number]> {
  let stepU = Math.max(1.5 * w, 0.5 * h, 1);
  let stepV = Math.max((mark.kind === 'text' ? 4 : 1.5) * h, 1);
  // A tiny mark would mean a huge content stream: spread the lattice to at most MAX_TILES copies.
  const expected = (page.width * page.height) / (stepU * stepV);
  if (expected > MAX_TILES) {
    const spread = Math.sqrt(expected / MAX_TILES);
    stepU *= spread;
    stepV *= spread;
  }
  const u = [Math.cos(rad) * stepU, Math.sin(rad) * stepU];
  const v = [-Math.sin(rad) * stepV, Math.cos(rad) * stepV];
  const reach = Math.hypot(page.width, page.height) / 2 + Math.max(stepU, stepV);
  const ni = Math.ceil(reach / stepU) + 1;
  const nj = Math.ceil(reach / stepV) + 1;
  const centres: Array<[number, number]> = [];
  for (let j = -nj; j <= nj; j++) {
    const shift = j % 2 === 0 ? 0 : 0.5;
    for (let i = -ni; i <= ni; i++) {
      const x = page.width / 2 + (i + shift) * u[0] + j * v[0];
      const y = page.height / 2 + (i + shift) * u[1] + j * v[1];
      if (x + sw / 2 > 0 && x - sw / 2 < page.width && y + sh / 2 > 0 && y - sh / 2 < page.height) centres.push([x, y]);
    }
  }
  return centres;
}

/**
 * A stream object's dictionary entries and data: Flate only when the data is
 * big enough to gain. Each deflateSync sets up a fresh zlib state (~0.3 ms),
 * which dominated a 500-page page-number stamp of tiny streams.
 */
function streamOf(dict: string, data: string): [string, Buffer] {
  const bytes = Buffer.from(data, 'latin1');
  if (bytes.length < 1024) return [`<<${dict}>>`, bytes];
  return [`<<${dict}/Filter/FlateDecode>>`, zlib.deflateSync(bytes)];
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0').toUpperCase();
}

/**
 * Adds the Type0 font of an embedded subset (pdf/cid-font.ts); returns its
 * object number. Font program and CMap are deflated: a stamp is written once.
 */
function addFont(pdf: PdfWriter, font: EmbeddedFont, used: UsedGlyphs): number {
  const ids = [0, 1, 2, 3, 4].map(() => pdf.reserve());
  for (const object of cidFontObjects(font, used, ids)) {
    if (object.stream)
      pdf.set(
        object.id,
        pdfValue({ ...(object.value as object), '/Filter': '/FlateDecode' }),
        zlib.deflateSync(object.stream),
      );
    else pdf.set(object.id, pdfValue(object.value));
  }
  return ids[0];
}

/**
 * The mark as a form XObject centred at the origin, drawn once and placed by
 * each copy: text at its font size, an image in the unit square (each copy
 * scales it to its page). Returns the form's object number.
 */
function addMarkForm(pdf: PdfWriter, mark: Mark, resources: string, fonts: FontsInUse): number {
  if (mark.kind === 'image') {
    const [a, b, c, d, e, f] = mark.image.orientation.map(num);
    const ops = `1 0 0 1 -0.5 -0.5 cm ${a} ${b} ${c} ${d} ${e} ${f} cm /Im0 Do`;
    return pdf.add(...streamOf(`/Type/XObject/Subtype/Form/BBox[-0.5 -0.5 0.5 0.5]/Resources ${resources}`, ops));
  }
  const ops = textOps(mark, fonts);
  const { w, h } = markBox(mark, { width: 1, height: 1 });
  // The box leaves room for glyphs that overhang their advance (italic, accents).
  const bbox = [-w / 2 - h, -h, w / 2 + h, h].map(num).join(' ');
  return pdf.add(...streamOf(`/Type/XObject/Subtype/Form/BBox[${bbox}]/Resources ${resources}`, ops));
}

/** The embedded fonts of a stamp: each face's resource name, codes and widths. */
interface FontsInUse {
  names: Map<FontFace, string>;
  embedded: Map<FontFace, EmbeddedFont>;
  used: Map<FontFace, UsedGlyphs>;
}

/**
 * The show operators of one run: glyph codes in a TJ array whose numbers turn
 * each glyph's /W width into HarfBuzz's advance and x offset; a y offset
 * (a mark above its base) is a text rise around its glyph.
 */
function runOps(run: GlyphRun, fontSize: number, fonts: FontsInUse): string {
  const k = 1000 / run.face.unitsPerEm;
  const widths = fonts.used.get(run.face)!.widths;
  const parts: string[] = [];
  let items: string[] = [];
  let rise = 0;
  const flush = () => {
    if (items.length > 0) parts.push(`[${items.join(' ')}] TJ`);
    items = [];
  };
  const shift = (n: number) => {
    if (Math.abs(n) > 0.001) items.push(num(n));
  };
  for (const g of run.glyphs) {
    const code = g.glyph;
    const glyphRise = (g.yOffset * fontSize) / run.face.unitsPerEm;
    if (Math.abs(glyphRise - rise) > 0.001) {
      flush();
      parts.push(`${num(glyphRise)} Ts`);
      rise = glyphRise;
    }
    shift(-g.xOffset * k);
    items.push(`<${hex4(code)}>`);
    shift(g.xOffset * k + widths.get(code)! - g.xAdvance * k);
  }
  flush();
  if (rise !== 0) parts.push('0 Ts');
  return `/${fonts.names.get(run.face)} ${num(fontSize)} Tf ${parts.join(' ')}`;
}

/**
 * Operators that draw a text mark centred at the origin, wrapped in one
 * /Span whose /ActualText is the text: extractors place characters by glyph
 * position, so a rotated line would scatter into fragments, a line in
 * several fonts into several lines and Indic text split at marks drawn
 * before their base (pdftotext 22.12). The /ActualText holds the characters
 * in drawing order, each right-to-left run reversed, as /ToUnicode does:
 * pdftotext reverses the right-to-left runs it reads, /ActualText included,
 * and so gives back each run in logical order (with logical-order
 * /ActualText it gave the Arabic reversed). MuPDF 1.21 ignores /ActualText.
 */
function textOps(mark: Extract<Mark, { kind: 'text' }>, fonts: FontsInUse): string {
  const { w, h } = markBox(mark, { width: 1, height: 1 });
  let descent = 0;
  for (const run of mark.runs) descent = Math.min(descent, (run.face.descent * mark.fontSize) / run.face.unitsPerEm);
  const [r, g, b] = mark.color.map((v) => num(v / 255));
  const shows = mark.runs.map((run) => runOps(run, mark.fontSize, fonts)).join(' ');
  const drawn = mark.runs.map((run) => (run.rtl ? [...run.text].reverse().join('') : run.text)).join('');
  return `/Span <</ActualText ${pdfTextString(drawn)}>> BDC BT ${r} ${g} ${b} rg 1 0 0 1 ${num(-w / 2)} ${num(-h / 2 - descent)} Tm ${shows} ET EMC`;
}

/** One page of the stamp: its size and which of the marks goes on it. */
export interface StampPage {
  size: PageSize;
  /** Index into the marks. */
  mark: number;
}

/** Builds the stamp PDF: page i has size `sizes[i]` and the mark placed on it; `fonts` embeds the faces of a text mark. */
export function buildStamp(
  sizes: PageSize[],
  mark: Mark,
  placement: Placement,
  fonts: Map<FontFace, EmbeddedFont> = new Map(),
): Buffer {
  return buildStampPages(
    sizes.map((size) => ({ size, mark: 0 })),
    [mark],
    placement,
    fonts,
  );
}

/**
 * Builds a stamp PDF with one page per entry of `pages`, each with its mark
 * placed on it. Text marks share one embedded subset per font; a mark placed
 * more than once is one form XObject that each copy places.
 */
export function buildStampPages(
  pages: StampPage[],
  marks: Mark[],
  placement: Placement,
  embedded: Map<FontFace, EmbeddedFont> = new Map(),
): Buffer {
  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const pagesId = pdf.reserve();
  const inUse: FontsInUse = {
    names: new Map(),
    embedded,
    used: usedGlyphs(marks.flatMap((m) => (m.kind === 'text' ? m.runs : []))),
  };
  const fonts = [...inUse.used].map(([face, used], i) => {
    inUse.names.set(face, `F${i}`);
    return `/F${i} ${addFont(pdf, embedded.get(face)!, used)} 0 R`;
  });
  const fontResources = fonts.length > 0 ? pdf.add(`<</Font<<${fonts.join('')}>>>>`) : 0;
  // A text mark drawn once on a single stamp page (page numbers: every page's
  // text differs) goes straight into that page's content: no form XObject of
  // its own, which halves the objects qpdf copies per stamped page.
  const uses = new Map<number, number>();
  for (const page of pages) uses.set(page.mark, (uses.get(page.mark) ?? 0) + 1);
  const forms = new Map<number, number>();
  const formOf = (index: number): number => {
    let form = forms.get(index);
    if (form !== undefined) return form;
    const mark = marks[index];
    let markResources: string;
    if (mark.kind === 'text') {
      markResources = `${fontResources} 0 R`;
    } else {
      const { image } = mark;
      const smask = image.smask ? pdf.add(image.smask.dict, image.smask.data) : undefined;
      const dict = smask ? image.dict.replace(/>>\s*$/, `/SMask ${smask} 0 R>>`) : image.dict;
      markResources = `<</XObject<</Im0 ${pdf.add(dict, image.data)} 0 R>>>>`;
    }
    form = addMarkForm(pdf, mark, markResources, inUse);
    forms.set(index, form);
    return form;
  };
  const translucent = placement.opacity < 1;
  const opacity = num(placement.opacity);
  const gs = translucent ? pdf.add(`<</Type/ExtGState/ca ${opacity}/CA ${opacity}>>`) : 0;
  const gsEntry = translucent ? `/ExtGState<</GS0 ${gs} 0 R>>` : '';
  const fontEntries = fonts.length > 0 ? `/Font<<${fonts.join('')}>>` : '';
  const inlineResources = fonts.length > 0 ? pdf.add(`<<${fontEntries}${gsEntry}>>`) : 0;
  const resourcesFor = new Map<number, number>();
  const rad = (placement.rotation * Math.PI) / 180;
  const rotate = [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad)].map(num).join(' ');
  const kids = pages.map(({ size, mark: index }) => {
    const mark = marks[index];
    const { scale, centres } = placeMark(mark, placement, size);
    const inline = mark.kind === 'text' && uses.get(index) === 1 && centres.length === 1;
    let resourcesId: number;
    let draw: string;
    if (inline) {
      resourcesId = inlineResources;
      draw = textOps(mark, inUse);
    } else {
      resourcesId = resourcesFor.get(index) ?? pdf.add(`<<${gsEntry}/XObject<</Mk ${formOf(index)} 0 R>>>>`);
      resourcesFor.set(index, resourcesId);
      draw = '/Mk Do';
    }
    const { w, h } = mark.kind === 'image' ? markBox(mark, size) : { w: 1, h: 1 };
    const fit = `${num(scale * w)} 0 0 ${num(scale * h)} 0 0 cm`;
    const copies = centres.map(([x, y]) => `q 1 0 0 1 ${num(x)} ${num(y)} cm ${rotate} 0 0 cm ${fit} ${draw} Q`);
    const content = pdf.add(...streamOf('', `q ${translucent ? '/GS0 gs' : ''}\n${copies.join('\n')}\nQ\n`));
    return pdf.add(
      `<</Type/Page/Parent ${pagesId} 0 R/MediaBox[0 0 ${num(size.width)} ${num(size.height)}]/Resources ${resourcesId} 0 R/Contents ${content} 0 R>>`,
    );
  });
  pdf.set(pagesId, `<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${kids.length}>>`);
  pdf.set(catalog, `<</Type/Catalog/Pages ${pagesId} 0 R>>`);
  return pdf.toBuffer(catalog);
}
