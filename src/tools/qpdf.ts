// qpdf (tested with 11.3.0, Debian bookworm): page counts, merge, split,
// encryption, rotation, page reordering, annotation flattening, repair.
// Exit codes: 0 ok, 3 ok with warnings (a repaired file), 2 error.
// Calls that carry a password pass all arguments through an @argfile, as
// `--password=<value>` (the "=" keeps a value such as "--" or "-x" a value).
// Encryption takes its passwords as positional arguments, which qpdf 11.3
// parses as options when they start with "-" (a password "--" crashed it,
// "-secret" was echoed in its error): it runs as a QPDFJob JSON file instead,
// where every password is a JSON string and never an option.
import fs from 'node:fs/promises';
import path from 'node:path';
import { IncorrectPasswordError, InvalidPdfError, PasswordRequiredError, ResourceLimitError } from '../core/errors.js';
import { scrubSecrets } from '../core/secrets.js';
import { writeArgFile, writePrivateFile } from './argfile.js';
import { failureOf, type ToolFailures } from './failures.js';
import { run, type RunResult } from './run.js';
import type { RunContext } from '../core/contract.js';

export const QPDF = 'qpdf';

/** Exit codes of qpdf (manual, "Exit Status"). */
export const QpdfExitCode = { ok: 0, error: 2, warnings: 3 } as const;

/** An argument that must not appear on the command line. */
export interface Secret {
  secret: string;
}
export type QpdfArg = string | Secret;

interface QpdfCall {
  /** Input files whose errors mean "your PDF is bad", not "we failed". */
  inputs: string[];
  /** Whether the client sent a password (wrong vs missing). */
  passwordGiven: boolean;
  /**
   * Exit codes that are answers rather than failures (e.g. --is-encrypted's 2);
   * "unless-password": every failure but a password problem comes back to the
   * caller (a report, or "try another tool"); "all": every run comes back.
   */
  answers?: number[] | 'unless-password' | 'all';
  /** The caller reads qpdf's stdout (page count, JSON); otherwise it is discarded. */
  readsStdout?: boolean;
  /** Bytes of stdout kept (run()'s default otherwise); past it the call is a 422 resource_limit. */
  maxStdout?: number;
  /** Pass the arguments in an @argfile even without a secret (one may pass the kernel's 128 KiB limit per argument). */
  argFile?: boolean;
}

/** The secret values in `args`: each whole argument and the value after its "=" (for scrubbing). */
function secretValues(args: QpdfArg[]): string[] {
  return args.flatMap((a) => (typeof a === 'string' ? [] : [a.secret, a.secret.slice(a.secret.indexOf('=') + 1)]));
}

/** Runs qpdf; maps failures to typed errors. */
export async function runQpdf(ctx: RunContext, args: QpdfArg[], call: QpdfCall): Promise<RunResult> {
  const hasSecret = args.some((a) => typeof a !== 'string');
  const plain = args.map((a) => (typeof a === 'string' ? a : a.secret));
  const argv = hasSecret || call.argFile ? [`@${await writeArgFile(ctx.workdir, plain)}`] : plain;
  return checked(
    await run(ctx, QPDF, argv, {
      discardStdout: !call.readsStdout,
      maxStdout: call.maxStdout,
      successCodes: QPDF_SUCCESS,
    }),
    call,
    secretValues(args),
  );
}

/** Exit 3 is success with warnings (a stream qpdf could not decode is copied as it is): never read as a cap reached. */
const QPDF_SUCCESS: readonly number[] = [QpdfExitCode.ok, QpdfExitCode.warnings];

/** Runs a QPDFJob (qpdf --job-json-file) whose `secrets` are JSON strings in a 0600 file. */
async function runQpdfJob(
  ctx: RunContext,
  job: Record<string, unknown>,
  call: QpdfCall,
  secrets: string[],
): Promise<RunResult> {
  const file = await writePrivateFile(ctx.workdir, 'job', '.json', JSON.stringify(job));
  return checked(
    await run(ctx, QPDF, [`--job-json-file=${file}`], {
      discardStdout: !call.readsStdout,
      maxStdout: call.maxStdout,
      successCodes: QPDF_SUCCESS,
    }),
    call,
    secrets,
  );
}

/** How qpdf fails, in order: the one place its exit codes and stderr become typed errors. */
export const QPDF_FAILURES: ToolFailures<QpdfCall> = {
  tool: 'qpdf',
  success: QPDF_SUCCESS,
  rules: [
    {
      exit: [-1],
      stderr: /output exceeded the buffer limit/,
      error: (_, call) =>
        new ResourceLimitError(
          `qpdf's listing of the file exceeded ${call.maxStdout ?? 64 * 1024 * 1024} bytes.`,
          'output',
        ),
    },
    {
      stderr: /invalid password/i,
      error: (_, call) => (call.passwordGiven ? new IncorrectPasswordError() : new PasswordRequiredError()),
    },
    // An error naming one of the inputs is the input's fault: the client's 422.
    {
      exit: [QpdfExitCode.error],
      when: (f, call) => call.inputs.some((input) => f.stderr.includes(input)),
      error: (f) => new InvalidPdfError(describeDamage(f.stderr)),
    },
  ],
  failed: 'qpdf failed.',
};

function checked(result: RunResult, call: QpdfCall, secrets: string[]): RunResult {
  if (call.answers === 'all' || QPDF_SUCCESS.includes(result.exitCode)) return result;
  if (Array.isArray(call.answers) && call.answers.includes(result.exitCode)) return result;
  // qpdf may echo an argument it rejects: no secret reaches the error (and so the log).
  const error = failureOf(QPDF_FAILURES, { ...result, stderr: scrubSecrets(result.stderr, secrets) }, call);
  if (
    call.answers === 'unless-password' &&
    !(error instanceof PasswordRequiredError || error instanceof IncorrectPasswordError)
  )
    return result;
  throw error;
}

/** A client-safe reason, without paths. */
function describeDamage(stderr: string): string {
  if (/not a PDF file|can't find PDF header/i.test(stderr)) return 'The file is not a PDF.';
  if (/unable to find trailer|can't find startxref|damaged/i.test(stderr))
    return 'The PDF is damaged beyond repair (no usable cross-reference table or trailer).';
  return 'The PDF cannot be parsed or repaired.';
}

function passwordArgs(password: string | undefined): QpdfArg[] {
  return password === undefined ? [] : [{ secret: `--password=${password}` }];
}

/** Bytes of `--show-pages` output read (a page lists its content streams: ~30 bytes a page normally). */
const SHOW_PAGES_MAX_STDOUT = 16 * 1024 * 1024;

/**
 * Number of pages in the page tree as qpdf walks it (`--show-pages`, not
 * `--show-npages`, which reports the /Count the file declares: a file saying
 * 1 with 5,000 real pages would pass MAX_PAGES). A loop in the tree is
 * qpdf's error, hence 422 invalid_pdf. Also proves the file opens (with `password`).
 */
export async function pageCount(ctx: RunContext, file: string, password?: string): Promise<number> {
  const result = await runQpdf(ctx, ['--show-pages', ...passwordArgs(password), file], {
    inputs: [file],
    passwordGiven: password !== undefined,
    readsStdout: true,
    maxStdout: SHOW_PAGES_MAX_STDOUT,
  });
  return countShownPages(result.stdout);
}

/** The page count in `qpdf --show-pages` output: the number of the last "page N:" line (exported for unit tests). */
export function countShownPages(stdout: string): number {
  const newline = stdout.lastIndexOf('\npage ');
  const last = newline >= 0 ? newline + 1 : stdout.startsWith('page ') ? 0 : -1;
  if (last < 0) return 0;
  const match = /^page (\d+):/.exec(stdout.slice(last, last + 32));
  if (!match) throw new InvalidPdfError('The PDF has no readable page tree.');
  return Number(match[1]);
}

/**
 * Rewrites `input` from its parsed object graph (qpdf reconstructs a damaged
 * xref), decrypted; header at byte 0. Stream data is copied as it is
 * (--stream-data=preserve): by default qpdf decodes and re-encodes streams
 * with generalized filters, which took 57 s for a 32 KB file holding a
 * doubly-Flated 30000² image (and would run any decompression bomb).
 */
export async function rewrite(ctx: RunContext, input: string, output: string, password?: string): Promise<void> {
  await runQpdf(ctx, [...passwordArgs(password), '--decrypt', '--stream-data=preserve', input, output], {
    inputs: [input],
    passwordGiven: password !== undefined,
  });
}

/** True when the file is encrypted at all (owner-only files included). */
export async function isEncrypted(ctx: RunContext, file: string): Promise<boolean> {
  const result = await runQpdf(ctx, ['--is-encrypted', file], { inputs: [file], passwordGiven: false, answers: [2] });
  return result.exitCode === 0;
}

export interface PageSource {
  file: string;
  password?: string;
  /** qpdf range, e.g. "1-3,5"; all pages when absent. */
  range?: string;
}

/** Writes the pages of `sources`, in order, to `output`. */
export async function assemblePages(
  ctx: RunContext,
  sources: PageSource[],
  output: string,
  passwordGiven: boolean,
): Promise<void> {
  const args: QpdfArg[] = ['--empty', '--pages'];
  for (const source of sources) {
    args.push(source.file, ...passwordArgs(source.password), source.range ?? '1-z');
  }
  args.push('--', output);
  await runQpdf(ctx, args, { inputs: sources.map((s) => s.file), passwordGiven });
}

/** Splits `input` into files of `pagesPerFile` pages in `outDir`; returns them in page order. */
export async function splitEvery(
  ctx: RunContext,
  input: string,
  pagesPerFile: number,
  outDir: string,
  password?: string,
): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const args: QpdfArg[] = [
    input,
    ...passwordArgs(password),
    '--decrypt',
    `--split-pages=${pagesPerFile}`,
    path.join(outDir, 'part-%d.pdf'),
  ];
  await runQpdf(ctx, args, { inputs: [input], passwordGiven: password !== undefined });
  // qpdf zero-pads the page numbers in the names, so a name sort is page order.
  return (await fs.readdir(outDir)).sort().map((name) => path.join(outDir, name));
}

/** A page selection longer than this goes to qpdf in an @argfile (Linux refuses a single argument over 128 KiB). */
const LONG_SELECTION = 32 * 1024;

/**
 * Writes the pages `selection` of `input` (a qpdf range list, in order,
 * repeats allowed) as consecutive files of `pagesPerFile` pages in `outDir`,
 * in one qpdf run (`--pages . <selection> -- --split-pages`); returns them in
 * order. Like mode=every, each file holds its pages with their annotations,
 * form fields and page labels, not the document's outline or metadata (qpdf
 * manual, --split-pages). One run instead of one per part: a per-part run
 * parses the whole input each time (0.4 s per part of a 2,000-page file,
 * against 0.95 s for all 2,000 parts in one run).
 */
export async function splitSelection(
  ctx: RunContext,
  input: string,
  selection: string,
  pagesPerFile: number,
  outDir: string,
  password?: string,
): Promise<string[]> {
  await fs.mkdir(outDir, { recursive: true });
  const args: QpdfArg[] = [
    input,
    ...passwordArgs(password),
    '--decrypt',
    '--pages',
    '.',
    selection,
    '--',
    `--split-pages=${pagesPerFile}`,
    path.join(outDir, 'part-%d.pdf'),
  ];
  await runQpdf(ctx, args, {
    inputs: [input],
    passwordGiven: password !== undefined,
    argFile: selection.length > LONG_SELECTION,
  });
  // qpdf zero-pads the first page number of each name to the same width, so a name sort is output order.
  return (await fs.readdir(outDir)).sort().map((name) => path.join(outDir, name));
}

/** Copies the pages `range` of `input` (same document settings) to `output`. */
export async function selectPages(
  ctx: RunContext,
  input: string,
  range: string,
  output: string,
  password?: string,
): Promise<void> {
  const args: QpdfArg[] = [input, ...passwordArgs(password), '--decrypt', '--pages', '.', range, '--', output];
  await runQpdf(ctx, args, { inputs: [input], passwordGiven: password !== undefined });
}

/**
 * Writes `input` without encryption. Stream data is kept as it was: by default qpdf decodes
 * streams under a chain of filters ([/FlateDecode /FlateDecode]) to re-encode them, and an
 * encrypted 7 KB double-Flate bomb (4 GiB) kept `qpdf --decrypt` busy past 15 s (qpdf 11).
 */
export async function decrypt(ctx: RunContext, input: string, output: string, password?: string): Promise<void> {
  await runQpdf(ctx, [...passwordArgs(password), '--decrypt', '--stream-data=preserve', input, output], {
    inputs: [input],
    passwordGiven: password !== undefined,
  });
}

export interface Permissions {
  print: boolean;
  copy: boolean;
  modify: boolean;
  annotate: boolean;
  fillForms: boolean;
  assemble: boolean;
  accessibility: boolean;
}

export interface EncryptionSettings {
  userPassword: string;
  ownerPassword: string;
  bits: 256 | 128;
  permissions: Permissions;
}

const yn = (allowed: boolean) => (allowed ? 'y' : 'n');

/** qpdf's restrictions for `permissions`, as QPDFJob JSON (exported for unit tests). */
export function permissionJson(p: Permissions): Record<string, string> {
  return {
    print: p.print ? 'full' : 'none',
    extract: yn(p.copy),
    modifyOther: yn(p.modify),
    annotate: yn(p.annotate),
    form: yn(p.fillForms),
    assemble: yn(p.assemble),
    accessibility: yn(p.accessibility),
  };
}

/** The QPDFJob that encrypts `input` (exported for unit tests). */
export function encryptJob(
  input: string,
  output: string,
  settings: EncryptionSettings,
  inputPassword?: string,
): Record<string, unknown> {
  const restrictions = { ...permissionJson(settings.permissions), ...(settings.bits === 128 ? { useAes: 'y' } : {}) };
  return {
    inputFile: input,
    ...(inputPassword === undefined ? {} : { password: inputPassword }),
    outputFile: output,
    encrypt: {
      userPassword: settings.userPassword,
      ownerPassword: settings.ownerPassword,
      [`${settings.bits}bit`]: restrictions,
    },
  };
}

/** Encrypts `input` (opened with `inputPassword` if it is itself encrypted). */
export async function encrypt(
  ctx: RunContext,
  input: string,
  output: string,
  settings: EncryptionSettings,
  inputPassword?: string,
): Promise<void> {
  const secrets = [
    settings.userPassword,
    settings.ownerPassword,
    ...(inputPassword === undefined ? [] : [inputPassword]),
  ];
  await runQpdfJob(
    ctx,
    encryptJob(input, output, settings, inputPassword),
    { inputs: [input], passwordGiven: inputPassword !== undefined },
    secrets,
  );
}

/** Reads selected objects as qpdf JSON v2 (no stream data unless `streamData` is inline: base64). */
export async function readJson(
  ctx: RunContext,
  file: string,
  keys: string[],
  objects: string[] = [],
  streamData: 'none' | 'inline' = 'none',
): Promise<any> {
  const args = [
    '--json=2',
    `--json-stream-data=${streamData}`,
    ...keys.map((k) => `--json-key=${k}`),
    ...objects.map((o) => `--json-object=${o}`),
    file,
  ];
  const result = await runQpdf(ctx, args, { inputs: [file], passwordGiven: false, readsStdout: true });
  return JSON.parse(result.stdout);
}

/** Applies a qpdf JSON v2 update (new or replaced objects) to `input`, writing `output`. */
export async function updateFromJson(ctx: RunContext, input: string, update: object, output: string): Promise<void> {
  const jsonFile = path.join(ctx.workdir, `update-${Date.now()}.json`);
  await fs.writeFile(jsonFile, JSON.stringify(update));
  await runQpdf(ctx, [input, `--update-from-json=${jsonFile}`, output], { inputs: [input], passwordGiven: false });
}

/**
 * The current objects (dictionaries, no stream data) and the page list, as
 * qpdf JSON v2, for writing an incremental update (sign). `repaired` is true
 * when qpdf had to reconstruct the file (exit 3): its byte offsets cannot be
 * trusted for an append.
 */
export async function readStructure(ctx: RunContext, file: string): Promise<{ json: any; repaired: boolean }> {
  const args = ['--json=2', '--json-stream-data=none', '--json-key=qpdf', '--json-key=pages', file];
  const result = await runQpdf(ctx, args, { inputs: [file], passwordGiven: false, readsStdout: true });
  return { json: JSON.parse(result.stdout), repaired: result.exitCode === QpdfExitCode.warnings };
}

/** A rotation qpdf adds to a page's current /Rotate ("+90", "-90", …). */
export type RelativeAngle = '+90' | '+180' | '+270' | '-90';

/** Adds `angle` to the /Rotate of the pages `range` (qpdf syntax); other pages are untouched; output not encrypted. */
export async function rotatePages(
  ctx: RunContext,
  input: string,
  angle: RelativeAngle,
  range: string,
  output: string,
  password?: string,
): Promise<void> {
  const args: QpdfArg[] = [input, ...passwordArgs(password), '--decrypt', `--rotate=${angle}:${range}`, '--', output];
  await runQpdf(ctx, args, { inputs: [input], passwordGiven: password !== undefined });
}

/**
 * Writes the pages of `sources` in order over the document `input` (its
 * catalog, outlines and names kept; output not encrypted). A source file of
 * "." is `input` itself; a page named twice is copied.
 */
export async function reorderPages(
  ctx: RunContext,
  input: string,
  sources: PageSource[],
  output: string,
  password?: string,
): Promise<void> {
  const args: QpdfArg[] = [input, ...passwordArgs(password), '--decrypt', '--pages'];
  for (const source of sources) {
    args.push(source.file);
    if (source.file !== '.' && source.password !== undefined) args.push(...passwordArgs(source.password));
    args.push(source.range ?? '1-z');
  }
  args.push('--', output);
  await runQpdf(ctx, args, {
    inputs: [input, ...sources.map((s) => s.file).filter((f) => f !== '.')],
    passwordGiven: password !== undefined,
  });
}

/** Which annotations qpdf draws into the page: all, or only those shown on screen (not hidden/NoView). */
export type FlattenFilter = 'all' | 'screen';

/**
 * Generates missing form-field appearances (for /NeedAppearances) when asked, then draws
 * the annotations that have an appearance into the page content and removes
 * them (form fields flattened this way leave /AcroForm).
 */
export async function flattenAnnotations(
  ctx: RunContext,
  input: string,
  filter: FlattenFilter,
  output: string,
  generateAppearances: boolean,
): Promise<RunResult> {
  const args = [
    input,
    ...(generateAppearances ? ['--generate-appearances'] : []),
    `--flatten-annotations=${filter}`,
    '--',
    output,
  ];
  return runQpdf(ctx, args, { inputs: [input], passwordGiven: false });
}

/** What qpdf said while rewriting a damaged file. */
export interface RewriteReport {
  /** qpdf could write a file at all. */
  written: boolean;
  /** qpdf's warnings (paths removed), one per line. */
  warnings: string[];
}

/**
 * Rewrites `input` to `output` the way qpdf recovers damaged files (xref
 * reconstruction, stream lengths fixed), decrypting with `password`. A file
 * qpdf cannot open is reported, not thrown, so the caller can try another tool;
 * a password problem is thrown.
 */
export async function rewriteRecovering(
  ctx: RunContext,
  input: string,
  output: string,
  password?: string,
): Promise<RewriteReport> {
  const args: QpdfArg[] = [input, ...passwordArgs(password), '--decrypt', '--object-streams=preserve', output];
  const result = await runQpdf(ctx, args, {
    inputs: [input],
    passwordGiven: password !== undefined,
    answers: 'unless-password',
  });
  const written = result.exitCode === QpdfExitCode.ok || result.exitCode === QpdfExitCode.warnings;
  return { written, warnings: cleanWarnings(result.stderr, [input, output]) };
}

/** Result of `qpdf --check`. */
export interface CheckReport {
  /** Exit 0: no errors and no warnings. */
  clean: boolean;
  warnings: string[];
}

/** Runs `qpdf --check` (structure and every stream decoded) on `file`. */
export async function checkPdf(ctx: RunContext, file: string): Promise<CheckReport> {
  const result = await runQpdf(ctx, ['--check', file], {
    inputs: [file],
    passwordGiven: false,
    answers: 'all',
    readsStdout: true,
  });
  const lines = cleanWarnings(`${result.stderr}\n${result.stdout}`, [file]).filter((l) =>
    /warning|error|damaged/i.test(l),
  );
  return { clean: result.exitCode === QpdfExitCode.ok, warnings: lines };
}

/** qpdf's stderr lines without file paths. */
function cleanWarnings(stderr: string, files: string[]): string[] {
  let text = stderr;
  for (const file of files) text = text.split(file).join('<file>');
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** Byte offsets of the uncompressed objects of `file` (`--show-xref`; objects inside object streams are left out). */
export async function objectOffsets(ctx: RunContext, file: string): Promise<Map<number, number>> {
  const result = await runQpdf(ctx, ['--show-xref', file], {
    inputs: [file],
    passwordGiven: false,
    readsStdout: true,
    maxStdout: 32 * 1024 * 1024,
  });
  const offsets = new Map<number, number>();
  for (const match of result.stdout.matchAll(/^(\d+)\/\d+: uncompressed; offset = (\d+)$/gm))
    offsets.set(Number(match[1]), Number(match[2]));
  return offsets;
}

/**
 * Writes `input` linearized ("fast web view": first page's objects first, hint
 * tables), decrypted. Streams keep their data (see rewrite()); object streams
 * are dropped: linearization with them was measured slower to open in
 * viewers and qpdf's own --check-linearization accepts both.
 */
export async function linearize(ctx: RunContext, input: string, output: string, password?: string): Promise<void> {
  await runQpdf(ctx, [...passwordArgs(password), '--decrypt', '--linearize', '--stream-data=preserve', input, output], {
    inputs: [input],
    passwordGiven: password !== undefined,
  });
}

/** What `qpdf --show-encryption` reports (the password opens the file; exit 2 if it does not). */
export interface EncryptionReport {
  /** Security handler revision (/R): 2 RC4-40, 3 RC4-128, 4 RC4-128 or AES-128, 5/6 AES-256. */
  revision: number;
  /** The stream method line ("AESv2", "AESv3", "RC4"), absent for R < 4. */
  streamMethod?: string;
  /** "allowed"/"not allowed" by qpdf's wording ("print low resolution", "modify forms", …). */
  permissions: Record<string, boolean>;
}

/** Reads the encryption parameters of `file` (password in an argfile); undefined when it is not encrypted. */
export async function showEncryption(
  ctx: RunContext,
  file: string,
  password?: string,
): Promise<EncryptionReport | undefined> {
  const result = await runQpdf(ctx, ['--show-encryption', ...passwordArgs(password), file], {
    inputs: [file],
    passwordGiven: password !== undefined,
    readsStdout: true,
    maxStdout: 64 * 1024,
  });
  return parseShowEncryption(result.stdout);
}

/** Parses `qpdf --show-encryption` output (exported for unit tests). */
export function parseShowEncryption(stdout: string): EncryptionReport | undefined {
  const revision = /^R = (\d+)$/m.exec(stdout);
  if (!revision) return undefined;
  const permissions: Record<string, boolean> = {};
  for (const match of stdout.matchAll(/^([a-z][a-z ]+): (allowed|not allowed)$/gm))
    permissions[match[1]] = match[2] === 'allowed';
  const method = /^stream encryption method: (\S+)$/m.exec(stdout);
  return { revision: Number(revision[1]), streamMethod: method?.[1], permissions };
}

/** True when `file` is linearized and qpdf finds no error in its linearization (hint tables, first-page section). */
export async function isValidlyLinearized(ctx: RunContext, file: string, password?: string): Promise<boolean> {
  const result = await runQpdf(ctx, ['--check-linearization', ...passwordArgs(password), file], {
    inputs: [file],
    passwordGiven: password !== undefined,
    readsStdout: true,
    maxStdout: 1024 * 1024,
    answers: 'unless-password',
  });
  return result.exitCode === QpdfExitCode.ok && /no linearization errors/.test(result.stdout);
}

/**
 * The decoded data of the streams `refs` ("N G R"), read through qpdf's JSON
 * (inline, base64), at most `maxBytes` of JSON (verify reads the DSS with it).
 */
export async function readStreamData(
  ctx: RunContext,
  file: string,
  refs: string[],
  maxBytes: number,
): Promise<Map<string, Buffer>> {
  const data = new Map<string, Buffer>();
  if (refs.length === 0) return data;
  const objects = refs.map((r) => `--json-object=${r.replace(/ R$/, '').replace(' ', ',')}`);
  const args = [
    '--json=2',
    '--json-stream-data=inline',
    '--decode-level=generalized',
    '--json-key=qpdf',
    ...objects,
    file,
  ];
  const result = await runQpdf(ctx, args, {
    inputs: [file],
    passwordGiven: false,
    readsStdout: true,
    maxStdout: maxBytes,
  });
  const found = (JSON.parse(result.stdout).qpdf?.[1] ?? {}) as Record<string, { stream?: { data?: string } }>;
  for (const ref of refs) {
    const encoded = found[`obj:${ref}`]?.stream?.data;
    if (typeof encoded === 'string') data.set(ref, Buffer.from(encoded, 'base64'));
  }
  return data;
}
