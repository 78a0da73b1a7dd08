// POST /v1/pdf/pipeline (docs/api.md, "Pipelines"): several operations in one
// request. The PDF a step writes becomes the next step's `file` inside the
// request's own work directory: no upload, download, sniff or structure check
// in between (the file was written by our own tools from a checked input).
// Each step runs in its own subdirectory, so two steps of one operation never
// write over each other's files, and under its own time limit within the
// pipeline's.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { FileKind, InputFile, OperationInput, OperationOutput } from '../core/contract.js';
import { ProcessingFailedError } from '../core/errors.js';
import type { OperationRoute } from './definition.js';
import { defineOperation, timeLimitOf } from './definition.js';
import { markStep, planSteps, type PlannedStep, type RawStep } from './pipeline-plan.js';

/** Every kind some operation takes as its first input: the first step's declaration decides (pipeline-plan.ts). */
const ANY_KIND: FileKind[] = [
  'pdf',
  'png',
  'jpeg',
  'tiff',
  'gif',
  'bmp',
  'webp',
  'jp2',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'ole',
  'rtf',
  'html',
  'txt',
  'zip',
  'pkcs12',
];

/** Structure only; each step's options are checked by its own route in `check`. MAX_PIPELINE_STEPS is checked there too. */
const stepsSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of steps, e.g. [{"operation":"compress","options":{"level":"high"}}]',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.strictObject({ operation: z.string(), options: z.record(z.string(), z.unknown()).default({}) }),
        'must be a JSON array of steps',
      )
      .min(1, 'must name at least one step')
      .max(1000, 'too many steps'),
  )
  .describe(
    'The steps, as a JSON array: [{"operation":"<name>","options":{…}}, …]. Each step’s options are those of the operation (numbers and true/false may be JSON values); ' +
      'a file option names an uploaded part as "@name".',
  );

/**
 * `steps` for the OpenAPI document: an array of a discriminated union, one schema per
 * operation (its options as the operation declares them, file options as "@name"), so
 * generated clients get typed steps.
 */
function stepsJsonSchema(operations: readonly OperationRoute[], config: Config): Record<string, unknown> {
  const variants = operations
    .filter((route) => route.name !== 'pipeline')
    .map((route) => {
      const options = z.toJSONSchema(route.options, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      const properties: Record<string, unknown> = { ...(options.properties ?? {}) };
      for (const part of route.files.slice(1)) {
        properties[part.field] = {
          type: 'string',
          pattern: '^@.+$',
          description: `${part.description} Names an uploaded part: "@name".`,
        };
      }
      return {
        type: 'object',
        title: `${route.name} step`,
        required: ['operation'],
        additionalProperties: false,
        properties: {
          operation: { type: 'string', const: route.name },
          options: {
            type: 'object',
            additionalProperties: false,
            properties,
            ...(options.required?.length ? { required: options.required } : {}),
          },
        },
      };
    });
  return {
    type: 'array',
    minItems: 1,
    maxItems: config.MAX_PIPELINE_STEPS,
    description: stepsSchema.description,
    items: { oneOf: variants, discriminator: { propertyName: 'operation' } },
  };
}

/** The steps the options name, checked (the same check `check` made; cheap, no I/O). */
function plannedOf(
  input: { options: { steps: RawStep[] }; files: Record<string, InputFile[]>; config: Config },
  operations: () => readonly OperationRoute[],
): PlannedStep[] {
  return planSteps(input.options.steps, input.files, operations(), input.config);
}

/** The files a step runs on: the upload (first step) or the PDF before it, plus the parts its file options name. */
function stepFiles(
  step: PlannedStep,
  index: number,
  upload: Record<string, InputFile[]>,
  previous: InputFile | undefined,
): Record<string, InputFile[]> {
  const files: Record<string, InputFile[]> = {};
  if (index === 0) {
    for (const part of step.route.files) if (upload[part.field]) files[part.field] = upload[part.field];
  } else {
    files.file = [previous!];
  }
  for (const [field, part] of Object.entries(step.references)) files[field] = upload[part];
  return files;
}

/** Runs the planned steps one after the other; the last step's output, its headers and X-Pipeline. */
async function runPipeline(
  input: OperationInput<{ steps: RawStep[] }>,
  operations: () => readonly OperationRoute[],
): Promise<OperationOutput> {
  const { run, config } = input;
  const steps = plannedOf(input, operations);
  // The name the client gave stays the stem of every step's output (not "x-rotated-numbered.pdf").
  const firstUpload = input.files.file?.[0] ?? input.files.files?.[0];
  const timings: string[] = [];
  let previous: InputFile | undefined;
  let output: OperationOutput | undefined;
  for (const [index, step] of steps.entries()) {
    const workdir = path.join(run.workdir, `step-${index + 1}`);
    const started = performance.now();
    try {
      await fs.promises.mkdir(workdir, { mode: 0o700 });
      const timeoutMs = Math.min(config[timeLimitOf(step.route, step.options)], Math.max(0, run.deadline - Date.now()));
      const stepRun = { ...run, workdir, deadline: Date.now() + timeoutMs, timeoutMs };
      output = await step.route.run({
        files: stepFiles(step, index, input.files, previous),
        options: step.options,
        run: stepRun,
        config,
      });
      if (index < steps.length - 1) {
        if (output.type !== 'file' || output.contentType !== 'application/pdf')
          throw new ProcessingFailedError(`Step ${index} (${step.route.name}) did not write a PDF.`);
        const size = (await fs.promises.stat(output.path)).size;
        // Known good: written by a tool from a checked input. Not sniffed or structure-checked again (PdfInput.open).
        previous = { path: output.path, name: firstUpload?.name ?? '', size, kind: 'pdf', verified: true };
      }
    } catch (error) {
      throw markStep(error, index, run.signal);
    }
    timings.push(`${step.route.name}=${Math.round(performance.now() - started)}ms`);
  }
  return { ...output!, headers: { ...output!.headers, 'X-Pipeline': timings.join(',') } };
}

/** The pipeline route over `operations` (the list it is part of: read when a request comes, not at import). */
export function createPipelineRoute(operations: () => readonly OperationRoute[]) {
  return defineOperation({
    name: 'pipeline',
    summary: 'Run several operations in one request',
    description:
      'Runs `steps` in order on the upload; each step’s PDF is the next step’s `file`, kept in the server’s work directory. Every step is checked before ' +
      'any work (400 naming `steps[i].options.<field>`); a step whose output is not one PDF must be last; at most MAX_PIPELINE_STEPS steps. Charged one ' +
      'request per step, all before any work (429 quota_exceeded and nothing charged if fewer remain); refunded as a whole as any request. The answer ' +
      'is the last step’s, with its headers and `X-Pipeline: <operation>=<ms>ms,…`. A failing step ends the pipeline with its problem and `step` (0-based). ' +
      'Uploads: `file` or `files` (the first step’s input) and any part a step option names as "@name".',
    files: [
      { field: 'file', min: 0, max: 1, kinds: ANY_KIND, description: 'The first step’s input, when it takes `file`.' },
      {
        field: 'files',
        min: 0,
        max: 'MAX_FILES',
        kinds: ANY_KIND,
        description: 'The first step’s inputs, when it takes `files` (merge, images to PDF).',
      },
    ],
    otherParts: {
      field: '*',
      min: 0,
      max: 'MAX_FILES',
      kinds: ANY_KIND,
      description: 'Any other part, named by a step’s file option as "@name" (e.g. a watermark image).',
    },
    options: z.strictObject({ steps: stepsSchema }),
    produces: ['application/pdf', 'application/zip', 'application/json', 'text/plain'],
    timeout: 'OCR_TIMEOUT',
    requestCount: (options) => options.steps.length,
    scopes: (options) => options.steps.map((s) => s.operation),
    jsonFields: (config) => ({ steps: stepsJsonSchema(operations(), config) }),
    check: (options, files, config) => void planSteps(options.steps, files, operations(), config),
    run: (input) => runPipeline(input, operations),
  });
}
