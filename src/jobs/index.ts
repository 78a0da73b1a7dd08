// The job subsystem (API.md §6). JobSystem is what the HTTP side needs
// (submit, cancel, the job routes); startJobs runs the background parts: the
// worker loop (unless EMBEDDED_WORKER=false in `serve`), the delivery queue (webhooks and results for result_url) and
// the sweeper that expires results and removes files nobody refers to.
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { IdempotencyKeyReusedError, ServerBusyError } from '../core/errors.js';
import { COMMON_FIELDS } from '../routes/options.js';
import type { JobSubmitter, Services } from '../services.js';
import type { Store } from '../store/types.js';
import { sealedSize, sealValue } from '../core/sealing.js';
import { mountJobRoutes } from './routes.js';
import { DEFAULT_TIMINGS, JobWorker, type WorkerTimings } from './runner.js';
import { openJobStorage, readFileStream, sweepWorkdirs, type JobStorage, type StoredFile } from './storage.js';
import { jobView, newJobId, type JobRow, type NewJob, type StoredInput } from './store.js';
import { DELIVERY_POLL_MS, DeliveryQueue } from './delivery-queue.js';
import { validateResultUrl } from './result-delivery.js';
import { DEFAULT_RETRY_DELAYS_MS, pruneDeliveries, validateCallbackUrl } from './webhooks.js';

/** Finished jobs and deliveries are forgotten this long after they end (their results expire much sooner). */
const KEEP_ROWS_MS = 7 * 24 * 3600 * 1000;

type SubmitRequest = Parameters<JobSubmitter['submit']>[0];

/** Submitting, canceling and serving jobs; shared by the routes and the background loops. */
export class JobSystem implements JobSubmitter {
  readonly key: Buffer;
  readonly storage: JobStorage;
  readonly store: Store;
  private readonly config: Config;
  private readonly log: Logger;
  /** The embedded worker, when this process runs one (local cancel, immediate start). */
  worker?: JobWorker;

  constructor(services: { config: Config; store: Store; dataKey: Buffer; log: Logger }) {
    this.config = services.config;
    this.store = services.store;
    this.log = services.log;
    // Hosts sharing a storage must share the key; one generated in a local DATA_DIR would differ per host.
    if (this.config.STORAGE_URL && !this.config.DATA_KEY && !this.config.DATA_KEY_FILE) {
      throw new Error(
        'invalid configuration: STORAGE_URL is set, so DATA_KEY or DATA_KEY_FILE must be too (every host needs the same data key)',
      );
    }
    this.key = services.dataKey;
    this.storage = openJobStorage(this.config, this.key);
  }

  /**
   * Stores the validated upload encrypted and queues the job; the caller answers 202 with the job object.
   * With an idempotency key the account already used for a job within 24 h, that job comes back instead
   * (`replayed`: the caller does not charge it), or 422 if it was submitted with another request.
   */
  async submit(request: SubmitRequest): Promise<{ job: Record<string, unknown>; replayed: boolean }> {
    const { config, store, storage } = this;
    // Both URLs were checked by checkDestinations before the request was charged.
    const callbackUrl = request.callbackUrl ?? null;
    const resultUrl = request.resultUrl;
    const uploads = Object.entries(request.files).flatMap(([field, files]) => files.map((file) => ({ field, file })));
    const needed = uploads.reduce((n, u) => n + sealedSize(u.file.size), 0);
    // Early refusal before any byte is written; insertJob re-checks atomically.
    if ((await store.storageUsed()) + needed > config.JOB_STORAGE_LIMIT) throw storageFull();

    const id = newJobId();
    const written: StoredFile[] = [];
    let job: NewJob;
    try {
      const inputs: StoredInput[] = [];
      for (const [i, { field, file }] of uploads.entries()) {
        const stored = await storage.write('inputs', storage.newName(id, `in${i + 1}`), readFileStream(file.path));
        written.push(stored);
        inputs.push({ field, name: file.name, size: file.size, kind: file.kind, file: stored.name });
      }
      const fields = { ...request.fields };
      for (const name of COMMON_FIELDS) delete fields[name];
      // Sealed with the options: a presigned URL is a credential to the client's storage.
      if (resultUrl) fields.result_url = resultUrl;
      job = {
        id,
        account_id: request.accountId,
        operation: request.operation,
        created_at: new Date().toISOString(),
        fields: sealValue(this.key, Buffer.from(JSON.stringify(fields)), id),
        inputs: JSON.stringify(inputs),
        stored_bytes: written.reduce((n, f) => n + f.stored, 0),
        charge_day: request.chargeDay,
        charge_count: request.chargeCount ?? 1,
        idempotency_key: request.idempotencyKey ?? null,
        request_digest: request.requestDigest ?? null,
        request_id: request.requestId,
        callback_url: callbackUrl,
      };
      const inserted = await store.insertJob(job, config.JOB_STORAGE_LIMIT);
      if (inserted === false) throw storageFull();
      if (inserted !== true) {
        for (const file of written) await storage.remove('inputs', file.name);
        if (inserted.request_digest !== (request.requestDigest ?? null)) throw new IdempotencyKeyReusedError();
        return { job: jobView(inserted), replayed: true };
      }
    } catch (error) {
      for (const file of written) await storage.remove('inputs', file.name);
      throw error;
    }
    for (const file of written) storage.settle(file.name);
    // The store tells every worker (PostgreSQL NOTIFY; this process's own worker on SQLite).
    // The answer is built from what was inserted: no second read that an outage could turn into a 503 for a queued job.
    return {
      job: jobView({
        ...job,
        status: 'queued',
        attempts: 0,
        started_at: null,
        finished_at: null,
        worker_id: null,
        lease_until: null,
        ...NO_RESULT,
      }),
      replayed: false,
    };
  }

  /** Checks a job's callback_url (jobs/webhooks.ts) and result_url (jobs/result-delivery.ts): 400 before any work. */
  async checkDestinations(urls: { callbackUrl?: string; resultUrl?: string }): Promise<{
    callbackUrl?: string;
    resultUrl?: string;
  }> {
    return {
      callbackUrl:
        urls.callbackUrl === undefined ? undefined : await validateCallbackUrl(urls.callbackUrl, this.config),
      resultUrl: urls.resultUrl === undefined ? undefined : await validateResultUrl(urls.resultUrl, this.config),
    };
  }

  /** Cancels a queued or running job; undefined if it had already ended. */
  async cancel(row: JobRow): Promise<JobRow | undefined> {
    const canceled = await this.store.cancelJob(row.id, new Date());
    if (!canceled) return undefined;
    // Its worker stops it through the store's cancel event (NOTIFY on PostgreSQL) or, at the latest, at its next heartbeat; ours stops now.
    this.worker?.cancel(row.id);
    for (const input of JSON.parse(canceled.inputs) as StoredInput[]) await this.storage.remove('inputs', input.file);
    // A job canceled while its result waited for delivery: the stored result goes now (the sweep would, at its expiry).
    if (canceled.result_file) await this.storage.remove('results', canceled.result_file);
    return canceled;
  }

  /** Deletes a finished job and its result. */
  async remove(id: string): Promise<void> {
    const row = await this.store.getJob(id);
    if (!row) return;
    await this.store.deleteJob(id);
    await this.storage.remove('results', row.result_file);
  }

  /** Mounts GET/DELETE /v1/jobs/... */
  mount(router: Router): void {
    mountJobRoutes(router, this);
  }

  /** Deletes expired results, files no job refers to and work directories of dead processes. */
  async sweep(): Promise<void> {
    const { store, storage, log } = this;
    const expired = await store.expireResults(new Date());
    for (const name of expired) await storage.remove('results', name);
    let refs = await store.referencedFiles();
    // Files that look stray at first sight; each is re-checked against a fresh look before deletion.
    const removed = await storage.sweep(async (area, name, recheck) => {
      // Recomputed before each deletion: a job may have recorded the file since the first look.
      if (recheck) refs = await store.referencedFiles();
      return (area === 'inputs' ? refs.inputs : refs.results).has(name);
    });
    const workdirs = await sweepWorkdirs(this.config.TMP_DIR);
    const before = new Date(Date.now() - KEEP_ROWS_MS);
    await store.pruneJobs(before);
    await pruneDeliveries(store, before);
    if (expired.length + removed.length + workdirs > 0) {
      log.info({ expired: expired.length, stray_files: removed.length, stray_workdirs: workdirs }, 'job storage swept');
    }
  }
}

const NO_RESULT = {
  result_file: null,
  result_filename: null,
  result_type: null,
  result_size: null,
  result_stored_bytes: null,
  result_headers: null,
  expires_at: null,
  error: null,
} as const;

function storageFull(): ServerBusyError {
  return new ServerBusyError(60, 'Job storage is full (JOB_STORAGE_LIMIT); retry later.');
}

/** Background parts of the job system. */
export interface JobsHandle {
  jobs: JobSystem;
  worker?: JobWorker;
  /** Stops claiming; running jobs may finish within `graceMs`, the rest go back to the queue. */
  stop: (graceMs?: number) => Promise<void>;
}

/** What startJobs runs, and test-only timings. */
export interface StartJobsOptions {
  /** Run jobs in this process (serve: EMBEDDED_WORKER; `worker`: always). */
  worker?: boolean;
  timings?: Partial<WorkerTimings>;
  /** The delivery queue's waits between attempts, for webhooks and results alike (tests shorten them). */
  retryDelaysMs?: number[];
}

/** Starts the worker (if asked), webhook delivery and the sweeper; `stop` lets running jobs finish within a grace period, then requeues the rest. */
export function startJobs(services: Services, options: StartJobsOptions = {}): JobsHandle {
  const jobs = (services.jobs as JobSystem | undefined) ?? new JobSystem(services);
  services.jobs = jobs;
  const { config, store, dataKey, log } = services;
  const timers: NodeJS.Timeout[] = [];
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= jobs
      .sweep()
      .catch((error) => log.error({ err: error }, 'job sweep failed'))
      .finally(() => (sweeping = undefined));
    return sweeping;
  };

  const runWorker = options.worker ?? true;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let deliveries: DeliveryQueue | undefined;

  let worker: JobWorker | undefined;
  if (runWorker) {
    worker = new JobWorker(
      services,
      jobs.storage,
      jobs.key,
      config.CONCURRENCY,
      {
        ...DEFAULT_TIMINGS,
        leaseMs: config.JOB_LEASE_TIMEOUT,
        deliveryRetryDelaysMs: retryDelaysMs,
        ...options.timings,
      },
      () => setImmediate(() => deliveries?.kick()),
    );
    jobs.worker = worker;
    // Webhooks and results for result_url go out from their own queue, never from a worker slot.
    const queue = new DeliveryQueue({
      store,
      storage: jobs.storage,
      dataKey,
      config,
      log,
      workerId: worker.id,
      retryDelaysMs,
    });
    deliveries = queue;
    // Leftovers of a killed process go before the first job starts.
    void sweep().then(() => worker?.start());
    timers.push(setInterval(() => queue.kick(), DELIVERY_POLL_MS));
  }
  timers.push(setInterval(sweep, Math.min(30_000, Math.max(1000, config.JOB_RESULT_TTL / 2))));
  if (!runWorker) void sweep();
  for (const timer of timers) timer.unref();

  return {
    jobs,
    worker,
    stop: async (graceMs = 0) => {
      for (const timer of timers) clearInterval(timer);
      await sweeping;
      await worker?.stop(graceMs);
      if (jobs.worker === worker) jobs.worker = undefined;
      await deliveries?.stop();
    },
  };
}
