// Inputs for the fairness suite (test/http/hostile-fairness.test.ts): a PDF
// whose every page says which page it is, so a split's parts can be checked
// to hold the right pages in the right order.
import { buildPdf, type PdfObject } from './hostile.js';

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A plain `pages`-page PDF whose page n shows "PAGE-n" (its own content stream). */
export function numberedPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ');
  const objects: PdfObject[] = [
    { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>` },
    { num: 3, body: FONT },
  ];
  for (let i = 0; i < pages; i++) {
    objects.push({
      num: 4 + 2 * i,
      body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
    });
    objects.push({ num: 5 + 2 * i, body: '', stream: Buffer.from(`BT /F1 24 Tf 72 700 Td (PAGE-${i + 1}) Tj ET`) });
  }
  return buildPdf(objects);
}

/** Comma-separated single pages `first`..`last` (descending when first > last). */
export function singlePages(first: number, last: number): string {
  const step = first <= last ? 1 : -1;
  const pages: number[] = [];
  for (let p = first; p !== last + step; p += step) pages.push(p);
  return pages.join(',');
}
