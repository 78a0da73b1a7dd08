// Reading values out of qpdf's JSON v2 (qpdf 11): objects keyed "obj:N G R",
// references as "N G R" strings, names as "/Name", strings as "u:text"
// (valid Unicode) or "b:hex" (other bytes). Shared by the forms and
// bookmarks readers, which walk a document's dictionaries in-process.

/** Any JSON value qpdf writes. */
export type QpdfValue = any;

/** The objects of a qpdf JSON v2 document ("obj:N G R" → {value} or {stream}). */
export type QpdfObjects = Record<string, QpdfValue>;

const REF = /^\d+ \d+ R$/;

/** Whether `value` is an indirect reference. */
export function isRef(value: QpdfValue): value is string {
  return typeof value === 'string' && REF.test(value);
}

/** `value` with one level of indirection followed (a stream gives its dictionary). */
export function resolve(objects: QpdfObjects, value: QpdfValue): QpdfValue {
  if (!isRef(value)) return value;
  const entry = objects[`obj:${value}`];
  if (!entry) return undefined;
  return entry.value !== undefined ? entry.value : entry.stream?.dict;
}

/** A dictionary, or undefined when `value` does not resolve to one. */
export function dict(objects: QpdfObjects, value: QpdfValue): Record<string, QpdfValue> | undefined {
  const v = resolve(objects, value);
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

/** An array, or [] when `value` does not resolve to one. */
export function array(objects: QpdfObjects, value: QpdfValue): QpdfValue[] {
  const v = resolve(objects, value);
  return Array.isArray(v) ? v : [];
}

/** A number, or undefined. */
export function numberOf(objects: QpdfObjects, value: QpdfValue): number | undefined {
  const v = resolve(objects, value);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** PDFDocEncoding bytes 0x80..0x9F (the rest of the upper half is Latin-1). */
const PDF_DOC_HIGH = '•†‡…—–ƒ⁄‹›−‰„“”‘’‚™ﬁﬂŁŒŠŸŽıłœšž\uFFFD';

/** A text string as Unicode: UTF-16 with its BOM, UTF-8 with its BOM, else PDFDocEncoding. */
export function decodeTextBytes(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bytes.subarray(3).toString('utf8');
  let text = '';
  for (const b of bytes) text += b >= 0x80 && b <= 0xa0 ? (PDF_DOC_HIGH[b - 0x80] ?? '\uFFFD') : String.fromCharCode(b);
  return text;
}

/** The text of a string value ("u:…" or "b:…"), undefined for anything else. */
export function textOf(objects: QpdfObjects, value: QpdfValue): string | undefined {
  const v = resolve(objects, value);
  if (typeof v !== 'string') return undefined;
  if (v.startsWith('u:')) return v.slice(2);
  if (v.startsWith('b:')) return decodeTextBytes(Buffer.from(v.slice(2), 'hex'));
  return undefined;
}

/** A name without its slash ("/Yes" → "Yes"), undefined for anything else. */
export function nameOf(objects: QpdfObjects, value: QpdfValue): string | undefined {
  const v = resolve(objects, value);
  return typeof v === 'string' && v.startsWith('/') ? v.slice(1) : undefined;
}

/** A qpdf JSON string value for `text` (qpdf writes it as a PDF text string). */
export function textValue(text: string): string {
  return `u:${text}`;
}

/** A qpdf JSON name value for `name` (characters qpdf would need escaped are written #xx). */
export function nameValue(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  let out = '/';
  for (const b of bytes)
    out +=
      b > 0x20 && b < 0x7f && !'#/()<>[]{}%'.includes(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `#${b.toString(16).padStart(2, '0')}`;
  return out;
}

/** A page's visible box (CropBox, else MediaBox, inherited) and /Rotate (0, 90, 180, 270). */
export function visibleBox(
  objects: QpdfObjects,
  page: Record<string, QpdfValue>,
): { box: [number, number, number, number]; rotate: number } {
  let node: Record<string, QpdfValue> | undefined = page;
  let crop: QpdfValue;
  let media: QpdfValue;
  let rotate: number | undefined;
  for (let depth = 0; node && depth < 64; depth++) {
    crop ??= resolve(objects, node['/CropBox']);
    media ??= resolve(objects, node['/MediaBox']);
    rotate ??= numberOf(objects, node['/Rotate']);
    node = dict(objects, node['/Parent']);
  }
  const raw = (Array.isArray(crop) ? crop : Array.isArray(media) ? media : [0, 0, 612, 792]).map(
    (n: QpdfValue) => numberOf(objects, n) ?? 0,
  );
  const box: [number, number, number, number] = [
    Math.min(raw[0], raw[2]),
    Math.min(raw[1], raw[3]),
    Math.max(raw[0], raw[2]),
    Math.max(raw[1], raw[3]),
  ];
  return { box, rotate: ((((rotate ?? 0) % 360) + 360) % 360) - ((((rotate ?? 0) % 360) + 360) % 90) };
}

/** A user-space rectangle [x0,y0,x1,y1] as [x,y,w,h] in pt from the visible page's top-left. */
export function userToVisible(
  rect: number[],
  box: [number, number, number, number],
  rotate: number,
): [number, number, number, number] {
  const [bx0, by0, bx1, by1] = box;
  const corners = [
    [rect[0], rect[1]],
    [rect[2], rect[3]],
  ].map(([px, py]) => {
    if (rotate === 90) return [py - by0, px - bx0];
    if (rotate === 180) return [bx1 - px, py - by0];
    if (rotate === 270) return [by1 - py, bx1 - px];
    return [px - bx0, by1 - py];
  });
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const round = (n: number) => Math.round(n * 100) / 100;
  return [
    round(Math.min(...xs)),
    round(Math.min(...ys)),
    round(Math.max(...xs) - Math.min(...xs)),
    round(Math.max(...ys) - Math.min(...ys)),
  ];
}
