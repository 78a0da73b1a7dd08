// TrueType (glyf-based) fonts for generated text: character → glyph lookup
// (cmap formats 4 and 12), advances, and a subset for embedding that keeps
// glyph ids (unused glyphs become empty), so a CIDFontType2 with
// CIDToGIDMap /Identity can address glyphs by their original ids.
import fs from 'node:fs/promises';

interface TableRecord {
  offset: number;
  length: number;
}

/** A parsed TrueType font. */
export interface TrueTypeFont {
  path: string;
  /** PostScript-safe name (from the file name). */
  name: string;
  unitsPerEm: number;
  /** hhea ascender/descender in font units (descent negative). */
  ascent: number;
  descent: number;
  bbox: [number, number, number, number];
  /** Glyph id for a code point; 0 when the font lacks it. */
  glyphFor(codePoint: number): number;
  /** Advance width in font units. */
  advance(glyph: number): number;
  /** The font file with only `glyphs` (plus .notdef and composite parts) kept. */
  subset(glyphs: Iterable<number>): Buffer;
}

const KEPT_TABLES = ['cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'prep'];

function readTables(data: Buffer): Map<string, TableRecord> {
  const count = data.readUInt16BE(4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = data.toString('latin1', at, at + 4);
    tables.set(tag, { offset: data.readUInt32BE(at + 8), length: data.readUInt32BE(at + 12) });
  }
  return tables;
}

function parseCmap(data: Buffer, table: TableRecord): Map<number, number> {
  const base = table.offset;
  const count = data.readUInt16BE(base + 2);
  const subtables: Array<{ platform: number; encoding: number; offset: number }> = [];
  for (let i = 0; i < count; i++) {
    const at = base + 4 + 8 * i;
    subtables.push({ platform: data.readUInt16BE(at), encoding: data.readUInt16BE(at + 2), offset: base + data.readUInt32BE(at + 4) });
  }
  // Prefer the full-repertoire table (format 12), then the BMP one (format 4).
  const rank = (s: { platform: number; encoding: number; offset: number }) => {
    const format = data.readUInt16BE(s.offset);
    const unicode = s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10));
    if (!unicode) return 0;
    return format === 12 ? 2 : format === 4 ? 1 : 0;
  };
  const best = subtables.filter((s) => rank(s) > 0).sort((a, b) => rank(b) - rank(a))[0];
  const map = new Map<number, number>();
  if (!best) return map;
  const at = best.offset;
  if (data.readUInt16BE(at) === 12) {
    const groups = data.readUInt32BE(at + 12);
    for (let g = 0; g < groups; g++) {
      const p = at + 16 + 12 * g;
      const start = data.readUInt32BE(p);
      const end = data.readUInt32BE(p + 4);
      const glyph = data.readUInt32BE(p + 8);
      for (let c = start; c <= end && c - start < 0x110000; c++) map.set(c, glyph + (c - start));
    }
    return map;
  }
  const segX2 = data.readUInt16BE(at + 6);
  const ends = at + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  for (let s = 0; s < segX2 / 2; s++) {
    const end = data.readUInt16BE(ends + 2 * s);
    const start = data.readUInt16BE(starts + 2 * s);
    const delta = data.readInt16BE(deltas + 2 * s);
    const rangeOffset = data.readUInt16BE(rangeOffsets + 2 * s);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const p = rangeOffsets + 2 * s + rangeOffset + 2 * (c - start);
        glyph = data.readUInt16BE(p);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(c, glyph);
    }
  }
  return map;
}

function checksum(buf: Buffer): number {
  let sum = 0;
  for (let i = 0; i < buf.length; i += 4) {
    const word = ((buf[i] << 24) | ((buf[i + 1] ?? 0) << 16) | ((buf[i + 2] ?? 0) << 8) | (buf[i + 3] ?? 0)) >>> 0;
    sum = (sum + word) >>> 0;
  }
  return sum;
}

/** Reads and parses a .ttf file. */
export async function loadTrueType(path: string): Promise<TrueTypeFont> {
  return parseTrueType(await fs.readFile(path), path);
}

/** Parses TrueType bytes (`path` only names the font). */
export function parseTrueType(data: Buffer, path: string): TrueTypeFont {
  const tables = readTables(data);
  const need = (tag: string) => {
    const t = tables.get(tag);
    if (!t) throw new Error(`font ${path} has no ${tag} table`);
    return t;
  };
  const head = need('head');
  const hhea = need('hhea');
  const maxp = need('maxp');
  const hmtx = need('hmtx');
  const loca = need('loca');
  const glyf = need('glyf');
  const unitsPerEm = data.readUInt16BE(head.offset + 18);
  const bbox: [number, number, number, number] = [
    data.readInt16BE(head.offset + 36),
    data.readInt16BE(head.offset + 38),
    data.readInt16BE(head.offset + 40),
    data.readInt16BE(head.offset + 42),
  ];
  const longLoca = data.readInt16BE(head.offset + 50) === 1;
  const glyphCount = data.readUInt16BE(maxp.offset + 4);
  const metricsCount = data.readUInt16BE(hhea.offset + 34);
  const cmap = parseCmap(data, need('cmap'));
  const glyphRange = (g: number): [number, number] =>
    longLoca
      ? [data.readUInt32BE(loca.offset + 4 * g), data.readUInt32BE(loca.offset + 4 * g + 4)]
      : [data.readUInt16BE(loca.offset + 2 * g) * 2, data.readUInt16BE(loca.offset + 2 * g + 2) * 2];
  const name = (path.split('/').pop() ?? 'Font').replace(/\.ttf$/i, '').replace(/[^A-Za-z0-9-]/g, '');

  /** Component glyphs of a composite glyph. */
  const components = (g: number): number[] => {
    const [start, end] = glyphRange(g);
    if (end - start < 10 || data.readInt16BE(glyf.offset + start) >= 0) return [];
    const found: number[] = [];
    let p = glyf.offset + start + 10;
    for (;;) {
      const flags = data.readUInt16BE(p);
      found.push(data.readUInt16BE(p + 2));
      p += 4 + (flags & 0x0001 ? 4 : 2); // ARG_1_AND_2_ARE_WORDS
      if (flags & 0x0008) p += 2; // WE_HAVE_A_SCALE
      else if (flags & 0x0040) p += 4; // X_AND_Y_SCALE
      else if (flags & 0x0080) p += 8; // TWO_BY_TWO
      if (!(flags & 0x0020)) break; // MORE_COMPONENTS
    }
    return found;
  };

  return {
    path,
    name,
    unitsPerEm,
    ascent: data.readInt16BE(hhea.offset + 4),
    descent: data.readInt16BE(hhea.offset + 6),
    bbox,
    glyphFor: (cp) => cmap.get(cp) ?? 0,
    advance: (g) => data.readUInt16BE(hmtx.offset + 4 * Math.min(g, metricsCount - 1)),
    subset(glyphs) {
      const keep = new Set<number>([0]);
      const queue = [...glyphs];
      while (queue.length) {
        const g = queue.pop()!;
        if (g >= glyphCount || keep.has(g)) continue;
        keep.add(g);
        queue.push(...components(g));
      }
      const glyphParts: Buffer[] = [];
      const newLoca = Buffer.alloc(4 * (glyphCount + 1));
      let at = 0;
      for (let g = 0; g < glyphCount; g++) {
        newLoca.writeUInt32BE(at, 4 * g);
        if (!keep.has(g)) continue;
        const [start, end] = glyphRange(g);
        const padded = Buffer.alloc((end - start + 3) & ~3);
        data.copy(padded, 0, glyf.offset + start, glyf.offset + end);
        glyphParts.push(padded);
        at += padded.length;
      }
      newLoca.writeUInt32BE(at, 4 * glyphCount);
      const replaced = new Map<string, Buffer>([
        ['glyf', Buffer.concat(glyphParts)],
        ['loca', newLoca],
      ]);
      const headCopy = Buffer.from(data.subarray(head.offset, head.offset + head.length));
      headCopy.writeUInt32BE(0, 8); // checkSumAdjustment, set below
      headCopy.writeInt16BE(1, 50); // long loca offsets
      replaced.set('head', headCopy);
      return assemble(
        KEPT_TABLES.filter((tag) => tables.has(tag)).map((tag) => {
          const t = tables.get(tag)!;
          return { tag, bytes: replaced.get(tag) ?? data.subarray(t.offset, t.offset + t.length) };
        }),
      );
    },
  };
}

/** Writes an sfnt file from tables (sorted by tag), with checksums. */
function assemble(tables: Array<{ tag: string; bytes: Buffer }>): Buffer {
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const n = tables.length;
  const entrySelector = Math.floor(Math.log2(n));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * n);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(n, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(n * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  let headOffset = -1;
  tables.forEach(({ tag, bytes }, i) => {
    const at = 12 + 16 * i;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum(bytes), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(bytes.length, at + 12);
    if (tag === 'head') headOffset = offset;
    const padded = Buffer.alloc((bytes.length + 3) & ~3);
    bytes.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  const file = Buffer.concat([header, ...bodies]);
  if (headOffset >= 0) file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headOffset + 8);
  return file;
}
