// The one place where errors become responses: RFC 9457 problem+json for every
// ProblemError, its status from the one table below; a bare 500 for anything
// else, with the cause only in the log.
import type { Context, Middleware } from 'koa';
import { ClientClosedError, ProblemError, ProcessingFailedError, type ProblemCode } from '../core/errors.js';
import { scrubbedError } from '../core/secrets.js';

export const PROBLEM_TYPE_BASE = 'https://pdf-service.dev/problems/';

/** The HTTP status of each problem code (API.md §2): the only place a status is chosen. */
export const STATUS_OF_CODE: Readonly<Record<ProblemCode, number>> = {
  invalid_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  forbidden: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  job_not_finished: 409,
  result_expired: 410,
  file_too_large: 413,
  too_many_files: 413,
  too_many_pages: 413,
  page_too_large: 413,
  unsupported_media_type: 415,
  invalid_pdf: 422,
  invalid_document: 422,
  unsupported_document: 422,
  password_required: 422,
  incorrect_password: 422,
  invalid_certificate: 422,
  resource_limit: 422,
  quota_exceeded: 429,
  concurrency_limit: 429,
  processing_failed: 500,
  upstream_failed: 502,
  server_busy: 503,
  timeout: 504,
  fetch_failed: 422,
  idempotency_key_reused: 422,
};

/** The HTTP status `error` is answered with. */
export function problemStatus(error: ProblemError): number {
  return STATUS_OF_CODE[error.code];
}

/** The problem document for `error` (also stored in failed jobs). */
export function problemBody(error: ProblemError, requestId: string | undefined): Record<string, unknown> {
  return {
    type: PROBLEM_TYPE_BASE + error.code,
    title: error.title,
    status: problemStatus(error),
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
  ctx.status = problemStatus(error);
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
      if (problemStatus(problem) >= 500) {
        const cause = problem.cause ?? (problem === error ? undefined : error);
        // The request's passwords are scrubbed from whatever a tool said.
        ctx.state.log?.error(
          {
            err: scrubbedError(cause ?? problem, ctx.state.secrets ?? []),
            code: problem.code,
            operation: ctx.state.operation,
          },
          'request failed',
        );
      }
      sendProblem(ctx, problem);
    }
  };
}
