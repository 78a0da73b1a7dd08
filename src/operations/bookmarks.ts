// bookmarks: without `bookmarks`, the outline as nested JSON (docs/api.md
// §5d); with it, the PDF whose outline is exactly that. One qpdf JSON read,
// and for a write one --update-from-json pass that replaces the catalog's
// /Outlines (qpdf writes only reachable objects, so the old items go).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OperationInput, OperationOutput } from '../core/contract.js';
import { InvalidPdfError, InvalidRequestError, ResourceLimitError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { buildOutline, OutlineTooLargeError, readOutline, type Bookmark } from '../pdf/outline.js';
import { dict } from '../pdf/qpdf-values.js';
import { readJson, updateFromJson } from '../tools/qpdf.js';
import { PdfInput } from './pdf-input.js';

export interface BookmarksOptions {
  bookmarks?: Bookmark[];
  password?: string;
}

/** The first bookmark whose page is past `pages`, as a path like "bookmarks[0].children[2]". */
export function pageOutOfRange(
  items: Bookmark[],
  pages: number,
  at = 'bookmarks',
): { path: string; page: number } | undefined {
  for (let i = 0; i < items.length; i++) {
    const here = `${at}[${i}]`;
    const page = items[i].page;
    if (page !== null && page > pages) return { path: here, page };
    const inner = pageOutOfRange(items[i].children, pages, `${here}.children`);
    if (inner) return inner;
  }
  return undefined;
}

export async function pdfBookmarks({
  files,
  options,
  run,
  config,
}: OperationInput<BookmarksOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const stem = stemOf(input.name);
  const source = await input.plain();
  const json = await readJson(run, source, ['qpdf', 'pages']);
  const header = json.qpdf[0];
  const objects = json.qpdf[1];
  const pages: string[] = json.pages.map((p: { object: string }) => p.object);
  const rootRef = objects.trailer?.value?.['/Root'];
  const root = dict(objects, rootRef);
  if (!root || typeof rootRef !== 'string') throw new InvalidPdfError('The PDF has no document catalog.');

  if (options.bookmarks === undefined) {
    let bookmarks: Bookmark[];
    try {
      bookmarks = readOutline(objects, root, pages);
    } catch (error) {
      if (error instanceof OutlineTooLargeError)
        throw new ResourceLimitError(`The outline has ${error.message}.`, 'outline entries');
      throw error;
    }
    const output = path.join(run.workdir, 'bookmarks.json');
    await fs.writeFile(output, JSON.stringify({ bookmarks }));
    return { type: 'file', path: output, contentType: 'application/json', filename: `${stem}-bookmarks.json` };
  }

  const past = pageOutOfRange(options.bookmarks, pages.length);
  if (past)
    throw new InvalidRequestError(
      `bookmarks: ${past.path} points at page ${past.page}, past the last page (${pages.length}).`,
      'bookmarks',
    );
  const update: Record<string, unknown> = {};
  const newRoot: Record<string, unknown> = { ...root };
  if (options.bookmarks.length === 0) delete newRoot['/Outlines'];
  else {
    const outline = buildOutline(options.bookmarks, pages, header.maxobjectid + 1);
    Object.assign(update, outline.objects);
    newRoot['/Outlines'] = outline.ref;
  }
  update[`obj:${rootRef}`] = { value: newRoot };
  const output = path.join(run.workdir, 'bookmarks.pdf');
  await updateFromJson(run, source, { qpdf: [header, update] }, output);
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}-bookmarks.pdf` };
}
