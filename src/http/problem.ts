// The one place where errors become responses: RFC 9457 problem+json for every
// ProblemError; a bare 500 for anything else, with the cause only in the log.
import type { Context, Middleware } from 'koa';
import { ClientClosedError, ProblemError, ProcessingFailedError } from '../core/errors.js';
import { scrubbedError } from '../core/secrets.js';

export const PROBLEM_TYPE_BASE = 'https://pdf-service.dev/problems/';

/** The problem document for `error` (also stored in failed jobs). */
export function problemBody(error: ProblemError, requestId: string | undefined): Record<string, unknown> {
  return {
    type: PROBLEM_TYPE_BASE + error.code,
    title: error.title,
    status: error.status,
    detail: error.detail,
    code: error.code,
    request_id: requestId ?? null,
    ...error.extensions,
  };
}

/** Converts anything thrown into a ProblemError (unknown errors → 500). */
export function toProblem(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  return new ProcessingFailedError('The operation failed.', error);
}

export function sendProblem(ctx: Context, error: ProblemError): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = problemBody(error, ctx.state.requestId);
}

export function problemMiddleware(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof ClientClosedError) {
        // Nobody is listening; record it the way nginx does.
        ctx.state.log?.info({ operation: ctx.state.operation }, 'client closed the request');
        ctx.body = null;
        // After the body: Koa turns an empty body into 204, and the log should say 499.
        ctx.status = 499;
        return;
      }
      const problem = toProblem(error);
      if (problem.status >= 500) {
        const cause = problem.cause ?? (problem === error ? undefined : error);
        // The request's passwords are scrubbed from whatever a tool said.
        ctx.state.log?.error({ err: scrubbedError(cause ?? problem, ctx.state.secrets ?? []), code: problem.code, operation: ctx.state.operation }, 'request failed');
      }
      sendProblem(ctx, problem);
    }
  };
}
