// The values a forms request sends, checked against what each field accepts
// (docs/api.md §5d) before anything is written, so a bad request changes
// nothing and its 400 names the field.
import { InvalidRequestError } from '../core/errors.js';
import { FF, type FormField } from '../pdf/acroform.js';

/** A value as the request gives it: text, a checkbox state, or several options of a multi-select list. */
export type FieldValue = string | boolean | string[];

const label = (field: FormField) => `"${field.name}"`;

function bad(field: FormField, problem: string): InvalidRequestError {
  return new InvalidRequestError(`values: field ${label(field)} ${problem}`, 'values');
}

/** Checks `value` against what `field` accepts (docs/api.md §5d); returns it as the field stores it. */
export function checkValue(field: FormField, value: FieldValue): FieldValue {
  if (field.flags & FF.readOnly) throw bad(field, 'is read-only.');
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') throw bad(field, 'is a text field: send a string.');
      const text = value.normalize('NFC');
      if (field.maxLength !== null && Array.from(text).length > field.maxLength)
        throw bad(field, `takes at most ${field.maxLength} characters.`);
      if (!(field.flags & FF.multiline) && /[\r\n]/.test(text))
        throw bad(field, 'is a single-line field: the value must not contain line breaks.');
      return text;
    }
    case 'checkbox':
      if (typeof value !== 'boolean') throw bad(field, 'is a checkbox: send true or false.');
      return value;
    case 'radio': {
      if (typeof value !== 'string')
        throw bad(field, `is a radio group: send one of ${JSON.stringify(field.options.map((o) => o[0]))}.`);
      if (!field.options.some((o) => o[0] === value))
        throw bad(
          field,
          `does not offer "${value}"; its options are ${JSON.stringify(field.options.map((o) => o[0]))}.`,
        );
      return value;
    }
    case 'choice': {
      const multi = (field.flags & FF.multiSelect) !== 0;
      const editable = (field.flags & FF.combo) !== 0 && (field.flags & FF.edit) !== 0;
      const list = Array.isArray(value) ? value : [value];
      if ((Array.isArray(value) && !multi) || list.some((v) => typeof v !== 'string')) {
        throw bad(
          field,
          multi
            ? 'is a multi-select list: send a string or an array of strings.'
            : 'is a choice field: send one of its options as a string.',
        );
      }
      for (const v of list as string[]) {
        if (!editable && !field.options.some((o) => o[0] === v))
          throw bad(field, `does not offer "${v}"; its options are ${JSON.stringify(field.options.map((o) => o[0]))}.`);
      }
      return Array.isArray(value)
        ? (value as string[]).map((v) => v.normalize('NFC'))
        : (value as string).normalize('NFC');
    }
    default:
      throw bad(field, `is a ${field.type} field, which cannot be filled.`);
  }
}
