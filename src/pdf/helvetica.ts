// Helvetica's advance widths (Adobe's AFM for the standard Type 1 font, in
// 1/1000 em) for the characters of WinAnsiEncoding, so that form text set in
// the standard font can be measured and encoded without embedding anything.

const ASCII =
  '278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556 ' +
  '1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 ' +
  '333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584';
const LATIN1 =
  '278 333 556 556 556 556 260 556 333 737 370 556 584 333 737 333 400 584 333 333 333 556 537 278 333 333 365 556 834 834 834 611 ' +
  '667 667 667 667 667 667 1000 722 667 667 667 667 278 278 278 278 722 722 778 778 778 778 778 584 778 722 722 722 722 667 667 611 ' +
  '556 556 556 556 556 556 889 500 556 556 556 556 278 278 278 278 556 556 556 556 556 556 556 584 611 556 556 556 556 500 556 500';
/** Windows-1252's 0x80..0x9F: the character and its Helvetica width. */
const CP1252_HIGH: Array<[number, string, number]> = [
  [0x80, '€', 556],
  [0x82, '‚', 222],
  [0x83, 'ƒ', 556],
  [0x84, '„', 333],
  [0x85, '…', 1000],
  [0x86, '†', 556],
  [0x87, '‡', 556],
  [0x88, 'ˆ', 333],
  [0x89, '‰', 1000],
  [0x8a, 'Š', 667],
  [0x8b, '‹', 333],
  [0x8c, 'Œ', 1000],
  [0x8e, 'Ž', 611],
  [0x91, '‘', 222],
  [0x92, '’', 222],
  [0x93, '“', 333],
  [0x94, '”', 333],
  [0x95, '•', 350],
  [0x96, '–', 556],
  [0x97, '—', 1000],
  [0x98, '˜', 333],
  [0x99, '™', 1000],
  [0x9a, 'š', 500],
  [0x9b, '›', 333],
  [0x9c, 'œ', 944],
  [0x9e, 'ž', 500],
  [0x9f, 'Ÿ', 667],
];

/** Character → [WinAnsi code, Helvetica width]. */
const TABLE = new Map<string, [number, number]>();
ASCII.split(' ').forEach((w, i) => TABLE.set(String.fromCharCode(0x20 + i), [0x20 + i, Number(w)]));
LATIN1.split(' ').forEach((w, i) => TABLE.set(String.fromCharCode(0xa0 + i), [0xa0 + i, Number(w)]));
for (const [code, char, width] of CP1252_HIGH) TABLE.set(char, [code, width]);

/** The WinAnsi code and Helvetica width of `char`, undefined when WinAnsiEncoding lacks it. */
export function helveticaGlyph(char: string): [number, number] | undefined {
  return TABLE.get(char);
}

/** Whether every character of `text` is in WinAnsiEncoding (line breaks aside). */
export function isWinAnsi(text: string): boolean {
  for (const c of text) if (c !== '\n' && c !== '\r' && !TABLE.has(c)) return false;
  return true;
}
