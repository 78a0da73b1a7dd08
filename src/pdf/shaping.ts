// Text shaping by HarfBuzz, in-process through harfbuzzjs (HarfBuzz compiled
// to WebAssembly, maintained by the HarfBuzz project; 1.6.4 tested). Chosen
// over spawning Debian's hb-shape (6.0.0) by measurement: shaping a 20-character
// CJK string takes 0.07 ms here against 4.4 ms per hb-shape run, and the face
// also answers coverage (cmap) and metrics, which hb-shape cannot, so page
// numbers (one text per page) need no child process at all. Only our own
// installed font files are parsed here; the client's text is bounded by the
// route. Subsetting stays a child process (tools/hb-subset.ts).
import fs from 'node:fs/promises';
import * as hb from 'harfbuzzjs';

/** One face of an installed font file (a .ttc holds several). */
export interface FontFace {
  file: string;
  index: number;
  /** Language passed to the shaper (the CJK faces' localised forms), if any. */
  language?: string;
  /** PostScript-safe name for /BaseFont. */
  name: string;
  /** CFF outlines (OpenType "OTTO"): embedded as FontFile3, else TrueType FontFile2. */
  cff: boolean;
  unitsPerEm: number;
  /** hhea ascender/descender in font units (descent negative). */
  ascent: number;
  descent: number;
  /** Whether the face maps `codePoint` to a glyph. */
  covers(codePoint: number): boolean;
  /** Glyph outline box [left, bottom, right, top] in font units (zero box for blank glyphs). */
  glyphBox(glyph: number): [number, number, number, number];
  /** The hb font, for shaping. */
  font: hb.Font;
}

/** One shaped glyph in visual order, positions in font units. */
export interface ShapedGlyph {
  glyph: number;
  /** UTF-16 offset of the cluster's first character in the shaped text. */
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

const faces = new Map<string, Promise<FontFace>>();
/** The faces already read, for a lookup without a promise per character (page numbers: thousands of characters). */
const ready = new Map<string, FontFace>();

/** The face `index` of `file` if it was read already. */
export function readyFace(file: string, index = 0): FontFace | undefined {
  return ready.get(`${file}#${index}`);
}

/**
 * One buffer for every shaping call (each is synchronous): harfbuzzjs frees
 * its WebAssembly objects only when the garbage collector finalises them, so
 * a buffer per call (page numbers: one per page) would pile up on its heap.
 */
const buffer = new hb.Buffer();

/** The face `index` of `file`, loaded once per process (a CJK collection is ~20 MB, ~25 ms); `language` goes with the index. */
export function loadFace(file: string, index = 0, language?: string): Promise<FontFace> {
  const key = `${file}#${index}`;
  let face = faces.get(key);
  if (!face) {
    face = readFace(file, index, language);
    faces.set(key, face);
    face.then(
      (f) => ready.set(key, f),
      () => undefined,
    );
    face.catch(() => faces.delete(key));
  }
  return face;
}

async function readFace(file: string, index: number, language: string | undefined): Promise<FontFace> {
  const data = await fs.readFile(file);
  const face = new hb.Face(new hb.Blob(data), index);
  const font = new hb.Font(face);
  const unicodes = new Set(face.collectUnicodes());
  const extents = font.hExtents();
  const sfnt = faceTag(data, index);
  const stem = (file.split('/').pop() ?? 'Font').replace(/\.(ttf|otf|ttc|otc)$/i, '').replace(/[^A-Za-z0-9-]/g, '');
  return {
    file,
    index,
    language,
    name: data.readUInt32BE(0) === 0x74746366 ? `${stem}${index}` : stem,
    cff: sfnt === 'OTTO',
    unitsPerEm: face.upem,
    ascent: extents.ascender,
    descent: extents.descender,
    covers: (cp) => unicodes.has(cp),
    glyphBox(glyph) {
      const e = font.glyphExtents(glyph);
      if (!e) return [0, 0, 0, 0];
      return [e.xBearing, e.yBearing + e.height, e.xBearing + e.width, e.yBearing];
    },
    font,
  };
}

/** The sfnt version tag of face `index` ("OTTO" for CFF outlines), reading a collection's offset table. */
function faceTag(data: Buffer, index: number): string {
  let at = 0;
  if (data.readUInt32BE(0) === 0x74746366) at = data.readUInt32BE(12 + 4 * index); // 'ttcf' header
  return data.toString('latin1', at, at + 4);
}

/**
 * Shapes `text[start, end)` with `face` in `direction`, with the whole text
 * as context (Arabic joining across a font or direction boundary). Glyphs
 * come back in visual order, as HarfBuzz gives them.
 */
export function shapeRun(face: FontFace, text: string, start: number, end: number, rtl: boolean): ShapedGlyph[] {
  buffer.reset();
  buffer.addText(text, start, end - start);
  buffer.guessSegmentProperties();
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  if (face.language) buffer.setLanguage(face.language);
  hb.shape(face.font, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  return infos.map((info, i) => ({
    glyph: info.codepoint,
    cluster: info.cluster,
    xAdvance: positions[i].xAdvance,
    xOffset: positions[i].xOffset,
    yOffset: positions[i].yOffset,
  }));
}
