// The last line of defence for the long-running process: what happens to an
// error that no code path caught. Without these handlers Node 20 ends the
// process on either kind, and with it every request in flight of every account.
//
// - An unhandled rejection is logged and the process keeps serving. A promise
//   that rejected with nobody waiting for it belongs to work that has already
//   been answered or abandoned (its awaiting chain is gone): the rejection
//   itself changed no state. Every known chain ends in a handler; this is for
//   the next one.
// - An uncaught exception is logged, and the process drains and exits with
//   status 1 for its supervisor to start a fresh one (compose.yaml: `restart:
//   unless-stopped`; systemd `Restart=on-failure`). The exception unwound a
//   synchronous stack at an unknown point — a pool slot that is never
//   released, a counter half updated, a stream in an unknown state — and
//   Node's documentation says plainly that resuming after 'uncaughtException'
//   is not safe. Draining lets the requests and jobs in progress finish within
//   SHUTDOWN_GRACE (jobs still running go back to the queue), /healthz answers
//   503 at once so a load balancer moves on, and the warm tool instances are
//   stopped, as on SIGTERM; the supervisor's restart costs a second or two.
//
// Logged: the error's name, message and stack (code paths, never request
// data; error messages here carry no secrets, see core/secrets.ts), never the
// error object's other properties, which may hold a request's fields.
import type { Logger } from 'pino';

/** What is logged of an error that nobody caught. */
export function describeUncaught(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message.slice(0, 1000), stack: error.stack?.slice(0, 4000) };
  }
  return { name: typeof error, message: String(error).slice(0, 1000) };
}

export interface CrashGuardOptions {
  log: Logger;
  /** Starts the drain-and-exit path (called once; later exceptions are only logged). */
  drainAndExit: (reason: string) => void;
}

/** Installs the process-level handlers; returns a function that removes them (tests). */
export function installCrashGuards({ log, drainAndExit }: CrashGuardOptions): () => void {
  let draining = false;
  const onRejection = (reason: unknown) => {
    log.error({ uncaught: describeUncaught(reason) }, 'unhandled promise rejection; the process keeps serving');
  };
  const onException = (error: Error, origin: string) => {
    log.fatal(
      { uncaught: describeUncaught(error), origin },
      draining
        ? 'uncaught exception while draining'
        : 'uncaught exception; draining, then exiting with status 1 for the supervisor to restart',
    );
    if (draining) return;
    draining = true;
    drainAndExit('uncaughtException');
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
