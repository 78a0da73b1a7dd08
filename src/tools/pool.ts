// A small limiter in front of the native tools (after Browserless): a fixed
// number of CPU slots, a bounded FIFO queue, and a fast "busy" when the queue
// is full. Weights let a multi-threaded tool (OCR with --jobs N) take N slots
// so the machine's cores are never oversubscribed.
import { ClientClosedError, ServerBusyError } from '../errors.js';

interface Waiter {
  weight: number;
  grant: () => void;
  fail: (error: Error) => void;
}

/** Snapshot for /metrics and the busy estimate. */
export interface PoolStats {
  capacity: number;
  inUse: number;
  queued: number;
}

/** Bounded concurrency + bounded queue; `acquire` resolves to a release function. */
export class ProcessPool {
  private inUse = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly capacity: number,
    readonly queueLimit: number,
  ) {}

  stats(): PoolStats {
    return { capacity: this.capacity, inUse: this.inUse, queued: this.queue.length };
  }

  /** True when a new request would only be refused: used to answer 503 before an upload is read. */
  isSaturated(): boolean {
    return this.inUse >= this.capacity && this.queue.length >= this.queueLimit;
  }

  /** Waits for `weight` slots (clamped to capacity). Rejects with ServerBusyError when the queue is full. */
  acquire(weight = 1, signal?: AbortSignal): Promise<() => void> {
    const need = Math.min(Math.max(1, Math.floor(weight)), this.capacity);
    if (signal?.aborted) return Promise.reject(new ClientClosedError());
    if (this.queue.length === 0 && this.inUse + need <= this.capacity) {
      this.inUse += need;
      return Promise.resolve(this.releaser(need));
    }
    if (this.queue.length >= this.queueLimit) {
      return Promise.reject(new ServerBusyError(this.retryAfterSeconds()));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        weight: need,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.releaser(need));
        },
        fail: reject,
      };
      const onAbort = () => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        reject(new ClientClosedError());
        this.drain();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
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

  /** Grants waiters in FIFO order; a heavy waiter at the head is not starved by light ones behind it. */
  private drain(): void {
    while (this.queue.length > 0 && this.inUse + this.queue[0].weight <= this.capacity) {
      const next = this.queue.shift()!;
      this.inUse += next.weight;
      next.grant();
    }
  }

  private retryAfterSeconds(): number {
    return Math.min(60, Math.max(1, Math.ceil(this.queue.length / this.capacity)));
  }
}
