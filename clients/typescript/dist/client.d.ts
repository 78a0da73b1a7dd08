import { type ZipEntry } from './files.js';
import { GeneratedOperations } from './generated/operations.js';
import type { Account, CallOptions, FileInput, Job, OperationCall, RateLimit } from './types.js';
export interface ClientOptions {
    /** e.g. http://127.0.0.1:8080 */
    baseUrl: string;
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
    /** One HTTP exchange with retries; throws PdfServiceError for any non-2xx answer. */
    private send;
    /** Node: node:http with a reused buffer (flat memory); elsewhere (or with a custom fetch) fetch with a Blob body of the same bytes. */
    private post;
    private problemOf;
}
