// The words of one document in compact form: one token id, one box and one
// page number per word in typed arrays, the texts once each in a vocabulary
// shared by both documents (so equal words have equal ids and the diff
// compares integers). About 24 bytes a word plus the distinct texts: a
// million-word document holds in ~30 MiB, where an object per word took ~150.
import type { WordSink } from '../../tools/pdftotext-words.js';

/** Distinct word texts ↔ ids, shared by the two documents of a comparison. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();
  readonly texts: string[] = [];

  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
    }
    return id;
  }
}

/** Size of a page in pt, as displayed. */
export interface PageSize {
  width: number;
  height: number;
}

/** A document's words in reading order, page after page. */
export class DocumentWords implements WordSink {
  count = 0;
  ids = new Int32Array(1024);
  /** x0, y0, x1, y1 per word, pt from the page's top-left. */
  boxes = new Float32Array(4096);
  /** 1-based page of each word. */
  pages = new Int32Array(1024);
  readonly pageSizes: PageSize[] = [];
  /** Index of each page's first word (pageStart[p - 1]); pageStart[pages] = count. */
  readonly pageStart: number[] = [];

  constructor(private readonly vocabulary: Vocabulary) {}

  page(width: number, height: number): void {
    this.pageSizes.push({ width, height });
    this.pageStart.push(this.count);
  }

  word(text: string, x0: number, y0: number, x1: number, y1: number): void {
    if (this.count === this.ids.length) this.grow();
    const i = this.count++;
    this.ids[i] = this.vocabulary.idOf(text);
    this.pages[i] = this.pageSizes.length;
    this.boxes.set([x0, y0, x1, y1], i * 4);
  }

  /** Called once all pages are read: trims the arrays and closes pageStart. */
  finish(): this {
    this.ids = this.ids.slice(0, this.count);
    this.pages = this.pages.slice(0, this.count);
    this.boxes = this.boxes.slice(0, this.count * 4);
    this.pageStart.push(this.count);
    return this;
  }

  textOf(i: number): string {
    return this.vocabulary.texts[this.ids[i]];
  }

  /** [x, y, w, h] of word i, rounded to 0.01 pt. */
  boxOf(i: number): [number, number, number, number] {
    const b = this.boxes;
    const r = (v: number) => Math.round(v * 100) / 100;
    return [r(b[i * 4]), r(b[i * 4 + 1]), r(b[i * 4 + 2] - b[i * 4]), r(b[i * 4 + 3] - b[i * 4 + 1])];
  }

  /** Pages that hold no word at all (scans, pictures); after finish(). */
  emptyPages(): number[] {
    const empty: number[] = [];
    for (let p = 1; p <= this.pageSizes.length; p++) if (this.pageStart[p - 1] === this.pageStart[p]) empty.push(p);
    return empty;
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const ids = new Int32Array(size);
    ids.set(this.ids);
    this.ids = ids;
    const pages = new Int32Array(size);
    pages.set(this.pages);
    this.pages = pages;
    const boxes = new Float32Array(size * 4);
    boxes.set(this.boxes);
    this.boxes = boxes;
  }
}
