// Fallbacks between engines as data (after Gotenberg's multi.go): for each
// capability an operation lists the engines that can do it, best first (the
// order measured in docs/operations/), and firstThatWorks tries them. The one
// rule for "try the next one" is here: a failure caused by the file (a tool
// error, 422 invalid_pdf), which another engine may read differently; never a
// timeout, a resource cap, a refusal or a client error, which the next engine
// would meet too.
import { isRepairable } from './pdf-input.js';

/** One engine able to do a capability on `Job`. */
export interface Engine<Job, Result> {
  /** Which engine (logs, tests). */
  name: string;
  /** Whether it can take this job at all (e.g. no password support); default yes. */
  takes?: (job: Job) => boolean;
  run: (job: Job) => Promise<Result>;
}

/** Whether a failed engine leaves the job to the next one. */
export function tryNext(error: unknown): boolean {
  return isRepairable(error);
}

/**
 * Runs the first engine of `engines` that takes `job`; when it fails in a way
 * tryNext accepts, the next one, and so on. The last engine's error stands
 * (or `allFailed`'s, given that error).
 */
export async function firstThatWorks<Job, Result>(
  engines: readonly Engine<Job, Result>[],
  job: Job,
  allFailed?: (last: unknown) => Error,
): Promise<Result> {
  const usable = engines.filter((engine) => engine.takes?.(job) ?? true);
  let last: unknown = new Error(`no engine takes this job (${engines.map((e) => e.name).join(', ')})`);
  for (const engine of usable) {
    try {
      return await engine.run(job);
    } catch (error) {
      if (!tryNext(error)) throw error;
      last = error;
    }
  }
  throw allFailed ? allFailed(last) : last;
}
