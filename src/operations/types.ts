// The contract between routes (and the job runner) and operations: files on
// disk and parsed options in, files on disk out. An operation never sees HTTP.
import type { Config } from '../config.js';
import type { FileKind } from '../files/sniff.js';
import type { RunContext } from '../tools/run.js';

/** An uploaded file, already on disk in the work directory. */
export interface InputFile {
  path: string;
  /** The client's file name, cleaned of path parts ("" when none was sent). */
  name: string;
  size: number;
  kind: FileKind;
  /** The whole file, when the upload kept it in memory (saves file reads). */
  bytes?: ByteSource;
}

/** Bytes in memory, read by range: a Buffer, or the chunks an upload arrived in (http/held-body.ts). */
export interface ByteSource {
  readonly length: number;
  /** Bytes `start` to `end`, clamped to the data; a view where possible. */
  subarray(start: number, end?: number): Buffer;
}

export interface OperationInput<Options> {
  /** Files by form field, in upload order. */
  files: Record<string, InputFile[]>;
  options: Options;
  run: RunContext;
  config: Config;
}

export interface FileOutput {
  type: 'file';
  path: string;
  contentType: string;
  /** Download name (Content-Disposition). */
  filename: string;
  headers?: Record<string, string>;
}

export interface ZipEntry {
  path: string;
  name: string;
}

export interface ZipOutput {
  type: 'zip';
  entries: ZipEntry[];
  filename: string;
  headers?: Record<string, string>;
}

export type OperationOutput = FileOutput | ZipOutput;
