// Column values of a job's end, shared by the SQLite and PostgreSQL stores:
// what a finish writes, what a handed-over result records, and how many
// requests an end gives back.
import type { EndEffects, Finish, JobRow } from './types.js';

/** Requests a job's end gives back (EndEffects.refund), never more than it was charged. */
export function refundCount(row: JobRow, effects: EndEffects): number {
  const charged = row.charge_count ?? 1;
  if (effects.refund === true) return charged;
  return Math.min(charged, Math.max(0, Math.floor(Number(effects.refund) || 0)));
}

/** The stored result's columns of a finish (the ones awaitDelivery records). */
export function resultValues(finish: Finish): Record<string, string | number | null> {
  const v = finishValues(finish);
  return {
    result_file: v.result_file,
    result_filename: v.result_filename,
    result_type: v.result_type,
    result_size: v.result_size,
    result_stored_bytes: v.result_stored_bytes,
    result_headers: v.result_headers,
    expires_at: v.expires_at,
  };
}

/** Every result column, null unless the finish sets it. */
export function finishValues(finish: Finish): Record<string, string | number | null> {
  return {
    result_file: null,
    result_filename: null,
    result_type: null,
    result_size: null,
    result_stored_bytes: null,
    result_headers: null,
    result_delivered_to: null,
    expires_at: null,
    error: null,
    ...finish,
  };
}
