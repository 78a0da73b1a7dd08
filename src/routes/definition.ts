// What a route declares: its path, file parts, option schema and the
// operation it calls. The generic handler (execute.ts), the job runner and the
// OpenAPI generator all read the same declaration, so they cannot drift.
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { FilePart, InputFile, OperationInput, OperationOutput } from '../core/contract.js';

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
  /** Which configured limit applies. */
  timeout: 'OPERATION_TIMEOUT' | 'OCR_TIMEOUT';
  /** Checks that span fields, files or settings (mode-dependent fields, …); throw InvalidRequestError. */
  check?: (options: Options, files: Record<string, InputFile[]>, config: Config) => void;
  /** The operation itself. */
  run: (input: OperationInput<Options>) => Promise<OperationOutput>;
}

/** Identity function that keeps the route's option type. */
export function defineOperation<S extends OptionsSchema>(route: OperationRoute<z.output<S>> & { options: S }): OperationRoute<z.output<S>> {
  return route;
}
