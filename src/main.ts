// Long-running entry points: the HTTP server, or (with jobs) a worker alone.
// Shuts down cleanly on SIGTERM/SIGINT, killing every child process group.
import type { Config } from './config.js';
import { createApp, createServices, listen } from './server.js';
import { killAllChildren } from './tools/run.js';

export async function startService(config: Config, options: { http: boolean }): Promise<void> {
  const services = await createServices(config);
  const { log } = services;
  const stops: Array<() => Promise<void> | void> = [];
  if (options.http) {
    const running = await listen(services, createApp(services));
    stops.push(() => running.close());
    log.info({ url: running.url, port: running.port, tools: Object.fromEntries(services.tools.map((t) => [t.name, t.version])) }, `listening on ${running.url}`);
  } else {
    throw new Error('worker: asynchronous jobs are not available in this build');
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    killAllChildren();
    for (const stop of stops.reverse()) await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
