// The one delivery queue (docs/api.md §6): webhook messages and jobs' results
// for their result_url, rows of the store's delivery table, each attempt leased
// to one process (so retries survive a restart and two replicas never send the
// same attempt) and retried on one schedule. It runs beside the job workers,
// never in their slots: a receiver that answers 503 forever or stalls every
// attempt costs a delivery slot here, not a worker, so other accounts' jobs run
// on. Attempts run on their own (one slow receiver does not hold a batch), at
// most IN_FLIGHT of each kind per process, and at most RESULTS_PER_ACCOUNT of
// one account's results, so one account's stuck receivers cannot hold the
// result slots of everyone else.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { DeliveryKind, DeliveryOutcome, DeliveryRow, Store } from '../store/types.js';
import { deliverResultOnce, resultDeliveryEnd, resultPutTimeoutMs } from './result-delivery.js';
import type { JobStorage } from './storage.js';
import { type Attempt, DEFAULT_RETRY_DELAYS_MS, sendWebhook } from './webhooks.js';

/** Attempts of each kind in flight at once per process. */
const IN_FLIGHT: Record<DeliveryKind, number> = { webhook: 16, result: 8 };
/** Result deliveries of one account in flight at once per process. */
const RESULTS_PER_ACCOUNT = 2;
/** How often the queue looks for due deliveries without being told (startJobs polls at this rate). */
export const DELIVERY_POLL_MS = 1000;

/** What the queue needs. */
export interface DeliveryQueueOptions {
  store: Store;
  storage: Pick<JobStorage, 'open' | 'remove'>;
  dataKey: Buffer;
  config: Config;
  log: Logger;
  /** Who holds the leases ("host/pid/random" of the worker, or the sweeper's id). */
  workerId: string;
  /** Waits between attempts (default: DEFAULT_RETRY_DELAYS_MS; tests shorten them). */
  retryDelaysMs?: readonly number[];
}

/** How long a claimed attempt is ours: its own time limit plus room to record the outcome. */
function leaseMs(config: Config): number {
  return Math.max(config.WEBHOOK_TIMEOUT, resultPutTimeoutMs(config)) + 30_000;
}

/**
 * How long a result may wait for its delivery at most: every wait of the schedule (with its +10 %
 * jitter) and every attempt's lease. A result waiting for delivery expires this long after
 * JOB_RESULT_TTL, so the sweep never takes it from under a pending delivery.
 */
export function deliveryWindowMs(config: Config, retryDelaysMs: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number {
  const waits = retryDelaysMs.reduce((sum, ms) => sum + ms, 0) * 1.1;
  return Math.ceil(waits + (retryDelaysMs.length + 1) * leaseMs(config));
}

/** Claims due deliveries while there is room and runs each attempt on its own. */
export class DeliveryQueue {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly running: Record<DeliveryKind, number> = { webhook: 0, result: 0 };
  private readonly resultsOf = new Map<number, number>();
  private readonly abort = new AbortController();
  private readonly wakers = new Set<NodeJS.Timeout>();
  private claiming = false;
  private again = false;
  private stopped = false;

  constructor(private readonly options: DeliveryQueueOptions) {}

  private get delays(): readonly number[] {
    return this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Looks for due deliveries now (a job just ended, an attempt finished, the poll). */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    this.again = false;
    void this.claim()
      .catch((error) => this.options.log.error({ err: error }, 'claiming deliveries failed'))
      .finally(() => {
        this.claiming = false;
        if (this.again) this.kick();
      });
  }

  /** Stops claiming, aborts result PUTs in flight (their leases run out and another attempt follows), waits for the rest. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.wakers) clearTimeout(timer);
    this.wakers.clear();
    this.abort.abort();
    await Promise.all(this.inFlight.values());
  }

  private async claim(): Promise<void> {
    const { store, workerId, config } = this.options;
    const room = IN_FLIGHT.webhook - this.running.webhook;
    if (room > 0) {
      const now = Date.now();
      for (const row of await store.claimDeliveries(workerId, now, now + leaseMs(config), room, { kind: 'webhook' }))
        this.start(row);
    }
    // Results one at a time, so the per-account bound holds within a claim too.
    while (!this.stopped && this.running.result < IN_FLIGHT.result) {
      const busy = [...this.resultsOf].filter(([, n]) => n >= RESULTS_PER_ACCOUNT).map(([account]) => account);
      const now = Date.now();
      const [row] = await store.claimDeliveries(workerId, now, now + leaseMs(config), 1, {
        kind: 'result',
        excludeAccounts: busy,
      });
      if (!row) break;
      this.start(row);
    }
  }

  private start(row: DeliveryRow): void {
    this.running[row.kind]++;
    if (row.kind === 'result') this.resultsOf.set(row.account_id, (this.resultsOf.get(row.account_id) ?? 0) + 1);
    const done = (row.kind === 'result' ? this.deliverResult(row) : this.sendMessage(row))
      .catch((error) =>
        this.options.log.error({ err: error, job: row.job_id, delivery: row.id }, 'a delivery attempt failed'),
      )
      .finally(() => {
        this.running[row.kind]--;
        if (row.kind === 'result') {
          const left = (this.resultsOf.get(row.account_id) ?? 1) - 1;
          if (left > 0) this.resultsOf.set(row.account_id, left);
          else this.resultsOf.delete(row.account_id);
        }
        this.inFlight.delete(row.id);
        this.kick();
      });
    this.inFlight.set(row.id, done);
  }

  /** The outcome of attempt number row.attempts + 1: delivered, pending (retried after the schedule's next wait, ±10 %) or failed. */
  private outcome(row: DeliveryRow, attempt: Attempt): DeliveryOutcome {
    const attempts = row.attempts + 1;
    const delay = this.delays[attempts - 1];
    const status = attempt.ok ? 'delivered' : attempt.retry && delay !== undefined ? 'pending' : 'failed';
    // ±10 % jitter so a receiver that was down is not hit by every retry at once.
    const next = status === 'pending' ? Date.now() + Math.round(delay! * (0.9 + Math.random() * 0.2)) : Date.now();
    return { status, attempts, next_attempt_at: next, last_error: attempt.error ?? null };
  }

  private async sendMessage(row: DeliveryRow): Promise<void> {
    const { store, dataKey, config, workerId } = this.options;
    const attempt = await sendWebhook(row, store, dataKey, config);
    const outcome = this.outcome(row, attempt);
    await store.completeDelivery(row.id, workerId, outcome);
    this.report(row, outcome, 'webhook');
  }

  private async deliverResult(row: DeliveryRow): Promise<void> {
    const { store, storage, log, workerId } = this.options;
    const attempt = await deliverResultOnce(row, this.options, this.abort.signal);
    // Stopped mid-attempt: nothing is recorded; the lease runs out and the attempt is made again.
    if (this.abort.signal.aborted) return;
    const outcome = this.outcome(row, attempt);
    if (attempt.job) {
      const end = outcome.status === 'pending' ? undefined : resultDeliveryEnd(attempt.job, attempt);
      const after = await store.recordDelivery(row.job_id, outcome.attempts, end, new Date());
      if (end && after) {
        await storage.remove('results', attempt.job.result_file);
        log.info(
          { job: row.job_id, delivered: attempt.ok, attempts: outcome.attempts, error: attempt.error },
          attempt.ok ? 'job succeeded (result delivered)' : 'job failed (result not delivered)',
        );
      }
    }
    await store.completeDelivery(row.id, workerId, outcome);
    this.report(row, outcome, 'result');
  }

  private report(row: DeliveryRow, outcome: DeliveryOutcome, what: string): void {
    const line = { job: row.job_id, delivery: row.id, attempt: outcome.attempts, error: outcome.last_error };
    if (outcome.status === 'failed') this.options.log.warn(line, `${what} delivery failed for good`);
    else if (outcome.status === 'pending') {
      this.options.log.info(line, `${what} delivery failed; will retry`);
      this.wakeAt(outcome.next_attempt_at);
    } else if (row.kind === 'result') this.kick(); // its job's webhook was queued with the job's end
  }

  /** A retry due before the next poll is looked for then (short schedules in tests and closed networks). */
  private wakeAt(at: number): void {
    const wait = at - Date.now();
    if (this.stopped || wait >= DELIVERY_POLL_MS) return;
    const timer = setTimeout(
      () => {
        this.wakers.delete(timer);
        this.kick();
      },
      Math.max(0, wait),
    );
    timer.unref();
    this.wakers.add(timer);
  }
}
