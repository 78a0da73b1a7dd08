// Jobs as the API shows them: ids and the job object of API.md §6. The queue
// itself — claims, leases, cancel, recovery — is in the store (src/store:
// one statement or transaction per decision, on SQLite or PostgreSQL). A worker
// claims a job atomically, holds it by a lease it renews, and a job whose lease
// ran out (its worker died) is queued again once, then failed.
import crypto from 'node:crypto';
import type { JobRow } from '../store/types.js';

export type { Finish, JobRow, JobStatus, NewJob, StoredInput } from '../store/types.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** "job_" + 22 base62 characters (~131 bits), unbiased. */
export function newJobId(): string {
  let out = '';
  while (out.length < 22) {
    for (const byte of crypto.randomBytes(32)) {
      if (byte < 248 && out.length < 22) out += BASE62[byte % 62];
    }
  }
  return `job_${out}`;
}

/** The job object of API.md §6. */
export function jobView(row: JobRow): Record<string, unknown> {
  return {
    id: row.id,
    operation: row.operation,
    status: row.status,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    result:
      row.status === 'succeeded' && row.result_filename
        ? {
            url: `/v1/jobs/${row.id}/result`,
            filename: row.result_filename,
            content_type: row.result_type,
            size: row.result_size,
            expires_at: row.expires_at,
            ...(row.result_delivered_to ? { url: null, delivered_to: row.result_delivered_to } : {}),
          }
        : null,
    error: row.error ? (JSON.parse(row.error) as Record<string, unknown>) : null,
    // Delivery to result_url (docs/api.md §6): null until the result is ready to go (and for jobs without one).
    delivery: row.delivery_status ? { status: row.delivery_status, attempts: row.delivery_attempts ?? 0 } : null,
  };
}
