import { type ZipEntry } from './files.js';
import { GeneratedOperations } from './generated/operations.js';
import type { Account, AdminAccount, BrowserToken, CallOptions, CreatedKey, FileInput, Job, KeyInfo, OperationCall, RateLimit, TokenOptions, Usage } from './types.js';
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
/** A successful answer: the file (or JSON) with what the headers said. */
export declare class PdfResult {
    readonly response: Response;
    readonly requestId: string | undefined;
    readonly rateLimit: RateLimit | undefined;
    constructor(response: Response, requestId: string | undefined, rateLimit: RateLimit | undefined);
    get contentType(): string;
    /** The name from Content-Disposition (UTF-8 form preferred). */
    get filename(): string | undefined;
    /** A response header (X-Image-Count, X-Compressed-Size, …). */
    header(name: string): string | null;
    bytes(): Promise<Uint8Array>;
    text(): Promise<string>;
    json<T = unknown>(): Promise<T>;
    /** The body as a web stream (read it once). */
    stream(): ReadableStream<Uint8Array>;
    /** Streams the body to `path` (Node). */
    save(path: string): Promise<void>;
    /** Iterates a ZIP answer entry by entry as it arrives. */
    entries(): AsyncGenerator<ZipEntry>;
}
/** The client of the PDF service. Every operation is a method: `client.merge([a, b], { bookmarks: true })`. */
export declare class PdfClient extends GeneratedOperations {
    private readonly settings;
    private readonly baseUrl;
    private readonly fetchImpl;
    /** RateLimit fields of the last answer that had them. */
    lastRateLimit: RateLimit | undefined;
    /** X-Request-Id of the last answer. */
    lastRequestId: string | undefined;
    constructor(settings: ClientOptions);
    /** Runs any operation by name (the typed methods call this). With `{ async: true }` it resolves with the Job. */
    protected call(call: OperationCall, options?: CallOptions): Promise<any>;
    /** The parts of one upload: the fields first, then the files in order. */
    private multipart;
    /** Runs an operation by name with files by field (the generic form of the typed methods). */
    run(operation: string, files: Record<string, FileInput | FileInput[]>, options?: Record<string, unknown>, call?: CallOptions): Promise<PdfResult>;
    /** Submits an operation as an asynchronous job (202 + Job). */
    submit(operation: string, files: Record<string, FileInput | FileInput[]>, options?: Record<string, unknown>, call?: Omit<CallOptions, 'async'>): Promise<Job>;
    /** The job now. */
    job(job: Job | string, call?: CallOptions): Promise<Job>;
    /**
     * Waits until the job has ended, polling with backoff (200 ms doubling to 5 s),
     * or sooner when `notified` resolves (e.g. a webhook the caller received).
     */
    wait(job: Job | string, options?: {
        timeoutMs?: number;
        signal?: AbortSignal;
        notified?: Promise<unknown>;
    }): Promise<Job>;
    /** The result of a succeeded job (streamed; read it once). A failed job throws its problem. */
    result(job: Job | string, call?: CallOptions): Promise<PdfResult>;
    /** Cancels a queued or running job (or deletes a finished one). */
    cancel(job: Job | string, call?: CallOptions): Promise<Job | undefined>;
    /** Submit, wait and fetch the result in one call. */
    runAsync(operation: string, files: Record<string, FileInput | FileInput[]>, options?: Record<string, unknown>, call?: Omit<CallOptions, 'async'> & {
        waitTimeoutMs?: number;
    }): Promise<PdfResult>;
    /** The account, plan and today's usage. */
    account(call?: CallOptions): Promise<Account>;
    /** The account's usage per UTC day and operation, the last `days` days (1..366, default 30). */
    usage(days?: number, call?: CallOptions): Promise<Usage>;
    /**
     * Mints a short-lived browser token from this client's key (server side): hand `token` to a
     * web page, which uses it as its client's `apiKey`. Not charged; see docs/api.md §2b.
     */
    createToken(options?: TokenOptions, call?: CallOptions): Promise<BrowserToken>;
    /** Any JSON route of the API (the admin client and createToken use it); throws PdfServiceError for any non-2xx answer. */
    request(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, json?: unknown, call?: CallOptions): Promise<Response>;
    /** One HTTP exchange with retries; throws PdfServiceError for any non-2xx answer. */
    private send;
    /** Node: node:http with a reused buffer (flat memory); elsewhere (or with a custom fetch) fetch with a Blob body of the same bytes. */
    private post;
    private problemOf;
}
/** Options of the admin client: the service and the admin token of ADMIN_TOKEN_FILE. */
export interface AdminClientOptions extends Omit<ClientOptions, 'apiKey'> {
    adminToken: string;
}
/**
 * The admin API (docs/api.md §2b): accounts, keys, rotation and usage reports, for operators.
 * Present only on a server started with ADMIN_TOKEN_FILE; keep the admin token off web pages.
 */
export declare class PdfAdminClient {
    private readonly http;
    constructor(options: AdminClientOptions);
    private json;
    createAccount(account: string, plan: 'free' | 'pro' | 'enterprise', call?: CallOptions): Promise<AdminAccount>;
    setPlan(account: string, plan: 'free' | 'pro' | 'enterprise', call?: CallOptions): Promise<AdminAccount>;
    listAccounts(call?: CallOptions): Promise<AdminAccount[]>;
    /** Usage per UTC day and operation, `from`..`to` (YYYY-MM-DD; default the last 30 days). */
    accountUsage(account: string, range?: {
        from?: string;
        to?: string;
    }, call?: CallOptions): Promise<Usage>;
    /** A new key (shown once in `key`), optionally limited to `scopes`, until `expiresAt`, named. */
    createKey(account: string, options?: {
        scopes?: string[];
        expiresAt?: string | Date;
        name?: string;
    }, call?: CallOptions): Promise<CreatedKey>;
    listKeys(account?: string, call?: CallOptions): Promise<KeyInfo[]>;
    /** Revokes a key (and its browser tokens) at once. */
    revokeKey(prefix: string, call?: CallOptions): Promise<void>;
    /** A new key replacing `prefix`; the old one keeps working for `graceSeconds` (default 3600). */
    rotateKey(prefix: string, graceSeconds?: number, call?: CallOptions): Promise<CreatedKey>;
}
