// Download names derived from the upload's name (API.md §1): path parts and
// control characters stripped; an ASCII fallback plus RFC 5987 UTF-8 form.

/** The upload's base name without directories or control characters ("" if nothing is left). */
export function cleanUploadName(name: string | undefined): string {
  if (!name) return '';
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
}

/** "report.pdf" → "report"; falls back to "document". */
export function stemOf(name: string | undefined): string {
  const base = cleanUploadName(name);
  const stem = base.replace(/\.[^.]{1,10}$/, '');
  return stem.replace(/^\.+/, '') || 'document';
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="ascii"; filename*=UTF-8''pct` */
export function contentDisposition(filename: string): string {
  const clean = cleanUploadName(filename) || 'download';
  const ascii = clean.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
