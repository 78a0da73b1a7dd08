// Loaded into the benchmarked server with NODE_OPTIONS=--require (overhead.ts), so
// the same event-loop-delay measurement runs on any version of the code. CommonJS:
// an ES module preloaded with --import is read through libuv's thread pool, which
// would start the pool before bin/pdf-service sizes it. On
// SIGUSR2 it writes the percentiles since the last signal to ELD_PROBE_FILE and resets.
// Node's histogram holds the time between two samples, the 1 ms interval included (an idle
// loop reads p50 1.1 ms); the delay is what exceeds the interval (as @fastify/under-pressure
// reports it), and both are written.
const fs = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');

const file = process.env.ELD_PROBE_FILE;
const RESOLUTION_MS = 1;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const late = (ns) => Math.max(0, ms(ns) - RESOLUTION_MS);
    fs.writeFileSync(
      file,
      JSON.stringify({
        p50: late(histogram.percentile(50)),
        p99: late(histogram.percentile(99)),
        max: late(histogram.max),
        intervalP99: ms(histogram.percentile(99)),
        count: histogram.count,
      }),
    );
    histogram.reset();
  });
}
