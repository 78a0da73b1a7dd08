// A reader of one PDF object's text (ISO 32000-1 §7.3) into values, for the
// structure checks of pdf-structure.ts: dictionaries, arrays, names,
// references, numbers; strings are kept only as a marker (no check reads
// them). Hand-written on purpose: it reads the text the bounded object reader
// of pdf-page-count.ts returns, one object at a time, in one linear pass with
// an explicit stack (no recursion: a 200,000-deep array must not overflow the
// stack) and a nesting cap, and throws on anything it does not understand,
// which the caller treats as "cannot tell" rather than as damage.

/** A PDF name (/Type), #xx escapes decoded. */
export class PdfName {
  constructor(readonly name: string) {}
}

/** An indirect reference (12 0 R); generation numbers are not needed by any check. */
export class PdfRef {
  constructor(readonly num: number) {}
}

/** A string (literal or hex): its bytes are never needed. */
export class PdfString {}

/** A dictionary: keys without the slash. */
export type PdfDict = Map<string, PdfValue>;

/** A parsed PDF value. */
export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfString | PdfValue[] | PdfDict;

/** Thrown when the text is not the plain syntax this reader handles. */
export class PdfSyntaxError extends Error {}

/** Nesting deeper than this is refused (no check needs it; qpdf's own limit is 500). */
const MAX_DEPTH = 256;

/** Character classes (latin1 text): 1 whitespace, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1;
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = 2;
const isWhitespace = (c: number) => CLASS[c & 0xff] === 1 && c < 256;
const isRegular = (c: number) => c > 255 || CLASS[c] === 0;

interface Frame {
  kind: 'array' | 'dict';
  items: PdfValue[];
}

/** Parses the first value in `text` (an object's body, "obj" already stripped). */
export function parsePdfValue(text: string): PdfValue {
  const stack: Frame[] = [];
  let i = 0;
  const n = text.length;
  let result: PdfValue | undefined;
  let done = false;

  const emit = (value: PdfValue) => {
    if (stack.length === 0) {
      result = value;
      done = true;
    } else {
      stack[stack.length - 1].items.push(value);
    }
  };

  while (!done) {
    // Whitespace and comments.
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isWhitespace(c)) i++;
      else if (c === 0x25) {
        while (i < n && text.charCodeAt(i) !== 0x0a && text.charCodeAt(i) !== 0x0d) i++;
      } else break;
    }
    if (i >= n) {
      // Top-level numbers end at the text's end (an object that is just "12").
      if (stack.length === 0 && result === undefined) throw new PdfSyntaxError('no value');
      if (stack.length > 0) {
        // "5 0 R" style values leave a number pending at top level only; an open container is damage.
        throw new PdfSyntaxError('unterminated container');
      }
      break;
    }
    const c = text[i];
    const code = text.charCodeAt(i);
    if (code === 0x2f) {
      let j = i + 1;
      while (j < n && isRegular(text.charCodeAt(j))) j++;
      emit(new PdfName(decodeName(text.slice(i + 1, j))));
      i = j;
    } else if (code >= 0x30 && code <= 0x39 && stack.length > 0) {
      // Plain unsigned integers (most tokens: references, widths) without a regex.
      let j = i;
      let value = 0;
      while (j < n && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39)
        value = value * 10 + text.charCodeAt(j++) - 0x30;
      if (j < n && isRegular(text.charCodeAt(j))) {
        // "1.5", "12R"…: the general path below reads it.
        let k = j;
        while (k < n && isRegular(text.charCodeAt(k))) k++;
        const word = text.slice(i, k);
        if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) throw new PdfSyntaxError(`unexpected word ${word.slice(0, 16)}`);
        emit(Number(word));
        i = k;
      } else {
        emit(value);
        i = j;
      }
    } else if (c === '[' || (c === '<' && text[i + 1] === '<')) {
      if (stack.length >= MAX_DEPTH) throw new PdfSyntaxError('nested too deeply');
      stack.push({ kind: c === '[' ? 'array' : 'dict', items: [] });
      i += c === '[' ? 1 : 2;
    } else if (c === ']' || (c === '>' && text[i + 1] === '>')) {
      const frame = stack.pop();
      if (!frame || (frame.kind === 'array') !== (c === ']')) throw new PdfSyntaxError('unbalanced');
      i += c === ']' ? 1 : 2;
      emit(frame.kind === 'array' ? frame.items : toDict(frame.items));
    } else if (c === '<') {
      const end = text.indexOf('>', i + 1);
      if (end < 0) throw new PdfSyntaxError('unterminated hex string');
      i = end + 1;
      emit(new PdfString());
    } else if (c === '(') {
      i = skipLiteralString(text, i);
      emit(new PdfString());
    } else {
      let j = i;
      while (j < n && isRegular(text.charCodeAt(j))) j++;
      if (j === i) throw new PdfSyntaxError(`unexpected ${c}`);
      const word = text.slice(i, j);
      i = j;
      if (word === 'R') {
        const items = stack.length > 0 ? stack[stack.length - 1].items : undefined;
        if (!items || items.length < 2) throw new PdfSyntaxError('reference outside a container');
        const generation = items.pop();
        const number = items.pop();
        if (typeof number !== 'number' || typeof generation !== 'number') throw new PdfSyntaxError('bad reference');
        items.push(new PdfRef(number));
      } else if (word === 'true' || word === 'false') emit(word === 'true');
      else if (word === 'null') emit(null);
      else if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
        if (stack.length === 0) {
          // A top-level number is the whole value (a /Length object): "12 0 R" never stands alone here.
          result = Number(word);
          done = true;
        } else emit(Number(word));
      } else if (stack.length === 0 && (word === 'endobj' || word === 'stream')) break;
      else throw new PdfSyntaxError(`unexpected keyword ${word.slice(0, 16)}`);
    }
  }
  if (result === undefined) throw new PdfSyntaxError('no value');
  return result;
}

function toDict(items: PdfValue[]): PdfDict {
  if (items.length % 2 !== 0) throw new PdfSyntaxError('odd dictionary');
  const dict: PdfDict = new Map();
  for (let k = 0; k < items.length; k += 2) {
    const key = items[k];
    if (!(key instanceof PdfName)) throw new PdfSyntaxError('dictionary key is not a name');
    dict.set(key.name, items[k + 1]);
  }
  return dict;
}

/** Index after the literal string starting at `start` (balanced parentheses, backslash escapes). */
function skipLiteralString(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  throw new PdfSyntaxError('unterminated string');
}

function decodeName(raw: string): string {
  return raw.includes('#')
    ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
}

/** The dictionary's value at `key` when it is a name. */
export function nameOf(value: PdfValue | undefined): string | undefined {
  return value instanceof PdfName ? value.name : undefined;
}

/** True for a dictionary. */
export function isDict(value: PdfValue | undefined): value is PdfDict {
  return value instanceof Map;
}
