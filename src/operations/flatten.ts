// flatten: draws form fields and/or annotations into the page content with
// qpdf (--generate-appearances first, for fields whose appearance is missing,
// then --flatten-annotations=screen: what a viewer shows is what gets drawn;
// flattened form fields leave /AcroForm). qpdf flattens every annotation it
// is given, so the ones that must survive (widgets when only annotations are
// flattened, other annotations when only forms are, and links without an
// appearance, which have nothing to draw but still work) are moved aside
// into a private page key before the pass and put back after it.
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { flattenAnnotations, readJson, updateFromJson } from '../tools/qpdf.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

export const FLATTEN_WHAT = ['all', 'forms', 'annotations'] as const;

export interface FlattenOptions {
  what: (typeof FLATTEN_WHAT)[number];
  password?: string;
}

/** The page key annotations wait in during the flattening pass. */
const HELD = '/PdfServiceHeldAnnots';

type Value = any;

/** Whether an annotation must stay interactive for `what` (exported for unit tests). */
export function survives(annotation: Value, what: FlattenOptions['what']): boolean {
  if (!annotation || typeof annotation !== 'object') return true;
  const subtype = annotation['/Subtype'];
  const hasAppearance = annotation['/AP'] !== undefined && annotation['/AP'] !== null;
  if (subtype === '/Widget') return what === 'annotations';
  if (what === 'forms') return true;
  // A link (or anything) without an appearance draws nothing; keep it working.
  return !hasAppearance && subtype === '/Link';
}

/** qpdf JSON objects of `file` and its page refs. */
async function pagesAndObjects(
  run: RunContext,
  file: string,
): Promise<{ header: Value; objects: Record<string, Value>; pages: string[] }> {
  const json = await readJson(run, file, ['qpdf', 'pages']);
  return { header: json.qpdf[0], objects: json.qpdf[1], pages: json.pages.map((p: { object: string }) => p.object) };
}

function resolve(objects: Record<string, Value>, value: Value): Value {
  return typeof value === 'string' && /^\d+ \d+ R$/.test(value) ? objects[`obj:${value}`]?.value : value;
}

/** Moves the surviving annotations of every page into HELD; returns the update, or undefined when none survive. */
function holdSurvivors(
  objects: Record<string, Value>,
  pages: string[],
  what: FlattenOptions['what'],
): Record<string, Value> | undefined {
  const update: Record<string, Value> = {};
  for (const ref of pages) {
    const page = resolve(objects, ref);
    const annots = resolve(objects, page?.['/Annots']);
    if (!Array.isArray(annots)) continue;
    const held = annots.filter((a) => survives(resolve(objects, a), what));
    if (held.length === 0) continue;
    update[`obj:${ref}`] = { value: { ...page, '/Annots': annots.filter((a) => !held.includes(a)), [HELD]: held } };
  }
  return Object.keys(update).length > 0 ? update : undefined;
}

/** Puts HELD annotations back into /Annots after the flattening pass. */
function restoreHeld(objects: Record<string, Value>, pages: string[]): Record<string, Value> {
  const update: Record<string, Value> = {};
  for (const ref of pages) {
    const page = resolve(objects, ref);
    if (!page || !Array.isArray(page[HELD])) continue;
    const remaining = resolve(objects, page['/Annots']);
    const value = { ...page, '/Annots': [...(Array.isArray(remaining) ? remaining : []), ...page[HELD]] };
    delete value[HELD];
    update[`obj:${ref}`] = { value };
  }
  return update;
}

/** Flattens `what` of `source` (an unencrypted PDF) into a new file in the work directory; returns its path. */
async function flattenFile(
  run: RunContext,
  source: string,
  what: FlattenOptions['what'],
  generateAppearances: boolean,
): Promise<string> {
  const before = await pagesAndObjects(run, source);
  const hold = holdSurvivors(before.objects, before.pages, what);
  let toFlatten = source;
  if (hold) {
    toFlatten = path.join(run.workdir, 'held.pdf');
    await updateFromJson(run, source, { qpdf: [before.header, hold] }, toFlatten);
  }
  const flat = path.join(run.workdir, 'flat.pdf');
  await flattenAnnotations(run, toFlatten, 'screen', flat, generateAppearances);
  if (!hold) return flat;
  const after = await pagesAndObjects(run, flat);
  const output = path.join(run.workdir, 'flattened.pdf');
  await updateFromJson(run, flat, { qpdf: [after.header, restoreHeld(after.objects, after.pages)] }, output);
  return output;
}

/** Draws the form fields of `source` into its pages with the appearances they have (none regenerated); other annotations stay. */
export function flattenForms(run: RunContext, source: string): Promise<string> {
  return flattenFile(run, source, 'forms', false);
}

export async function flattenPdf({
  files,
  options,
  run,
  config,
}: OperationInput<FlattenOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const output = await flattenFile(run, await input.plain(), options.what, options.what !== 'annotations');
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-flattened.pdf`,
  };
}
