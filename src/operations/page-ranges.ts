// Page ranges (API.md §1): "1-3,5,8-" — N, N-M or N- (to the last page),
// 1-based. Syntax is checked when the request is validated; bounds once the
// page count is known.
import { InvalidRequestError } from '../core/errors.js';
import type { PageRange } from '../core/contract.js';

const ITEM = /^(\d+)(?:-(\d*))?$/;
/** The syntax, for zod and OpenAPI. */
export const PAGE_RANGES_PATTERN = '^\\s*\\d+(?:-\\d*)?(?:\\s*,\\s*\\d+(?:-\\d*)?)*\\s*$';

/** Parses `spec` against a document of `pageCount` pages; throws 400 naming `field`. */
export function parsePageRanges(spec: string, pageCount: number, field: string): PageRange[] {
  const items = spec.split(',').map((s) => s.trim());
  if (items.length === 0 || items.some((s) => s === '')) {
    throw new InvalidRequestError(`${field}: "${spec}" is not a page range list (use e.g. 1-3,5,8-).`, field);
  }
  return items.map((item) => {
    const match = ITEM.exec(item);
    if (!match) throw new InvalidRequestError(`${field}: "${item}" is not a page or range (use N, N-M or N-).`, field);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : match[2] === '' ? pageCount : Number(match[2]);
    if (first < 1) throw new InvalidRequestError(`${field}: pages are numbered from 1 ("${item}").`, field);
    if (last < first) throw new InvalidRequestError(`${field}: "${item}" is reversed.`, field);
    if (first > pageCount || last > pageCount) {
      throw new InvalidRequestError(
        `${field}: "${item}" is out of range; the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
        field,
      );
    }
    return { first, last };
  });
}

/** The selected page numbers in order of the ranges (duplicates kept). */
export function expandPageRanges(ranges: PageRange[]): number[] {
  const pages: number[] = [];
  for (const r of ranges) for (let p = r.first; p <= r.last; p++) pages.push(p);
  return pages;
}

/** A qpdf page range ("1-3,5,8-12") for `ranges`. */
export function toQpdfRange(ranges: PageRange[]): string {
  return ranges.map((r) => (r.first === r.last ? `${r.first}` : `${r.first}-${r.last}`)).join(',');
}
