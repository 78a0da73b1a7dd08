// GET /v1/jobs/:id, GET /v1/jobs/:id/result, DELETE /v1/jobs/:id (API.md §6).
// Authenticated, never charged; another account's job is 404 like an unknown one.
import type Router from '@koa/router';
import { JobNotFinishedError, NotFoundError, ResultExpiredError } from '../core/errors.js';
import { contentDisposition } from '../http/filename.js';
import { requireApiKey } from '../http/auth.js';
import type { Store } from '../store/types.js';
import type { JobStorage } from './storage.js';
import { jobView, type JobRow } from './store.js';

/** What the job routes need from the job system (JobSystem in index.ts, which mounts them). */
export interface JobRoutesBackend {
  readonly store: Store;
  readonly storage: Pick<JobStorage, 'open'>;
  /** Cancels a queued or running job; undefined when it had already finished. */
  cancel(row: JobRow): Promise<JobRow | undefined>;
  remove(id: string): Promise<void>;
}

const JOB_ID = /^job_[0-9A-Za-z]{22}$/;

/** Mounts the job routes on `router`. */
export function mountJobRoutes(router: Router, jobs: JobRoutesBackend): void {
  const { store } = jobs;
  const auth = requireApiKey(store);
  const find = async (id: string, accountId: number) => {
    const row = JOB_ID.test(id) ? await store.getAccountJob(id, accountId) : undefined;
    if (!row) throw new NotFoundError('No such job.');
    return row;
  };

  router.get('/v1/jobs/:id', auth, async (ctx) => {
    ctx.body = jobView(await find(ctx.params.id, ctx.state.account!.id));
  });

  router.get('/v1/jobs/:id/result', auth, async (ctx) => {
    const row = await find(ctx.params.id, ctx.state.account!.id);
    if (row.status === 'queued' || row.status === 'running') throw new JobNotFinishedError();
    if (row.status !== 'succeeded')
      throw new NotFoundError(`The job ${row.status === 'failed' ? 'failed' : 'was canceled'}; it has no result.`);
    if (!row.result_file || !row.expires_at || Date.parse(row.expires_at) <= Date.now()) throw new ResultExpiredError();
    // Opened before any header is set: a result swept a moment ago is still a clean 410.
    const stream = await jobs.storage.open('results', row.result_file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new ResultExpiredError();
      throw error;
    });
    for (const [name, value] of Object.entries(JSON.parse(row.result_headers ?? '{}') as Record<string, string>))
      ctx.set(name, value);
    ctx.set('Content-Disposition', contentDisposition(row.result_filename ?? 'result'));
    ctx.status = 200;
    ctx.body = stream;
    ctx.type = row.result_type ?? 'application/octet-stream';
    if (row.result_size !== null) ctx.length = row.result_size;
  });

  router.delete('/v1/jobs/:id', auth, async (ctx) => {
    const row = await find(ctx.params.id, ctx.state.account!.id);
    const canceled = await jobs.cancel(row);
    if (canceled) {
      ctx.body = jobView(canceled);
      return;
    }
    await jobs.remove(row.id);
    ctx.status = 204;
  });
}

const jobIdParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: JOB_ID.source } };
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const jobResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
});

/** OpenAPI paths of the job routes. */
export const jobOpenApiPaths: Record<string, unknown> = {
  '/v1/jobs/{id}': {
    get: {
      operationId: 'getJob',
      summary: 'A job and its status',
      description:
        'Poll until `status` is `succeeded` (then download `result.url`), `failed` (see `error`) or `canceled`. Not charged.',
      tags: ['Jobs'],
      security: [{ bearer: [] }],
      parameters: [jobIdParam],
      responses: {
        '200': jobResponse('The job.'),
        '401': problem('missing_api_key or invalid_api_key.'),
        '404': problem('not_found: no such job for this account.'),
      },
    },
    delete: {
      operationId: 'deleteJob',
      summary: 'Cancel a job, or delete a finished one',
      description:
        'A queued or running job is canceled (its processes are killed, its files deleted) and returned with status `canceled`. ' +
        'A finished job is deleted with its result (204). The allowance is not refunded for a canceled job.',
      tags: ['Jobs'],
      security: [{ bearer: [] }],
      parameters: [jobIdParam],
      responses: {
        '200': jobResponse('The job, canceled.'),
        '204': { description: 'The finished job and its result were deleted.' },
        '401': problem('missing_api_key or invalid_api_key.'),
        '404': problem('not_found: no such job for this account.'),
      },
    },
  },
  '/v1/jobs/{id}/result': {
    get: {
      operationId: 'getJobResult',
      summary: "Download a job's result",
      description:
        'The result file with the headers a synchronous request would have had. Results are deleted `JOB_RESULT_TTL` after the job ends.',
      tags: ['Jobs'],
      security: [{ bearer: [] }],
      parameters: [jobIdParam],
      responses: {
        '200': {
          description: 'The result file (`Content-Disposition: attachment`).',
          headers: { 'Content-Disposition': { schema: { type: 'string' } } },
          content: {
            'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
        '401': problem('missing_api_key or invalid_api_key.'),
        '404': problem('not_found: no such job for this account, or the job failed or was canceled (no result).'),
        '409': problem('job_not_finished: the job is queued or running.'),
        '410': problem('result_expired: the result was deleted after JOB_RESULT_TTL.'),
      },
    },
  },
};
