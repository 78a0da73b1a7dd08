// Checks each multipart part's headers as the body streams past. busboy skips
// a part without a Content-Disposition, or with a disposition other than
// form-data, without a word — a merge of three parts, one of them without the
// header, merged two and answered 200. Every part must be accounted for, so
// this scanner names the first part busboy would drop, and the upload fails
// with 400 (README, "Errors").
//
// Linear: one Buffer.indexOf per chunk (native memchr-like search) plus a
// window of twice the delimiter's length across chunk edges; headers are
// collected up to MAX_HEADER_BYTES, busboy's own bound.

/** busboy refuses a part whose headers pass 16 KiB: collecting more is never needed. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLFCRLF = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or undefined when it has none. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

/** What is wrong with one part's header block: undefined when it is a named form-data part, '' when it is malformed (busboy answers that). */
export function partHeaderProblem(headerBlock: string, index: number): string | undefined {
  const lines = headerBlock.split('\r\n');
  // A header line without a colon is a malformed body: busboy refuses it with its own 400.
  if (lines.some((line) => line !== '' && !line.includes(':'))) return '';
  const disposition = lines.find((line) => /^content-disposition\s*:/i.test(line));
  const which = `Part ${index} of the multipart body`;
  if (!disposition)
    return `${which} has no Content-Disposition header; every part must be sent as "Content-Disposition: form-data; name=…".`;
  const value = disposition.slice(disposition.indexOf(':') + 1).trim();
  const type = value.split(';', 1)[0].trim().toLowerCase();
  if (type !== 'form-data') return `${which} has Content-Disposition "${type.slice(0, 40)}", not form-data.`;
  if (!/;\s*name\*?\s*=/i.test(value)) return `${which} has no name in its Content-Disposition.`;
  return undefined;
}

/** Feeds the body's chunks in order; `push` answers the first problem found (then stays quiet). */
export class PartHeaderScanner {
  private readonly delimiter: Buffer;
  /** The last delimiter.length - 1 bytes of the previous chunk (a delimiter may span two chunks). */
  private tail: Buffer;
  /** What is being read: the body up to a delimiter, the two bytes after one, or a part's header block. */
  private state: 'body' | 'after-delimiter' | 'header' = 'body';
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private parts = 0;
  private done = false;

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    // The body's first delimiter has no CRLF before it: start as if one had been seen.
    this.tail = Buffer.from('\r\n');
  }

  push(chunk: Buffer): string | undefined {
    let at = 0;
    while (!this.done && at < chunk.length) {
      if (this.state === 'body') at = this.findDelimiter(chunk, at);
      else if (this.state === 'after-delimiter') at = this.readAfterDelimiter(chunk, at);
      else {
        const read = this.readHeader(chunk, at);
        if (read.problem !== undefined) {
          this.done = true;
          return read.problem || undefined;
        }
        at = read.next;
      }
    }
    return undefined;
  }

  /** Searches for the next delimiter from `at`; returns the offset just past it (or the chunk's end). */
  private findDelimiter(chunk: Buffer, at: number): number {
    const d = this.delimiter;
    const tail = this.tail;
    this.tail = Buffer.alloc(0);
    if (tail.length > 0) {
      // Across the edge: the tail (too short to hold a whole delimiter) and this chunk's first bytes.
      const found = Buffer.concat([tail, chunk.subarray(at, at + d.length - 1)]).indexOf(d);
      if (found >= 0) {
        this.state = 'after-delimiter';
        return at + found + d.length - tail.length;
      }
    }
    const found = chunk.indexOf(d, at);
    if (found >= 0) {
      this.state = 'after-delimiter';
      return found + d.length;
    }
    // Keep the last delimiter.length - 1 bytes seen (a short chunk keeps some of the old tail too).
    const rest =
      chunk.length - at >= d.length - 1
        ? chunk.subarray(chunk.length - (d.length - 1))
        : Buffer.concat([tail, chunk.subarray(at)]);
    this.tail = Buffer.from(rest.subarray(Math.max(0, rest.length - (d.length - 1))));
    return chunk.length;
  }

  /** The two bytes after a delimiter: "--" ends the body; anything else begins a part's delimiter line and header. */
  private readAfterDelimiter(chunk: Buffer, at: number): number {
    const take = Math.min(2 - this.pendingBytes, chunk.length - at);
    this.pending.push(chunk.subarray(at, at + take));
    this.pendingBytes += take;
    if (this.pendingBytes < 2) return at + take;
    const two = Buffer.concat(this.pending);
    if (two[0] === 0x2d && two[1] === 0x2d) {
      this.done = true; // the close delimiter: no part follows
      return chunk.length;
    }
    this.state = 'header';
    return at + take;
  }

  /** Collects a header block up to its blank line; a problem text ('' to stop quietly) or where to go on. */
  private readHeader(chunk: Buffer, at: number): { problem?: string; next: number } {
    const piece = chunk.subarray(at, Math.min(chunk.length, at + MAX_HEADER_BYTES + 4 - this.pendingBytes));
    this.pending.push(piece);
    this.pendingBytes += piece.length;
    const block = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [block];
    const end = block.indexOf(CRLFCRLF);
    if (end < 0) {
      // busboy answers an over-long header itself ("Malformed part header").
      if (this.pendingBytes >= MAX_HEADER_BYTES + 4) return { problem: '', next: chunk.length };
      return { next: at + piece.length };
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.state = 'body';
    // The block starts with the two bytes after the delimiter: the delimiter line's optional padding and CRLF.
    const text = block
      .subarray(0, end)
      .toString('latin1')
      .replace(/^[ \t]*\r\n/, '');
    this.parts++;
    // The part's body starts right after the blank line (all of it in this chunk's piece).
    const next = at + piece.length - (block.length - (end + CRLFCRLF.length));
    return { problem: partHeaderProblem(text, this.parts), next };
  }
}
