// What every client generator reads the same way from an operation of the OpenAPI document:
// its shape, which file part is positional, and the kind of each option field.

export interface FieldSchema {
  type?: string | string[];
  enum?: string[];
  description?: string;
  items?: FieldSchema;
  pattern?: string;
  default?: unknown;
  anyOf?: Array<{ type?: string }>;
  oneOf?: Array<{ properties?: { operation?: { const?: string } } }>;
}

export interface OperationInfo {
  name: string;
  method: string;
  summary: string;
  files: Array<{ field: string; multiple: boolean; required: boolean }>;
  options: Array<{ name: string; required: boolean; schema: FieldSchema }>;
}

/** Which file part(s) a method takes positionally: the first required one, else a lone optional pair (images: file | files). */
export function primaryParts(op: OperationInfo): OperationInfo['files'] {
  const required = op.files.filter((f) => f.required);
  return required.length > 0 ? [required[0]] : op.files.slice(0, 2);
}

/** A true/false field (sent as text). */
export function isBoolean(schema: FieldSchema): boolean {
  return schema.enum?.length === 2 && schema.enum.includes('true') && schema.enum.includes('false');
}

/** Number fields end their description with their range, "(min..max)" (src/routes/fields.ts). */
export function isNumeric(schema: FieldSchema): boolean {
  return /\(-?[\d.]+\.\.-?[\d.]+\)\s*$/.test(schema.description ?? '');
}

/** A field that takes one value or several (string | string[]): sent as repeated form fields. */
export function isList(schema: FieldSchema): boolean {
  return schema.type === 'array' || (schema.anyOf ?? []).some((s) => s.type === 'array');
}

/** A field that carries JSON (the pipeline's `steps`: an array of a discriminated union), sent as one JSON text. Check before isList. */
export function isJson(schema: FieldSchema): boolean {
  return schema.type === 'array' && Array.isArray(schema.items?.oneOf);
}

/** The operations a JSON steps field's variants name, in document order. */
export function stepOperations(schema: FieldSchema): string[] {
  return (schema.items?.oneOf ?? [])
    .map((v) => v.properties?.operation?.const)
    .filter((name): name is string => typeof name === 'string');
}
