// The client: one multipart call per operation (typed methods are generated
// from the OpenAPI document), errors as PdfServiceError, retries with backoff
// that honour Retry-After, jobs, and the account.
import { errorFor, NetworkError, type PdfServiceError } from './errors.js';
import { streamToFile, toBlob, zipEntries, type ZipEntry } from './files.js';
import { GeneratedOperations } from './generated/operations.js';
import { hasNodeHttp, postMultipart, type MultipartPart } from './node-transport.js';
import { RemoteFile } from './types.js';
import type {
  Account,
  AdminAccount,
  BrowserToken,
  CallOptions,
  CreatedKey,
  FileInput,
  Job,
  KeyInfo,
  OperationCall,
  Problem,
  RateLimit,
  TokenOptions,
  Usage,
} from './types.js';

export interface ClientOptions {
  /** e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** An API key `pdf_live_…`, or in a web page a browser token `pdf_tok_…` (see createToken). */
  apiKey: string;
  /** Milliseconds per call until the response headers (default 300 000). */
  timeoutMs?: number;
  /** Retries of idempotent steps (GET, DELETE) and of uploads that ask for it (default 3). */
  retries?: number;
  /** First backoff in ms when the service gives no Retry-After (doubles each time; default 500). */
  backoffMs?: number;
  /** Another fetch (tests, proxies). */
  fetch?: typeof fetch;
}

interface Upload {
  boundary: string;
  parts: MultipartPart[];
}

/** A successful answer: the file (or JSON) with what the headers said. */
export class PdfResult {
  constructor(
    readonly response: Response,
    readonly requestId: string | undefined,
    readonly rateLimit: RateLimit | undefined,
  ) {}

  get contentType(): string {
    return this.response.headers.get('content-type') ?? '';
  }

  /** The name from Content-Disposition (UTF-8 form preferred). */
  get filename(): string | undefined {
    const header = this.response.headers.get('content-disposition') ?? '';
    const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
    if (utf8) return decodeURIComponent(utf8[1]);
    return /filename="([^"]*)"/i.exec(header)?.[1];
  }

  /** A response header (X-Image-Count, X-Compressed-Size, …). */
  header(name: string): string | null {
    return this.response.headers.get(name);
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.response.arrayBuffer());
  }

  async text(): Promise<string> {
    return this.response.text();
  }

  async json<T = unknown>(): Promise<T> {
    return (await this.response.json()) as T;
  }

  /** The body as a web stream (read it once). */
  stream(): ReadableStream<Uint8Array> {
    if (!this.response.body) throw new TypeError('The answer has no body.');
    return this.response.body;
  }

  /** Streams the body to `path` (Node). */
  async save(path: string): Promise<void> {
    await streamToFile(this.stream(), path);
  }

  /** Iterates a ZIP answer entry by entry as it arrives. */
  entries(): AsyncGenerator<ZipEntry> {
    return zipEntries(this.stream());
  }
}

function parseRateLimit(headers: Headers): RateLimit | undefined {
  const policy = /q=(\d+)/.exec(headers.get('ratelimit-policy') ?? '');
  const current = /r=(\d+);t=(\d+)/.exec(headers.get('ratelimit') ?? '');
  if (!policy || !current) return undefined;
  return { limit: Number(policy[1]), remaining: Number(current[1]), reset: Number(current[2]) };
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Answers that a retry may cure: overload, the account's concurrency limit, no answer at all. */
function retriable(error: PdfServiceError): boolean {
  return error.code === 'server_busy' || error.code === 'concurrency_limit' || error instanceof NetworkError;
}

/** The client of the PDF service. Every operation is a method: `client.merge([a, b], { bookmarks: true })`. */
export class PdfClient extends GeneratedOperations {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  /** RateLimit fields of the last answer that had them. */
  lastRateLimit: RateLimit | undefined;
  /** X-Request-Id of the last answer. */
  lastRequestId: string | undefined;

  constructor(private readonly settings: ClientOptions) {
    super();
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = settings.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Runs any operation by name (the typed methods call this). With `{ async: true }` it resolves with the Job. */
  protected async call(call: OperationCall, options: CallOptions = {}): Promise<any> {
    const fields: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(call.options)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const v of value) fields.push([name, String(v)]);
      else fields.push([name, typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value)]);
    }
    if (options.async) fields.push(['async', 'true']);
    if (options.callbackUrl) fields.push(['callback_url', options.callbackUrl]);
    if (options.resultUrl) fields.push(['result_url', options.resultUrl]);
    const files = { ...call.files, ...options.parts };
    const response = await this.send(
      'POST',
      `/v1/pdf/${call.operation}`,
      () => this.multipart(files, fields),
      options,
      options.retry === true,
    );
    if (options.async) return (await response.json()) as Job;
    return new PdfResult(response, response.headers.get('x-request-id') ?? undefined, parseRateLimit(response.headers));
  }

  /** The parts of one upload: the fields first, then the files in order. */
  private async multipart(files: OperationCall['files'], fields: Array<[string, string]>): Promise<Upload> {
    const boundary = `pdfclient${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
    const parts: MultipartPart[] = [];
    const quote = (value: string) => value.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c));
    for (const [name, value] of fields) {
      parts.push({
        head: `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n`,
        blob: new Blob([value]),
      });
    }
    for (const [field, value] of Object.entries(files)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item instanceof RemoteFile) {
          // The service fetches it: a text field `<part>_url` instead of the bytes.
          parts.push({
            head: `--${boundary}\r\nContent-Disposition: form-data; name="${quote(`${field}_url`)}"\r\n\r\n`,
            blob: new Blob([item.url]),
          });
          continue;
        }
        const { blob, filename, path } = await toBlob(item);
        parts.push({
          head: `--${boundary}\r\nContent-Disposition: form-data; name="${quote(field)}"; filename="${quote(filename)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          blob,
          path,
        });
      }
    }
    return { boundary, parts };
  }

  /** Runs an operation by name with files by field (the generic form of the typed methods). */
  run(
    operation: string,
    files: Record<string, FileInput | FileInput[]>,
    options: Record<string, unknown> = {},
    call: CallOptions = {},
  ): Promise<PdfResult> {
    return this.call({ operation, files, options }, { ...call, async: false });
  }

  /** Submits an operation as an asynchronous job (202 + Job). */
  submit(
    operation: string,
    files: Record<string, FileInput | FileInput[]>,
    options: Record<string, unknown> = {},
    call: Omit<CallOptions, 'async'> = {},
  ): Promise<Job> {
    return this.call({ operation, files, options }, { ...call, async: true });
  }

  /** The job now. */
  async job(job: Job | string, call: CallOptions = {}): Promise<Job> {
    const response = await this.send(
      'GET',
      `/v1/jobs/${typeof job === 'string' ? job : job.id}`,
      undefined,
      call,
      true,
    );
    return (await response.json()) as Job;
  }

  /**
   * Waits until the job has ended, polling with backoff (200 ms doubling to 5 s),
   * or sooner when `notified` resolves (e.g. a webhook the caller received).
   */
  async wait(
    job: Job | string,
    options: { timeoutMs?: number; signal?: AbortSignal; notified?: Promise<unknown> } = {},
  ): Promise<Job> {
    const id = typeof job === 'string' ? job : job.id;
    const end = Date.now() + (options.timeoutMs ?? 3_600_000);
    let delay = 200;
    let woken = false;
    void options.notified?.then(() => (woken = true));
    for (;;) {
      const current = await this.job(id, { signal: options.signal });
      if (current.status === 'succeeded' || current.status === 'failed' || current.status === 'canceled')
        return current;
      if (Date.now() > end)
        throw errorFor({
          type: '',
          title: 'Timeout',
          status: 0,
          code: 'network_error',
          detail: `The job ${id} did not end in time.`,
          request_id: null,
        });
      await Promise.race([sleep(woken ? 0 : delay, options.signal), options.notified ?? new Promise(() => undefined)]);
      delay = Math.min(delay * 2, 5000);
    }
  }

  /** The result of a succeeded job (streamed; read it once). A failed job throws its problem. */
  async result(job: Job | string, call: CallOptions = {}): Promise<PdfResult> {
    const id = typeof job === 'string' ? job : job.id;
    if (typeof job !== 'string' && job.status === 'failed' && job.error)
      throw errorFor(job.error as Problem, undefined);
    const response = await this.send('GET', `/v1/jobs/${id}/result`, undefined, call, true);
    return new PdfResult(response, response.headers.get('x-request-id') ?? undefined, parseRateLimit(response.headers));
  }

  /** Cancels a queued or running job (or deletes a finished one). */
  async cancel(job: Job | string, call: CallOptions = {}): Promise<Job | undefined> {
    const response = await this.send(
      'DELETE',
      `/v1/jobs/${typeof job === 'string' ? job : job.id}`,
      undefined,
      call,
      true,
    );
    return response.status === 204 ? undefined : ((await response.json()) as Job);
  }

  /** Submit, wait and fetch the result in one call. */
  async runAsync(
    operation: string,
    files: Record<string, FileInput | FileInput[]>,
    options: Record<string, unknown> = {},
    call: Omit<CallOptions, 'async'> & { waitTimeoutMs?: number } = {},
  ): Promise<PdfResult> {
    const job = await this.submit(operation, files, options, call);
    const done = await this.wait(job, { timeoutMs: call.waitTimeoutMs, signal: call.signal });
    if (done.status !== 'succeeded') {
      if (done.error) throw errorFor(done.error as Problem);
      throw errorFor({
        type: '',
        title: 'Canceled',
        status: 0,
        code: 'canceled',
        detail: `The job ${done.id} was ${done.status}.`,
        request_id: null,
      });
    }
    return this.result(done, call);
  }

  /** The account, plan and today's usage. */
  async account(call: CallOptions = {}): Promise<Account> {
    const response = await this.send('GET', '/v1/account', undefined, call, true);
    return (await response.json()) as Account;
  }

  /** The account's usage per UTC day and operation, the last `days` days (1..366, default 30). */
  async usage(days = 30, call: CallOptions = {}): Promise<Usage> {
    const response = await this.send(
      'GET',
      `/v1/account/usage?days=${encodeURIComponent(String(days))}`,
      undefined,
      call,
      true,
    );
    return (await response.json()) as Usage;
  }

  /**
   * Mints a short-lived browser token from this client's key (server side): hand `token` to a
   * web page, which uses it as its client's `apiKey`. Not charged; see docs/api.md §2b.
   */
  async createToken(options: TokenOptions = {}, call: CallOptions = {}): Promise<BrowserToken> {
    const body = {
      ttl_seconds: options.ttlSeconds,
      scopes: options.scopes,
      max_uses: options.maxUses,
      origin: options.origin,
    };
    const response = await this.request('POST', '/v1/tokens', body, call);
    return (await response.json()) as BrowserToken;
  }

  /** Any JSON route of the API (the admin client and createToken use it); throws PdfServiceError for any non-2xx answer. */
  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    json?: unknown,
    call: CallOptions = {},
  ): Promise<Response> {
    // Reads and deletes are idempotent; a POST or PATCH is sent once.
    return this.send(
      method,
      path,
      json === undefined ? undefined : { json },
      call,
      method === 'GET' || method === 'DELETE',
    );
  }

  /** One HTTP exchange with retries; throws PdfServiceError for any non-2xx answer. */
  private async send(
    method: string,
    path: string,
    body: (() => Promise<Upload>) | { json: unknown } | undefined,
    call: CallOptions,
    retry: boolean,
  ): Promise<Response> {
    const attempts = retry ? (this.settings.retries ?? 3) + 1 : 1;
    let backoff = this.settings.backoffMs ?? 500;
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(call.timeoutMs ?? this.settings.timeoutMs ?? 300_000);
      const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
      const headers: Record<string, string> = { Authorization: `Bearer ${this.settings.apiKey}` };
      if (call.requestId) headers['X-Request-Id'] = call.requestId;
      if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
      let error: PdfServiceError;
      try {
        let response: Response;
        if (typeof body === 'function')
          response = await this.post(`${this.baseUrl}${path}`, headers, await body(), signal);
        else if (body)
          response = await this.fetchImpl(`${this.baseUrl}${path}`, {
            method,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(body.json),
            signal,
          });
        else response = await this.fetchImpl(`${this.baseUrl}${path}`, { method, headers, signal });
        this.lastRequestId = response.headers.get('x-request-id') ?? undefined;
        this.lastRateLimit = parseRateLimit(response.headers) ?? this.lastRateLimit;
        if (response.ok) return response;
        error = await this.problemOf(response);
      } catch (cause) {
        if (call.signal?.aborted) throw cause;
        error = errorFor(
          {
            type: '',
            title: 'Network error',
            status: 0,
            code: 'network_error',
            detail: String((cause as Error)?.message ?? cause),
            request_id: null,
          },
          undefined,
          undefined,
          cause,
        );
      }
      if (attempt >= attempts || !retriable(error)) throw error;
      await sleep((error.retryAfter ?? backoff / 1000) * 1000, call.signal);
      backoff *= 2;
    }
  }

  /** Node: node:http with a reused buffer (flat memory); elsewhere (or with a custom fetch) fetch with a Blob body of the same bytes. */
  private async post(
    url: string,
    headers: Record<string, string>,
    upload: Upload,
    signal: AbortSignal,
  ): Promise<Response> {
    if (hasNodeHttp && !this.settings.fetch) return postMultipart(url, headers, upload.parts, upload.boundary, signal);
    const pieces: BlobPart[] = [];
    for (const [i, part] of upload.parts.entries()) pieces.push(i > 0 ? '\r\n' : '', part.head, part.blob);
    pieces.push(`\r\n--${upload.boundary}--\r\n`);
    const body = new Blob(pieces);
    return this.fetchImpl(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${upload.boundary}` },
      body,
      signal,
    });
  }

  private async problemOf(response: Response): Promise<PdfServiceError> {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const retryAfter = retryAfterSeconds(response.headers);
    let problem: Problem;
    try {
      problem = (await response.json()) as Problem;
    } catch {
      problem = {
        type: '',
        title: response.statusText,
        status: response.status,
        code: `http_${response.status}`,
        detail: response.statusText,
        request_id: requestId ?? null,
      };
    }
    return errorFor(problem, requestId, retryAfter);
  }
}

/** Options of the admin client: the service and the admin token of ADMIN_TOKEN_FILE. */
export interface AdminClientOptions extends Omit<ClientOptions, 'apiKey'> {
  adminToken: string;
}

/**
 * The admin API (docs/api.md §2b): accounts, keys, rotation and usage reports, for operators.
 * Present only on a server started with ADMIN_TOKEN_FILE; keep the admin token off web pages.
 */
export class PdfAdminClient {
  private readonly http: PdfClient;

  constructor(options: AdminClientOptions) {
    const { adminToken, ...rest } = options;
    this.http = new PdfClient({ ...rest, apiKey: adminToken });
  }

  private async json<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    call?: CallOptions,
  ): Promise<T> {
    return (await (await this.http.request(method, path, body, call)).json()) as T;
  }

  createAccount(account: string, plan: 'free' | 'pro' | 'enterprise', call?: CallOptions): Promise<AdminAccount> {
    return this.json('POST', '/v1/admin/accounts', { account, plan }, call);
  }

  setPlan(account: string, plan: 'free' | 'pro' | 'enterprise', call?: CallOptions): Promise<AdminAccount> {
    return this.json('PATCH', `/v1/admin/accounts/${encodeURIComponent(account)}`, { plan }, call);
  }

  async listAccounts(call?: CallOptions): Promise<AdminAccount[]> {
    return (await this.json<{ accounts: AdminAccount[] }>('GET', '/v1/admin/accounts', undefined, call)).accounts;
  }

  /** Usage per UTC day and operation, `from`..`to` (YYYY-MM-DD; default the last 30 days). */
  accountUsage(account: string, range: { from?: string; to?: string } = {}, call?: CallOptions): Promise<Usage> {
    const query = new URLSearchParams(
      Object.entries(range).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ).toString();
    return this.json(
      'GET',
      `/v1/admin/accounts/${encodeURIComponent(account)}/usage${query ? `?${query}` : ''}`,
      undefined,
      call,
    );
  }

  /** A new key (shown once in `key`), optionally limited to `scopes`, until `expiresAt`, named. */
  createKey(
    account: string,
    options: { scopes?: string[]; expiresAt?: string | Date; name?: string } = {},
    call?: CallOptions,
  ): Promise<CreatedKey> {
    const expiresAt = options.expiresAt instanceof Date ? options.expiresAt.toISOString() : options.expiresAt;
    return this.json(
      'POST',
      '/v1/admin/keys',
      { account, scopes: options.scopes, expires_at: expiresAt, name: options.name },
      call,
    );
  }

  async listKeys(account?: string, call?: CallOptions): Promise<KeyInfo[]> {
    return (
      await this.json<{ keys: KeyInfo[] }>(
        'GET',
        `/v1/admin/keys${account ? `?account=${encodeURIComponent(account)}` : ''}`,
        undefined,
        call,
      )
    ).keys;
  }

  /** Revokes a key (and its browser tokens) at once. */
  async revokeKey(prefix: string, call?: CallOptions): Promise<void> {
    await this.http.request('DELETE', `/v1/admin/keys/${encodeURIComponent(prefix)}`, undefined, call);
  }

  /** A new key replacing `prefix`; the old one keeps working for `graceSeconds` (default 3600). */
  rotateKey(prefix: string, graceSeconds?: number, call?: CallOptions): Promise<CreatedKey> {
    return this.json(
      'POST',
      `/v1/admin/keys/${encodeURIComponent(prefix)}/rotate`,
      { grace_seconds: graceSeconds },
      call,
    );
  }
}
