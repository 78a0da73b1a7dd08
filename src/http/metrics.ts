// Prometheus text metrics, kept by hand (a handful of counters and gauges).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessPool } from '../tools/pool.js';

/** The loop-delay sampling interval. */
const LOOP_SAMPLE_MS = 10;
/**
 * Node's histogram holds the time between two samples, which includes the sampling
 * interval itself (an idle loop reads 10 ms); the delay is what exceeds it.
 */
const lateness = (ns: number) => Math.max(0, ns / 1e9 - LOOP_SAMPLE_MS / 1000);

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly durations = new Map<string, { sum: number; count: number }>();
  /** How late the event loop ran its timers (p99 ≤ 5 ms under load); reset at each scrape. */
  private readonly loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });

  constructor() {
    this.loopDelay.enable();
  }

  record(operation: string, status: number, seconds: number): void {
    const key = `operation="${operation}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const d = this.durations.get(operation) ?? { sum: 0, count: 0 };
    d.sum += seconds;
    d.count += 1;
    this.durations.set(operation, d);
  }

  render(pool: ProcessPool, extra: Record<string, number> = {}): string {
    const lines = [
      '# HELP pdf_requests_total Operation requests by final status.',
      '# TYPE pdf_requests_total counter',
    ];
    for (const [key, value] of this.requests) lines.push(`pdf_requests_total{${key}} ${value}`);
    lines.push(
      '# HELP pdf_request_duration_seconds Time spent on operation requests.',
      '# TYPE pdf_request_duration_seconds summary',
    );
    for (const [op, d] of this.durations) {
      lines.push(`pdf_request_duration_seconds_sum{operation="${op}"} ${d.sum.toFixed(3)}`);
      lines.push(`pdf_request_duration_seconds_count{operation="${op}"} ${d.count}`);
    }
    const stats = pool.stats();
    lines.push(
      '# HELP pdf_pool_slots Process pool capacity.',
      '# TYPE pdf_pool_slots gauge',
      `pdf_pool_slots ${stats.capacity}`,
    );
    lines.push(
      '# HELP pdf_pool_in_use Pool slots in use.',
      '# TYPE pdf_pool_in_use gauge',
      `pdf_pool_in_use ${stats.inUse}`,
    );
    lines.push(
      '# HELP pdf_pool_queued Tool runs waiting for a slot.',
      '# TYPE pdf_pool_queued gauge',
      `pdf_pool_queued ${stats.queued}`,
    );
    const loop = this.loopDelay;
    lines.push(
      '# HELP pdf_event_loop_delay_seconds Event-loop delay since the previous scrape.',
      '# TYPE pdf_event_loop_delay_seconds summary',
    );
    for (const q of [0.5, 0.99])
      lines.push(
        `pdf_event_loop_delay_seconds{quantile="${q}"} ${(loop.count ? lateness(loop.percentile(q * 100)) : 0).toFixed(6)}`,
      );
    lines.push(`pdf_event_loop_delay_seconds_max ${(loop.count ? lateness(loop.max) : 0).toFixed(6)}`);
    loop.reset();
    for (const [name, value] of Object.entries(extra)) lines.push(`# TYPE ${name} gauge`, `${name} ${value}`);
    return `${lines.join('\n')}\n`;
  }
}
