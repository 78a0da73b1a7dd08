// Input type from the first bytes of the file, never from its name
// (DEVELOPERS.md, safety rule 4). Magic numbers of a fixed list of kinds over
// bytes already in memory (at most the first 64 KiB); not yet measured against
// a library such as file-type.
import type { FileKind } from '../core/contract.js';

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'tiff', 'gif', 'bmp', 'webp', 'jp2'];
export const OFFICE_KINDS: readonly FileKind[] = ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'ole', 'rtf', 'txt'];

export const MEDIA_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  jp2: 'image/jp2',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ole: 'application/x-ole-storage',
  rtf: 'application/rtf',
  html: 'text/html',
  txt: 'text/plain',
  zip: 'application/zip',
  pkcs12: 'application/x-pkcs12',
  unknown: 'application/octet-stream',
};

/** Bytes of a file's start that classify it. */
export const SNIFF_BYTES = 64 * 1024;

function startsWith(buf: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((b, i) => buf[offset + i] === b);
}

function zipKind(head: Buffer): FileKind {
  // OpenDocument: first entry "mimetype", stored, its content right after the name.
  const text = head.toString('latin1');
  if (text.startsWith('mimetype', 30)) {
    if (text.includes('application/vnd.oasis.opendocument.text', 38)) return 'odt';
    if (text.includes('application/vnd.oasis.opendocument.spreadsheet', 38)) return 'ods';
    if (text.includes('application/vnd.oasis.opendocument.presentation', 38)) return 'odp';
  }
  // OOXML: part names appear in the local file headers near the start.
  if (/\bword\/[\w.]+\.xml/.test(text)) return 'docx';
  if (/\bxl\/[\w.]+\.xml/.test(text)) return 'xlsx';
  if (/\bppt\/[\w.]+\.xml/.test(text)) return 'pptx';
  return 'zip';
}

function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  if (head.includes(0)) return false;
  // Valid UTF-8; `stream` lets a character cut at the end of the sniffed bytes pass.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * PKCS#12 (RFC 7292) in DER or BER: PFX ::= SEQUENCE { version INTEGER (3), … }.
 * The outer SEQUENCE tag, a definite (short or long form) or indefinite length,
 * then exactly INTEGER 3 — a prefix no other accepted kind can start with.
 */
function isPkcs12(head: Buffer): boolean {
  if (head[0] !== 0x30 || head.length < 8) return false;
  const first = head[1];
  let offset: number;
  if (first < 0x80 || first === 0x80) offset = 2;
  else if (first >= 0x81 && first <= 0x84) offset = 2 + (first - 0x80);
  else return false;
  return startsWith(head, [0x02, 0x01, 0x03], offset);
}

/** Classifies a buffer holding the start of a file. */
export function sniffBuffer(head: Buffer): FileKind {
  // PDF: "%PDF-" may follow junk (some generators prepend bytes); readers accept 1 KiB.
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (head.toString('latin1', 0, 6) === 'GIF87a' || head.toString('latin1', 0, 6) === 'GIF89a') return 'gif';
  if (head.toString('latin1', 0, 2) === 'BM' && head.length > 26) return 'bmp';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (startsWith(head, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20])) return 'jp2';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return zipKind(head);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (head.toString('latin1', 0, 5) === '{\\rtf') return 'rtf';
  if (isPkcs12(head)) return 'pkcs12';
  if (looksLikeText(head)) {
    const start = head
      .toString('utf8', 0, 512)
      .replace(/^\uFEFF/, '')
      .trimStart()
      .toLowerCase();
    if (start.startsWith('<!doctype html') || start.startsWith('<html')) return 'html';
    return 'txt';
  }
  return 'unknown';
}
