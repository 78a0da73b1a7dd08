// One embedded font subset as the objects of a Type0 font (PDF 32000-1 §9.7),
// shared by the stamps of watermark/page-numbers (written by writer.ts) and
// the appearances of filled form fields (a qpdf JSON update): Identity-H over
// a CIDFont whose codes are HarfBuzz's glyph ids, /W from each glyph's first
// shaped advance (other advances are corrected in the TJ arrays), and a
// /ToUnicode CMap mapping each glyph back to its cluster's characters (a
// ligature to all of them), so pdftotext gives the text back. TrueType
// outlines go in /FontFile2 (CIDFontType2, /CIDToGIDMap /Identity), CFF ones
// as a bare CFF program in /FontFile3 /CIDFontType0C (embed-fonts.ts says
// why). Values are in qpdf JSON v2 notation ("/Name", "N 0 R", "u:text");
// writer.ts's pdfValue turns them into PDF syntax.
import crypto from 'node:crypto';
import type { EmbeddedFont } from './embed-fonts.js';
import type { GlyphRun } from './fonts.js';
import type { FontFace } from './shaping.js';

/** A PDF value in qpdf JSON v2 notation. */
export type PdfValue = string | number | PdfValue[] | { [key: string]: PdfValue };

/** A font's glyphs in use: code → width (1000 units per em) and the characters it stands for. */
export interface UsedGlyphs {
  widths: Map<number, number>;
  chars: Map<number, string>;
  /** Outline box of the used glyphs, 1000 units per em. */
  bbox: [number, number, number, number];
}

/** What each face drawn by `runs` needs in its font dictionaries. */
export function usedGlyphs(runs: Iterable<GlyphRun>): Map<FontFace, UsedGlyphs> {
  const used = new Map<FontFace, UsedGlyphs>();
  for (const run of runs) {
    const k = 1000 / run.face.unitsPerEm;
    let entry = used.get(run.face);
    if (!entry) {
      entry = { widths: new Map(), chars: new Map(), bbox: [0, run.face.descent * k, 0, run.face.ascent * k] };
      used.set(run.face, entry);
    }
    run.glyphs.forEach((g, i) => {
      const code = g.glyph;
      if (!entry.widths.has(code)) {
        entry.widths.set(code, Math.round(g.xAdvance * k));
        const [x0, y0, x1, y1] = run.face.glyphBox(g.glyph).map((v) => v * k);
        entry.bbox = [
          Math.min(entry.bbox[0], x0),
          Math.min(entry.bbox[1], y0),
          Math.max(entry.bbox[2], x1),
          Math.max(entry.bbox[3], y1),
        ];
      }
      if (run.chars[i] && !entry.chars.has(code)) entry.chars.set(code, run.chars[i]);
    });
  }
  return used;
}

/** One object of the font: a value, or a stream's dictionary (no /Length, no /Filter) and its unencoded data. */
export interface FontObject {
  id: number;
  value: PdfValue;
  stream?: Buffer;
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0').toUpperCase();
}

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/** The ToUnicode CMap of `chars` (glyph code → text). */
function toUnicodeCMap(codes: number[], chars: Map<number, string>): string {
  const entries = codes.filter((c) => chars.has(c)).map((c) => `<${hex4(c)}> <${utf16Hex(chars.get(c)!)}>`);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const part = entries.slice(i, i + 100);
    blocks.push(`${part.length} beginbfchar\n${part.join('\n')}\nendbfchar`);
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n' +
    '/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    `1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n${blocks.join('\n')}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n`
  );
}

/**
 * The five objects of `font` (Type0 font first: the one to reference from
 * /Resources), numbered with `ids` (five object numbers the caller reserved).
 */
export function cidFontObjects(font: EmbeddedFont, used: UsedGlyphs, ids: number[]): FontObject[] {
  const { face } = font;
  const [, cidFont, descriptor, fontFile, toUnicode] = ids.map((id) => `${id} 0 R`);
  const codes = [...used.widths.keys()].sort((a, b) => a - b);
  const digest = crypto
    .createHash('sha256')
    .update(face.name + codes.join(','))
    .digest();
  const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  const baseFont = `/${tag}+${face.name}`;
  const k = 1000 / face.unitsPerEm;
  const ascent = Math.round(face.ascent * k);
  return [
    {
      id: ids[0],
      value: {
        '/Type': '/Font',
        '/Subtype': '/Type0',
        '/BaseFont': baseFont,
        '/Encoding': '/Identity-H',
        '/DescendantFonts': [cidFont],
        '/ToUnicode': toUnicode,
      },
    },
    {
      id: ids[1],
      value: {
        '/Type': '/Font',
        '/Subtype': face.cff ? '/CIDFontType0' : '/CIDFontType2',
        '/BaseFont': baseFont,
        '/CIDSystemInfo': { '/Registry': 'u:Adobe', '/Ordering': 'u:Identity', '/Supplement': 0 },
        '/FontDescriptor': descriptor,
        '/DW': 0,
        '/W': codes.flatMap((c) => [c, [used.widths.get(c)!]]),
        ...(face.cff ? {} : { '/CIDToGIDMap': '/Identity' }),
      },
    },
    {
      id: ids[2],
      value: {
        '/Type': '/FontDescriptor',
        '/FontName': baseFont,
        '/Flags': 4,
        '/FontBBox': used.bbox.map(Math.round),
        '/ItalicAngle': 0,
        '/Ascent': ascent,
        '/Descent': Math.round(face.descent * k),
        '/CapHeight': ascent,
        '/StemV': 80,
        [face.cff ? '/FontFile3' : '/FontFile2']: fontFile,
      },
    },
    {
      id: ids[3],
      value: face.cff ? { '/Subtype': '/CIDFontType0C' } : { '/Length1': font.program.length },
      stream: font.program,
    },
    { id: ids[4], value: {}, stream: Buffer.from(toUnicodeCMap(codes, used.chars), 'latin1') },
  ];
}
