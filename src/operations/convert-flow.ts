// The flowing text of a PDF as mutool's structured-text XHTML gives it
// (`mutool convert -F xhtml -O preserve-images,dehyphenate`: paragraphs in
// reading order, hyphenation undone, b/i/sup/tt, images as data: URIs),
// parsed into paragraphs of styled runs and images. The DOCX and ODT writers
// (convert-docx.ts, convert-odt.ts) build on it. Why not mutool's own
// docx/odt writers (Artifex extract, MuPDF 1.21)? On tracemonkey.pdf they lost
// nearly all text of pages 11 and 13 (word recall 0.93), stored images as raw
// "image/flate" streams no word processor shows, ended every line with a hard
// break (inside <w:t>, schema-invalid; raw <w:br/> markup in the ODT) and the
// ODT's mimetype was not its first entry. Measured here: the XHTML pass takes
// 0.15 s for tracemonkey's 14 pages, parsing and writing ~30 ms.
import fs from 'node:fs';
import yazl from 'yazl';

/** Page geometry of the DOCX section, in PDF points (from the PDF's first page). */
export interface PageGeometry {
  width: number;
  height: number;
}

export interface RunStyle {
  bold: boolean;
  italic: boolean;
  mono: boolean;
  vertical: 'superscript' | 'subscript' | undefined;
}

export type Inline = { type: 'text'; text: string; style: RunStyle } | { type: 'break' } | { type: 'image'; media: number; widthPt: number; heightPt: number };

export interface Paragraph {
  heading: number; // 0 = body text
  inlines: Inline[];
}

export interface Media {
  ext: 'png' | 'jpeg';
  data: Buffer;
}

/** The parsed document (exported for unit tests). */
export interface FlowDocument {
  paragraphs: Paragraph[];
  media: Media[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** Characters XML 1.0 cannot carry are dropped; U+2029 (paragraph separator inside a line) becomes a space. */
function xmlSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u2029/g, ' ').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attribute(attrs: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(attrs)?.[1];
}

const TOKEN = /<!--[\s\S]*?-->|<([/]?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/g;
const STYLE_TAGS: Record<string, keyof RunStyle | 'sup' | 'sub'> = { b: 'bold', strong: 'bold', i: 'italic', em: 'italic', tt: 'mono', code: 'mono', sup: 'sup', sub: 'sub' };

/** Parses mutool's XHTML into paragraphs of styled runs and images. */
export function parseFlowXhtml(xhtml: string): FlowDocument {
  const bodyStart = xhtml.indexOf('<body');
  const source = bodyStart >= 0 ? xhtml.slice(bodyStart) : xhtml;
  const paragraphs: Paragraph[] = [];
  const media: Media[] = [];
  const depth = { bold: 0, italic: 0, mono: 0, sup: 0, sub: 0 };
  let current: Paragraph | undefined;
  const open = (heading: number) => {
    current = { heading, inlines: [] };
    paragraphs.push(current);
    return current;
  };
  const style = (): RunStyle => ({
    bold: depth.bold > 0,
    italic: depth.italic > 0,
    mono: depth.mono > 0,
    vertical: depth.sup > 0 ? 'superscript' : depth.sub > 0 ? 'subscript' : undefined,
  });

  for (const match of source.matchAll(TOKEN)) {
    const [, closing, rawTag, attrs = '', selfClosing, text] = match;
    if (text !== undefined) {
      const decoded = xmlSafe(decodeEntities(text));
      if (!current && decoded.trim() === '') continue;
      const target = current ?? open(0);
      decoded.split('\n').forEach((line, i) => {
        if (i > 0) target.inlines.push({ type: 'break' });
        if (line) target.inlines.push({ type: 'text', text: line, style: style() });
      });
      continue;
    }
    if (!rawTag) continue;
    const tag = rawTag.toLowerCase();
    const styleKey = STYLE_TAGS[tag];
    if (styleKey) {
      const key = styleKey === 'bold' || styleKey === 'italic' || styleKey === 'mono' || styleKey === 'sup' || styleKey === 'sub' ? styleKey : undefined;
      if (key && !selfClosing) depth[key] = Math.max(0, depth[key] + (closing ? -1 : 1));
      continue;
    }
    const heading = /^h([1-6])$/.exec(tag);
    if (tag === 'p' || heading) {
      if (closing) current = undefined;
      else open(heading ? Number(heading[1]) : 0);
      continue;
    }
    if (tag === 'div' || tag === 'body') {
      current = undefined;
      continue;
    }
    if (tag === 'br' && current) {
      current.inlines.push({ type: 'break' });
      continue;
    }
    if (tag === 'img' && !closing) {
      const data = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(attribute(attrs, 'src') ?? '');
      if (!data) continue;
      media.push({ ext: data[1] as 'png' | 'jpeg', data: Buffer.from(data[2], 'base64') });
      const widthPt = Number(attribute(attrs, 'width') ?? 0) || 72;
      const heightPt = Number(attribute(attrs, 'height') ?? 0) || 72;
      (current ?? open(0)).inlines.push({ type: 'image', media: media.length, widthPt, heightPt });
    }
  }
  return { paragraphs: paragraphs.filter((p) => p.inlines.length > 0), media };
}

/** One file of a ZIP package: name, content, and whether to deflate it (default yes). */
export type PackagePart = [name: string, data: string | Buffer, compress?: boolean];

/** Writes `parts`, in order, as a ZIP at `output`. */
export async function writePackage(parts: PackagePart[], output: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, data, compress = true] of parts) zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'), name, { compress });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(output, { mode: 0o600 });
    zip.outputStream.on('error', reject);
    out.on('error', reject);
    out.on('finish', () => resolve());
    zip.outputStream.pipe(out);
  });
}
