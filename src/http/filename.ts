// Content-Disposition for a download name (API.md §1): the cleaned name
// (core/names.ts), an ASCII fallback plus the RFC 5987 UTF-8 form.
import { cleanUploadName } from '../core/names.js';

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="ascii"; filename*=UTF-8''pct` */
export function contentDisposition(filename: string): string {
  const clean = cleanUploadName(filename) || 'download';
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
