// merge: the pages of every input, in upload order, into one PDF (qpdf
// --empty --pages). With bookmarks, one outline entry per input, titled by its
// file name, added by a qpdf JSON update (no content is rewritten).
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { assemblePages, readJson, updateFromJson } from '../tools/qpdf.js';
import { PdfInput, withRetryAll } from './pdf-input.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

export interface MergeOptions {
  bookmarks: boolean;
  password?: string;
}

export async function mergePdfs({
  files,
  options,
  run,
  config,
}: OperationInput<MergeOptions>): Promise<OperationOutput> {
  const inputs = await PdfInput.openAll(run, files.files, {
    maxPages: config.MAX_PAGES,
    password: options.password,
    checkStructure: false,
  });
  const merged = path.join(run.workdir, 'merged.pdf');
  await withRetryAll(inputs, (sources) => assemblePages(run, sources, merged, options.password !== undefined));
  let result = merged;
  if (options.bookmarks) {
    result = path.join(run.workdir, 'merged-bookmarked.pdf');
    await addFileBookmarks(run, merged, inputs, result);
  }
  return {
    type: 'file',
    path: result,
    contentType: 'application/pdf',
    filename: `${stemOf(files.files[0].name)}-merged.pdf`,
  };
}

/** Adds an outline with one entry per input, pointing at its first page. */
async function addFileBookmarks(
  run: OperationInput<MergeOptions>['run'],
  merged: string,
  inputs: PdfInput[],
  output: string,
): Promise<void> {
  const info = await readJson(run, merged, ['qpdf', 'pages'], ['trailer']);
  const header = info.qpdf[0];
  const trailer = info.qpdf[1].trailer.value;
  const rootRef: string = trailer['/Root'];
  const pageRefs: string[] = info.pages.map((p: { object: string }) => p.object);
  const catalog = (await readJson(run, merged, ['qpdf'], [rootRef])).qpdf[1][`obj:${rootRef}`].value;

  let next = header.maxobjectid + 1;
  const outlinesRef = `${next++} 0 R`;
  const itemRefs = inputs.map(() => `${next++} 0 R`);
  const objects: Record<string, unknown> = {};
  let firstPage = 0;
  inputs.forEach((input, i) => {
    const item: Record<string, unknown> = {
      // "u:" marks a Unicode text string for qpdf.
      '/Title': `u:${input.name || `Document ${i + 1}`}`,
      '/Parent': outlinesRef,
      '/Dest': [pageRefs[firstPage], '/Fit'],
    };
    if (i > 0) item['/Prev'] = itemRefs[i - 1];
    if (i < inputs.length - 1) item['/Next'] = itemRefs[i + 1];
    objects[`obj:${itemRefs[i]}`] = { value: item };
    firstPage += input.pages;
  });
  objects[`obj:${outlinesRef}`] = {
    value: { '/Type': '/Outlines', '/First': itemRefs[0], '/Last': itemRefs.at(-1), '/Count': inputs.length },
  };
  objects[`obj:${rootRef}`] = { value: { ...catalog, '/Outlines': outlinesRef, '/PageMode': '/UseOutlines' } };
  await updateFromJson(run, merged, { version: 2, qpdf: [header, objects] }, output);
}
