// Download names derived from the upload's name (API.md §1): path parts,
// control characters and invisible formatting characters stripped; an ASCII
// fallback plus RFC 5987 UTF-8 form.

/**
 * Characters a name must not carry: controls (Cc), format characters (Cf: the
 * bidi overrides and isolates U+202A–U+202E and U+2066–U+2069 that make
 * "invoice\u202Efdp.exe" display as "invoiceexe.pdf", zero-width characters,
 * U+FEFF, soft hyphen, tag characters), line/paragraph separators, and lone
 * surrogates (which encodeURIComponent cannot encode).
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The upload's base name without directories, control or invisible formatting characters ("" if nothing is left). */
export function cleanUploadName(name: string | undefined): string {
  if (!name) return '';
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(HIDDEN_CHARACTERS, '').trim();
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
