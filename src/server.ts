// Builds the Koa app. The middleware order is the architecture:
// request id → access log → problem+json → routes (auth → allowance → handler) → 404/405.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { chargeAllowance, OwnBurstRefunds, rateLimitHeaders } from './http/allowance.js';
import { requireApiKey, requireScope } from './http/auth.js';
import { cors } from './http/cors.js';
import { mintTokens } from './http/tokens.js';
import { accountUsage, loadAdminToken, mountAdmin, requireAdmin } from './http/admin.js';
import { docsAsset, docsPage } from './http/docs.js';
import { unmatchedAsProblems } from './http/fallback.js';
import { FairShare } from './http/fair-share.js';
import { Metrics } from './http/metrics.js';
import { problemMiddleware } from './http/problem.js';
import { ServerBusyError } from './core/errors.js';
import { requestId } from './http/request-id.js';
import { buildOpenApi } from './openapi/document.js';
import { JobSystem } from './jobs/index.js';
import { jobOpenApiPaths } from './jobs/routes.js';
import { operationHandler } from './routes/execute.js';
import type { OperationRoute } from './routes/definition.js';
import { operationRoutes } from './routes/index.js';
import type { Services } from './services.js';
import { openStore } from './store/index.js';
import { dailyLimit } from './store/plans.js';
import { nextUtcMidnight, usedOn, utcDay } from './store/usage.js';
import { chromiumSandboxUsable, stopChromiumPool } from './tools/chromium.js';
import { stopOfficePool } from './tools/libreoffice.js';
import { ProcessPool } from './tools/pool.js';
import { configureChildLimits, killAllChildren, toolIsolation, memoryCapMechanism } from './tools/run.js';
import { probeTools, requiredToolsPresent, type ToolStatus } from './tools/versions.js';
import { checkDefaultCertificate } from './operations/sign-certificate.js';
import { maskLogSecrets } from './core/secrets.js';

/** The service's logger (JSON lines to stdout, or to `destination`: tests read what was logged). */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'pdf-service' },
    // Defence in depth: nothing below should ever log these, but if it does they are masked.
    // The serializer also covers child loggers' bindings (pino applies only serializers to those).
    formatters: { log: maskLogSecrets },
    serializers: { key: () => '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Builds the services; fails if a required tool is missing. */
export async function createServices(
  config: Config,
  options: { log?: Logger; tools?: ToolStatus[] } = {},
): Promise<Services> {
  const log = options.log ?? createLogger(config);
  const tools = options.tools ?? (await probeTools());
  const missing = tools.filter((t) => t.required && !t.usable);
  if (missing.length > 0) {
    throw new Error(
      `required tools missing: ${missing.map((t) => `${t.binary} (${t.error})`).join(', ')}; run scripts/install-tools.sh`,
    );
  }
  await checkDefaultCertificate(config);
  configureChildLimits({
    memoryBytes: config.TOOL_MEMORY_LIMIT,
    cpuMs: config.TOOL_CPU_LIMIT,
    nice: config.TOOL_NICE,
    workRoot: config.TMP_DIR,
    privateDir: config.DATA_DIR,
    isolate: config.TOOL_ISOLATION,
  });
  const isolation = await toolIsolation();
  if (isolation.startsWith('none')) log.warn({ isolation }, 'tool processes are not isolated from each other');
  else log.info({ isolation }, 'tool processes isolated from each other');
  if (process.getuid?.() !== 0 && !(await chromiumSandboxUsable()))
    log.warn(
      "Chromium runs without its own sandbox: this host refuses unprivileged user namespaces (as Docker's default seccomp profile does)",
    );
  const { store, dataKey } = await openStore(config);
  const services: Services = {
    config,
    store,
    dataKey,
    log,
    tools,
    pool: new ProcessPool(config.CONCURRENCY, config.QUEUE_LIMIT),
    metrics: new Metrics(),
    fairShare: new FairShare(config),
  };
  // The HTTP side of jobs (submit, routes); startJobs (src/jobs) runs the worker and sweeper.
  services.jobs = new JobSystem(services);
  log.info({ toolMemoryCap: memoryCapMechanism() }, 'tool memory cap');
  return services;
}

export interface AppExtensions {
  /** Extra routes (jobs API). */
  extend?: (router: Router) => void;
  /** Extra operations mounted like the built-in ones (tests). */
  operations?: OperationRoute[];
  /** Extra OpenAPI paths. */
  openapiPaths?: Record<string, unknown>;
}

export function createApp(services: Services, extensions: AppExtensions = {}): Koa {
  const { config, store } = services;
  const app = new Koa({ proxy: config.TRUST_PROXY });
  // Errors after the response started (a client that went away mid-download) land here, not on stderr.
  app.on('error', (error: Error, ctx?: Koa.Context) => {
    const log = ctx?.state.log ?? services.log;
    log.warn({ err: error.message, path: ctx?.path }, 'response stream ended early');
  });
  const router = new Router();
  const auth = requireApiKey(store);
  const operations = [...operationRoutes, ...(extensions.operations ?? [])];
  services.extraOperations = extensions.operations;
  const openapi = buildOpenApi(operations, config, { ...jobOpenApiPaths, ...extensions.openapiPaths });

  app.use(requestId(services.log));
  app.use(cors(config.CORS_ORIGINS));
  app.use(accessLog(services));
  app.use(problemMiddleware());
  app.use(refuseWhileDraining(services));
  app.use(rateLimitHeaders(store));
  app.use(unmatchedAsProblems(store));

  router.get('/healthz', async (ctx) => {
    const ok = await requiredToolsPresent(services.tools);
    ctx.status = ok ? 200 : 503;
    ctx.body = {
      status: ok ? 'ok' : 'degraded',
      tools: Object.fromEntries(services.tools.map((t) => [t.name, t.version])),
      isolation: await toolIsolation(),
    };
  });
  router.get('/v1/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  router.get('/docs', docsPage);
  router.get('/docs/:asset', docsAsset);
  if (config.METRICS_ENABLED) {
    router.get('/metrics', (ctx) => {
      ctx.type = 'text/plain; version=0.0.4; charset=utf-8';
      ctx.body = services.metrics.render(services.pool);
    });
  }
  router.get('/v1/account', auth, async (ctx) => {
    const account = ctx.state.account!;
    const now = new Date();
    const limit = dailyLimit(account.plan);
    const used = await usedOn(store, account.id, utcDay(now));
    ctx.body = {
      account: account.name,
      plan: account.plan,
      daily_limit: limit,
      used_today: used,
      remaining: limit === null ? null : Math.max(0, limit - used),
      resets_at: nextUtcMidnight(now).toISOString(),
    };
  });
  router.get('/v1/account/usage', auth, accountUsage(store));
  // Not charged: minting is bookkeeping; the token's requests are charged when they run.
  router.post(
    '/v1/tokens',
    auth,
    mintTokens(
      store,
      services.log,
      operations.map((o) => o.name),
    ),
  );
  if (config.ADMIN_TOKEN_FILE) {
    mountAdmin(router, requireAdmin(loadAdminToken(config.ADMIN_TOKEN_FILE)), {
      store,
      dataKey: services.dataKey,
      log: services.log,
      operations: operations.map((o) => o.name),
    });
  }
  // One instance for all routes: its own-burst refund window is per account, not per operation.
  const ownBursts = new OwnBurstRefunds();
  const charged = chargeAllowance(store, ownBursts);
  const chargedOnceCounted = chargeAllowance(store, ownBursts, { deferred: true });
  for (const route of operations) {
    // A route that names its scopes and its request count from its options (the pipeline) checks and charges them once they are parsed.
    router.post(
      `/v1/pdf/${route.name}`,
      auth,
      requireScope(route.name, !route.scopes),
      route.requestCount ? chargedOnceCounted : charged,
      operationHandler(route, services),
    );
  }
  extensions.extend?.(router);
  services.jobs?.mount?.(router);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

/** During a graceful shutdown new requests get 503 (and the connection is closed): another replica should take them. */
function refuseWhileDraining(services: Services): Koa.Middleware {
  return async (ctx, next) => {
    if (services.draining) {
      ctx.set('Connection', 'close');
      throw new ServerBusyError(5, 'This server is shutting down; retry (another replica will answer).');
    }
    await next();
  };
}

function accessLog(services: Services): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const operation = ctx.state.operation;
      // Logged when the handler returns; streamed bodies finish later, which is fine for an access log.
      ctx.state.log?.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms), operation },
        'request',
      );
      if (operation) services.metrics.record(operation, ctx.status, ms / 1000);
    }
  };
}

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  services: Services;
  /** Stops accepting connections and waits (at most `graceMs`) for the requests in progress. */
  drain: (graceMs: number) => Promise<void>;
  close: () => Promise<void>;
}

/** Starts listening; answers "Expect: 100-continue" only once a handler decides to read the body. */
export async function listen(services: Services, app: Koa): Promise<RunningServer> {
  const { config } = services;
  const handler = app.callback();
  // Requests in progress, so a graceful shutdown can wait for them.
  let inProgress = 0;
  const counted = (req: http.IncomingMessage, res: http.ServerResponse) => {
    inProgress++;
    res.once('close', () => inProgress--);
    return handler(req, res);
  };
  const server = http.createServer(counted);
  server.on('checkContinue', (req, res) => {
    (req as { expectsContinue?: boolean }).expectsContinue = true;
    void counted(req, res);
  });
  // Large multi-file uploads need longer than Node's 5-minute default.
  server.requestTimeout = 30 * 60 * 1000;
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  let closed: Promise<void> | undefined;
  // Once only: a second server.close() would wait for a 'close' event that already happened.
  const stopListening = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    server,
    services,
    drain: async (graceMs) => {
      // New connections are refused (a proxy moves on to another replica); idle keep-alive ones are closed.
      void stopListening();
      const end = Date.now() + graceMs;
      while (inProgress > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: async () => {
      killAllChildren();
      // Warm LibreOffice instances (started on the first Office conversion) and their profiles.
      await stopOfficePool(config);
      await stopChromiumPool(config);
      const closed = stopListening();
      server.closeAllConnections();
      await closed;
      await services.store.close();
    },
  };
}
