// A job's result_url (docs/api.md §6, "Delivering the result"). Checked at
// submission like callback_url (scheme, address rules, length: 400 before any
// work). The worker stores the result sealed, as any job result, and hands the
// job to the delivery queue (jobs/delivery-queue.ts, the one the webhooks use):
// the PUT runs there, off the worker slots, so a receiver that fails or stalls
// holds no worker. Each attempt streams the stored result (Content-Type and
// Content-Length, nothing else of ours: an S3 presigned PUT URL works as it
// is), through the one address policy in the socket's own lookup; no redirects
// (a PUT body cannot be replayed safely). Network errors, 429 and 5xx are
// retried on the webhooks' schedule; a delivery that never succeeds fails the
// job with 502 upstream_failed, charged: the request chose the URL and the
// work was done.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { isAllowedAddress } from '../core/address-rules.js';
import { InvalidRequestError, ProcessingFailedError, type ProblemError, UpstreamFailedError } from '../core/errors.js';
import { ADDRESS_REFUSED, addressesOf, checkedLookup, hostOf, literalAllowed } from '../core/one-lookup.js';
import { openValue } from '../core/sealing.js';
import { requestsRefunded } from '../http/allowance.js';
import { problemBody } from '../http/problem.js';
import { checkRemoteUrl, fetchAllows, shownUrl } from '../http/remote-files.js';
import type { DeliveryEnd, DeliveryRow, JobRow, Store } from '../store/types.js';
import type { JobStorage } from './storage.js';
import { deliveryFor } from './webhooks.js';

/** One PUT may take this long at most (a large result over a slow link): FETCH_TIMEOUT, at least a minute. */
export function resultPutTimeoutMs(config: Pick<Config, 'FETCH_TIMEOUT'>): number {
  return Math.max(60_000, config.FETCH_TIMEOUT);
}

/**
 * Checks a result_url at submission (400 invalid_request, field result_url): an absolute https URL
 * of at most 4,096 characters (presigned URLs with session tokens pass 2,048), without credentials,
 * whose host resolves only to addresses the rules allow (plain http only to private or loopback
 * ones, with FETCH_ALLOW_PRIVATE). The connection checks again the address it dials.
 */
export async function validateResultUrl(raw: string, config: Config): Promise<string> {
  const url = checkRemoteUrl(raw, 'result_url', config);
  const bad = (why: string) => new InvalidRequestError(`result_url: ${why}`, 'result_url');
  let addresses: string[];
  try {
    addresses = await addressesOf(url);
  } catch {
    throw bad(`the host name "${hostOf(url)}" does not resolve.`);
  }
  if (addresses.some((address) => !isAllowedAddress(address, config.FETCH_ALLOW_PRIVATE)))
    throw bad(
      config.FETCH_ALLOW_PRIVATE
        ? 'resolves to a link-local, metadata, unspecified, multicast or reserved address; results are never sent there.'
        : 'resolves to a private, loopback, link-local or reserved address; results are only sent to public addresses.',
    );
  if (url.protocol === 'http:' && !addresses.every(fetchAllows(config, true, 'result')))
    throw bad('must be an https URL (plain http only to private or loopback addresses, with FETCH_ALLOW_PRIVATE).');
  return url.toString();
}

/** What one PUT came to. */
export interface PutAttempt {
  ok: boolean;
  retry: boolean;
  /** The receiver's HTTP status, null when none came. */
  status: number | null;
  error?: string;
  /** The failure was ours (the stored result could not be read), not the receiver's. */
  ours?: boolean;
}

/** One PUT of `body` (`size` bytes); never follows redirects; bounded by resultPutTimeoutMs. */
export function putResult(
  url: URL,
  body: Readable,
  size: number,
  contentType: string,
  config: Config,
  signal: AbortSignal,
): Promise<PutAttempt> {
  return new Promise((resolve) => {
    const allows = fetchAllows(config, url.protocol === 'http:', 'result');
    if (!literalAllowed(url, allows)) {
      body.destroy();
      return resolve({ ok: false, retry: false, status: null, error: 'the address is not allowed' });
    }
    let bodyFailed = false;
    const client = url.protocol === 'https:' ? https : http;
    const timeout = AbortSignal.timeout(resultPutTimeoutMs(config));
    const req = client.request(url, {
      method: 'PUT',
      headers: { 'content-type': contentType, 'content-length': String(size), 'user-agent': 'pdf-service-delivery/1' },
      lookup: checkedLookup(allows),
      agent: false,
      signal: AbortSignal.any([timeout, signal]),
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () =>
        resolve(
          status >= 200 && status < 300
            ? { ok: true, retry: false, status }
            : { ok: false, retry: status === 429 || status >= 500, status, error: `HTTP ${status}` },
        ),
      );
      res.on('error', () => resolve({ ok: false, retry: true, status, error: 'response aborted' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      body.destroy();
      if (bodyFailed)
        return resolve({
          ok: false,
          retry: true,
          status: null,
          ours: true,
          error: 'the stored result could not be read',
        });
      const forbidden = error.code === ADDRESS_REFUSED;
      resolve({
        ok: false,
        retry: !forbidden && !signal.aborted,
        status: null,
        error: forbidden
          ? 'the address is not allowed'
          : timeout.aborted
            ? 'timed out'
            : (error.code ?? 'network error'),
      });
    });
    body
      .on('error', (error) => {
        bodyFailed = true;
        req.destroy(error);
      })
      .pipe(req);
  });
}

/** One delivery attempt of a job's result, and what it needs to end the job. */
export interface ResultAttempt extends PutAttempt {
  /** The job as the attempt found it (absent when it no longer waits: canceled or ended). */
  job?: JobRow;
  url?: URL;
}

/** What a result delivery reads: the job, its sealed result_url and its stored result. */
export interface ResultSource {
  store: Pick<Store, 'getJob'>;
  storage: Pick<JobStorage, 'open'>;
  dataKey: Buffer;
  config: Config;
}

/** One attempt at delivering the result of `delivery`'s job: read from storage, PUT once. */
export async function deliverResultOnce(
  delivery: DeliveryRow,
  source: ResultSource,
  signal: AbortSignal,
): Promise<ResultAttempt> {
  const job = await source.store.getJob(delivery.job_id);
  if (job?.status !== 'running' || job.delivery_status !== 'pending')
    return { ok: false, retry: false, status: null, error: 'the job no longer waits for its delivery (canceled)' };
  const fields = JSON.parse(openValue(source.dataKey, job.fields, job.id).toString('utf8')) as Record<string, unknown>;
  const url = new URL(String(fields.result_url));
  if (!job.result_file)
    return { ok: false, retry: false, status: null, ours: true, error: 'the stored result is gone', job, url };
  let body: Readable;
  try {
    body = await source.storage.open('results', job.result_file);
  } catch {
    return { ok: false, retry: true, status: null, ours: true, error: 'the stored result could not be read', job, url };
  }
  const attempt = await putResult(
    url,
    body,
    job.result_size ?? 0,
    job.result_type ?? 'application/octet-stream',
    source.config,
    signal,
  );
  return { ...attempt, job, url };
}

/** How a job whose delivery ended (delivered, or failed for good) ends: its view, charge and webhook. */
export function resultDeliveryEnd(job: JobRow, attempt: ResultAttempt): DeliveryEnd {
  const shown = attempt.url ? shownUrl(attempt.url) : null;
  if (attempt.ok)
    return {
      finish: { status: 'succeeded', delivery_status: 'delivered', result_delivered_to: shown ?? undefined },
      effects: { refund: 0, delivery: (row) => deliveryFor(row) },
    };
  // Our storage failing is our fault (refunded); the receiver failing is the request's (charged, docs/api.md §3).
  const problem: ProblemError = attempt.ours
    ? new ProcessingFailedError('The result could not be read from storage to be delivered.')
    : new UpstreamFailedError('result_url', `the result could not be delivered (${attempt.error ?? 'no answer'}).`, {
        url: shown,
        upstream_status: attempt.status,
      });
  return {
    finish: {
      status: 'failed',
      delivery_status: 'failed',
      error: JSON.stringify(problemBody(problem, job.request_id ?? undefined)),
    },
    effects: { refund: requestsRefunded(problem, job.charge_count ?? 1), delivery: (row) => deliveryFor(row) },
  };
}
