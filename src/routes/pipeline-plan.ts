// A pipeline's steps, checked before any work (docs/api.md, "Pipelines"):
// each step's options go through the same route declaration as the single
// operation (schema and cross-field check), file-part references ("@logo")
// are resolved against the upload, and a step whose output is not one PDF
// may only come last. Errors name the step's field: `steps[2].options.level`.
import type { Config } from '../config.js';
import type { FilePart, InputFile } from '../core/contract.js';
import {
  ClientClosedError,
  InvalidRequestError,
  ProblemError,
  ProcessingFailedError,
  UnsupportedMediaTypeError,
} from '../core/errors.js';
import { MEDIA_TYPES } from '../files/sniff.js';
import type { OperationRoute } from './definition.js';
import { COMMON_FIELDS, parseOptions } from './options.js';

/** One step as the client sent it (JSON), structure checked. */
export interface RawStep {
  operation: string;
  options: Record<string, unknown>;
}

/** One step ready to run: its route, parsed options, and the uploaded parts its file options name. */
export interface PlannedStep {
  route: OperationRoute;
  options: Record<string, unknown>;
  /** File field of the step → the uploaded part it names ("@name"). */
  references: Record<string, string>;
}

/** The parts the first step may take straight from the upload (no reference needed). */
export const FIRST_STEP_PARTS = ['file', 'files'] as const;

/**
 * Which steps write one PDF, by their options, for the operations whose
 * output depends on them; every other operation writes one PDF exactly when
 * it declares application/pdf as its only output.
 */
const WRITES_PDF: Record<string, (options: Record<string, unknown>) => boolean> = {
  ocr: (o) => o.output !== 'txt',
  split: (o) => o.mode === 'extract',
  convert: (o) => o.to === 'pdfa' || o.to === 'pdf',
  images: (o) => o.mode === 'to-pdf',
  metadata: (o) => ['title', 'author', 'subject', 'keywords', 'creator', 'producer'].some((k) => o[k] !== undefined),
};

/** Whether `step` writes one PDF that a next step can take as its `file`. */
export function writesPdf(route: OperationRoute, options: Record<string, unknown>): boolean {
  const rule = WRITES_PDF[route.name];
  if (rule) return rule(options);
  return route.produces.length === 1 && route.produces[0] === 'application/pdf';
}

/** Turns a JSON option value into what the form field would carry (API.md §1: every option is text). */
function asFormValue(value: unknown, field: string): string | string[] {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
  )
    return value.map(String);
  throw new InvalidRequestError(`${field}: must be a string, number, boolean or a list of strings.`, field);
}

/** Re-raises a step's 400 with its field named inside the pipeline (`steps[i].options.<field>`). */
function inStep(error: unknown, index: number): unknown {
  if (!(error instanceof InvalidRequestError)) return error;
  const field = typeof error.extensions.field === 'string' ? error.extensions.field : undefined;
  const named = field ? `steps[${index}].options.${field}` : `steps[${index}]`;
  const detail =
    field && error.detail.startsWith(`${field}:`)
      ? `${named}${error.detail.slice(field.length)}`
      : `${named}: ${error.detail}`;
  return new InvalidRequestError(detail, named);
}

function checkKinds(part: FilePart, files: InputFile[], where: string): void {
  for (const file of files) {
    if (!part.kinds.includes(file.kind)) {
      const accepted = [...new Set(part.kinds.map((k) => MEDIA_TYPES[k]))].join(', ');
      const what = file.kind === 'unknown' ? 'of an unrecognized type' : MEDIA_TYPES[file.kind];
      throw new UnsupportedMediaTypeError(`${where} is ${what}; accepted: ${accepted}.`);
    }
  }
}

/** A stand-in for the PDF an earlier step will write (what a later step's checks see). */
const LATER_PDF: InputFile = { path: '', name: '', size: 1, kind: 'pdf' };

/**
 * Checks every step against its route declaration and the upload; throws the
 * first problem (400 naming `steps[i]…`, 415 for a part of the wrong type).
 */
export function planSteps(
  steps: RawStep[],
  upload: Record<string, InputFile[]>,
  operations: readonly OperationRoute[],
  config: Config,
): PlannedStep[] {
  if (steps.length > config.MAX_PIPELINE_STEPS) {
    throw new InvalidRequestError(
      `steps: at most ${config.MAX_PIPELINE_STEPS} steps (MAX_PIPELINE_STEPS); got ${steps.length}.`,
      'steps',
    );
  }
  const referenced = new Set<string>();
  const planned = steps.map((step, index): PlannedStep => {
    const route = operations.find((r) => r.name === step.operation && r.name !== 'pipeline');
    if (!route) {
      const names = operations
        .filter((r) => r.name !== 'pipeline')
        .map((r) => r.name)
        .join(', ');
      throw new InvalidRequestError(
        `steps[${index}].operation: unknown operation "${step.operation}"; one of ${names}.`,
        `steps[${index}].operation`,
      );
    }
    const fields: Record<string, unknown> = {};
    const references: Record<string, string> = {};
    const stepFiles: Record<string, InputFile[]> = {};
    const fileParts = new Map(route.files.map((p) => [p.field, p]));
    for (const [key, value] of Object.entries(step.options)) {
      const named = `steps[${index}].options.${key}`;
      if ((COMMON_FIELDS as readonly string[]).includes(key))
        throw new InvalidRequestError(`${named}: belongs to the whole request, not to a step.`, named);
      const part = fileParts.get(key);
      if (part) {
        // A file option names an uploaded part; its own value is never a file's content.
        if (typeof value !== 'string' || !value.startsWith('@') || value.length < 2) {
          throw new InvalidRequestError(`${named}: a file part; name an uploaded part as "@name".`, named);
        }
        const partName = value.slice(1);
        // Own parts only: "@__proto__" or "@constructor" would otherwise find Object.prototype's members.
        const files = Object.hasOwn(upload, partName) ? upload[partName] : undefined;
        if (!files || files.length === 0)
          throw new InvalidRequestError(`${named}: no uploaded part is named "${partName}".`, named);
        checkKinds(part, files, `The part "${partName}" (${named})`);
        references[key] = partName;
        referenced.add(partName);
        stepFiles[key] = files;
        continue;
      }
      fields[key] = asFormValue(value, named);
    }
    if (index === 0) {
      for (const field of FIRST_STEP_PARTS) {
        const part = fileParts.get(field);
        const files = upload[field] ?? [];
        if (!part) {
          if (files.length > 0)
            throw new InvalidRequestError(
              `${field}: the first step (${route.name}) takes ${route.files.map((p) => `"${p.field}"`).join(' or ')}.`,
              field,
            );
          continue;
        }
        if (stepFiles[field]) continue;
        checkKinds(part, files, field);
        stepFiles[field] = files;
      }
    } else {
      const primary = route.files[0];
      if (primary?.field !== 'file' || !primary.kinds.includes('pdf')) {
        throw new InvalidRequestError(
          `steps[${index}].operation: ${route.name} cannot take the PDF of the step before it; it can only be the first step.`,
          `steps[${index}].operation`,
        );
      }
      stepFiles.file = [LATER_PDF];
    }
    for (const part of route.files) {
      const count = stepFiles[part.field]?.length ?? 0;
      const max = part.max === 'MAX_FILES' ? config.MAX_FILES : part.max;
      const where =
        index === 0 && (FIRST_STEP_PARTS as readonly string[]).includes(part.field)
          ? part.field
          : `steps[${index}].options.${part.field}`;
      if (count < part.min)
        throw new InvalidRequestError(
          `${where}: ${part.min === 1 ? 'a file is required' : `at least ${part.min} files are required (got ${count})`}.`,
          where,
        );
      if (count > max) throw new InvalidRequestError(`${where}: at most ${max} files.`, where);
    }
    let options: Record<string, unknown>;
    try {
      options = parseOptions(route, fields, stepFiles, config);
    } catch (error) {
      throw inStep(error, index);
    }
    if (index < steps.length - 1 && !writesPdf(route, options)) {
      throw new InvalidRequestError(
        `steps[${index}]: ${route.name} with these options does not write one PDF, so it can only be the last step.`,
        `steps[${index}].operation`,
      );
    }
    return { route, options, references };
  });
  for (const name of Object.keys(upload)) {
    if ((FIRST_STEP_PARTS as readonly string[]).includes(name) || referenced.has(name)) continue;
    if ((upload[name] ?? []).length > 0)
      throw new InvalidRequestError(
        `${name}: an uploaded part that no step names (use "@${name}" in a step's file option).`,
        name,
      );
  }
  return planned;
}

/** Marks a step's problem with its index (the `step` extension, docs/api.md "Pipelines"). */
export function markStep(error: unknown, index: number, signal: AbortSignal): unknown {
  // A client that left or a canceled job is not the step's failure.
  if (signal.aborted || error instanceof ClientClosedError) return error;
  const problem = error instanceof ProblemError ? error : new ProcessingFailedError('The operation failed.', error);
  problem.extensions.step = index;
  return problem;
}
