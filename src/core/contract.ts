// The contract every layer shares: files on disk and parsed options in, files
// on disk out (routes and the job runner → operations), what a tool run needs
// (RunContext), and the form-part and page-range shapes. Types only, so that
// files/, tools/, http/ and store/ can use them without importing the layers
// above (docs/architecture.md, "Layers"). An operation never sees HTTP.
import type { Config } from '../config.js';

/** A file's type, sniffed from its first bytes (files/sniff.ts), never from its name. */
export type FileKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'tiff'
  | 'gif'
  | 'bmp'
  | 'webp'
  | 'jp2'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'ole'
  | 'rtf'
  | 'html'
  | 'txt'
  | 'zip'
  | 'pkcs12'
  | 'unknown';
/** A form field that carries files, as a route declares it (routes/definition.ts). */
export interface FilePart {
  field: string;
  /** Fewest parts required (0 = optional). */
  min: number;
  /** Most parts allowed; "MAX_FILES" follows the configured limit. */
  max: number | 'MAX_FILES';
  /** Accepted content kinds (sniffed from bytes). */
  kinds: readonly FileKind[];
  description: string;
}
/** A 1-based, inclusive page range (operations/page-ranges.ts parses them). */
export interface PageRange {
  first: number;
  last: number;
}
/** What an operation hands down to its tools: where to work and when to stop. */
export interface RunContext {
  /** Private work directory: children's cwd, HOME and TMPDIR. */
  workdir: string;
  /** Aborted when the client disconnects or the job is canceled. */
  signal: AbortSignal;
  /** Epoch milliseconds after which the operation is over. */
  deadline: number;
  /** The operation's whole limit, for the 504 message. */
  timeoutMs: number;
  /** Where children get their slot: an operation's share of the pool (ProcessPool.forOperation), or the pool. */
  pool: ToolSlots;
  /** Filled with each finished child's argv and timing (tests and logs). */
  trace?: RunRecord[];
}
/** One finished child: its argv, exit and timing (RunContext.trace). */
export interface RunRecord {
  file: string;
  args: string[];
  exitCode: number;
  durationMs: number;
  /** The most resident memory its process tree was seen to hold (bytes). */
  peakRssBytes?: number;
}
/** What a tool run draws its slot from (RunContext.pool): the pool itself, or one operation's share of it. */
export interface ToolSlots {
  readonly capacity: number;
  /** Waits for `weight` slots; resolves to the release function. */
  acquire(weight?: number, signal?: AbortSignal): Promise<() => void>;
}

/** An uploaded file, already on disk in the work directory. */
export interface InputFile {
  path: string;
  /** The client's file name, cleaned of path parts ("" when none was sent). */
  name: string;
  size: number;
  kind: FileKind;
  /** The whole file, when the upload kept it in memory (saves file reads). */
  bytes?: ByteSource;
  /**
   * Written by one of our tools from an input that was checked (a pipeline step's output):
   * its structure is not checked again (operations/pdf-input.ts).
   */
  verified?: boolean;
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
  /** Deflate it (true) or store it (false); by default text is deflated and already-compressed formats are stored. */
  compress?: boolean;
}

export interface ZipOutput {
  type: 'zip';
  entries: ZipEntry[];
  filename: string;
  headers?: Record<string, string>;
}

export type OperationOutput = FileOutput | ZipOutput;
