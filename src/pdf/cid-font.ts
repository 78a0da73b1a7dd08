// An embedded font subset as PDF objects in qpdf JSON v2 (PDF 32000-1 §9.7):
// a Type0 font with Identity-H encoding over a CIDFont whose CIDs are the
// subset's glyph indices (the subset keeps them: hb-subset --retain-gids),
// with /W from the shaped advances and a ToUnicode CMap so the text can be
// extracted and searched. TrueType outlines go in /FontFile2
// (CIDFontType2); CFF ones (an "OTTO" font, as Noto CJK) in /FontFile3
// /OpenType (CIDFontType0). Pure: the subset's bytes come in.

/** What a subset font needs to become objects. */
export interface SubsetFont {
  /** PostScript-ish name, e.g. "NotoSans-Regular". */
  name: string;
  /** Six capital letters marking the subset (§9.6.4). */
  tag: string;
  bytes: Buffer;
  /** Glyph index → advance in 1/1000 em. */
  widths: Map<number, number>;
  /** Glyph index → the text it stands for. */
  unicode: Map<number, string>;
}

function hex4(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0');
}

function utf16Hex(text: string): string {
  const buf = Buffer.from(text, 'utf16le');
  buf.swap16();
  return buf.toString('hex').toUpperCase();
}

/** The ToUnicode CMap for glyph index → text. */
export function toUnicodeCMap(unicode: Map<number, string>): string {
  const entries = [...unicode].filter(([, t]) => t !== '').sort((a, b) => a[0] - b[0]);
  const chunks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const part = entries.slice(i, i + 100);
    chunks.push(`${part.length} beginbfchar\n${part.map(([g, t]) => `<${hex4(g)}> <${utf16Hex(t)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...chunks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/** /W array: each glyph with its width. */
function widthArray(widths: Map<number, number>): unknown[] {
  const out: unknown[] = [];
  for (const [g, w] of [...widths].sort((a, b) => a[0] - b[0])) out.push(g, [Math.round(w)]);
  return out;
}

/**
 * The objects of `font` for a qpdf JSON update, numbered from `firstObject`:
 * returns the Type0 font's reference and the update entries.
 */
export function cidFontObjects(font: SubsetFont, firstObject: number): { ref: string; objects: Record<string, unknown> } {
  const refs = [0, 1, 2, 3, 4].map((i) => `${firstObject + i} 0 R`);
  const [type0, cidFont, descriptor, fontFile, toUnicode] = refs;
  const cff = font.bytes.subarray(0, 4).toString('latin1') === 'OTTO';
  const baseName = `/${font.tag}+${font.name.replace(/[^A-Za-z0-9-]/g, '')}`;
  const objects: Record<string, unknown> = {
    [`obj:${type0}`]: { value: { '/Type': '/Font', '/Subtype': '/Type0', '/BaseFont': baseName, '/Encoding': '/Identity-H', '/DescendantFonts': [cidFont], '/ToUnicode': toUnicode } },
    [`obj:${cidFont}`]: {
      value: {
        '/Type': '/Font',
        '/Subtype': cff ? '/CIDFontType0' : '/CIDFontType2',
        '/BaseFont': baseName,
        '/CIDSystemInfo': { '/Registry': 'u:Adobe', '/Ordering': 'u:Identity', '/Supplement': 0 },
        '/FontDescriptor': descriptor,
        '/DW': 1000,
        '/W': widthArray(font.widths),
        ...(cff ? {} : { '/CIDToGIDMap': '/Identity' }),
      },
    },
    [`obj:${descriptor}`]: {
      value: {
        '/Type': '/FontDescriptor',
        '/FontName': baseName,
        '/Flags': 4,
        '/FontBBox': [-1000, -500, 2500, 1500],
        '/ItalicAngle': 0,
        '/Ascent': 1069,
        '/Descent': -293,
        '/CapHeight': 714,
        '/StemV': 80,
        [cff ? '/FontFile3' : '/FontFile2']: fontFile,
      },
    },
    [`obj:${fontFile}`]: { stream: { dict: cff ? { '/Subtype': '/OpenType' } : { '/Length1': font.bytes.length }, data: font.bytes.toString('base64') } },
    [`obj:${toUnicode}`]: { stream: { dict: {}, data: Buffer.from(toUnicodeCMap(font.unicode), 'latin1').toString('base64') } },
  };
  return { ref: type0, objects };
}
