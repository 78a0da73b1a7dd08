// Words hyphenated across a paragraph boundary: a paragraph that ends with
// "selec-" where the text goes on in the next column or on the next page
// ("tive inlining") is one word cut by the layout, not two. The fragment moves
// back to the end of the first paragraph, so each column keeps its own
// paragraphs (and its place) while the word is whole and searchable.
import type { ParagraphBlock, PageLayout } from './model.js';

/** Joins words hyphenated at a column or page break, in reading order over `pages`. */
export function joinBrokenWords(pages: PageLayout[]): void {
  let prev: ParagraphBlock | undefined;
  for (const page of pages) {
    for (const band of page.bands) {
      for (const column of band.content) {
        for (const block of column) {
          if (block.kind !== 'paragraph') {
            prev = undefined;
            continue;
          }
          if (prev && block.heading === 0 && prev.heading === 0) join(prev, block);
          prev = block;
        }
      }
    }
  }
}

function join(a: ParagraphBlock, b: ParagraphBlock): void {
  const last = a.runs[a.runs.length - 1];
  const first = b.runs[0];
  if (!last || !first || !/\p{L}-$/u.test(last.text)) return;
  const match = /^\s*(\p{Ll}[\p{L}\p{N}]*[.,;:!?)\]]?)(\s+|$)/u.exec(first.text);
  if (!match) return;
  last.text = last.text.slice(0, -1) + match[1];
  first.text = first.text.slice(match[0].length);
  if (first.text === '') b.runs.shift();
}
