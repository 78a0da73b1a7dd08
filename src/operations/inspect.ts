// inspect: a JSON report of the document's structure (API.md §5d), every
// field read from the file rather than from what a dictionary claims:
//   pages, fonts, text, images  MuPDF runs each page (tools/mutool-inspect.ts):
//                               what the content draws, not what /Resources list
//   page_count                  the page tree as walked (PdfInput)
//   forms, signatures, outline, names trees, actions, layers
//                               the same MuPDF pass walks the trees (visited sets, node caps)
//   metadata, pdf_version       pdfinfo and the XMP packet, as `metadata` reads them
//   encryption                  qpdf --show-encryption on the upload (the password proves it)
//   linearized                  a /Linearized dictionary at the head, confirmed by qpdf --check-linearization
// Tools run side by side; the slowest (MuPDF's page run) sets the time, so a
// long document's pages are run by two MuPDF processes, half each.
import fs from 'node:fs/promises';
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { documentInfo } from '../tools/pdfinfo.js';
import { inspectStructure, type DocumentStructure } from '../tools/mutool-inspect.js';
import { isValidlyLinearized, showEncryption, type EncryptionReport } from '../tools/qpdf.js';
import type { OperationInput, OperationOutput, RunContext } from '../core/contract.js';
import { metadataReport, parsedXmp, readPacket, type MetadataReport } from './metadata.js';
import { PdfInput } from './pdf-input.js';

export interface InspectOptions {
  password?: string;
}

/** Nodes walked per tree (fields, outline, names, fonts, actions) before the walk stops: far beyond any real document. */
export const MAX_TREE_NODES = 200_000;

/** API.md §5d `encryption`. */
export interface EncryptionSummary {
  method: 'AES-256' | 'AES-128' | 'RC4-128' | 'RC4-40';
  permissions: {
    print: boolean;
    print_high_quality: boolean;
    copy: boolean;
    modify: boolean;
    annotate: boolean;
    fill_forms: boolean;
    assemble: boolean;
    accessibility: boolean;
  };
}

/** The §5d encryption object from qpdf's report (exported for unit tests). R 3 and 4 with RC4 are reported as 128-bit, their usual key length. */
export function encryptionSummary(report: EncryptionReport): EncryptionSummary {
  const method =
    report.revision >= 5 || report.streamMethod === 'AESv3'
      ? 'AES-256'
      : report.streamMethod === 'AESv2'
        ? 'AES-128'
        : report.revision === 2
          ? 'RC4-40'
          : 'RC4-128';
  const p = (name: string) => report.permissions[name] ?? true;
  return {
    method,
    permissions: {
      print: p('print low resolution'),
      print_high_quality: p('print high resolution'),
      copy: p('extract for any purpose'),
      modify: p('modify other'),
      annotate: p('modify annotations'),
      fill_forms: p('modify forms'),
      assemble: p('modify document assembly'),
      accessibility: p('extract for accessibility'),
    },
  };
}

/** The PDF/UA claim of an XMP packet (pdfuaid:part, as element or attribute). */
export function claimsPdfUa(xml: string | undefined): boolean {
  return xml !== undefined && /pdfuaid:part\s*(=\s*["']\s*\d|>\s*\d)/.test(xml);
}

/** Whether the first kilobyte holds a linearization dictionary (it must be the first object). */
async function claimsLinearization(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).toString('latin1').includes('/Linearized');
  } finally {
    await handle.close();
  }
}

/** The §5d report. */
export interface InspectReport {
  pdf_version: string | null;
  file_size: number;
  page_count: number;
  pages: DocumentStructure['pages'];
  encryption: EncryptionSummary | null;
  metadata: MetadataReport;
  linearized: boolean;
  tagged: boolean;
  pdfa: string | null;
  pdfua: boolean;
  forms: DocumentStructure['forms'];
  signatures: number;
  attachments: number;
  attachment_annotations: number;
  javascript: boolean;
  outline_entries: number;
  layers: number;
  fonts: DocumentStructure['fonts'];
}

async function linearized(run: RunContext, input: PdfInput): Promise<boolean> {
  return (await claimsLinearization(input.path)) && isValidlyLinearized(run, input.path, input.password);
}

export async function inspectPdf({
  files,
  options,
  run,
  config,
}: OperationInput<InspectOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const [read, encryption, isLinearized] = await Promise.all([
    input.withPlainRetry((file) =>
      Promise.all([
        inspectStructure(run, file, MAX_TREE_NODES, input.pages),
        documentInfo(run, file),
        readPacket(run, file),
      ]),
    ),
    input.encrypted ? showEncryption(run, input.path, input.password) : Promise.resolve(undefined),
    linearized(run, input),
  ]);
  const [structure, info, xml] = read;
  const metadata = metadataReport(info, await parsedXmp(run, xml), input.pages, input.encrypted);
  const report: InspectReport = {
    pdf_version: metadata.pdf_version,
    file_size: input.size,
    page_count: input.pages,
    pages: structure.pages,
    encryption: encryption ? encryptionSummary(encryption) : null,
    metadata,
    linearized: isLinearized,
    tagged: structure.tagged,
    pdfa: metadata.pdfa,
    pdfua: claimsPdfUa(xml),
    forms: structure.forms,
    signatures: structure.signatures,
    attachments: structure.attachments,
    attachment_annotations: structure.attachment_annotations,
    javascript: structure.javascript,
    outline_entries: structure.outline_entries,
    layers: structure.layers,
    fonts: structure.fonts,
  };
  const output = path.join(run.workdir, 'inspect.json');
  await fs.writeFile(output, JSON.stringify(report));
  const headers: Record<string, string> =
    structure.truncated.length > 0 ? { 'X-Inspect-Truncated': [...new Set(structure.truncated)].join(',') } : {};
  return {
    type: 'file',
    path: output,
    contentType: 'application/json',
    filename: `${stemOf(input.name)}-inspect.json`,
    headers,
  };
}
