// A signature appended as an incremental update (ISO 32000-1 §7.5.6): the
// original bytes stay as they are, so signatures already in the file stay
// valid. MuPDF or qpdf parses the file (the current objects, in qpdf's JSON
// v2 value syntax); this module only writes: the signature dictionary with a /Contents placeholder,
// the signature field/widget, its appearance, new versions of the page (or its
// /Annots array) and of the catalog (or its AcroForm), and a cross-reference
// section of the same kind as the file's last one (table or stream) with /Prev.
import { InvalidRequestError } from '../core/errors.js';

/** The objects the update touches, in qpdf JSON v2 value syntax, keyed "obj:N G R" (and "trailer"). */
export interface QpdfStructure {
  objects: Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>;
  pageCount: number;
  /** Reference of the page that gets the widget. */
  pageRef: string;
  /** The next free object number. */
  nextObjectId: number;
}

export interface SignatureFields {
  signerName: string;
  signingTime: Date;
  reason?: string;
  location?: string;
  contact?: string;
  /** Visible: page (1-based) and rectangle in pt from the top-left of the page as displayed. */
  visible?: { page: number; rect: { x: number; y: number; w: number; h: number } };
  /** Bytes reserved for the DER signature. */
  contentsBytes: number;
  /** A document time-stamp (PAdES B-LTA, /SubFilter /ETSI.RFC3161) rather than a signature: no /M or /Name. */
  documentTimestamp?: boolean;
}

/** The update's bytes and where the signature goes in the whole file. */
export interface PreparedUpdate {
  update: Buffer;
  /** Absolute offsets: the '<' of /Contents and just after its '>'. */
  contentsStart: number;
  contentsEnd: number;
  byteRange: [number, number, number, number];
  /** What a further update appended to this one needs. */
  after: UpdateBase;
}

/** The file as an update leaves it: what the next incremental update builds on. */
export interface UpdateBase {
  size: number;
  xrefStream: boolean;
  /** Offset of the last cross-reference section. */
  xrefOffset: number;
  rootRef: string;
  /** The catalog's current dictionary (qpdf JSON v2 values). */
  root: Record<string, unknown>;
  trailer: Record<string, unknown>;
  nextObjectId: number;
}

const REF = /^(\d+) (\d+) R$/;

/** A number in PDF syntax (no exponent). */
function num(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return n.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

/** A text string: literal when printable ASCII, else UTF-16BE hex with BOM. */
export function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, '\\$&')})`;
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

/** A name in PDF syntax from qpdf's "/Name" (UTF-8, escaped where needed). */
function pdfName(name: string): string {
  const bytes = Buffer.from(name.slice(1), 'utf8');
  let out = '/';
  for (const b of bytes) {
    const regular = b > 0x20 && b < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(b));
    out += regular ? String.fromCharCode(b) : `#${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A qpdf JSON v2 value in PDF syntax (exported for unit tests). */
export function pdfValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return num(value);
  if (Array.isArray(value)) return `[${value.map(pdfValue).join(' ')}]`;
  if (typeof value === 'string') {
    if (REF.test(value)) return value;
    if (value.startsWith('/')) return pdfName(value);
    if (value.startsWith('n:')) return value.slice(2);
    if (value.startsWith('u:')) return pdfText(value.slice(2));
    if (value.startsWith('b:')) return `<${value.slice(2)}>`;
    throw new Error(`unexpected qpdf JSON string ${JSON.stringify(value.slice(0, 20))}`);
  }
  if (typeof value === 'object') {
    return `<<${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${pdfName(k)} ${pdfValue(v)}`)
      .join(' ')}>>`;
  }
  throw new Error(`unexpected qpdf JSON value of type ${typeof value}`);
}

type Dict = Record<string, unknown>;

/** A qpdf JSON v2 string ("u:text" or "b:hex") as text; "" for anything else. */
function jsonText(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return '';
}

class ObjectReader {
  constructor(private readonly structure: QpdfStructure) {}
  /** The dictionary or value behind `ref` (a stream's dictionary for a stream). */
  get(ref: string): unknown {
    const entry = this.structure.objects[`obj:${ref}`];
    return entry?.value ?? entry?.stream?.dict;
  }
  /** `value` itself, or the object it refers to. */
  resolve(value: unknown): unknown {
    return typeof value === 'string' && REF.test(value) ? this.get(value) : value;
  }
  /** An inheritable page attribute (ISO 32000-1 Table 30), looked up through /Parent. */
  inherited(pageRef: string, key: string): unknown {
    let node = this.get(pageRef) as Dict | undefined;
    for (let depth = 0; node && depth < 64; depth++) {
      if (node[key] !== undefined) return this.resolve(node[key]);
      node = this.resolve(node['/Parent']) as Dict | undefined;
    }
    return undefined;
  }
}

/** The page's visible box (CropBox within MediaBox) and /Rotate. */
function pageGeometry(
  reader: ObjectReader,
  pageRef: string,
): { box: [number, number, number, number]; rotate: number } {
  const media = (reader.inherited(pageRef, '/MediaBox') as number[] | undefined) ?? [0, 0, 612, 792];
  const crop = (reader.inherited(pageRef, '/CropBox') as number[] | undefined) ?? media;
  const norm = (b: number[]) => [
    Math.min(b[0], b[2]),
    Math.min(b[1], b[3]),
    Math.max(b[0], b[2]),
    Math.max(b[1], b[3]),
  ];
  const [m, c] = [norm(media.map(Number)), norm(crop.map(Number))];
  const box: [number, number, number, number] = [
    Math.max(m[0], c[0]),
    Math.max(m[1], c[1]),
    Math.min(m[2], c[2]),
    Math.min(m[3], c[3]),
  ];
  const rotate = ((((Number(reader.inherited(pageRef, '/Rotate') ?? 0) | 0) % 360) + 360) % 360) as number;
  return { box, rotate: rotate - (rotate % 90) };
}

/**
 * A rectangle on the page as displayed (pt, y down from the top-left corner)
 * in PDF user space, for a page with visible `box` turned clockwise by
 * `rotate` (exported for unit tests).
 */
export function displayToUser(
  rect: { x: number; y: number; w: number; h: number },
  box: [number, number, number, number],
  rotate: number,
): [number, number, number, number] {
  const [x0, y0, x1, y1] = box;
  const map = (u: number, v: number): [number, number] => {
    if (rotate === 90) return [x0 + v, y0 + u];
    if (rotate === 180) return [x1 - u, y0 + v];
    if (rotate === 270) return [x1 - v, y1 - u];
    return [x0 + u, y1 - v];
  };
  const a = map(rect.x, rect.y);
  const b = map(rect.x + rect.w, rect.y + rect.h);
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

/** Text for a WinAnsi-encoded standard font: characters it lacks become "?". */
function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const c = code >= 0x20 && code <= 0xff && !(code >= 0x7f && code <= 0xa0) ? ch : '?';
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return out;
}

/** PDF date string in UTC. */
export function pdfDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
}

/** The appearance of a visible signature: a framed box with the signer, the date and the reason. */
function appearanceContent(fields: SignatureFields, w: number, h: number): string {
  const when = fields.signingTime
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  const lines = [`Digitally signed by ${fields.signerName}`, `Date: ${when}`];
  if (fields.reason) lines.push(`Reason: ${fields.reason}`);
  if (fields.location) lines.push(`Location: ${fields.location}`);
  const size = Math.max(3, Math.min(10, (h - 4) / (lines.length * 1.25)));
  const text = lines.map((line, i) => `${i === 0 ? '' : `0 ${num(-size * 1.25)} Td `}(${winAnsi(line)}) Tj`).join('\n');
  return [
    `q 0.95 0.96 1 rg 0 0 ${num(w)} ${num(h)} re f 0.2 0.3 0.6 RG 1 w 0.5 0.5 ${num(Math.max(0, w - 1))} ${num(Math.max(0, h - 1))} re S Q`,
    `q 1 1 ${num(Math.max(0, w - 2))} ${num(Math.max(0, h - 2))} re W n BT /F1 ${num(size)} Tf 0.1 0.1 0.1 rg 4 ${num(h - 2 - size)} Td`,
    text,
    'ET Q',
  ].join('\n');
}

/** Rotation matrix that turns the appearance upright on a page shown turned by `rotate` (clockwise). */
function uprightMatrix(rotate: number): string {
  if (rotate === 90) return '[0 1 -1 0 0 0]';
  if (rotate === 180) return '[-1 0 0 -1 0 0]';
  if (rotate === 270) return '[0 -1 1 0 0 0]';
  return '[1 0 0 1 0 0]';
}

const BYTE_RANGE_SLOT = `[0 ${'0'.repeat(10)} ${'0'.repeat(10)} ${'0'.repeat(10)}]`;

/** Whether `tail` (the bytes at the last startxref offset) start a cross-reference stream rather than a table. */
export function isXrefStream(atStartxref: Buffer): boolean {
  return !atStartxref.toString('latin1').startsWith('xref');
}

/**
 * Builds the incremental update for a file of `originalSize` bytes whose last
 * cross-reference section is a stream when `xrefStream`. Returns the update
 * with the /Contents placeholder (zeros) and the final /ByteRange filled in.
 */
export function prepareSignatureUpdate(
  structure: QpdfStructure,
  originalSize: number,
  endsWithNewline: boolean,
  xrefStream: boolean,
  prevXref: number,
  fields: SignatureFields,
): PreparedUpdate {
  const reader = new ObjectReader(structure);
  const trailer = (structure.objects.trailer?.value ?? {}) as Dict;
  const rootRef = String(trailer['/Root']);
  const root = { ...(reader.get(rootRef) as Dict) };
  let next = Math.max(structure.nextObjectId, Number(trailer['/Size'] ?? 0));
  const alloc = () => next++;
  const written: Array<{ ref: string; body: string }> = [];
  const put = (ref: string, body: string) => written.push({ ref, body });

  const pageNumber = fields.visible?.page ?? 1;
  const pageRef = structure.pageRef;

  const sigId = alloc();
  const widgetId = alloc();
  const apId = alloc();
  let rect = [0, 0, 0, 0];
  let appearance = `<</Type/XObject/Subtype/Form/BBox[0 0 0 0]/Length 0>>\nstream\n\nendstream`;
  if (fields.visible) {
    const { box, rotate } = pageGeometry(reader, pageRef);
    const shownW = rotate % 180 === 0 ? box[2] - box[0] : box[3] - box[1];
    const shownH = rotate % 180 === 0 ? box[3] - box[1] : box[2] - box[0];
    const r = fields.visible.rect;
    if (r.x + r.w > shownW + 0.01 || r.y + r.h > shownH + 0.01) {
      throw new InvalidRequestError(
        `rect: must lie within page ${pageNumber} (${num(shownW)}×${num(shownH)} pt as displayed).`,
        'rect',
      );
    }
    rect = displayToUser(r, box, rotate);
    const fontId = alloc();
    put(`${fontId} 0 R`, '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>');
    const content = appearanceContent(fields, r.w, r.h);
    appearance =
      `<</Type/XObject/Subtype/Form/BBox[0 0 ${num(r.w)} ${num(r.h)}]/Matrix${uprightMatrix(rotate)}/Resources<</Font<</F1 ${fontId} 0 R>>>>` +
      `/Length ${Buffer.byteLength(content, 'latin1')}>>\nstream\n${content}\nendstream`;
  }
  put(`${apId} 0 R`, appearance);

  // Field name unique among the top-level fields.
  const acroValue = root['/AcroForm'];
  const acroForm = { ...((reader.resolve(acroValue) as Dict | undefined) ?? {}) };
  const fieldsValue = acroForm['/Fields'];
  const existing = ((reader.resolve(fieldsValue) as unknown[] | undefined) ?? []).slice();
  const names = new Set(existing.map((f) => jsonText((reader.resolve(f) as Dict | undefined)?.['/T'])));
  let n = existing.length + 1;
  while (names.has(`Signature${n}`)) n++;

  const sig = [
    fields.documentTimestamp
      ? '/Type/DocTimeStamp/Filter/Adobe.PPKLite/SubFilter/ETSI.RFC3161'
      : '/Type/Sig/Filter/Adobe.PPKLite/SubFilter/ETSI.CAdES.detached',
    `/ByteRange${BYTE_RANGE_SLOT}`,
    `/Contents<${'0'.repeat(fields.contentsBytes * 2)}>`,
    fields.documentTimestamp ? '' : `/M${pdfText(pdfDate(fields.signingTime))}`,
    fields.documentTimestamp ? '' : `/Name${pdfText(fields.signerName)}`,
    fields.reason ? `/Reason${pdfText(fields.reason)}` : '',
    fields.location ? `/Location${pdfText(fields.location)}` : '',
    fields.contact ? `/ContactInfo${pdfText(fields.contact)}` : '',
  ].join('');
  put(`${sigId} 0 R`, `<<${sig}>>`);
  put(
    `${widgetId} 0 R`,
    `<</Type/Annot/Subtype/Widget/FT/Sig/T(${fields.documentTimestamp ? 'DocTimeStamp' : 'Signature'}${n})/V ${sigId} 0 R/F 132/Rect[${rect.map(num).join(' ')}]/P ${pageRef}/AP<</N ${apId} 0 R>>>>`,
  );

  // The page gets the widget in /Annots (a new version of the array object when /Annots is indirect).
  const page = { ...(reader.get(pageRef) as Dict) };
  const annotsValue = page['/Annots'];
  const annots = [...((reader.resolve(annotsValue) as unknown[] | undefined) ?? []), `${widgetId} 0 R`];
  if (typeof annotsValue === 'string' && REF.test(annotsValue)) put(annotsValue, pdfValue(annots));
  else put(pageRef, pdfValue({ ...page, '/Annots': annots }));

  // The catalog's AcroForm gets the field and /SigFlags 3 (signatures exist, append only).
  const newFields = [...existing, `${widgetId} 0 R`];
  if (typeof fieldsValue === 'string' && REF.test(fieldsValue)) put(fieldsValue, pdfValue(newFields));
  const newAcroForm = {
    ...acroForm,
    '/Fields': typeof fieldsValue === 'string' && REF.test(fieldsValue) ? fieldsValue : newFields,
    '/SigFlags': 3,
  };
  let rootAfter = root;
  if (typeof acroValue === 'string' && REF.test(acroValue)) {
    put(acroValue, pdfValue(newAcroForm));
  } else {
    const acroId = alloc();
    put(`${acroId} 0 R`, pdfValue(newAcroForm));
    rootAfter = { ...root, '/AcroForm': `${acroId} 0 R` };
    put(rootRef, pdfValue(rootAfter));
  }

  const serialized = serializeUpdate(written, {
    size: originalSize,
    endsWithNewline,
    xrefStream,
    prevXref,
    trailer,
    rootRef,
    nextObjectId: next,
  });
  let body = serialized.body;
  const total = originalSize + Buffer.byteLength(body, 'latin1');
  const local = body.indexOf('/Contents<') + '/Contents'.length;
  const contentsStart = originalSize + local;
  const contentsEnd = contentsStart + fields.contentsBytes * 2 + 2;
  const byteRange: [number, number, number, number] = [0, contentsStart, contentsEnd, total - contentsEnd];
  const value = `[${byteRange.join(' ')}`;
  const slotAt = body.indexOf(`/ByteRange${BYTE_RANGE_SLOT}`) + '/ByteRange'.length;
  body =
    body.slice(0, slotAt) +
    value +
    ' '.repeat(BYTE_RANGE_SLOT.length - value.length - 1) +
    ']' +
    body.slice(slotAt + BYTE_RANGE_SLOT.length);
  return {
    update: Buffer.from(body, 'latin1'),
    contentsStart,
    contentsEnd,
    byteRange,
    after: {
      size: total,
      xrefStream,
      xrefOffset: serialized.xrefOffset,
      rootRef,
      root: rootAfter,
      trailer,
      nextObjectId: serialized.nextObjectId,
    },
  };
}

/** Where an update goes and what its trailer repeats. */
interface UpdatePlace {
  size: number;
  endsWithNewline: boolean;
  xrefStream: boolean;
  prevXref: number;
  trailer: Record<string, unknown>;
  rootRef: string;
  nextObjectId: number;
}

/**
 * Objects (bodies in PDF syntax; binary stream data as latin1 text), then a
 * cross-reference section of the file's kind with /Prev, the trailer and
 * %%EOF, as text to append to a file of `place.size` bytes (exported for the
 * DSS update, pdf/dss.ts).
 */
export function serializeUpdate(
  written: Array<{ ref: string; body: string }>,
  place: UpdatePlace,
): { body: string; xrefOffset: number; nextObjectId: number } {
  const { size: originalSize, endsWithNewline, xrefStream, prevXref, trailer, rootRef } = place;
  let next = place.nextObjectId;
  const alloc = () => next++;
  let body = endsWithNewline ? '' : '\n';
  const offsets = new Map<number, { offset: number; gen: number }>();
  for (const { ref, body: objBody } of written) {
    const [, id, gen] = REF.exec(ref)!;
    offsets.set(Number(id), { offset: originalSize + Buffer.byteLength(body, 'latin1'), gen: Number(gen) });
    body += `${id} ${gen} obj\n${objBody}\nendobj\n`;
  }
  const trailerEntries: Dict = { '/Root': rootRef };
  if (trailer['/Info'] !== undefined) trailerEntries['/Info'] = trailer['/Info'];
  if (trailer['/ID'] !== undefined) trailerEntries['/ID'] = trailer['/ID'];
  const xrefOffset = originalSize + Buffer.byteLength(body, 'latin1');
  if (xrefStream) {
    const xrefId = alloc();
    offsets.set(xrefId, { offset: xrefOffset, gen: 0 });
    const ids = [...offsets.keys()].sort((a, b) => a - b);
    const rows = Buffer.alloc(ids.length * 7);
    ids.forEach((id, i) => {
      rows.writeUInt8(1, i * 7);
      rows.writeUInt32BE(offsets.get(id)!.offset, i * 7 + 1);
      rows.writeUInt16BE(offsets.get(id)!.gen, i * 7 + 5);
    });
    const index = ids.map((id) => `${id} 1`).join(' ');
    const extra = Object.entries(trailerEntries)
      .map(([k, v]) => `${k} ${pdfValue(v)}`)
      .join('');
    body += `${xrefId} 0 obj\n<</Type/XRef/Size ${next}/W[1 4 2]/Index[${index}]/Prev ${prevXref}${extra}/Length ${rows.length}>>\nstream\n${rows.toString('latin1')}\nendstream\nendobj\n`;
  } else {
    const ids = [...offsets.keys()].sort((a, b) => a - b);
    let table = 'xref\n';
    for (const id of ids) {
      const { offset, gen } = offsets.get(id)!;
      table += `${id} 1\n${String(offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} n \n`;
    }
    const extra = Object.entries(trailerEntries)
      .map(([k, v]) => `${k} ${pdfValue(v)}`)
      .join('');
    body += `${table}trailer\n<</Size ${next}${extra}/Prev ${prevXref}>>\n`;
  }
  body += `startxref\n${xrefOffset}\n%%EOF\n`;
  return { body, xrefOffset, nextObjectId: next };
}
