// Loaded into the benchmarked server with NODE_OPTIONS=--import (overhead.ts), so
// the same event-loop-delay measurement runs on any version of the code. On
// SIGUSR2 it writes the percentiles since the last signal to ELD_PROBE_FILE and resets.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.ELD_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    fs.writeFileSync(file, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), count: histogram.count }));
    histogram.reset();
  });
}
