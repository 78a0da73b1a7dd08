// Generated document pairs with known edits for the compare tests and bench:
// paragraphs of pseudo-words flowed into lines and pages (Helvetica 11 pt,
// 14 pt leading), so an insertion reflows the text that follows it just as a
// word processor would.
import zlib from 'node:zlib';
import { makeJpeg, makePdf, textAt, type FixtureImage, type FixturePage } from './make-fixtures.js';

const WORDS = (
  'river stone garden window paper silver orange market yellow forest planet winter summer bridge castle engine ' +
  'harbor island meadow candle letter number signal travel wonder anchor basket circle dragon figure handle ' +
  'jacket kitten ladder mirror needle pocket rabbit saddle ticket velvet wallet'
).split(' ');

/** `count` pseudo-words from a fixed seed (the same text every run). */
export function pseudoWords(count: number, seed: number): string[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return WORDS[state % WORDS.length];
  });
}

/** Layout of flowed text. */
export interface Flow {
  linesPerPage: number;
  /** Characters per line at most. */
  width: number;
  top: number;
  left: number;
  leading: number;
}

export const FLOW: Flow = { linesPerPage: 30, width: 80, top: 720, left: 72, leading: 14 };

/** Paragraphs flowed into page content streams (a blank line between paragraphs). */
export function flowPages(paragraphs: string[], flow: Flow = FLOW): string[] {
  const lines: string[] = [];
  paragraphs.forEach((paragraph, i) => {
    if (i > 0) lines.push('');
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && line.length + 1 + word.length > flow.width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  });
  const pages: string[] = [];
  for (let start = 0; start < lines.length; start += flow.linesPerPage) {
    pages.push(
      lines
        .slice(start, start + flow.linesPerPage)
        .map((line, k) => (line ? textAt(line, flow.left, flow.top - k * flow.leading, 11) : ''))
        .join(''),
    );
  }
  return pages;
}

/** A pair of documents and the words the diff must report. */
export interface EditCase {
  name: string;
  old: Buffer;
  new: Buffer;
  /** Words deleted from old and inserted in new, in order. */
  deleted: string[];
  inserted: string[];
  /** Pages (old, new) where a visual change must be reported; all others none. */
  visual: Array<[number, number]>;
}

/** Base text: five paragraphs, about three pages. */
export function baseParagraphs(): string[] {
  return [0, 1, 2, 3, 4].map((i) => pseudoWords(120, 11 + i).join(' '));
}

const pdfOf = (contents: string[], images: FixtureImage[] = []) =>
  makePdf(
    contents.map((content): FixturePage => ({ content })),
    images,
  );

/** The known-edit suite. */
export function editCases(): EditCase[] {
  const base = baseParagraphs();
  const basePages = flowPages(base);
  const basePdf = pdfOf(basePages);
  const cases: EditCase[] = [];

  // One word replaced (the 40th word of paragraph 2 becomes "Zeppelin").
  const replaced = [...base];
  const words2 = replaced[1].split(' ');
  const was = words2[40];
  words2[40] = 'Zeppelin';
  replaced[1] = words2.join(' ');
  cases.push({
    name: 'word replaced',
    old: basePdf,
    new: pdfOf(flowPages(replaced)),
    deleted: [was],
    inserted: ['Zeppelin'],
    visual: [],
  });

  // A sentence inserted early in paragraph 1: everything after it reflows, some lines onto the next page.
  const sentence = 'Quarterly revenue grew strongly while operating costs stayed flat across every region.';
  const inserted = [...base];
  const words1 = inserted[0].split(' ');
  words1.splice(10, 0, ...sentence.split(' '));
  inserted[0] = words1.join(' ');
  cases.push({
    name: 'sentence inserted',
    old: basePdf,
    new: pdfOf(flowPages(inserted)),
    deleted: [],
    inserted: sentence.split(' '),
    visual: [],
  });

  // A page inserted after page 1.
  const extra = pseudoWords(60, 99).map((w) => w.toUpperCase());
  const withPage = [basePages[0], flowPages([extra.join(' ')])[0], ...basePages.slice(1)];
  cases.push({ name: 'page inserted', old: basePdf, new: pdfOf(withPage), deleted: [], inserted: extra, visual: [] });

  // A picture swapped, text unchanged (below the text on page 2).
  const picturePage = (pages: string[]) => [
    pages[0],
    `${pages[1]}q 160 0 0 120 200 120 cm /Im0 Do Q\n`,
    ...pages.slice(2),
  ];
  const shortBase = flowPages(base.map((p) => p.split(' ').slice(0, 60).join(' ')));
  const jpeg = (label: string) => ({
    dict: '/Width 160/Height 120/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/DCTDecode',
    data: makeJpeg(160, 120, 72, label),
  });
  cases.push({
    name: 'picture swapped',
    old: pdfOf(picturePage(shortBase), [jpeg('OLD')]),
    new: pdfOf(picturePage(shortBase), [jpegVariant()]),
    deleted: [],
    inserted: [],
    visual: [[2, 2]],
  });

  // The colour of a heading and of a drawn bar changed, text unchanged.
  const coloured = (rgb: string) => [
    `${rgb} rg ${textAt('Annual Summary Heading', 72, 750, 16)} 72 90 300 12 re f 0 g\n${basePages[0]}`,
    ...basePages.slice(1),
  ];
  cases.push({
    name: 'colour changed',
    old: pdfOf(coloured('0.8 0 0')),
    new: pdfOf(coloured('0 0 0.8')),
    deleted: [],
    inserted: [],
    visual: [[1, 1]],
  });

  // A table cell changed.
  const table = (cell: string) => [
    basePages[0],
    tablePage(['Item', 'Count', 'Price', 'Apples', '12', '3.50', 'Pears', cell, '4.25']),
  ];
  cases.push({
    name: 'table cell changed',
    old: pdfOf(table('7')),
    new: pdfOf(table('9')),
    deleted: ['7'],
    inserted: ['9'],
    visual: [],
  });

  // A word replaced on a page turned 90° whose MediaBox does not start at 0,0 (boxes are on the page as displayed).
  const rotated = (word: string) =>
    makePdf([
      {
        mediaBox: [50, 50, 662, 842],
        rotate: 90,
        content: textAt(`Rotated page with the ${word} word in it`, 150, 400) + textAt('Another line stays', 150, 300),
      },
    ]);
  cases.push({
    name: 'rotated page',
    old: rotated('first'),
    new: rotated('second'),
    deleted: ['first'],
    inserted: ['second'],
    visual: [],
  });
  return cases;
}

/** A 3×3 table with ruled cells, values row by row. */
function tablePage(cells: string[]): string {
  let content = '0.5 w\n';
  for (let r = 0; r <= 3; r++) content += `72 ${700 - r * 24} m 372 ${700 - r * 24} l S\n`;
  for (let c = 0; c <= 3; c++) content += `${72 + c * 100} 700 m ${72 + c * 100} 628 l S\n`;
  cells.forEach((text, i) => (content += textAt(text, 80 + (i % 3) * 100, 682 - Math.floor(i / 3) * 24, 11)));
  return content;
}

/** Another picture of the same size: a blue and white Flate-compressed image (the picture swap). */
function jpegVariant(): FixtureImage {
  const pixels = Buffer.alloc(160 * 120 * 3);
  for (let i = 0; i < 160 * 120; i++) {
    const x = i % 160;
    pixels.set(x < 100 ? [30, 60, 200] : [255, 255, 255], i * 3);
  }
  return {
    dict: '/Width 160/Height 120/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode',
    data: zlib.deflateSync(pixels),
  };
}
