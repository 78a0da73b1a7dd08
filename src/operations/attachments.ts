// attachments: the document-level embedded files (the /EmbeddedFiles names
// tree) listed, extracted, added or removed by pikepdf
// (tools/pikepdf-structure.ts). Extracted names are made safe here (no
// directories, no control or invisible characters, no "..", unique in the
// ZIP); their types are sniffed from the bytes written. Every extracted file
// is decoded in bounded steps and stopped past MAX_FILE_SIZE; more than
// MAX_OUTPUT_FILES files are refused before any is written; the files together
// stop past MAX_OUTPUT_SIZE (each under MAX_FILE_SIZE, 10,000 of them would
// otherwise be up to 1 TB of disk).
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError, ResourceLimitError } from '../core/errors.js';
import { cleanUploadName, notWindowsDevice, stemOf } from '../core/names.js';
import { MEDIA_TYPES, SNIFF_BYTES, sniffBuffer } from '../files/sniff.js';
import { addAttachments, extractAttachments, listAttachments, removeAttachments } from '../tools/pikepdf-structure.js';
import type { OperationInput, OperationOutput, ZipEntry } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

export interface AttachmentsOptions {
  action: 'list' | 'extract' | 'add' | 'remove';
  names: string[];
  description?: string;
  password?: string;
}

/** Characters some file systems refuse or shells treat specially. */
const UNSAFE = /[<>:"|?*\\/]/g;

/**
 * A name safe to write anywhere: the last path part, without hidden or
 * reserved characters, no leading dots, at most 200 characters, never a
 * Windows device name ("CON.txt" → "_CON.txt"); `fallback` when nothing is
 * left (exported for unit tests).
 */
export function safeAttachmentName(name: string, fallback: string): string {
  const cleaned = cleanUploadName(name).replace(UNSAFE, '_').replace(/^\.+/, '').trim();
  return notWindowsDevice(cleaned.slice(0, 200)) || fallback;
}

/** Makes each name unique ("a.txt", "a-2.txt", …) in order. */
export function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

async function sniffedType(file: string): Promise<string> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const kind = sniffBuffer(head.subarray(0, bytesRead));
    return kind === 'unknown' && bytesRead === 0 ? 'application/octet-stream' : MEDIA_TYPES[kind];
  } finally {
    await handle.close();
  }
}

function unknownNames(names: string[]): InvalidRequestError {
  return new InvalidRequestError(
    `names: the document has no attachment named ${names.map((n) => JSON.stringify(n)).join(', ')}.`,
    'names',
  );
}

export async function pdfAttachments({
  files,
  options,
  run,
  config,
}: OperationInput<AttachmentsOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const stem = stemOf(input.name);
  if (options.action === 'list') {
    const attachments = await input.withPlainRetry((file) => listAttachments(run, file, config.MAX_FILE_SIZE));
    const output = path.join(run.workdir, 'attachments.json');
    await fs.writeFile(output, JSON.stringify({ attachments }));
    return { type: 'file', path: output, contentType: 'application/json', filename: `${stem}-attachments.json` };
  }
  if (options.action === 'extract') {
    const outDir = path.join(run.workdir, 'attachments');
    const result = await input.withPlainRetry((file) =>
      extractAttachments(
        run,
        file,
        outDir,
        options.names,
        config.MAX_FILE_SIZE,
        config.MAX_OUTPUT_FILES,
        config.MAX_OUTPUT_SIZE,
      ),
    );
    if ('error' in result) {
      if (result.error === 'unknown') throw unknownNames(result.names);
      if (result.error === 'too_many')
        throw new ResourceLimitError(
          `The document has ${result.count} attachments; at most ${config.MAX_OUTPUT_FILES} files are returned (MAX_OUTPUT_FILES).`,
          'MAX_OUTPUT_FILES',
        );
      if (result.error === 'too_large_total') {
        throw new ResourceLimitError(
          `The attachments decode to more than ${config.MAX_OUTPUT_SIZE} bytes in all (past it at ${JSON.stringify(result.name)}; MAX_OUTPUT_SIZE).`,
          'MAX_OUTPUT_SIZE',
        );
      }
      throw new ResourceLimitError(
        `The attachment ${JSON.stringify(result.name)} is larger than ${config.MAX_FILE_SIZE} bytes once decoded (MAX_FILE_SIZE).`,
        'MAX_FILE_SIZE',
      );
    }
    const names = uniqueNames(result.files.map((f, i) => safeAttachmentName(f.name, `attachment-${i + 1}`)));
    if (options.names.length === 1 && result.files.length === 1) {
      const only = result.files[0];
      return { type: 'file', path: only.path, contentType: await sniffedType(only.path), filename: names[0] };
    }
    const entries: ZipEntry[] = result.files.map((f, i) => ({ path: f.path, name: names[i] }));
    return {
      type: 'zip',
      entries,
      filename: `${stem}-attachments.zip`,
      headers: { 'X-Attachment-Count': String(entries.length) },
    };
  }
  const output = path.join(run.workdir, `${options.action}.pdf`);
  if (options.action === 'add') {
    const uploads = files.attachments ?? [];
    const names = uniqueNames(uploads.map((f, i) => safeAttachmentName(f.name, `attachment-${i + 1}`)));
    const spec = uploads.map((f, i) => ({
      name: names[i],
      path: f.path,
      mime: MEDIA_TYPES[f.kind],
      description: options.description ?? '',
    }));
    await input.withPlainRetry((file) => addAttachments(run, file, output, spec));
    return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}-attachments.pdf` };
  }
  const result = await input.withPlainRetry((file) => removeAttachments(run, file, output, options.names));
  if ('error' in result) throw unknownNames(result.names);
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stem}-attachments.pdf`,
    headers: { 'X-Removed-Attachments': String(result.removed) },
  };
}
