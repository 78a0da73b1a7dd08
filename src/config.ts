// Every setting of the service, parsed once at start-up with zod. Bad values
// stop the process, every one of them reported at once (its variable, what is
// wrong, what it accepts: each helper below states that), instead of
// surfacing as NaN later or one per restart.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const MiB = 1024 * 1024;

/** A whole number from the environment, `min`..`max` (rejects "12abc", "", "1.5"). */
const int = (def: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, 'is not a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `is below ${min}`).max(max, `is above ${max}`))
    .optional()
    .transform((v) => v ?? def)
    .describe(max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`);

/** Seconds in the environment, milliseconds in the program. */
const seconds = (def: number) =>
  int(def)
    .transform((s) => s * 1000)
    .describe('a whole number of seconds ≥ 1');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], 'is not a boolean')
    .optional()
    .transform((v) => (v === undefined ? def : v === 'true' || v === '1'))
    .describe('true, false, 1 or 0');

/** Text, `def` when unset (an empty variable counts as unset). */
const textOr = (def: string) => z.string().min(1).default(def).describe('any text');
/** Text, or unset. */
const optionalText = () => z.string().min(1).optional().describe('any text');

const configSchema = z.object({
  HOST: textOr('127.0.0.1'),
  PORT: int(8080, 0, 65535),
  DATA_DIR: textOr('./data'),
  /** Parent of the per-request private work directories. */
  TMP_DIR: textOr(os.tmpdir()),
  MAX_FILE_SIZE: int(100 * MiB),
  MAX_FILES: int(50),
  MAX_PAGES: int(2000),
  OPERATION_TIMEOUT: seconds(120),
  OCR_TIMEOUT: seconds(600),
  CONCURRENCY: int(Math.max(1, os.availableParallelism())),
  QUEUE_LIMIT: int(100, 0),
  METRICS_ENABLED: bool(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'is not a log level')
    .default('info')
    .describe('fatal, error, warn, info, debug, trace or silent'),
  /** Trust X-Forwarded-* from a reverse proxy. */
  TRUST_PROXY: bool(false),
  /** Pixels per rendered page at most (guards against 600 dpi on a poster). */
  MAX_RENDER_PIXELS: int(100_000_000),
  /** LibreOffice instances kept warm for Office → PDF. */
  LIBREOFFICE_POOL_SIZE: int(2),
  /** Conversions before a LibreOffice instance is restarted. */
  LIBREOFFICE_RESTART_AFTER: int(200),
  /** Base64 of 32 bytes; if absent a key file is generated in DATA_DIR. */
  DATA_KEY: optionalText(),
  JOB_RESULT_TTL: seconds(3600),
  JOB_STORAGE_LIMIT: int(10 * 1024 * MiB),
  /** Run asynchronous jobs inside `serve` (off when separate workers run). */
  EMBEDDED_WORKER: bool(true),
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  WEBHOOK_TIMEOUT: seconds(15),
  /** Remote inputs (file_url, …): the whole download, redirects included (docs/api.md, "Remote files"). */
  FETCH_TIMEOUT: seconds(30),
  /** Remote inputs and result_url may reach private and loopback addresses, and plain http there (closed networks, tests). */
  FETCH_ALLOW_PRIVATE: bool(false),

  // --- Hostile input ---
  /**
   * Resident memory per tool, bytes (default 2 GiB), summed over its process tree and
   * sampled every 50 ms by the spawn helper, which kills the tree over it. Not address
   * space: RLIMIT_AS is set 4 GiB above it (ADDRESS_SPACE_HEADROOM in tools/run.ts), since
   * tools reserve far more than they touch.
   */
  TOOL_MEMORY_LIMIT: int(2048 * MiB),
  /** CPU-time cap per child process, seconds (default: the operation's own timeout). */
  TOOL_CPU_LIMIT: int(0, 0)
    .transform((s) => s * 1000)
    .describe('a whole number of seconds ≥ 0'),
  /**
   * Scheduling niceness of tool processes (0–19, default 5): under full load the
   * server's event loop (accepting, answering, /healthz) runs before tool work,
   * so a busy machine delays tools rather than every response.
   */
  TOOL_NICE: int(5, 0, 19),
  /**
   * Isolate tool processes from each other (default on): each in its own PID and
   * mount namespace with a private /proc, no capabilities, and only its own work
   * directory visible in TMP_DIR, where the host allows it (root, or user
   * namespaces). `false` only to measure its cost (scripts/bench/isolation.ts).
   */
  TOOL_ISOLATION: bool(true),
  /** Entries in one ZIP response (and output files of one operation) at most. */
  MAX_OUTPUT_FILES: int(10_000),
  /** Bytes of the files one operation writes in all, where they are not bounded otherwise (attachments extract). */
  MAX_OUTPUT_SIZE: int(400 * MiB),
  /** Steps of one pipeline at most (docs/api.md, "Pipelines"). */
  MAX_PIPELINE_STEPS: int(10, 1, 100),
  /** Time without a byte of the request body before 408. */
  UPLOAD_IDLE_TIMEOUT: seconds(30),
  /** Operations one account runs at once per server process, by plan (0 = unlimited). */
  ACCOUNT_CONCURRENCY_FREE: int(2, 0),
  ACCOUNT_CONCURRENCY_PRO: int(8, 0),
  ACCOUNT_CONCURRENCY_ENTERPRISE: int(0, 0),
  /** Requests of one account waiting for its turn at most; default 10 × its concurrency. */
  ACCOUNT_QUEUE_LIMIT: int(0, 0),
  /** File holding the data key (base64 of 32 bytes), e.g. a mounted secret; wins over DATA_DIR/data.key. */
  DATA_KEY_FILE: optionalText(),

  // --- Several hosts ---
  /** postgres://… puts keys, accounts, usage and jobs in PostgreSQL; unset → SQLite in DATA_DIR. */
  DATABASE_URL: optionalText(),
  /** file:///path (default DATA_DIR/jobs) or s3://bucket/prefix for job inputs and results. */
  STORAGE_URL: optionalText(),
  S3_ENDPOINT: optionalText(),
  S3_REGION: textOr('us-east-1'),
  /** Seconds a SIGTERM waits for running jobs and requests before handing jobs back to the queue. */
  SHUTDOWN_GRACE: int(25, 0)
    .transform((s) => s * 1000)
    .describe('a whole number of seconds ≥ 0'),
  /** A running job whose worker has not renewed its lease for this long is taken to be dead (retried once elsewhere). */
  JOB_LEASE_TIMEOUT: seconds(30),

  // --- Keys for operators and browsers (docs/api.md §2b) ---
  /** File holding the admin token (a mounted secret, one trailing newline ignored); unset: no admin API. */
  ADMIN_TOKEN_FILE: optionalText(),
  /** Origins whose web pages may call the service (CORS), comma-separated; unset: none. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/[^/\s]+$/, 'has an entry that is not an origin (scheme://host[:port], no path)'),
      ),
    )
    .describe('a comma-separated list of origins such as https://app.example.com'),

  // --- Signing ---
  /** PKCS#12 used by sign when the request uploads no certificate (unset: a certificate is required). */
  SIGN_DEFAULT_CERTIFICATE_FILE: optionalText(),
  /** File holding that PKCS#12's password (one trailing newline ignored); unset: no password. Never in the environment itself. */
  SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE: optionalText(),
  /** RFC 3161 time-stamp authority used by sign from level b-t up when the request names none (`timestamp_url`). */
  SIGN_TSA_URL: z
    .url({ protocol: /^https?$/, error: 'is not an http(s) URL' })
    .optional()
    .describe('an http(s) URL'),
  /** Let sign's outgoing fetches (TSA, OCSP, CRL) and verify's online revocation checks reach private and loopback addresses (closed networks, tests). */
  SIGN_ALLOW_PRIVATE: bool(false),
  /** Each outgoing fetch of sign/verify (TSA, OCSP, CRL) must end within this many seconds. */
  SIGN_FETCH_TIMEOUT: seconds(10),
  /** PEM bundle of the certificates verify trusts; unset: the system's CAs. */
  SIGN_TRUST_STORE: optionalText(),
  /** Let verify ask a signer's OCSP responder or CRL distribution point when the document's DSS holds no answer. */
  SIGN_VERIFY_ONLINE: bool(false),

  // --- Chromium ---
  /** Warm headless Chromium instances for HTML → PDF. */
  CHROMIUM_POOL_SIZE: int(1),
  /** Pages rendered before an instance is restarted. */
  CHROMIUM_RESTART_AFTER: int(100),
  /**
   * Memory one Chromium renderer (or other child of the browser) may fill, bytes
   * (default 2 GiB; 0 = no cap). Watched in /proc (tools/chromium-watchdog.ts);
   * V8's heap limit is set to it too. A page over it answers 422 resource_limit.
   */
  CHROMIUM_MEMORY_LIMIT: int(2048 * MiB, 0),
});

export type Config = z.infer<typeof configSchema>;

/** One invalid setting: the variable, what is wrong with its value (never the value: it may be a secret), what it accepts. */
export interface SettingProblem {
  variable: string;
  problem: string;
  accepts: string;
}

/** Every invalid setting at once, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: SettingProblem[]) {
    const lines = problems.map((p) => `${p.variable} ${p.problem}; it accepts ${p.accepts}`);
    // One setting: one line (logs); several: one line each under a count.
    super(
      lines.length === 1
        ? `invalid configuration: ${lines[0]}`
        : `invalid configuration (${lines.length} settings):\n${lines.map((l) => `  ${l}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Parses the environment (or overrides in tests); throws a ConfigError naming every invalid setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const source: Record<string, string | undefined> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') source[key] = value;
  }
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    const problems = new Map<string, SettingProblem>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0]);
      const accepts =
        configSchema.shape[variable as keyof typeof configSchema.shape]?.description ?? 'see docs/settings.md';
      if (!problems.has(variable)) problems.set(variable, { variable, problem: issue.message, accepts });
    }
    throw new ConfigError([...problems.values()]);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR), TMP_DIR: path.resolve(parsed.data.TMP_DIR) };
}

/** Names and defaults, for `--help` and docs/settings.md. */
export const configKeys = Object.keys(configSchema.shape);
