// forms: without `values`, every AcroForm terminal field as JSON (docs/api.md
// §5d); with them, the PDF with those fields set and their appearance streams
// drawn here, so that a viewer that does not regenerate appearances (poppler,
// MuPDF, printing, and Chromium once NeedAppearances is off) shows the
// values. qpdf --generate-appearances (11.3) was not enough: it sets only
// single-line text in the /DA font's encoding (no multi-line, comb, list box
// or non-Latin text), and pikepdf 6.0 only wraps it. One qpdf JSON read and
// one --update-from-json write; `flatten=true` then draws the fields into
// the page with the flatten operation's forms pass.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OperationInput, OperationOutput, RunContext } from '../core/contract.js';
import { InvalidPdfError, InvalidRequestError, ResourceLimitError, UnsupportedDocumentError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import {
  acroFormOf,
  FF,
  FieldTreeTooLargeError,
  readFields,
  reportOf,
  stateForLabel,
  valueOf,
  type FormField,
  type Widget,
} from '../pdf/acroform.js';
import {
  buttonOffAppearance,
  buttonOnAppearance,
  combAppearance,
  listBoxAppearance,
  multiLineAppearance,
  parseDefaultAppearance,
  singleLineAppearance,
  type FieldStyle,
  type Glyph,
} from '../pdf/field-appearance.js';
import {
  array,
  dict,
  isRef,
  nameValue,
  numberOf,
  textOf,
  textValue,
  type QpdfObjects,
  type QpdfValue,
} from '../pdf/qpdf-values.js';
import { readJson, updateFromJson } from '../tools/qpdf.js';
import { flattenForms } from './flatten.js';
import { FormText, isRightToLeft } from './forms-text.js';
import { checkValue, type FieldValue } from './forms-values.js';
import { PdfInput } from './pdf-input.js';

export interface FormsOptions {
  values?: Record<string, FieldValue>;
  flatten: boolean;
  password?: string;
}

interface Document {
  header: QpdfValue;
  objects: QpdfObjects;
  pages: string[];
  root: Record<string, QpdfValue>;
  rootRef: string;
  acroForm: Record<string, QpdfValue> | undefined;
  fields: FormField[];
}

async function readDocument(run: RunContext, file: string): Promise<Document> {
  const json = await readJson(run, file, ['qpdf', 'pages']);
  const header = json.qpdf[0];
  const objects: QpdfObjects = json.qpdf[1];
  const pages: string[] = json.pages.map((p: { object: string }) => p.object);
  const rootRef = objects.trailer?.value?.['/Root'];
  const root = dict(objects, rootRef);
  if (!root || typeof rootRef !== 'string') throw new InvalidPdfError('The PDF has no document catalog.');
  const acroForm = acroFormOf(objects, root);
  let fields: FormField[];
  try {
    fields = readFields(objects, acroForm, pages);
  } catch (error) {
    if (error instanceof FieldTreeTooLargeError)
      throw new ResourceLimitError(`The form has ${error.message}.`, 'form fields');
    throw error;
  }
  if (acroForm && acroForm['/XFA'] !== undefined && fields.length === 0) {
    throw new UnsupportedDocumentError(
      'The form is an XFA form without AcroForm fields (XFA-only); such forms cannot be read or filled.',
    );
  }
  return { header, objects, pages, root, rootRef, acroForm, fields };
}

function colorArray(objects: QpdfObjects, value: QpdfValue): number[] | undefined {
  const items = array(objects, value).map((v) => numberOf(objects, v));
  return items.length === 0 || items.some((v) => v === undefined) ? undefined : (items as number[]);
}

function styleOf(objects: QpdfObjects, field: FormField, widget: Widget): FieldStyle {
  const da = parseDefaultAppearance(textOf(objects, widget.dict['/DA']) ?? field.da);
  const mk = dict(objects, widget.dict['/MK']);
  const border = colorArray(objects, mk?.['/BC']);
  const bs = dict(objects, widget.dict['/BS']);
  return {
    fontSize: da.fontSize,
    color: da.color,
    background: colorArray(objects, mk?.['/BG']),
    border,
    borderWidth: border ? (numberOf(objects, bs?.['/W']) ?? 1) : 0,
    quadding: numberOf(objects, widget.dict['/Q']) ?? field.quadding,
  };
}

/** The text a field shows (a password field shows bullets; a choice its display text). */
function shownText(field: FormField, value: FieldValue): string {
  if (field.type === 'choice') {
    const first = Array.isArray(value) ? (value[0] ?? '') : String(value);
    return field.options.find((o) => o[0] === first)?.[1] ?? first;
  }
  const text = String(value);
  return field.flags & FF.password ? '*'.repeat(Array.from(text).length) : text;
}

/** What has to be set in a font for one field, and how to draw each widget once it is. */
interface Drawing {
  field: FormField;
  value: FieldValue;
  helvetica: boolean;
  words: string[];
}

function isListBox(field: FormField): boolean {
  return field.type === 'choice' && (field.flags & FF.combo) === 0;
}

function isComb(field: FormField): boolean {
  return (
    field.type === 'text' &&
    (field.flags & FF.comb) !== 0 &&
    !(field.flags & (FF.multiline | FF.password)) &&
    (field.maxLength ?? 0) > 0
  );
}

/** The strings to set for a field: words and a space (multi-line), characters (comb), option labels (list box), else the whole text. */
function wordsOf(field: FormField, value: FieldValue): string[] {
  if (isListBox(field)) return field.options.map((o) => o[1]).filter((t) => t !== '');
  const text = shownText(field, value);
  if (isComb(field)) return Array.from(text);
  if (field.type === 'text' && field.flags & FF.multiline)
    return [
      ' ',
      ...text
        .split(/\r\n|\r|\n/)
        .flatMap((p) => p.split(' '))
        .filter((w) => w !== ''),
    ];
  return text === '' ? [] : [text];
}

/** /MK /R of a widget (0, 90, 180, 270): its appearance is drawn turned by that much, counter-clockwise. */
function rotationOf(objects: QpdfObjects, widget: Widget): number {
  const r = numberOf(objects, dict(objects, widget.dict['/MK'])?.['/R']) ?? 0;
  return (((Math.round(r / 90) * 90) % 360) + 360) % 360;
}

/** The appearance's own width and height (swapped for a quarter turn) and its /Matrix (PDF 32000-1 §12.5.5: the box is then fitted to /Rect). */
function frameOf(objects: QpdfObjects, widget: Widget): { w: number; h: number; matrix?: number[] } {
  const w = widget.rect[2] - widget.rect[0];
  const h = widget.rect[3] - widget.rect[1];
  const r = rotationOf(objects, widget);
  if (r === 90) return { w: h, h: w, matrix: [0, 1, -1, 0, 0, 0] };
  if (r === 180) return { w, h, matrix: [-1, 0, 0, -1, 0, 0] };
  if (r === 270) return { w: h, h: w, matrix: [0, -1, 1, 0, 0, 0] };
  return { w, h };
}

function appearanceOf(text: FormText, d: Drawing, widget: Widget, style: FieldStyle, w: number, h: number): string {
  const set = (s: string): Glyph[] => (s === '' ? [] : text.set(s, d.helvetica));
  const field = d.field;
  if (isListBox(field)) {
    const chosen = new Set(
      (Array.isArray(d.value) ? d.value : [String(d.value)]).map((v) => field.options.findIndex((o) => o[0] === v)),
    );
    return listBoxAppearance(
      w,
      h,
      style,
      field.options.map((o) => set(o[1])),
      chosen,
    );
  }
  const shown = shownText(field, d.value);
  if (isComb(field)) return combAppearance(w, h, style, Array.from(shown).map(set), field.maxLength!);
  if (field.type === 'text' && field.flags & FF.multiline) {
    const paragraphs = shown.split(/\r\n|\r|\n/).map((p) => ({
      words: p
        .split(' ')
        .filter((word) => word !== '')
        .map(set),
      rtl: isRightToLeft(p),
    }));
    return multiLineAppearance(w, h, style, paragraphs, set(' '));
  }
  return singleLineAppearance(w, h, style, set(shown));
}

/** The field's /V for `value`. */
function storedValue(objects: QpdfObjects, field: FormField, value: FieldValue): QpdfValue {
  if (field.type === 'checkbox')
    return value ? nameValue(field.widgets.flatMap((w) => w.onStates)[0] ?? 'Yes') : '/Off';
  if (field.type === 'radio') {
    for (let i = 0; i < field.widgets.length; i++) {
      const state = stateForLabel(objects, field, i, value as string);
      if (state) return nameValue(state);
    }
    return '/Off';
  }
  if (Array.isArray(value)) return value.length === 1 ? textValue(value[0]) : value.map(textValue);
  return textValue(value as string);
}

/** Sets `values` in the document; returns the qpdf JSON update. */
async function fillUpdate(
  run: RunContext,
  doc: Document,
  values: Record<string, FieldValue>,
): Promise<Record<string, unknown>> {
  const { objects } = doc;
  const byName = new Map(doc.fields.map((f) => [f.name, f]));
  const changes = new Map<string, Record<string, QpdfValue>>(); // object ref → its new dictionary
  const edit = (ref: string, current: Record<string, QpdfValue>) => {
    let next = changes.get(ref);
    if (!next) changes.set(ref, (next = { ...current }));
    return next;
  };
  const text = new FormText();
  const drawings: Drawing[] = [];

  for (const [name, raw] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) throw new InvalidRequestError(`values: the form has no field "${name}".`, 'values');
    const value = checkValue(field, raw);
    if (!field.ref)
      throw new UnsupportedDocumentError(
        `The field "${name}" is a direct object in the form tree and cannot be rewritten.`,
      );
    const stored = edit(field.ref, field.dict);
    stored['/V'] = storedValue(objects, field, value);
    if (field.type === 'checkbox' || field.type === 'radio') {
      const state = stored['/V'] as string;
      field.widgets.forEach((widget, i) => {
        const target = edit(widget.ref || field.ref!, widget.ref ? widget.dict : field.dict);
        const own = field.type === 'checkbox' ? widget.onStates[0] : stateForLabel(objects, field, i, value as string);
        const on =
          field.type === 'checkbox' && widget.onStates.length === 0
            ? value === true
            : own !== undefined && nameValue(own) === state;
        target['/AS'] = on ? (widget.onStates.length === 0 ? '/Yes' : state) : '/Off';
      });
      continue;
    }
    if (field.type === 'choice') {
      const chosen = (Array.isArray(value) ? value : [value as string])
        .map((v) => field.options.findIndex((o) => o[0] === v))
        .filter((i) => i >= 0);
      if (chosen.length > 0) stored['/I'] = chosen.sort((a, b) => a - b);
      else delete stored['/I'];
    }
    const words = wordsOf(field, value);
    const helvetica = FormText.fitsHelvetica(words);
    if (!helvetica) {
      text.need(words, name);
    }
    drawings.push({ field, value, helvetica, words });
  }

  // Fields left as they were but holding a value without any appearance: drawn too, since with NeedAppearances
  // gone no viewer would draw them any more.
  for (const field of doc.fields) {
    if (values[field.name] !== undefined || (field.type !== 'text' && field.type !== 'choice') || !field.ref) continue;
    const current = valueOf(objects, field);
    if (current === null || current === '' || (Array.isArray(current) && current.length === 0)) continue;
    if (field.widgets.every((w) => dict(objects, w.dict['/AP'])?.['/N'] !== undefined)) continue;
    const words = wordsOf(field, current as FieldValue);
    const helvetica = FormText.fitsHelvetica(words);
    if (!helvetica) {
      text.need(words);
    }
    drawings.push({ field, value: current as FieldValue, helvetica, words });
  }

  await text.prepare();

  // Checkboxes without an appearance of their own get a drawn check mark.
  let nextObject: number = doc.header.maxobjectid + 1;
  const streams: Record<string, unknown> = {};
  const pendingAppearances: Array<{
    target: Record<string, QpdfValue>;
    normal: Record<string, { content: string; w: number; h: number; matrix?: number[] }>;
  }> = [];
  for (const field of doc.fields) {
    if ((field.type !== 'checkbox' && field.type !== 'radio') || values[field.name] === undefined) continue;
    field.widgets.forEach((widget) => {
      if (widget.onStates.length > 0) return;
      text.dingbatsUsed = true;
      const { w, h, matrix } = frameOf(objects, widget);
      const style = styleOf(objects, field, widget);
      const target = edit(widget.ref || field.ref!, widget.ref ? widget.dict : field.dict);
      pendingAppearances.push({
        target,
        normal: {
          '/Yes': { content: buttonOnAppearance(w, h, style, field.type === 'radio'), w, h, matrix },
          '/Off': { content: buttonOffAppearance(w, h, style), w, h, matrix },
        },
      });
    });
  }
  for (const d of drawings) {
    d.field.widgets.forEach((widget) => {
      const { w, h, matrix } = frameOf(objects, widget);
      if (w <= 0 || h <= 0) return;
      const target = edit(widget.ref || d.field.ref!, widget.ref ? widget.dict : d.field.dict);
      pendingAppearances.push({
        target,
        normal: {
          '': { content: appearanceOf(text, d, widget, styleOf(objects, d.field, widget), w, h), w, h, matrix },
        },
      });
    });
  }

  const fonts = await text.fontObjects(run, nextObject);
  nextObject = fonts.next;
  Object.assign(streams, fonts.objects);
  for (const { target, normal } of pendingAppearances) {
    const refs: Record<string, string> = {};
    for (const [state, { content, w, h, matrix }] of Object.entries(normal)) {
      const ref = `${nextObject++} 0 R`;
      const streamDict = {
        '/Type': '/XObject',
        '/Subtype': '/Form',
        '/BBox': [0, 0, w, h],
        ...(matrix ? { '/Matrix': matrix } : {}),
        '/Resources': { '/Font': fonts.resources },
      };
      streams[`obj:${ref}`] = { stream: { dict: streamDict, data: Buffer.from(content, 'latin1').toString('base64') } };
      refs[state] = ref;
    }
    target['/AP'] = { '/N': refs[''] ?? refs };
    // The caption a regenerating viewer draws: ZapfDingbats "4" (a check mark).
    if (!refs['']) target['/MK'] = { ...(dict(objects, target['/MK']) ?? {}), '/CA': textValue('4') };
  }

  // The appearances are now drawn: viewers must show them, not regenerate their own (and an XFA
  // packet, which some viewers prefer to the fields, would still hold the old values).
  const acroFormRef = doc.root['/AcroForm'];
  const acroForm = { ...(doc.acroForm ?? {}) };
  delete acroForm['/NeedAppearances'];
  delete acroForm['/XFA'];
  if (isRef(acroFormRef)) changes.set(acroFormRef, acroForm);
  else changes.set(doc.rootRef, { ...(changes.get(doc.rootRef) ?? doc.root), '/AcroForm': acroForm });

  const update: Record<string, unknown> = { ...streams };
  for (const [ref, value] of changes) update[`obj:${ref}`] = { value };
  return update;
}

export async function pdfForms({
  files,
  options,
  run,
  config,
}: OperationInput<FormsOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const stem = stemOf(input.name);
  const source = await input.plain();
  const doc = await readDocument(run, source);
  if (options.values === undefined) {
    const output = path.join(run.workdir, 'forms.json');
    await fs.writeFile(output, JSON.stringify({ fields: doc.fields.map((f) => reportOf(doc.objects, f, doc.pages)) }));
    return { type: 'file', path: output, contentType: 'application/json', filename: `${stem}-forms.json` };
  }
  const update = await fillUpdate(run, doc, options.values);
  const filled = path.join(run.workdir, 'filled.pdf');
  await updateFromJson(run, source, { qpdf: [doc.header, update] }, filled);
  if (!options.flatten)
    return { type: 'file', path: filled, contentType: 'application/pdf', filename: `${stem}-filled.pdf` };
  const flat = await flattenForms(run, filled);
  return { type: 'file', path: flat, contentType: 'application/pdf', filename: `${stem}-filled.pdf` };
}
