// Content-Disposition for a download name (docs/api.md §1): the cleaned name
// (core/names.ts), an ASCII fallback plus the RFC 5987 UTF-8 form. The name is
// at most NAME_MAX_BYTES (255) UTF-8 bytes, its extension kept, and never a
// Windows device name: a 3,000-character upload name once made a 6 KB header.
import { cleanUploadName, safeFileName } from '../core/names.js';

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="ascii"; filename*=UTF-8''pct` */
export function contentDisposition(filename: string): string {
  const clean = safeFileName(cleanUploadName(filename)) || 'download';
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
