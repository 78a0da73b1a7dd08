// The client: one multipart call per operation (typed methods are generated
// from the OpenAPI document), errors as PdfServiceError, retries with backoff
// that honour Retry-After, jobs, and the account.
import { errorFor, NetworkError } from './errors.js';
import { streamToFile, toBlob, zipEntries } from './files.js';
import { GeneratedOperations } from './generated/operations.js';
import { hasNodeHttp, postMultipart } from './node-transport.js';
import { RemoteFile } from './types.js';
/** A successful answer: the file (or JSON) with what the headers said. */
export class PdfResult {
    response;
    requestId;
    rateLimit;
    constructor(response, requestId, rateLimit) {
        this.response = response;
        this.requestId = requestId;
        this.rateLimit = rateLimit;
    }
    get contentType() {
        return this.response.headers.get('content-type') ?? '';
    }
    /** The name from Content-Disposition (UTF-8 form preferred). */
    get filename() {
        const header = this.response.headers.get('content-disposition') ?? '';
        const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
        if (utf8)
            return decodeURIComponent(utf8[1]);
        return /filename="([^"]*)"/i.exec(header)?.[1];
    }
    /** A response header (X-Image-Count, X-Compressed-Size, …). */
    header(name) {
        return this.response.headers.get(name);
    }
    async bytes() {
        return new Uint8Array(await this.response.arrayBuffer());
    }
    async text() {
        return this.response.text();
    }
    async json() {
        return (await this.response.json());
    }
    /** The body as a web stream (read it once). */
    stream() {
        if (!this.response.body)
            throw new TypeError('The answer has no body.');
        return this.response.body;
    }
    /** Streams the body to `path` (Node). */
    async save(path) {
        await streamToFile(this.stream(), path);
    }
    /** Iterates a ZIP answer entry by entry as it arrives. */
    entries() {
        return zipEntries(this.stream());
    }
}
function parseRateLimit(headers) {
    const policy = /q=(\d+)/.exec(headers.get('ratelimit-policy') ?? '');
    const current = /r=(\d+);t=(\d+)/.exec(headers.get('ratelimit') ?? '');
    if (!policy || !current)
        return undefined;
    return { limit: Number(policy[1]), remaining: Number(current[1]), reset: Number(current[2]) };
}
function retryAfterSeconds(headers) {
    const value = headers.get('retry-after');
    if (!value)
        return undefined;
    if (/^\d+$/.test(value))
        return Number(value);
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
const sleep = (ms, signal) => new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
    }, { once: true });
});
/** Answers that a retry may cure: overload, the account's concurrency limit, no answer at all. */
function retriable(error) {
    return error.code === 'server_busy' || error.code === 'concurrency_limit' || error instanceof NetworkError;
}
/** The client of the PDF service. Every operation is a method: `client.merge([a, b], { bookmarks: true })`. */
export class PdfClient extends GeneratedOperations {
    settings;
    baseUrl;
    fetchImpl;
    /** RateLimit fields of the last answer that had them. */
    lastRateLimit;
    /** X-Request-Id of the last answer. */
    lastRequestId;
    constructor(settings) {
        super();
        this.settings = settings;
        this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
        this.fetchImpl = settings.fetch ?? globalThis.fetch.bind(globalThis);
    }
    /** Runs any operation by name (the typed methods call this). With `{ async: true }` it resolves with the Job. */
    async call(call, options = {}) {
        const fields = [];
        for (const [name, value] of Object.entries(call.options)) {
            if (value === undefined || value === null)
                continue;
            if (Array.isArray(value))
                for (const v of value)
                    fields.push([name, String(v)]);
            else
                fields.push([name, typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value)]);
        }
        if (options.async)
            fields.push(['async', 'true']);
        if (options.callbackUrl)
            fields.push(['callback_url', options.callbackUrl]);
        if (options.resultUrl)
            fields.push(['result_url', options.resultUrl]);
        const files = { ...call.files, ...options.parts };
        const response = await this.send('POST', `/v1/pdf/${call.operation}`, () => this.multipart(files, fields), options, options.retry === true);
        if (options.async)
            return (await response.json());
        return new PdfResult(response, response.headers.get('x-request-id') ?? undefined, parseRateLimit(response.headers));
    }
    /** The parts of one upload: the fields first, then the files in order. */
    async multipart(files, fields) {
        const boundary = `pdfclient${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
        const parts = [];
        const quote = (value) => value.replace(/["\r\n\\]/g, (c) => encodeURIComponent(c));
        for (const [name, value] of fields) {
            parts.push({
                head: `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n`,
                blob: new Blob([value]),
            });
        }
        for (const [field, value] of Object.entries(files)) {
            if (value === undefined)
                continue;
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
    run(operation, files, options = {}, call = {}) {
        return this.call({ operation, files, options }, { ...call, async: false });
    }
    /** Submits an operation as an asynchronous job (202 + Job). */
    submit(operation, files, options = {}, call = {}) {
        return this.call({ operation, files, options }, { ...call, async: true });
    }
    /** The job now. */
    async job(job, call = {}) {
        const response = await this.send('GET', `/v1/jobs/${typeof job === 'string' ? job : job.id}`, undefined, call, true);
        return (await response.json());
    }
    /**
     * Waits until the job has ended, polling with backoff (200 ms doubling to 5 s),
     * or sooner when `notified` resolves (e.g. a webhook the caller received).
     */
    async wait(job, options = {}) {
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
    async result(job, call = {}) {
        const id = typeof job === 'string' ? job : job.id;
        if (typeof job !== 'string' && job.status === 'failed' && job.error)
            throw errorFor(job.error, undefined);
        const response = await this.send('GET', `/v1/jobs/${id}/result`, undefined, call, true);
        return new PdfResult(response, response.headers.get('x-request-id') ?? undefined, parseRateLimit(response.headers));
    }
    /** Cancels a queued or running job (or deletes a finished one). */
    async cancel(job, call = {}) {
        const response = await this.send('DELETE', `/v1/jobs/${typeof job === 'string' ? job : job.id}`, undefined, call, true);
        return response.status === 204 ? undefined : (await response.json());
    }
    /** Submit, wait and fetch the result in one call. */
    async runAsync(operation, files, options = {}, call = {}) {
        const job = await this.submit(operation, files, options, call);
        const done = await this.wait(job, { timeoutMs: call.waitTimeoutMs, signal: call.signal });
        if (done.status !== 'succeeded') {
            if (done.error)
                throw errorFor(done.error);
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
    async account(call = {}) {
        const response = await this.send('GET', '/v1/account', undefined, call, true);
        return (await response.json());
    }
    /** The account's usage per UTC day and operation, the last `days` days (1..366, default 30). */
    async usage(days = 30, call = {}) {
        const response = await this.send('GET', `/v1/account/usage?days=${encodeURIComponent(String(days))}`, undefined, call, true);
        return (await response.json());
    }
    /**
     * Mints a short-lived browser token from this client's key (server side): hand `token` to a
     * web page, which uses it as its client's `apiKey`. Not charged; see docs/api.md §2b.
     */
    async createToken(options = {}, call = {}) {
        const body = {
            ttl_seconds: options.ttlSeconds,
            scopes: options.scopes,
            max_uses: options.maxUses,
            origin: options.origin,
        };
        const response = await this.request('POST', '/v1/tokens', body, call);
        return (await response.json());
    }
    /** Any JSON route of the API (the admin client and createToken use it); throws PdfServiceError for any non-2xx answer. */
    async request(method, path, json, call = {}) {
        // Reads and deletes are idempotent; a POST or PATCH is sent once.
        return this.send(method, path, json === undefined ? undefined : { json }, call, method === 'GET' || method === 'DELETE');
    }
    /** One HTTP exchange with retries; throws PdfServiceError for any non-2xx answer. */
    async send(method, path, body, call, retry) {
        const attempts = retry ? (this.settings.retries ?? 3) + 1 : 1;
        let backoff = this.settings.backoffMs ?? 500;
        for (let attempt = 1;; attempt++) {
            const timeout = AbortSignal.timeout(call.timeoutMs ?? this.settings.timeoutMs ?? 300_000);
            const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
            const headers = { Authorization: `Bearer ${this.settings.apiKey}` };
            if (call.requestId)
                headers['X-Request-Id'] = call.requestId;
            if (call.idempotencyKey)
                headers['Idempotency-Key'] = call.idempotencyKey;
            let error;
            try {
                let response;
                if (typeof body === 'function')
                    response = await this.post(`${this.baseUrl}${path}`, headers, await body(), signal);
                else if (body)
                    response = await this.fetchImpl(`${this.baseUrl}${path}`, {
                        method,
                        headers: { ...headers, 'Content-Type': 'application/json' },
                        body: JSON.stringify(body.json),
                        signal,
                    });
                else
                    response = await this.fetchImpl(`${this.baseUrl}${path}`, { method, headers, signal });
                this.lastRequestId = response.headers.get('x-request-id') ?? undefined;
                this.lastRateLimit = parseRateLimit(response.headers) ?? this.lastRateLimit;
                if (response.ok)
                    return response;
                error = await this.problemOf(response);
            }
            catch (cause) {
                if (call.signal?.aborted)
                    throw cause;
                error = errorFor({
                    type: '',
                    title: 'Network error',
                    status: 0,
                    code: 'network_error',
                    detail: String(cause?.message ?? cause),
                    request_id: null,
                }, undefined, undefined, cause);
            }
            if (attempt >= attempts || !retriable(error))
                throw error;
            await sleep((error.retryAfter ?? backoff / 1000) * 1000, call.signal);
            backoff *= 2;
        }
    }
    /** Node: node:http with a reused buffer (flat memory); elsewhere (or with a custom fetch) fetch with a Blob body of the same bytes. */
    async post(url, headers, upload, signal) {
        if (hasNodeHttp && !this.settings.fetch)
            return postMultipart(url, headers, upload.parts, upload.boundary, signal);
        const pieces = [];
        for (const [i, part] of upload.parts.entries())
            pieces.push(i > 0 ? '\r\n' : '', part.head, part.blob);
        pieces.push(`\r\n--${upload.boundary}--\r\n`);
        const body = new Blob(pieces);
        return this.fetchImpl(url, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${upload.boundary}` },
            body,
            signal,
        });
    }
    async problemOf(response) {
        const requestId = response.headers.get('x-request-id') ?? undefined;
        const retryAfter = retryAfterSeconds(response.headers);
        let problem;
        try {
            problem = (await response.json());
        }
        catch {
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
/**
 * The admin API (docs/api.md §2b): accounts, keys, rotation and usage reports, for operators.
 * Present only on a server started with ADMIN_TOKEN_FILE; keep the admin token off web pages.
 */
export class PdfAdminClient {
    http;
    constructor(options) {
        const { adminToken, ...rest } = options;
        this.http = new PdfClient({ ...rest, apiKey: adminToken });
    }
    async json(method, path, body, call) {
        return (await (await this.http.request(method, path, body, call)).json());
    }
    createAccount(account, plan, call) {
        return this.json('POST', '/v1/admin/accounts', { account, plan }, call);
    }
    setPlan(account, plan, call) {
        return this.json('PATCH', `/v1/admin/accounts/${encodeURIComponent(account)}`, { plan }, call);
    }
    async listAccounts(call) {
        return (await this.json('GET', '/v1/admin/accounts', undefined, call)).accounts;
    }
    /** Usage per UTC day and operation, `from`..`to` (YYYY-MM-DD; default the last 30 days). */
    accountUsage(account, range = {}, call) {
        const query = new URLSearchParams(Object.entries(range).filter((e) => typeof e[1] === 'string')).toString();
        return this.json('GET', `/v1/admin/accounts/${encodeURIComponent(account)}/usage${query ? `?${query}` : ''}`, undefined, call);
    }
    /** A new key (shown once in `key`), optionally limited to `scopes`, until `expiresAt`, named. */
    createKey(account, options = {}, call) {
        const expiresAt = options.expiresAt instanceof Date ? options.expiresAt.toISOString() : options.expiresAt;
        return this.json('POST', '/v1/admin/keys', { account, scopes: options.scopes, expires_at: expiresAt, name: options.name }, call);
    }
    async listKeys(account, call) {
        return (await this.json('GET', `/v1/admin/keys${account ? `?account=${encodeURIComponent(account)}` : ''}`, undefined, call)).keys;
    }
    /** Revokes a key (and its browser tokens) at once. */
    async revokeKey(prefix, call) {
        await this.http.request('DELETE', `/v1/admin/keys/${encodeURIComponent(prefix)}`, undefined, call);
    }
    /** A new key replacing `prefix`; the old one keeps working for `graceSeconds` (default 3600). */
    rotateKey(prefix, graceSeconds, call) {
        return this.json('POST', `/v1/admin/keys/${encodeURIComponent(prefix)}/rotate`, { grace_seconds: graceSeconds }, call);
    }
}
