// Names derived from the upload's name (API.md §1), shared by operations (output
// names), http/ (Content-Disposition) and jobs/ (result names): path parts,
// control characters and invisible formatting characters stripped; outputs
// named `<input-stem>-<n>.<ext>`, n zero-padded to the width of the count.

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

/** Request work directories are "pdf-req-<pid>-…" (made by http/upload.ts, swept after a crash by jobs/storage.ts). */
export const REQUEST_WORKDIR_PREFIX = 'pdf-req-';

/** `<stem>-<n>.<ext>` for n = 1..count, n zero-padded to the width of `count`. */
export function numberedNames(stem: string, count: number, ext: string): string[] {
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => `${stem}-${String(i + 1).padStart(width, '0')}.${ext}`);
}
