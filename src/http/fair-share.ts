// Fair share (README, "Fair share"): on each server process an account runs at
// most ACCOUNT_CONCURRENCY_<PLAN> operations at once. Its further requests wait
// here in arrival order, after their upload was validated and before the
// operation starts, so a waiting request holds no pool slot and one account's
// burst cannot fill the pool ahead of everyone else. At most
// ACCOUNT_QUEUE_LIMIT (default 10 × the concurrency) wait; the next is refused
// with 429 concurrency_limit, which allowance.ts refunds.
import type { Config } from '../config.js';
import { ClientClosedError, ConcurrencyLimitError } from '../core/errors.js';
import type { Plan } from '../store/plans.js';

interface Line {
  running: number;
  waiting: Array<() => void>;
}

/** The fair-share limits of a plan: concurrency (0 = unlimited) and how many may wait. */
export function fairShareLimits(config: Config, plan: Plan): { concurrency: number; queue: number } {
  const concurrency = {
    free: config.ACCOUNT_CONCURRENCY_FREE,
    pro: config.ACCOUNT_CONCURRENCY_PRO,
    enterprise: config.ACCOUNT_CONCURRENCY_ENTERPRISE,
  }[plan];
  return { concurrency, queue: config.ACCOUNT_QUEUE_LIMIT || 10 * concurrency };
}

/** Per-account turn-taking for operations in this process. */
export class FairShare {
  private readonly lines = new Map<number, Line>();

  constructor(private readonly config: Config) {}

  /**
   * Resolves with a release function once the account may run one more
   * operation; rejects with ConcurrencyLimitError when too many already wait,
   * and with ClientClosedError if `signal` aborts while waiting.
   */
  async acquire(accountId: number, plan: Plan, signal: AbortSignal): Promise<() => void> {
    const { concurrency, queue } = fairShareLimits(this.config, plan);
    if (concurrency === 0) return () => {};
    if (signal.aborted) throw new ClientClosedError();
    let line = this.lines.get(accountId);
    if (!line) this.lines.set(accountId, (line = { running: 0, waiting: [] }));
    if (line.running < concurrency && line.waiting.length === 0) {
      line.running += 1;
      return this.releaser(accountId, line);
    }
    if (line.waiting.length >= queue) throw new ConcurrencyLimitError(concurrency, line.waiting.length);
    const current = line;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = current.waiting.indexOf(turn);
        if (at >= 0) current.waiting.splice(at, 1);
        this.forgetIfIdle(accountId, current);
        reject(new ClientClosedError());
      };
      // The releasing operation hands its place over (running stays counted).
      const turn = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      current.waiting.push(turn);
    });
    return this.releaser(accountId, current);
  }

  /** Operations running and waiting for `accountId` (tests, metrics). */
  stats(accountId: number): { running: number; waiting: number } {
    const line = this.lines.get(accountId);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }

  private releaser(accountId: number, line: Line): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = line.waiting.shift();
      if (next) return next();
      line.running -= 1;
      this.forgetIfIdle(accountId, line);
    };
  }

  private forgetIfIdle(accountId: number, line: Line): void {
    if (line.running === 0 && line.waiting.length === 0 && this.lines.get(accountId) === line)
      this.lines.delete(accountId);
  }
}
