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

/** A stem of at most this many UTF-8 bytes leaves room for the suffixes names add ("-compressed", "-pages-001", ".docx") under NAME_MAX_BYTES. */
export const STEM_MAX_BYTES = 200;
/** A download name (Content-Disposition) or ZIP entry name has at most this many UTF-8 bytes: what file systems take (NAME_MAX). */
export const NAME_MAX_BYTES = 255;

/** `text` cut to at most `bytes` UTF-8 bytes, at a character boundary. */
export function capUtf8(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (used + size > bytes) break;
    out += char;
    used += size;
  }
  return out;
}

/**
 * Names Windows keeps for devices, with or without an extension ("CON", "nul.txt", "COM1.tar.gz",
 * "LPT¹"): a file saved under one opens the device instead. Windows also ignores trailing dots and
 * spaces, so "CON ." and "CON .txt" are the device too.
 */
const WINDOWS_DEVICE = /^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³]|CONIN\$|CONOUT\$)[ .]*(\.|$)/i;

/** `name` safe to save on Windows too: a device name gets a leading "_" ("CON.txt" → "_CON.txt"); trailing dots and spaces go. */
export function notWindowsDevice(name: string): string {
  const trimmed = name.replace(/[. ]+$/, '');
  return WINDOWS_DEVICE.test(trimmed) ? `_${trimmed}` : trimmed;
}

/** A file name to offer a client (Content-Disposition, ZIP entries): no Windows device name, at most NAME_MAX_BYTES, its extension kept when it is cut. */
export function safeFileName(name: string): string {
  const safe = notWindowsDevice(name);
  if (Buffer.byteLength(safe) <= NAME_MAX_BYTES) return safe;
  const ext = /\.[^.]{1,10}$/.exec(safe)?.[0] ?? '';
  return capUtf8(safe.slice(0, safe.length - ext.length), NAME_MAX_BYTES - Buffer.byteLength(ext)) + ext;
}

/** "report.pdf" → "report"; falls back to "document". At most STEM_MAX_BYTES, never a Windows device name. */
export function stemOf(name: string | undefined): string {
  const base = cleanUploadName(name);
  const stem = base.replace(/\.[^.]{1,10}$/, '');
  return notWindowsDevice(capUtf8(stem.replace(/^\.+/, ''), STEM_MAX_BYTES)) || 'document';
}

/** Request work directories are "pdf-req-<pid>-…" (made by http/upload.ts, swept after a crash by jobs/storage.ts). */
export const REQUEST_WORKDIR_PREFIX = 'pdf-req-';

/** `<stem>-<n>.<ext>` for n = 1..count, n zero-padded to the width of `count`. */
export function numberedNames(stem: string, count: number, ext: string): string[] {
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => `${stem}-${String(i + 1).padStart(width, '0')}.${ext}`);
}
