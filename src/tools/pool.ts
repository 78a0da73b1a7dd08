// A small limiter in front of the native tools (after Browserless): a fixed
// number of CPU slots, a bounded queue, and a fast "busy" when the queue is
// full. Weights let a multi-threaded tool (OCR with --jobs N) take N slots so
// the machine's cores are never oversubscribed.
//
// The queue is shared, but not first come, first served across accounts: each
// owner (account) has its own line, and freed slots go to the lines in turn,
// so one account's many tool runs do not delay another's one run behind all
// of them. When the queue is full, the overflow lands on the owner holding the
// longest line — its newest waiter is refused — never on a neighbour with
// fewer waiting (a 2,000-range split used to fill the queue and turn 52–80 %
// of other accounts' requests into 503s). Operations draw through
// OperationSlots, which keeps at most `perOperation` of one operation's
// children in the pool at once: a fan-out waits in its own line, outside the
// shared queue.
import { ClientClosedError, QueueShareExceededError, ServerBusyError } from '../core/errors.js';
import type { ToolSlots } from '../core/contract.js';

/** Who a tool run is for (an account id); runs without one share the anonymous line. */
export type PoolOwner = number | string | undefined;

interface Waiter {
  weight: number;
  owner: PoolOwner;
  /** The operation's start order (OperationSlots): a younger operation gives way to an older one of the same owner. */
  seniority: number;
  grant: () => void;
  fail: (error: Error) => void;
}

/** Snapshot for /metrics and the busy estimate. */
export interface PoolStats {
  capacity: number;
  inUse: number;
  queued: number;
}

/** Bounded concurrency + bounded queue with a line per owner; `acquire` resolves to a release function. */
export class ProcessPool implements ToolSlots {
  private inUse = 0;
  private queued = 0;
  private operations = 0;
  /** Waiting runs per owner, oldest first; the Map's order is the turn order. */
  private readonly lines = new Map<PoolOwner, Waiter[]>();

  constructor(
    readonly capacity: number,
    readonly queueLimit: number,
  ) {}

  stats(): PoolStats {
    return { capacity: this.capacity, inUse: this.inUse, queued: this.queued };
  }

  /** Runs waiting for `owner` (tests, metrics). */
  waiting(owner: PoolOwner): number {
    return this.lines.get(owner)?.length ?? 0;
  }

  /**
   * True when a new run of `owner` would only be refused (no slot, queue full,
   * and no other owner's line long enough to give way, see victimFor): used
   * to answer 503 before an upload is read.
   */
  isSaturated(owner?: PoolOwner): boolean {
    return this.inUse >= this.capacity && this.queued >= this.queueLimit && this.victimFor(owner) === undefined;
  }

  /** A view of this pool for one operation of `owner`: at most `perOperation` of its runs in the pool at once. */
  forOperation(owner: PoolOwner, perOperation = Math.max(2, this.capacity)): OperationSlots {
    return new OperationSlots(this, owner, perOperation, ++this.operations);
  }

  /**
   * Waits for `weight` slots (clamped to capacity). When the queue is full,
   * the owner with the longest line gives up its newest waiter (rejected with
   * a 503) if its line is at least two longer than `owner`'s; otherwise this
   * call is refused — unless `owner`'s own line holds a run of a younger
   * operation (`seniority`), which gives way instead: an overloaded owner's
   * older operations finish, its newest ones are refused, rather than every
   * operation losing a run somewhere along the way. Either 503 is a
   * QueueShareExceededError when the refused owner held at least an equal
   * share of the queue (see refusal).
   */
  acquire(
    weight = 1,
    signal?: AbortSignal,
    owner?: PoolOwner,
    seniority = Number.MAX_SAFE_INTEGER,
  ): Promise<() => void> {
    const need = Math.min(Math.max(1, Math.floor(weight)), this.capacity);
    if (signal?.aborted) return Promise.reject(new ClientClosedError());
    if (this.queued === 0 && this.inUse + need <= this.capacity) {
      this.inUse += need;
      return Promise.resolve(this.releaser(need));
    }
    if (this.queued >= this.queueLimit) {
      const victim = this.victimFor(owner);
      const evicted = victim === undefined ? this.youngerThan(owner, seniority) : this.lines.get(victim)!.at(-1)!;
      if (!evicted) return Promise.reject(this.refusal(owner));
      const error = this.refusal(evicted.owner, owner);
      this.remove(evicted);
      evicted.fail(error);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        weight: need,
        owner,
        seniority,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser(need));
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        if (this.remove(waiter)) reject(new ClientClosedError());
        this.drain();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const line = this.lines.get(owner);
      if (line) line.push(waiter);
      else this.lines.set(owner, [waiter]);
      this.queued += 1;
    });
  }

  /**
   * The owner with the longest line if it is at least two longer than
   * `owner`'s (so giving its place to `owner` leaves it still the longer), or
   * undefined. Equal lines in a full queue are a real overload: the newcomer
   * is refused rather than a run that already waited.
   */
  private victimFor(owner: PoolOwner): PoolOwner | undefined {
    let longest = (this.lines.get(owner)?.length ?? 0) + 1;
    let victim: PoolOwner | undefined;
    let found = false;
    for (const [other, line] of this.lines) {
      if (other !== owner && line.length > longest) {
        longest = line.length;
        victim = other;
        found = true;
      }
    }
    return found ? victim : undefined;
  }

  /** The waiting run of `owner`'s youngest operation, if that is younger than `seniority`. */
  private youngerThan(owner: PoolOwner, seniority: number): Waiter | undefined {
    let youngest: Waiter | undefined;
    for (const waiter of this.lines.get(owner) ?? [])
      if (waiter.seniority > (youngest?.seniority ?? seniority)) youngest = waiter;
    return youngest;
  }

  /**
   * The 503 for `owner` when the queue is full and `contender` wants a place:
   * a QueueShareExceededError when `owner`'s line is at least an equal share
   * of the queue among the owners waiting (the contender counted).
   */
  refusal(owner: PoolOwner, contender: PoolOwner = owner): ServerBusyError {
    const mine = this.lines.get(owner)?.length ?? 0;
    const owners = this.lines.size + (this.lines.has(contender) ? 0 : 1);
    const retryAfter = this.retryAfterSeconds();
    return mine > 0 && mine * owners >= this.queued
      ? new QueueShareExceededError(retryAfter)
      : new ServerBusyError(retryAfter);
  }

  private remove(waiter: Waiter): boolean {
    const line = this.lines.get(waiter.owner);
    const index = line ? line.indexOf(waiter) : -1;
    if (index < 0) return false;
    line!.splice(index, 1);
    if (line!.length === 0) this.lines.delete(waiter.owner);
    this.queued -= 1;
    return true;
  }

  private releaser(weight: number): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= weight;
      this.drain();
    };
  }

  /**
   * Grants the head of each line in turn (an owner served goes to the back).
   * A heavy waiter whose turn it is waits for enough free slots rather than
   * being passed by light ones, so it is not starved.
   */
  private drain(): void {
    while (this.queued > 0) {
      const [owner, line] = this.lines.entries().next().value as [PoolOwner, Waiter[]];
      const next = line[0];
      if (this.inUse + next.weight > this.capacity) return;
      line.shift();
      this.queued -= 1;
      this.lines.delete(owner);
      if (line.length > 0) this.lines.set(owner, line);
      this.inUse += next.weight;
      next.grant();
    }
  }

  private retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil(this.queued / this.capacity)));
  }
}

/**
 * One operation's draw on the pool: at most `limit` of its tool runs hold a
 * slot or a place in the shared queue at once; the rest wait here in order,
 * so a fan-out (a split's parts, a merge's inputs) never fills the shared
 * queue, and its runs are queued under the operation's owner.
 */
export class OperationSlots implements ToolSlots {
  private held = 0;
  private readonly waiting: Array<() => void> = [];
  /** Set once the pool refused one of this operation's runs: the rest fail the same way instead of queueing again. */
  private refused: ServerBusyError | undefined;

  constructor(
    private readonly pool: ProcessPool,
    readonly owner: PoolOwner,
    readonly limit: number,
    /** Start order among operations: an older one keeps its place in a full queue before a younger one of the same owner. */
    readonly seniority: number,
  ) {}

  get capacity(): number {
    return this.pool.capacity;
  }

  async acquire(weight = 1, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw new ClientClosedError();
    if (this.refused) throw this.refused;
    if (this.held < this.limit) this.held += 1;
    else await this.turn(signal);
    let release: () => void;
    try {
      if (this.refused) throw this.refused;
      release = await this.pool.acquire(weight, signal, this.owner, this.seniority);
    } catch (error) {
      if (error instanceof ServerBusyError) this.refused ??= error;
      this.handOver();
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      this.handOver();
    };
  }

  /** Waits until a run of this operation hands its place over (`held` stays counted). */
  private turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new ClientClosedError());
      };
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(go);
    });
  }

  private handOver(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}
