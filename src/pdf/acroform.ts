// The AcroForm field tree of a document, read from qpdf's JSON v2: every
// terminal field with its full name ("parent.child"), type, value, options,
// flags and widgets (PDF 32000-1 §12.7.3: FT, Ff, V, DA, Q and MaxLen are
// inherited from ancestors; a kid without /T is a widget of its field).
import {
  array,
  dict,
  isRef,
  nameOf,
  numberOf,
  resolve,
  textOf,
  userToVisible,
  visibleBox,
  type QpdfObjects,
  type QpdfValue,
} from './qpdf-values.js';

/** The field types of docs/api.md §5d. */
export type FieldType = 'text' | 'checkbox' | 'radio' | 'choice' | 'signature' | 'button';

/** Field flags (Ff) bits used here. */
export const FF = {
  readOnly: 1 << 0,
  required: 1 << 1,
  multiline: 1 << 12,
  password: 1 << 13,
  noToggleToOff: 1 << 14,
  radio: 1 << 15,
  pushbutton: 1 << 16,
  combo: 1 << 17,
  edit: 1 << 18,
  multiSelect: 1 << 21,
  comb: 1 << 24,
} as const;

/** One widget annotation of a field. */
export interface Widget {
  ref: string;
  dict: Record<string, QpdfValue>;
  /** 1-based page, null when the widget is on no page. */
  page: number | null;
  /** [x0,y0,x1,y1] in user space. */
  rect: [number, number, number, number];
  /** Appearance state names of /AP /N other than Off (checkbox and radio on-states). */
  onStates: string[];
}

/** One terminal field. */
export interface FormField {
  name: string;
  /** The field dictionary's reference (null for a field that is a direct object, which cannot be rewritten). */
  ref: string | null;
  dict: Record<string, QpdfValue>;
  type: FieldType;
  flags: number;
  /** Inherited /DA, /Q, /MaxLen, /V. */
  da: string | undefined;
  quadding: number;
  maxLength: number | null;
  rawValue: QpdfValue;
  /** Choice options as [export value, display text]; radio and checkbox on-states. */
  options: Array<[string, string]>;
  widgets: Widget[];
}

/** The §5d JSON description of one field. */
export interface FieldReport {
  name: string;
  type: FieldType;
  value: string | boolean | string[] | null;
  options: string[];
  page: number | null;
  rect: [number, number, number, number] | null;
  required: boolean;
  read_only: boolean;
  max_length: number | null;
}

/** What a document's form is: none, AcroForm fields, or XFA only (no AcroForm fields to fill). */
export type FormKind = 'none' | 'acroform' | 'xfa';

/** Largest field tree walked (fields and widgets), and its depth. */
export const MAX_FIELD_NODES = 20_000;
const MAX_DEPTH = 32;

/** The error raised for a field tree past MAX_FIELD_NODES. */
export class FieldTreeTooLargeError extends Error {}

interface Inherited {
  ft?: string;
  ff?: number;
  v?: QpdfValue;
  da?: string;
  q?: number;
  maxLen?: number;
  opt?: QpdfValue;
}

function inherit(objects: QpdfObjects, node: Record<string, QpdfValue>, from: Inherited): Inherited {
  return {
    ft: nameOf(objects, node['/FT']) ?? from.ft,
    ff: numberOf(objects, node['/Ff']) ?? from.ff,
    v: node['/V'] !== undefined ? resolve(objects, node['/V']) : from.v,
    da: textOf(objects, node['/DA']) ?? from.da,
    q: numberOf(objects, node['/Q']) ?? from.q,
    maxLen: numberOf(objects, node['/MaxLen']) ?? from.maxLen,
    opt: node['/Opt'] !== undefined ? node['/Opt'] : from.opt,
  };
}

function typeOf(ft: string | undefined, flags: number): FieldType | undefined {
  if (ft === 'Tx') return 'text';
  if (ft === 'Ch') return 'choice';
  if (ft === 'Sig') return 'signature';
  if (ft === 'Btn') return flags & FF.pushbutton ? 'button' : flags & FF.radio ? 'radio' : 'checkbox';
  return undefined;
}

function onStatesOf(objects: QpdfObjects, widget: Record<string, QpdfValue>): string[] {
  const normal = dict(objects, dict(objects, widget['/AP'])?.['/N']);
  return normal
    ? Object.keys(normal)
        .map((k) => k.slice(1))
        .filter((k) => k !== 'Off')
    : [];
}

function choiceOptions(objects: QpdfObjects, opt: QpdfValue): Array<[string, string]> {
  return array(objects, opt).flatMap((item): Array<[string, string]> => {
    const pair = resolve(objects, item);
    if (Array.isArray(pair)) {
      const exported = textOf(objects, pair[0]);
      return exported === undefined ? [] : [[exported, textOf(objects, pair[1]) ?? exported]];
    }
    const text = textOf(objects, pair);
    return text === undefined ? [] : [[text, text]];
  });
}

/** Page number (1-based) of each annotation reference, from the pages' /Annots. */
export function annotationPages(objects: QpdfObjects, pages: string[]): Map<string, number> {
  const where = new Map<string, number>();
  pages.forEach((ref, i) => {
    for (const a of array(objects, dict(objects, ref)?.['/Annots'])) if (isRef(a) && !where.has(a)) where.set(a, i + 1);
  });
  return where;
}

/** The catalog's /AcroForm dictionary. */
export function acroFormOf(
  objects: QpdfObjects,
  root: Record<string, QpdfValue>,
): Record<string, QpdfValue> | undefined {
  return dict(objects, root['/AcroForm']);
}

/** Every terminal field of the AcroForm, in tree order. */
export function readFields(
  objects: QpdfObjects,
  acroForm: Record<string, QpdfValue> | undefined,
  pages: string[],
): FormField[] {
  if (!acroForm) return [];
  const pageOf = annotationPages(objects, pages);
  const fields: FormField[] = [];
  const seen = new Set<string>();
  let nodes = 0;

  const widgetOf = (ref: string | null, node: Record<string, QpdfValue>): Widget => {
    const rect = array(objects, node['/Rect']).map((n) => numberOf(objects, n) ?? 0);
    const r: [number, number, number, number] =
      rect.length === 4
        ? [
            Math.min(rect[0], rect[2]),
            Math.min(rect[1], rect[3]),
            Math.max(rect[0], rect[2]),
            Math.max(rect[1], rect[3]),
          ]
        : [0, 0, 0, 0];
    let page = ref ? (pageOf.get(ref) ?? null) : null;
    if (page === null && isRef(node['/P'])) {
      const index = pages.indexOf(node['/P']);
      page = index >= 0 ? index + 1 : null;
    }
    return { ref: ref ?? '', dict: node, page, rect: r, onStates: onStatesOf(objects, node) };
  };

  const walk = (value: QpdfValue, prefix: string, from: Inherited, depth: number): void => {
    if (++nodes > MAX_FIELD_NODES)
      throw new FieldTreeTooLargeError(`more than ${MAX_FIELD_NODES} form fields and widgets`);
    if (depth > MAX_DEPTH) return;
    const ref = isRef(value) ? value : null;
    if (ref) {
      if (seen.has(ref)) return; // a cycle or a field listed twice
      seen.add(ref);
    }
    const node = dict(objects, value);
    if (!node) return;
    const partial = textOf(objects, node['/T']);
    const name = partial === undefined ? prefix : prefix ? `${prefix}.${partial}` : partial;
    const here = inherit(objects, node, from);
    const kids = array(objects, node['/Kids']);
    const childFields = kids.filter((k) => dict(objects, k)?.['/T'] !== undefined);
    if (childFields.length > 0) {
      for (const kid of childFields) walk(kid, name, here, depth + 1);
      return;
    }
    const flags = here.ff ?? 0;
    const type = typeOf(here.ft, flags);
    if (!type) return;
    const widgetNodes = kids.length > 0 ? kids : [value];
    const widgets = widgetNodes.flatMap((w) => {
      const d = dict(objects, w);
      if (!d) return [];
      if (++nodes > MAX_FIELD_NODES)
        throw new FieldTreeTooLargeError(`more than ${MAX_FIELD_NODES} form fields and widgets`);
      return [widgetOf(isRef(w) ? w : w === value ? ref : null, d)];
    });
    let options: Array<[string, string]> = [];
    if (type === 'choice') options = choiceOptions(objects, here.opt);
    else if (type === 'radio' || type === 'checkbox') {
      // /Opt on a button field gives each widget's export value, in widget order.
      const exported = array(objects, here.opt).map((o) => textOf(objects, o));
      const states: string[] = [];
      widgets.forEach((w, i) => {
        for (const s of w.onStates) {
          const label = exported[i] ?? s;
          if (!states.includes(label)) states.push(label);
        }
      });
      options = states.map((s) => [s, s]);
    }
    fields.push({
      name,
      ref,
      dict: node,
      type,
      flags,
      da: here.da,
      quadding: here.q ?? 0,
      maxLength: here.maxLen ?? null,
      rawValue: here.v,
      options,
      widgets,
    });
  };

  for (const top of array(objects, acroForm['/Fields']))
    walk(top, '', { da: textOf(objects, acroForm['/DA']), q: numberOf(objects, acroForm['/Q']) }, 0);
  return fields;
}

/** The on-state name a button widget shows for `label` (its /Opt export value or the state name itself). */
export function stateForLabel(
  objects: QpdfObjects,
  field: FormField,
  widgetIndex: number,
  label: string,
): string | undefined {
  const widget = field.widgets[widgetIndex];
  const exported = array(objects, field.dict['/Opt']).map((o) => textOf(objects, o));
  for (const s of widget.onStates) if ((exported[widgetIndex] ?? s) === label) return s;
  return undefined;
}

/** A field's value as §5d reads it back. */
export function valueOf(objects: QpdfObjects, field: FormField): FieldReport['value'] {
  const v = field.rawValue;
  if (field.type === 'checkbox') {
    const state = nameOf(objects, v);
    return state !== undefined && state !== 'Off';
  }
  if (field.type === 'radio') {
    const state = nameOf(objects, v);
    if (state === undefined || state === 'Off') return null;
    const index = field.widgets.findIndex((w) => w.onStates.includes(state));
    const exported = array(objects, field.dict['/Opt']).map((o) => textOf(objects, o));
    return (index >= 0 ? exported[index] : undefined) ?? state;
  }
  if (field.type === 'choice') {
    if (Array.isArray(v)) return v.map((item) => textOf(objects, item) ?? '').filter((t) => t !== '');
    const text = textOf(objects, v);
    if (text === undefined) return null;
    return field.flags & FF.multiSelect ? [text] : text;
  }
  if (field.type === 'text') return textOf(objects, v) ?? null;
  if (field.type === 'signature') return v !== undefined && v !== null ? true : null;
  return null;
}

/** The §5d report of `field`, its rectangle from the first widget's visible page. */
export function reportOf(objects: QpdfObjects, field: FormField, pages: string[]): FieldReport {
  const first = field.widgets[0];
  let rect: FieldReport['rect'] = null;
  if (first?.page) {
    const page = dict(objects, pages[first.page - 1]);
    if (page) {
      const { box, rotate } = visibleBox(objects, page);
      rect = userToVisible(first.rect, box, rotate);
    }
  }
  return {
    name: field.name,
    type: field.type,
    value: valueOf(objects, field),
    options: field.options.map(([exported]) => exported),
    page: first?.page ?? null,
    rect,
    required: (field.flags & FF.required) !== 0,
    read_only: (field.flags & FF.readOnly) !== 0,
    max_length: field.type === 'text' ? field.maxLength : null,
  };
}
