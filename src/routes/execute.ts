// The one handler behind every POST /v1/pdf/<operation>: limits before the
// body, upload into a private work directory, options validated, then either
// a job is queued or the operation runs once the account's fair share allows
// it. The work directory is removed once both the operation has settled and
// the response is over.
import type { Context, Middleware } from 'koa';
import { ClientClosedError, InsufficientScopeError, InvalidRequestError } from '../core/errors.js';
import { allows } from '../http/auth.js';
import { idempotencyKey, requestDigest } from '../http/idempotency.js';
import {
  checkDeclaredLength,
  closeAfterResponse,
  createWorkdir,
  receiveUpload,
  watchResponse,
} from '../http/upload.js';
import { sendOutput } from '../http/send.js';
import { secretFieldValues } from '../core/secrets.js';
import type { Services } from '../services.js';
import type { RunContext } from '../core/contract.js';
import { timeLimitOf, type OperationRoute } from './definition.js';
import { parseOptions } from './options.js';

/** `Prefer: respond-async` or the field async=true (API.md §6). */
function wantsAsync(ctx: Context, fields: Record<string, unknown>): boolean {
  const field = fields.async;
  if (field !== undefined && field !== 'true' && field !== 'false')
    throw new InvalidRequestError('async: must be one of true, false.', 'async');
  const prefer = ctx
    .get('Prefer')
    .split(',')
    .map((p) => p.trim().toLowerCase());
  return field === 'true' || prefer.includes('respond-async');
}

/** A job's callback_url and result_url, each given at most once and checked (400 invalid_request naming the field). */
async function checkDestinations(
  services: Services,
  fields: Record<string, unknown>,
): Promise<{ callbackUrl?: string; resultUrl?: string }> {
  if (!services.jobs) throw new InvalidRequestError('Asynchronous jobs are not enabled on this server.', 'async');
  for (const field of ['callback_url', 'result_url'])
    if (Array.isArray(fields[field])) throw new InvalidRequestError(`${field}: given more than once.`, field);
  return services.jobs.checkDestinations({
    callbackUrl: typeof fields.callback_url === 'string' ? fields.callback_url : undefined,
    resultUrl: typeof fields.result_url === 'string' ? fields.result_url : undefined,
  });
}

export function operationHandler(route: OperationRoute, services: Services): Middleware {
  const { config, pool, fairShare } = services;
  return async (ctx) => {
    ctx.state.operation = route.name;
    checkDeclaredLength(ctx, route.otherParts ? [...route.files, route.otherParts] : route.files, config);
    // Only the account holding the longest line in the full queue is turned away here (tools/pool.ts).
    const owner = ctx.state.account!.id;
    if (pool.isSaturated(owner)) {
      closeAfterResponse(ctx);
      throw pool.refusal(owner);
    }
    // Before the first await, so that no 'close' goes unseen (see watchResponse).
    const response = watchResponse(ctx);
    const workdir = createWorkdir(config);
    try {
      if (response.signal.aborted) throw new ClientClosedError();
      const upload = await receiveUpload(ctx, route.files, workdir, config, route.otherParts, response.signal);
      ctx.state.secrets = secretFieldValues(upload.fields);
      const options = parseOptions(route, upload.fields, upload.files, config);
      // A pipeline: the key must be allowed every step's operation, and each step counts one request.
      if (route.scopes) {
        const missing = allows(ctx.state.caller!, route.scopes(options));
        if (missing) throw new InsufficientScopeError(missing);
      }
      const requests = route.requestCount?.(options) ?? 1;
      const asJob = wantsAsync(ctx, upload.fields);
      // A job's callback_url and result_url are checked before a pipeline is charged its steps: a bad one is a 400, charged as one request.
      const destinations = asJob ? await checkDestinations(services, upload.fields) : undefined;
      await ctx.state.chargeRequests!(requests);
      if (asJob && services.jobs) {
        const key = idempotencyKey(ctx);
        const submitted = await services.jobs.submit({
          accountId: ctx.state.account!.id,
          operation: route.name,
          files: upload.files,
          fields: upload.fields,
          callbackUrl: destinations?.callbackUrl,
          chargeDay: ctx.state.charge!.day,
          chargeCount: requests,
          requestId: ctx.state.requestId!,
          ...(key
            ? { idempotencyKey: key, requestDigest: await requestDigest(route.name, upload.fields, upload.files) }
            : {}),
          ...(destinations?.resultUrl ? { resultUrl: destinations.resultUrl } : {}),
        });
        // The same submission again (a retry after a lost answer): its job, and not charged twice.
        if (submitted.replayed) await ctx.state.refundCharge!();
        const job = submitted.job as { id: string };
        ctx.status = 202;
        ctx.set('Location', `/v1/jobs/${job.id}`);
        ctx.body = job;
        return;
      }
      if (upload.fields.callback_url !== undefined)
        throw new InvalidRequestError(
          'callback_url: only applies to asynchronous requests (async=true).',
          'callback_url',
        );
      if (upload.fields.result_url !== undefined)
        throw new InvalidRequestError('result_url: only applies to asynchronous requests (async=true).', 'result_url');
      // Valid requests only (a 400 never waits); waiting holds no pool slot and does not count against the time limit.
      const account = ctx.state.account!;
      const release = await fairShare.acquire(account.id, account.plan, response.signal);
      try {
        const timeoutMs = config[timeLimitOf(route, options)];
        const run: RunContext = {
          workdir: workdir.path,
          signal: response.signal,
          deadline: Date.now() + timeoutMs,
          timeoutMs,
          pool: pool.forOperation(account.id),
        };
        const output = await route.run({ files: upload.files, options, run, config });
        await sendOutput(ctx, output, config.MAX_OUTPUT_FILES);
      } finally {
        release();
      }
    } finally {
      if (response.isClosed()) await workdir.release();
      else
        void response.closed
          .then(workdir.release)
          .catch((error) => services.log.warn({ err: error }, 'removing a request work directory failed'));
    }
  };
}
