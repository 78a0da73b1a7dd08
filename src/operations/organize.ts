// organize: the output's pages in the order the client names them, with
// backward ranges, repeats, "N-" and inserted blank pages, in one qpdf --pages
// pass over the original document (its catalog, outlines and names are kept).
// Blank pages come from a small PDF written in-process, each the size and
// rotation of the page before it. When pages are dropped, links, outline
// entries and named destinations that pointed at them are removed afterwards
// (organize-links.ts), so nothing in the output points at a page that is gone.
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError, TooManyPagesError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { num, PdfWriter } from '../pdf/writer.js';
import { pageGeometry, type PageGeometry } from '../tools/pdfinfo.js';
import { reorderPages, type PageSource } from '../tools/qpdf.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';
import { mayPointAtPages, removeLinksToDroppedPages } from './organize-links.js';
import { PdfInput } from './pdf-input.js';

const ITEM = '(?:blank|\\d+(?:-\\d*)?)';
/** The syntax of `order`, for zod and OpenAPI. */
export const ORDER_PATTERN = `^\\s*${ITEM}(?:\\s*,\\s*${ITEM})*\\s*$`;

export interface OrganizeOptions {
  order: string;
  password?: string;
}

/** One output page: a page of the input (1-based) or a blank page. */
export type OrderItem = number | 'blank';

/** Expands `order` against a document of `pageCount` pages; throws 400 naming `order` (exported for unit tests). */
export function parseOrder(order: string, pageCount: number, maxPages: number): OrderItem[] {
  const items: OrderItem[] = [];
  for (const raw of order.split(',')) {
    const item = raw.trim();
    if (item === 'blank') {
      items.push('blank');
    } else {
      const match = /^(\d+)(?:-(\d*))?$/.exec(item);
      if (!match) throw new InvalidRequestError(`order: "${item}" is not a page, a range or "blank".`, 'order');
      const first = Number(match[1]);
      const last = match[2] === undefined ? first : match[2] === '' ? pageCount : Number(match[2]);
      if (first < 1 || last < 1)
        throw new InvalidRequestError(`order: pages are numbered from 1 ("${item}").`, 'order');
      if (first > pageCount || last > pageCount) {
        throw new InvalidRequestError(
          `order: "${item}" is out of range; the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
          'order',
        );
      }
      const step = last >= first ? 1 : -1;
      if (items.length + Math.abs(last - first) + 1 > maxPages)
        throw new TooManyPagesError(maxPages, items.length + Math.abs(last - first) + 1);
      for (let p = first; p !== last + step; p += step) items.push(p);
    }
    if (items.length > maxPages) throw new TooManyPagesError(maxPages, items.length);
  }
  return items;
}

/** qpdf --pages sources for `items`: runs of input pages as ranges, blank i as page i of `blankFile` (exported for unit tests). */
export function pageSources(items: OrderItem[], blankFile: string): PageSource[] {
  const sources: PageSource[] = [];
  let blanks = 0;
  const push = (file: string, part: string) => {
    const last = sources.at(-1);
    if (last && last.file === file) last.range += `,${part}`;
    else sources.push({ file, range: part });
  };
  for (let i = 0; i < items.length; ) {
    const item = items[i];
    if (item === 'blank') {
      push(blankFile, String(++blanks));
      i++;
      continue;
    }
    // Longest run of consecutive pages going one way: "5-3" rather than "5,4,3".
    let j = i;
    const next = items[i + 1];
    const step = typeof next === 'number' && Math.abs(next - item) === 1 ? next - item : 0;
    while (step !== 0 && typeof items[j + 1] === 'number' && (items[j + 1] as number) - (items[j] as number) === step)
      j++;
    push('.', j === i ? String(item) : `${item}-${items[j]}`);
    i = j + 1;
  }
  return sources;
}

/** Writes one blank page per "blank" item, each the displayed size and rotation of the page before it (or page 1). */
async function writeBlanks(run: RunContext, items: OrderItem[], source: string, pageCount: number): Promise<string> {
  const needed = new Set<number>();
  let previous = 1;
  const refs: number[] = [];
  for (const item of items) {
    if (item === 'blank') refs.push(previous);
    else previous = item;
  }
  refs.forEach((p) => needed.add(p));
  const geometry: PageGeometry[] = await pageGeometry(run, source, Math.max(...needed, 1));
  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const pagesId = pdf.reserve();
  const kids = refs.map((p) => {
    const { box, rotate } = geometry[p - 1];
    const w = Math.abs(box[2] - box[0]);
    const h = Math.abs(box[3] - box[1]);
    return pdf.add(
      `<</Type/Page/Parent ${pagesId} 0 R/MediaBox[0 0 ${num(w)} ${num(h)}]${rotate ? `/Rotate ${rotate}` : ''}/Resources<<>>>>`,
    );
  });
  pdf.set(pagesId, `<</Type/Pages/Kids[${kids.map((k) => `${k} 0 R`).join(' ')}]/Count ${kids.length}>>`);
  pdf.set(catalog, `<</Type/Catalog/Pages ${pagesId} 0 R>>`);
  const file = path.join(run.workdir, 'blanks.pdf');
  await fs.writeFile(file, pdf.toBuffer(catalog));
  return file;
}

export async function organizePdf({
  files,
  options,
  run,
  config,
}: OperationInput<OrganizeOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const items = parseOrder(options.order, input.pages, config.MAX_PAGES);
  const blankFile = items.includes('blank') ? await writeBlanks(run, items, await input.plain(), input.pages) : '';
  const ordered = path.join(run.workdir, 'organized.pdf');
  const kept = new Set(items.filter((i): i is number => i !== 'blank'));
  const dropsPages = kept.size < input.pages;
  // Whether anything could dangle is read from the input beside the reorder pass (an encrypted input is not read twice: assume yes).
  const check =
    dropsPages && options.password === undefined ? mayPointAtPages(run, input.path) : Promise.resolve(dropsPages);
  // Both settle before going on, so no child still writes into the work directory.
  const [reordered, checked] = await Promise.allSettled([
    reorderPages(run, input.path, pageSources(items, blankFile), ordered, options.password),
    check,
  ]);
  if (reordered.status === 'rejected') throw reordered.reason;
  if (checked.status === 'rejected') throw checked.reason;
  const needsFix = checked.value;
  let output = ordered;
  if (needsFix) {
    output = path.join(run.workdir, 'organized-links.pdf');
    if (!(await removeLinksToDroppedPages(run, ordered, output))) output = ordered;
  }
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-organized.pdf`,
  };
}
