// The operation's deadline for work done in this process (parsing archives,
// XMP, signature lists, certificate chains): tools get it through run.ts;
// in-process loops over an upload's data check it here, and yield to the
// event loop as they go so other requests (and /healthz) keep being served.
import { TimeoutError } from './errors.js';

/** When an operation is over (RunContext carries both fields). */
export interface Deadline {
  /** Epoch milliseconds after which the operation is over. */
  deadline: number;
  /** The operation's whole limit, for the 504 message. */
  timeoutMs: number;
}

/** Throws the operation's TimeoutError (504 timeout) once its deadline has passed. */
export function checkDeadline(ctx: Deadline): void {
  if (Date.now() >= ctx.deadline) throw new TimeoutError(ctx.timeoutMs);
}

/** Resolves after the event loop has served what is waiting (I/O callbacks, timers). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A pause for long in-process loops: yield to the event loop, then check the deadline (none given: only yield). */
export function pacer(ctx?: Deadline): () => Promise<void> {
  return async () => {
    await yieldToEventLoop();
    if (ctx) checkDeadline(ctx);
  };
}
