// One way a tool fails (after Gotenberg's engines, which turn exit codes into
// named errors in one place): each tool module declares, as data next to the
// tool, how its exit codes and stderr map to typed errors (a ToolFailures), and
// runTool applies it. What no rule names is a 500 processing_failed whose cause
// ("<tool> exit N: <stderr>") goes to the log only, never to the client.
import { ProcessingFailedError } from '../core/errors.js';
import type { RunContext } from '../core/contract.js';
import { exists, run, type RunOptions, type RunResult } from './run.js';

/** A failed run as the rules see it. */
export interface ToolFailure {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** One rule: a failure with one of `exit` (any when absent) whose stderr matches `stderr` (any when absent) is `error`. */
export interface FailureRule<Call = void> {
  exit?: readonly number[];
  stderr?: RegExp;
  /** A further condition on the run and the call (e.g. "qpdf names one of our inputs"). */
  when?: (failure: ToolFailure, call: Call) => boolean;
  /** The typed error; `cause` is the logged "<tool> exit N: <stderr>". */
  error: (failure: ToolFailure, call: Call, cause: Error) => Error;
}

/** How a tool's runs fail: declared next to the tool, applied by runTool (and failureOf). */
export interface ToolFailures<Call = void> {
  /** The tool's name in the logged cause. */
  tool: string;
  /** Exit codes that mean success (default [0]). */
  success?: readonly number[];
  /** Tried in order on a failed run; the first that matches decides. */
  rules?: readonly FailureRule<Call>[];
  /** The 500's detail when no rule matches (a call may name its own, e.g. "Rendering failed."). */
  failed: string;
  /** Append the end of stdout to the logged cause (Ghostscript writes its errors there). */
  stdoutInCause?: boolean;
}

/** What one call adds to its tool's declaration. */
export interface ToolCall<Call = void> extends RunOptions {
  /** The 500's detail for this call instead of the tool's own. */
  failed?: string;
  /** A file the tool must have written: a success without it is a failure too. */
  output?: string;
  /** Passed to the rules (whatever they need to know about this call). */
  call?: Call;
}

/** The typed error a failed run of `failures`' tool stands for (the one place the mapping is applied). */
export function failureOf<Call>(
  failures: ToolFailures<Call>,
  result: ToolFailure,
  call: Call,
  failed = failures.failed,
): Error {
  const tail = failures.stdoutInCause ? result.stdout.slice(-2000) : '';
  const cause = new Error(`${failures.tool} exit ${result.exitCode}: ${result.stderr}${tail}`);
  for (const rule of failures.rules ?? []) {
    if (rule.exit && !rule.exit.includes(result.exitCode)) continue;
    if (rule.stderr && !rule.stderr.test(result.stderr)) continue;
    if (rule.when && !rule.when(result, call)) continue;
    return rule.error(result, call, cause);
  }
  return new ProcessingFailedError(failed, cause);
}

/** Runs `file` with `args` under run.ts; a failure (or a missing `output`) throws the typed error its tool declares. */
export async function runTool<Call = void>(
  ctx: RunContext,
  failures: ToolFailures<Call>,
  file: string,
  args: string[],
  options: ToolCall<Call> = {},
): Promise<RunResult> {
  const { failed, output, call, ...runOptions } = options;
  const success = failures.success ?? [0];
  const result = await run(ctx, file, args, { successCodes: success, ...runOptions });
  if (success.includes(result.exitCode) && (output === undefined || (await exists(output)))) return result;
  throw failureOf(failures, result, call as Call, failed);
}
