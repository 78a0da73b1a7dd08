// Long-running entry points: the HTTP server, or (with jobs) a worker alone.
// Shuts down cleanly on SIGTERM/SIGINT, killing every child process group.
import type { Config } from './config.js';
import { startJobs } from './jobs/index.js';
import { createApp, createServices, listen } from './server.js';
import { killAllChildren } from './tools/run.js';

export async function startService(config: Config, options: { http: boolean }): Promise<void> {
  const services = await createServices(config);
  const { log } = services;
  const stops: Array<() => Promise<void> | void> = [];
  // `serve` runs jobs too unless EMBEDDED_WORKER=false; `worker` only runs jobs.
  const runsJobs = !options.http || config.EMBEDDED_WORKER;
  const jobs = startJobs(services, { worker: runsJobs });
  if (options.http) {
    const running = await listen(services, createApp(services));
    stops.push(() => running.close());
    log.info({ url: running.url, port: running.port, tools: Object.fromEntries(services.tools.map((t) => [t.name, t.version])) }, `listening on ${running.url}`);
  } else {
    // The job timers do not hold the process open (tests); without an HTTP server, this does.
    const keepAlive = setInterval(() => {}, 60_000);
    stops.push(() => {
      clearInterval(keepAlive);
      services.db.close();
    });
    log.info({ worker: jobs.worker?.id, concurrency: config.CONCURRENCY }, 'job worker started');
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // First: running jobs go back to the queue (their processes are killed through their signals).
    await jobs.stop();
    killAllChildren();
    for (const stop of stops.reverse()) await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
