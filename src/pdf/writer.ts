// A minimal PDF writer for the small documents the service generates itself
// (watermark stamps): numbered objects, optional streams, one classic xref.
// Values are written by the caller as PDF syntax; `pdfString`/`pdfName`
// below make user data safe to embed.

/** One object body: a dictionary (or any value) and optionally stream bytes. */
interface PdfObject {
  body: string;
  stream?: Buffer;
}

/** Builds a PDF file object by object. */
export class PdfWriter {
  private readonly objects: PdfObject[] = [];

  /** Reserves an object number (for forward references); fill it with `set`. */
  reserve(): number {
    this.objects.push({ body: 'null' });
    return this.objects.length;
  }

  /** Adds an object and returns its number. */
  add(body: string, stream?: Buffer): number {
    const id = this.reserve();
    this.set(id, body, stream);
    return id;
  }

  /** Fills a reserved object. For streams, `body` is the dictionary without /Length. */
  set(id: number, body: string, stream?: Buffer): void {
    this.objects[id - 1] = { body, stream };
  }

  /** The finished file with `root` as the catalog. */
  toBuffer(root: number): Buffer {
    const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0].length;
    const offsets: number[] = [];
    const push = (b: Buffer) => {
      chunks.push(b);
      offset += b.length;
    };
    this.objects.forEach((object, i) => {
      offsets.push(offset);
      if (object.stream) {
        const dict = object.body.replace(/>>\s*$/, `/Length ${object.stream.length}>>`);
        push(Buffer.from(`${i + 1} 0 obj\n${dict}\nstream\n`, 'latin1'));
        push(object.stream);
        push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
      } else {
        push(Buffer.from(`${i + 1} 0 obj\n${object.body}\nendobj\n`, 'latin1'));
      }
    });
    const xref = offset;
    const size = this.objects.length + 1;
    const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
    push(
      Buffer.from(
        `xref\n0 ${size}\n0000000000 65535 f \n${rows}trailer\n<</Size ${size}/Root ${root} 0 R>>\nstartxref\n${xref}\n%%EOF\n`,
        'latin1',
      ),
    );
    return Buffer.concat(chunks);
  }
}

/** A text string as UTF-16BE hex with BOM: any Unicode, no escaping pitfalls. */
export function pdfTextString(text: string): string {
  const units: string[] = ['FEFF'];
  for (let i = 0; i < text.length; i++) units.push(text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase());
  return `<${units.join('')}>`;
}

/** A number in PDF syntax (no exponent, few decimals). */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
  const rounded = Math.round(value * 10000) / 10000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** A value in qpdf JSON v2 notation ("/Name", "N 0 R", "u:text", numbers, arrays, dictionaries) as PDF syntax. */
export function pdfValue(value: unknown): string {
  if (typeof value === 'number') return num(value);
  if (Array.isArray(value)) return `[${value.map(pdfValue).join(' ')}]`;
  if (typeof value === 'string') {
    if (/^\d+ \d+ R$/.test(value)) return value;
    if (value.startsWith('/')) return value;
    if (value.startsWith('u:')) {
      const text = value.slice(2);
      return /^[\x20-\x7e]*$/.test(text) && !/[()\\]/.test(text) ? `(${text})` : pdfTextString(text);
    }
    throw new Error(`not a qpdf JSON value: ${value}`);
  }
  if (value && typeof value === 'object') {
    return `<<${Object.entries(value)
      .map(([key, v]) => `${key} ${pdfValue(v)}`)
      .join('')}>>`;
  }
  throw new Error(`not a qpdf JSON value: ${String(value)}`);
}
