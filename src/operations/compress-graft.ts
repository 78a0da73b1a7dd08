// Grafting Ghostscript's page content back onto the original page objects.
// gs pdfwrite rebuilds the whole document and loses what it does not model
// (gs 10.00: AcroForm fields are flattened, some outlines dropped, named
// destinations, page labels, attachments…). So only each page's drawing is
// taken from gs: the original pages get an empty content stream and no
// resources (a JSON update), and qpdf lays gs page i over page i (--overlay),
// copying just the objects that drawing uses. Page objects keep their
// numbers, so outlines, links, widgets and /Dest arrays stay valid, and the
// old images and fonts, now unreferenced, are not written.
//
// qpdf maps the overlay page's TrimBox onto the target's TrimBox and clips to
// it (the form's /BBox). Where a page's TrimBox is smaller than what a viewer
// shows (its CropBox), content in between would be clipped; for such
// documents the TrimBoxes are taken off for the graft and put back after it.
import { InvalidPdfError } from '../core/errors.js';
import { readJson } from '../tools/qpdf.js';
import type { RunContext } from '../core/contract.js';

/** One page object of the document and its dictionary (qpdf JSON v2 values). */
export interface PageObject {
  ref: string;
  dict: Record<string, unknown>;
}

/** The page objects of `file` in page order, and the JSON header needed for updates. */
export interface PageTree {
  header: { maxobjectid: number } & Record<string, unknown>;
  pages: PageObject[];
}

/** Reads every page dictionary of `file` (no stream data). */
export async function readPageTree(ctx: RunContext, file: string): Promise<PageTree> {
  const refs: string[] = (await readJson(ctx, file, ['pages'])).pages.map((p: { object: string }) => p.object);
  // With 'pages' in the same call the header says calledgetallpages=true; qpdf 11.3 then applies
  // the update to every page (with false, page 1 kept its old content in a test).
  const info = await readJson(ctx, file, ['qpdf', 'pages'], refs);
  const objects = info.qpdf[1];
  return {
    header: info.qpdf[0],
    pages: refs.map((ref) => {
      const dict = objects[`obj:${ref}`]?.value;
      // A page qpdf had to null out (e.g. 200k nested arrays in its dictionary): nothing to graft onto.
      if (dict === null || typeof dict !== 'object' || Array.isArray(dict))
        throw new InvalidPdfError(`The PDF is damaged: page object ${ref} is not a dictionary.`);
      return { ref, dict };
    }),
  };
}

/** True when some page's TrimBox differs from the box a viewer shows (CropBox, else MediaBox). */
export function trimBoxWouldClip(pages: PageObject[]): boolean {
  return pages.some(({ dict }) => {
    if (dict['/TrimBox'] === undefined) return false;
    const shown = dict['/CropBox'] ?? dict['/MediaBox'];
    return JSON.stringify(dict['/TrimBox']) !== JSON.stringify(shown);
  });
}

/**
 * The JSON update that empties every page before the overlay: one shared
 * "q Q" content stream (qpdf wraps the old content in a form; an empty Flate
 * stream would be malformed) and empty resources. With `dropTrimBox`, the
 * TrimBoxes go too (see the file comment).
 */
export function emptyPagesUpdate(tree: PageTree, dropTrimBox: boolean): object {
  const contentRef = `${tree.header.maxobjectid + 1} 0 R`;
  const objects: Record<string, unknown> = {
    [`obj:${contentRef}`]: { stream: { dict: {}, data: Buffer.from('q Q').toString('base64') } },
  };
  for (const { ref, dict } of tree.pages) {
    const value: Record<string, unknown> = { ...dict, '/Contents': contentRef, '/Resources': {} };
    if (dropTrimBox) delete value['/TrimBox'];
    objects[`obj:${ref}`] = { value };
  }
  return { version: 2, qpdf: [tree.header, objects] };
}

/** The JSON update that takes the TrimBox off every page (the copy gs reads in the clipping case). */
export function dropTrimBoxesUpdate(tree: PageTree): object {
  const objects: Record<string, unknown> = {};
  for (const { ref, dict } of tree.pages) {
    if (dict['/TrimBox'] === undefined) continue;
    const value = { ...dict };
    delete value['/TrimBox'];
    objects[`obj:${ref}`] = { value };
  }
  return { version: 2, qpdf: [tree.header, objects] };
}

/** The JSON update that gives the pages of `grafted` (page i ↔ original page i) their original TrimBoxes back. */
export function restoreTrimBoxesUpdate(grafted: PageTree, original: PageObject[]): object {
  const objects: Record<string, unknown> = {};
  grafted.pages.forEach(({ ref, dict }, i) => {
    const trim = original[i]?.dict['/TrimBox'];
    // An indirect box ("12 0 R") would point at another object in the new file: only direct arrays are copied.
    if (Array.isArray(trim)) objects[`obj:${ref}`] = { value: { ...dict, '/TrimBox': trim } };
  });
  return { version: 2, qpdf: [grafted.header, objects] };
}
