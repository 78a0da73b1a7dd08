// Long-running entry points: the HTTP server (with or without job workers), or
// a worker alone. SIGTERM/SIGINT shut down gracefully: stop taking work, let
// running requests and jobs finish within SHUTDOWN_GRACE, hand the jobs still
// running back to the queue, then exit. An exception nobody caught takes the
// same path and exits with status 1; an unhandled rejection is logged and the
// process keeps serving (crash-guards.ts says why).
import type { Config } from './config.js';
import { installCrashGuards } from './crash-guards.js';
import { startJobs, type JobSystem } from './jobs/index.js';
import { createApp, createServices, listen, type RunningServer } from './server.js';
import { stopChromiumPool } from './tools/chromium.js';
import { sweepStaleChromiumDirs } from './tools/chromium-dirs.js';
import { stopOfficePool } from './tools/libreoffice.js';
import { killAllChildren } from './tools/run.js';

export interface ServiceRole {
  /** Answer HTTP (`serve`). */
  http: boolean;
  /** Run job workers in this process; default: always for `worker`, EMBEDDED_WORKER for `serve`. */
  workers?: boolean;
}

export async function startService(config: Config, role: ServiceRole): Promise<void> {
  const services = await createServices(config);
  const { log } = services;
  // Profiles and temporary directories of a server that crashed or was killed (no one else removes them).
  sweepStaleChromiumDirs(config.DATA_DIR).then(
    (removed) => removed > 0 && log.info({ removed }, 'removed Chromium directories left by a process that is gone'),
    (error: unknown) => log.warn({ err: error }, 'sweeping stale Chromium directories failed'),
  );
  const stops: Array<() => Promise<void> | void> = [];
  const runsJobs = !role.http || (role.workers ?? config.EMBEDDED_WORKER);
  const jobs = startJobs(services, { worker: runsJobs });
  const storage = (services.jobs as JobSystem).storage;
  let running: RunningServer | undefined;
  if (role.http) {
    running = await listen(services, createApp(services));
    stops.push(() => running!.close());
    log.info(
      {
        url: running.url,
        port: running.port,
        workers: runsJobs,
        storage: storage.location,
        tools: Object.fromEntries(services.tools.map((t) => [t.name, t.version])),
      },
      `listening on ${running.url}`,
    );
  } else {
    // The job timers do not hold the process open (tests); without an HTTP server, this does.
    const keepAlive = setInterval(() => {}, 60_000);
    stops.push(async () => {
      clearInterval(keepAlive);
      // As the HTTP server's close does: warm LibreOffice and Chromium instances and their profiles go too.
      await stopOfficePool(config);
      await stopChromiumPool(config);
      await services.store.close();
    });
    log.info(
      { worker: jobs.worker?.id, concurrency: config.CONCURRENCY, storage: storage.location },
      'job worker started',
    );
  }
  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) {
      // A SIGTERM during the drain after an uncaught exception must not turn its exit into a success.
      if (exitCode !== 0) process.exitCode = exitCode;
      return;
    }
    stopping = true;
    log.info({ signal, grace_ms: config.SHUTDOWN_GRACE, running_jobs: jobs.worker?.running ?? 0 }, 'shutting down');
    services.draining = true;
    // Both at once: the worker claims nothing more and its jobs get the grace period; so do requests in progress.
    await Promise.all([jobs.stop(config.SHUTDOWN_GRACE), running?.drain(config.SHUTDOWN_GRACE)]);
    killAllChildren();
    for (const stop of stops.reverse()) await stop();
    storage.close();
    log.info({ signal }, 'stopped');
    process.exit(exitCode || (process.exitCode as number | undefined) || 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  installCrashGuards({
    log,
    drainAndExit: (reason) => {
      // If the drain itself hangs (the state is unknown, after all), the exit still comes.
      setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE + 15_000).unref();
      shutdown(reason, 1).catch(() => process.exit(1));
    },
  });
}
