// What a route declares: its path, file parts, option schema and the
// operation it calls. The generic handler (execute.ts), the job runner and the
// OpenAPI generator all read the same declaration, so they cannot drift.
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { FilePart, InputFile, OperationInput, OperationOutput } from '../core/contract.js';

/** The two configured time limits an operation runs under. */
export type TimeLimit = 'OPERATION_TIMEOUT' | 'OCR_TIMEOUT';

export type OptionsSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface OperationRoute<Options = any> {
  /** Path segment: POST /v1/pdf/<name>. */
  name: string;
  summary: string;
  description: string;
  files: FilePart[];
  options: OptionsSchema;
  /** Content types of a successful response (OpenAPI). */
  produces: string[];
  /** Which configured limit applies; a function when an option decides (convert runs OCR only with ocr=auto). */
  timeout: TimeLimit | ((options: Options) => TimeLimit);
  /** Checks that span fields, files or settings (mode-dependent fields, …); throw InvalidRequestError. */
  check?: (options: Options, files: Record<string, InputFile[]>, config: Config) => void;
  /** File parts under any other name (the pipeline's "@name" references); the template's `field` is ignored. */
  otherParts?: FilePart;
  /** Requests the call counts against the allowance (a pipeline: one per step); 1 when absent. */
  requestCount?: (options: Options) => number;
  /** Operations the caller's key must be allowed, known once the options are (a pipeline: its steps'); the route's name when absent. */
  scopes?: (options: Options) => string[];
  /** JSON Schemas of form fields that carry JSON the option schema cannot describe (the pipeline's typed steps), for the OpenAPI document. */
  jsonFields?: (config: Config) => Record<string, Record<string, unknown>>;
  /** The operation itself. */
  run: (input: OperationInput<Options>) => Promise<OperationOutput>;
}

/** The limit `route` runs under with these (parsed) options. */
export function timeLimitOf<Options>(route: OperationRoute<Options>, options: Options): TimeLimit {
  return typeof route.timeout === 'function' ? route.timeout(options) : route.timeout;
}

/** Identity function that keeps the route's option type. */
export function defineOperation<S extends OptionsSchema>(
  route: OperationRoute<z.output<S>> & { options: S },
): OperationRoute<z.output<S>> {
  return route;
}
