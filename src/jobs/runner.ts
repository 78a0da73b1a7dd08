// The worker loop: claims queued jobs (at most `concurrency` at once), runs
// each through its route declaration exactly like a synchronous request (same
// pool, same deadline, same process-group kill), stores the result encrypted,
// and renews its leases. A lease it can no longer renew means the job was
// canceled (perhaps by another process or host): the job's signal is aborted,
// which kills its processes. A cancel also arrives at once as a store event
// (PostgreSQL NOTIFY), and so does a newly queued job. Jobs of dead workers are
// recovered here too: by lease expiry on any backend, and on SQLite (one host)
// also by a pid check, which means nothing across hosts.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ProcessingFailedError, type ProblemError } from '../core/errors.js';
import { zipEntries } from '../files/zip.js';
import { requestsRefunded } from '../http/allowance.js';
import { scrubbedError, secretFieldValues } from '../core/secrets.js';
import { problemBody, problemStatus, toProblem } from '../http/problem.js';
import type { FileKind, InputFile, RunContext } from '../core/contract.js';
import { findOperation } from '../routes/index.js';
import { parseOptions } from '../routes/options.js';
import { timeLimitOf } from '../routes/definition.js';
import type { Services } from '../services.js';
import { openValue } from '../core/sealing.js';
import { createJobWorkdir, pidAlive, readFileStream, type JobStorage } from './storage.js';
import type { EndEffects, Finish, JobEvent, JobRow, StoredInput } from '../store/types.js';
import { deliveryWindowMs } from './delivery-queue.js';
import { deliveryFor } from './webhooks.js';

/** Timings of the loop (tests shorten them). */
export interface WorkerTimings {
  /** How often an idle worker looks for queued jobs. */
  pollMs: number;
  /** How often leases are renewed and cancellations noticed. */
  heartbeatMs: number;
  /** How long a lease lasts without renewal. */
  leaseMs: number;
  /** The delivery queue's waits between attempts (a result waiting for delivery is kept through all of them). */
  deliveryRetryDelaysMs?: readonly number[];
}

/** Production timings: poll 250 ms, heartbeat 500 ms, lease 30 s (JOB_LEASE_TIMEOUT). */
export const DEFAULT_TIMINGS: WorkerTimings = { pollMs: 250, heartbeatMs: 500, leaseMs: 30_000 };

/** Worker ids alive in this process (to tell a stopped worker of ours from a running one). */
const liveWorkers = new Set<string>();
const HOST = os.hostname();

/** True when `workerId` is on this host and its process (or, in this process, the worker) is gone. */
export function workerIsDead(workerId: string): boolean {
  const [host, pidText] = workerId.split('/');
  if (host !== HOST) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return !liveWorkers.has(workerId);
  return !pidAlive(pid);
}

/** "host/pid/random": who holds a job's lease. */
function newWorkerId(): string {
  return `${HOST}/${process.pid}/${crypto.randomBytes(4).toString('hex')}`;
}

interface Active {
  abort: AbortController;
  /** Why the signal was aborted. */
  reason?: 'canceled' | 'shutdown';
  done: Promise<void>;
}

/** Runs jobs from the shared queue until stopped. */
export class JobWorker {
  readonly id = newWorkerId();
  private readonly active = new Map<string, Active>();
  private timers: NodeJS.Timeout[] = [];
  private stopping = false;
  private claiming = false;
  private kickAgain = false;
  /** A claim failed midway: the store may have given us a job whose answer never arrived. */
  private claimUncertain = false;
  private beating = false;
  private recovering = false;
  /** When leases were last renewed (a worker cut off from the store longer than a lease stops its jobs). */
  private renewedAt = Date.now();
  /** When a store call last failed (no orphan recovery until a whole lease after it, see recover). */
  private storeFailedAt = 0;
  private unsubscribe?: () => void;
  /** No claims before this time (the shared pool was full: do not spin on the same job). */
  private pausedUntil = 0;

  constructor(
    private readonly services: Services,
    private readonly storage: JobStorage,
    private readonly key: Buffer,
    private readonly concurrency: number,
    private readonly timings: WorkerTimings = DEFAULT_TIMINGS,
    /** Called when a job ends (webhook delivery can start at once). */
    private readonly onFinished: () => void = () => {},
  ) {}

  start(): void {
    if (this.stopping) return;
    liveWorkers.add(this.id);
    this.unsubscribe = this.services.store.subscribe((event) => this.onEvent(event));
    void this.recover();
    this.timers.push(setInterval(() => this.kick(), this.timings.pollMs));
    this.timers.push(setInterval(() => void this.heartbeat(), this.timings.heartbeatMs));
    this.timers.push(setInterval(() => void this.recover(), Math.max(1000, this.timings.leaseMs / 3)));
    for (const timer of this.timers) timer.unref();
    this.kick();
  }

  private onEvent(event: JobEvent): void {
    if (event.type === 'queued') this.kick();
    else this.cancel(event.id);
  }

  /** Number of jobs running in this worker. */
  get running(): number {
    return this.active.size;
  }

  /** Claims queued jobs while there is room. */
  kick(): void {
    if (this.stopping || Date.now() < this.pausedUntil || this.active.size >= this.concurrency) return;
    if (this.claiming) {
      // A job queued while this claim looked: look again right after, not at the next poll.
      this.kickAgain = true;
      return;
    }
    this.claiming = true;
    this.kickAgain = false;
    void this.claim().finally(() => {
      this.claiming = false;
      if (this.kickAgain) this.kick();
    });
  }

  private async claim(): Promise<void> {
    try {
      if (this.claimUncertain) {
        // Worker ids are unique per worker: a job running under ours that we do not run was claimed in a lost answer.
        const released = await this.services.store.releaseStrays(this.id, [...this.active.keys()]);
        this.claimUncertain = false;
        if (released.length > 0)
          this.services.log.warn({ jobs: released }, 'claims lost with the connection; queued again');
      }
      while (this.active.size < this.concurrency && !this.stopping) {
        const row = await this.services.store.claimNext(this.id, Date.now() + this.timings.leaseMs, new Date());
        if (!row) break;
        if (this.stopping) {
          await this.services.store.requeue(row.id, this.id);
          break;
        }
        const abort = new AbortController();
        const entry: Active = { abort, done: Promise.resolve() };
        this.active.set(row.id, entry);
        entry.done = this.execute(row, entry).finally(() => {
          this.active.delete(row.id);
          setImmediate(() => this.kick());
        });
      }
    } catch (error) {
      this.storeFailedAt = Date.now();
      this.claimUncertain = true;
      this.services.log.error({ err: error }, 'claiming jobs failed');
    }
  }

  /** Aborts a job this worker runs (DELETE in the same process); false if it is not here. */
  cancel(id: string): boolean {
    const entry = this.active.get(id);
    if (!entry) return false;
    entry.reason ??= 'canceled';
    entry.abort.abort();
    return true;
  }

  /** Stops claiming; jobs still running after `graceMs` go back in the queue (their processes are killed); waits for them. */
  async stop(graceMs = 0): Promise<void> {
    this.stopping = true;
    if (graceMs > 0 && this.active.size > 0) {
      // The heartbeat keeps renewing leases meanwhile; kick() claims nothing once stopping.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.all([...this.active.values()].map((e) => e.done)), grace]);
      clearTimeout(timer);
    }
    this.unsubscribe?.();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const entry of this.active.values()) {
      entry.reason ??= 'shutdown';
      entry.abort.abort();
    }
    await Promise.all([...this.active.values()].map((e) => e.done));
    liveWorkers.delete(this.id);
  }

  private async heartbeat(): Promise<void> {
    if (this.active.size === 0 || this.beating) {
      this.renewedAt = Date.now();
      return;
    }
    this.beating = true;
    try {
      const ids = [...this.active.keys()];
      const owned = await this.services.store.renewLeases(this.id, ids, Date.now() + this.timings.leaseMs);
      this.renewedAt = Date.now();
      for (const id of ids) if (!owned.has(id)) this.cancel(id);
    } catch (error) {
      this.storeFailedAt = Date.now();
      this.services.log.error({ err: error }, 'renewing job leases failed');
      // Cut off for longer than a lease: another worker may have taken these jobs by now; stop ours.
      if (Date.now() - this.renewedAt > this.timings.leaseMs) for (const id of this.active.keys()) this.cancel(id);
    } finally {
      this.beating = false;
    }
  }

  /** What ends with a job: its refund (true: all of it; a number: that many requests) and its webhook, in the same transaction. */
  private effects(refund: boolean | number): EndEffects {
    return { refund, delivery: (row) => deliveryFor(row) };
  }

  /** Jobs whose worker died: queued again after one interruption, failed after the second. */
  async recover(): Promise<void> {
    // After an outage of the store every lease looks expired, though their workers live and renew as soon as
    // they can: judge leases only once this worker has been connected for a whole lease again.
    if (this.recovering || Date.now() - this.storeFailedAt < this.timings.leaseMs) return;
    this.recovering = true;
    const { store, log } = this.services;
    try {
      // A pid says something only on one host (SQLite); across hosts the lease alone decides.
      for (const row of await store.orphanedJobs(Date.now(), store.multiHost ? undefined : workerIsDead)) {
        if (row.attempts < 2) {
          if (await store.requeueOrphan(row))
            log.warn({ job: row.id, worker: row.worker_id }, 'job interrupted (worker gone); queued again');
          continue;
        }
        const problem = new ProcessingFailedError(
          'The job was interrupted twice (the worker running it stopped) and was not retried again.',
        );
        const failed = await store.failOrphan(
          row,
          JSON.stringify(problemBody(problem, row.request_id ?? undefined)),
          this.effects(true),
          new Date(),
        );
        if (failed) {
          log.error({ job: row.id, worker: row.worker_id }, 'job interrupted twice; failed');
          this.removeInputs(failed).catch((error) =>
            log.warn({ err: error, job: row.id }, 'removing the inputs of a failed job failed'),
          );
          this.onFinished();
        }
      }
    } catch (error) {
      this.storeFailedAt = Date.now();
      log.error({ err: error }, 'recovering jobs failed');
    } finally {
      this.recovering = false;
    }
  }

  private async removeInputs(row: JobRow): Promise<void> {
    for (const input of JSON.parse(row.inputs) as StoredInput[]) await this.storage.remove('inputs', input.file);
  }

  private async execute(row: JobRow, entry: Active): Promise<void> {
    const { store, config, log, pool } = this.services;
    const started = Date.now();
    let workdir: string | undefined;
    let resultName: string | undefined;
    let ended = true;
    let secrets: string[] = [];
    try {
      const route =
        findOperation(row.operation) ?? this.services.extraOperations?.find((r) => r.name === row.operation);
      if (!route) throw new ProcessingFailedError(`This server does not offer the operation "${row.operation}".`);
      workdir = await createJobWorkdir(config.TMP_DIR);
      const files: Record<string, InputFile[]> = Object.fromEntries(route.files.map((part) => [part.field, []]));
      const inputs = JSON.parse(row.inputs) as StoredInput[];
      let storageMs = Date.now();
      for (const [i, input] of inputs.entries()) {
        const target = path.join(workdir, `input-${i + 1}`);
        await this.storage.decryptTo('inputs', input.file, target);
        (files[input.field] ??= []).push({
          path: target,
          name: input.name,
          size: input.size,
          kind: input.kind as FileKind,
        });
      }
      storageMs = Date.now() - storageMs;
      const fields = JSON.parse(openValue(this.key, row.fields, row.id).toString('utf8')) as Record<string, unknown>;
      secrets = secretFieldValues(fields);
      const options = parseOptions(route, fields, files, config);
      const timeoutMs = config[timeLimitOf(route, options)];
      const run: RunContext = {
        workdir,
        signal: entry.abort.signal,
        deadline: Date.now() + timeoutMs,
        timeoutMs,
        pool: pool.forOperation(row.account_id),
      };
      const output = await route.run({ files, options, run, config });
      if (entry.abort.signal.aborted) throw new Error('aborted');

      const resultUrl = typeof fields.result_url === 'string' ? fields.result_url : undefined;
      resultName = this.storage.newName(row.id, 'result');
      let source: Readable;
      let contentType: string;
      if (output.type === 'file') {
        source = readFileStream(output.path);
        contentType = output.contentType;
      } else {
        source = (await zipEntries(output.entries, config.MAX_OUTPUT_FILES)).stream;
        contentType = 'application/zip';
      }
      const storing = Date.now();
      const stored = await this.storage.write('results', resultName, source);
      storageMs += Date.now() - storing;
      const finish: Finish = {
        status: 'succeeded',
        result_file: stored.name,
        result_filename: output.filename,
        result_type: contentType,
        result_size: stored.size,
        result_stored_bytes: stored.stored,
        result_headers: JSON.stringify(output.headers ?? {}),
        // A result waiting for delivery is kept through the whole retry schedule, then as long as any result.
        expires_at: new Date(
          Date.now() +
            config.JOB_RESULT_TTL +
            (resultUrl ? deliveryWindowMs(config, this.timings.deliveryRetryDelaysMs) : 0),
        ).toISOString(),
      };
      // With a result_url the job waits for the delivery queue (jobs/delivery-queue.ts), which PUTs the sealed
      // result off the worker slots; this worker is free for the next job at once.
      const finished = resultUrl ? await this.handOver(row, finish) : await this.finish(row, finish);
      this.storage.settle(resultName);
      if (finished === 'unrecorded') ended = false;
      if (finished !== 'done') await this.storage.remove('results', resultName);
      else
        log.info(
          { job: row.id, operation: row.operation, ms: Date.now() - started, storage_ms: storageMs, size: stored.size },
          resultUrl ? 'job done; result queued for delivery' : 'job succeeded',
        );
    } catch (error) {
      if (resultName) await this.storage.remove('results', resultName);
      if (entry.abort.signal.aborted) {
        if (entry.reason === 'shutdown' && (await store.requeue(row.id, this.id).catch(() => false))) ended = false;
        log.info(
          { job: row.id, reason: entry.reason },
          entry.reason === 'shutdown' ? 'job put back in the queue' : 'job canceled',
        );
      } else {
        const problem = toProblem(error);
        if (problem.code === 'server_busy' && (await store.requeue(row.id, this.id).catch(() => false))) {
          // The shared pool's queue is full: not the job's fault; it runs again a little later.
          ended = false;
          this.pausedUntil = Date.now() + 1000;
        } else {
          if (problemStatus(problem) >= 500)
            log.error(
              { err: scrubbedError(problem.cause ?? error, secrets), job: row.id, code: problem.code },
              'job failed',
            );
          const failed = await this.finish(
            row,
            { status: 'failed', error: JSON.stringify(problemBody(problem, row.request_id ?? undefined)) },
            problem,
          );
          if (failed === 'unrecorded') ended = false;
        }
      }
    } finally {
      if (workdir) await fsp.rm(workdir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      // Not when the job is queued again or runs elsewhere now (our lease ran out): that run needs them.
      if (ended && !(await this.heldElsewhere(row.id))) await this.removeInputs(row);
    }
  }

  private async heldElsewhere(id: string): Promise<boolean> {
    try {
      const now = await this.services.store.getJob(id);
      // A job handed over to delivery runs nowhere: its inputs are done with.
      const running = now?.status === 'running' && now.worker_id !== this.id && now.delivery_status !== 'pending';
      return now !== undefined && (now.status === 'queued' || running);
    } catch {
      return true; // unknown: keep the files; the sweep removes them once no job refers to them
    }
  }

  /** Ends the job if this worker still owns it; refunds what requestsRefunded says (docs/api.md §3) and queues the webhook in the same transaction. */
  private finish(row: JobRow, finish: Finish, problem?: ProblemError): Promise<'done' | 'lost' | 'unrecorded'> {
    const refund = problem === undefined ? 0 : requestsRefunded(problem, row.charge_count ?? 1);
    return this.record(row, () =>
      this.services.store.finishJob(row.id, this.id, finish, this.effects(refund), new Date()),
    );
  }

  /** Hands a job with a result_url to the delivery queue: its stored result recorded, its worker released (the job stays running). */
  private handOver(row: JobRow, stored: Finish): Promise<'done' | 'lost' | 'unrecorded'> {
    const now = new Date();
    return this.record(row, () =>
      this.services.store.awaitDelivery(row.id, this.id, stored, {
        id: `dlv_${crypto.randomBytes(16).toString('base64url')}`,
        kind: 'result',
        job_id: row.id,
        account_id: row.account_id,
        url: 'result_url',
        body: '',
        next_attempt_at: now.getTime(),
        created_at: now.toISOString(),
      }),
    );
  }

  /** Runs `write` (a job's end or hand-over) until the store takes it, while this worker still holds the lease. */
  private async record(row: JobRow, write: () => Promise<JobRow | undefined>): Promise<'done' | 'lost' | 'unrecorded'> {
    let after: JobRow | undefined;
    // The store may be unreachable for a moment (restart): keep trying while this worker still holds the lease.
    for (let attempt = 0; ; attempt++) {
      try {
        after = await write();
        break;
      } catch (error) {
        if (attempt >= 20 || this.stopping) {
          // Left running under our lease: once it runs out, the job is retried elsewhere.
          this.services.log.error({ err: error, job: row.id }, 'could not record the end of a job');
          return 'unrecorded';
        }
        this.services.log.warn({ err: error, job: row.id }, 'recording the end of a job failed; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    if (after) this.onFinished();
    return after ? 'done' : 'lost';
  }
}
