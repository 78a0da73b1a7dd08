// metadata: without fields, the document's metadata as JSON (Info dictionary
// first, XMP where Info is silent; pdfinfo for both, in parallel); with any
// of the six fields, a PDF whose Info dictionary and XMP packet both carry the
// new values (one qpdf --update-from-json pass; other XMP properties kept).
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidPdfError, ResourceLimitError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { pdfDateToIso, toPdfDate, toXmpDate, xmpDateToIso } from '../pdf/pdf-date.js';
import { pacer } from '../core/deadline.js';
import { FIELDS, readXmp, updateXmp, XmpError, XmpTooLargeError, type Field, type XmpFields } from '../pdf/xmp.js';
import { documentInfo, xmpPacket, type DocumentInfo } from '../tools/pdfinfo.js';
import { readJson, updateFromJson } from '../tools/qpdf.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';

export type MetadataOptions = Partial<Record<Field, string>> & { password?: string };

/** Largest XMP packet read or rewritten in-process. */
export const MAX_XMP_BYTES = 4 * 1024 * 1024;

/** pdfinfo's name for each Info field. */
const INFO_KEY: Record<Field, string> = {
  title: 'Title',
  author: 'Author',
  subject: 'Subject',
  keywords: 'Keywords',
  creator: 'Creator',
  producer: 'Producer',
};

/** The JSON answer of a read (API.md §5b). */
export interface MetadataReport extends Record<Field, string | null> {
  created: string | null;
  modified: string | null;
  pages: number;
  pdf_version: string | null;
  encrypted: boolean;
  pdfa: string | null;
}

/** The XMP packet of `file`, undefined when it has none; 422 past MAX_XMP_BYTES. */
export async function readPacket(run: RunContext, file: string): Promise<string | undefined> {
  const xml = await xmpPacket(run, file, MAX_XMP_BYTES);
  if (xml === undefined)
    throw new ResourceLimitError(
      `The XMP metadata packet is larger than ${MAX_XMP_BYTES / 1024 / 1024} MiB.`,
      'XMP packet size',
    );
  return xml.trim() === '' ? undefined : xml;
}

/** 422 resource_limit for a packet past the parse limits: refused, not read or rewritten without it (docs/operations/metadata.md). */
function tooLarge(error: XmpTooLargeError): ResourceLimitError {
  return new ResourceLimitError(
    `The XMP metadata packet has more than ${error.limit}; such a packet is neither read nor rewritten.`,
    'XMP packet elements',
  );
}

/** The fields of a packet (none for a packet that cannot be parsed). */
export async function parsedXmp(run: RunContext, xml: string | undefined): Promise<XmpFields> {
  if (xml === undefined) return { values: {} };
  try {
    return await readXmp(xml, pacer(run));
  } catch (error) {
    if (error instanceof XmpError) return { values: {} }; // a broken packet says nothing; Info still does
    if (error instanceof XmpTooLargeError) throw tooLarge(error);
    throw error;
  }
}

/** Combines pdfinfo's Info view and the XMP packet into the §5b report (exported for unit tests). */
export function metadataReport(info: DocumentInfo, xmp: XmpFields, pages: number, encrypted: boolean): MetadataReport {
  const report = {} as MetadataReport;
  for (const field of FIELDS) {
    const value = info[INFO_KEY[field]];
    report[field] = value !== undefined && value !== '' ? value : (xmp.values[field] ?? null);
  }
  report.created = pdfDateToIso(info.CreationDate) ?? xmpDateToIso(xmp.created);
  report.modified = pdfDateToIso(info.ModDate) ?? xmpDateToIso(xmp.modified);
  report.pages = pages;
  report.pdf_version = info['PDF version']?.trim() || null;
  report.encrypted = encrypted;
  report.pdfa = xmp.pdfa ?? null;
  return report;
}

async function readMetadata(run: RunContext, input: PdfInput): Promise<MetadataReport> {
  const file = await input.plain();
  const [info, xml] = await Promise.all([documentInfo(run, file), readPacket(run, file)]);
  // The input object knows (the file read here may be its decrypted copy).
  return metadataReport(info, await parsedXmp(run, xml), input.pages, input.encrypted);
}

/** The text of a qpdf JSON string value ("u:…" text, "b:…" hex bytes read as Latin-1), "" otherwise. */
function infoText(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return '';
}

/** The PDF with the Info dictionary and the XMP packet updated. */
async function writeMetadata(
  run: RunContext,
  input: PdfInput,
  changes: Partial<Record<Field, string>>,
): Promise<string> {
  const file = await input.plain();
  const [json, xml] = await Promise.all([readJson(run, file, ['qpdf'], ['trailer']), readPacket(run, file)]);
  const header = json.qpdf[0];
  const trailer = json.qpdf[1].trailer.value;
  const rootRef: string = trailer['/Root'];
  const infoRef: string | undefined = typeof trailer['/Info'] === 'string' ? trailer['/Info'] : undefined;
  const objects = (await readJson(run, file, ['qpdf'], [rootRef, ...(infoRef ? [infoRef] : [])])).qpdf[1];
  const root = objects[`obj:${rootRef}`]?.value;
  if (!root || typeof root !== 'object') throw new InvalidPdfError('The PDF has no document catalog.');
  const info: Record<string, unknown> = (infoRef && objects[`obj:${infoRef}`]?.value) || {};

  const now = new Date();
  const newInfo: Record<string, unknown> = { ...info };
  for (const field of FIELDS) {
    const value = changes[field];
    if (value === undefined) continue;
    const key = `/${INFO_KEY[field]}`;
    if (value === '') delete newInfo[key];
    else newInfo[key] = `u:${value}`; // "u:" = a Unicode text string in qpdf JSON
  }
  newInfo['/ModDate'] = `u:${toPdfDate(now)}`;

  // A new packet (none, or one that cannot be parsed and so not edited) gets every Info field, so the two agree.
  const everything = Object.fromEntries(FIELDS.map((f) => [f, changes[f] ?? infoText(info[`/${INFO_KEY[f]}`])]));
  let packet: string;
  try {
    packet =
      xml === undefined
        ? await updateXmp(undefined, everything, toXmpDate(now))
        : await updateXmp(xml, changes, toXmpDate(now), pacer(run));
  } catch (error) {
    if (error instanceof XmpTooLargeError) throw tooLarge(error);
    if (!(error instanceof XmpError)) throw error;
    packet = await updateXmp(undefined, everything, toXmpDate(now));
  }

  let next = header.maxobjectid + 1;
  const update: Record<string, unknown> = {};
  const newInfoRef = infoRef ?? `${next++} 0 R`;
  update[`obj:${newInfoRef}`] = { value: newInfo };
  const existingXmp = typeof root['/Metadata'] === 'string' ? (root['/Metadata'] as string) : undefined;
  const xmpRef = existingXmp ?? `${next++} 0 R`;
  update[`obj:${xmpRef}`] = {
    stream: {
      dict: { '/Type': '/Metadata', '/Subtype': '/XML' },
      data: Buffer.from(packet, 'utf8').toString('base64'),
    },
  };
  if (!existingXmp) update[`obj:${rootRef}`] = { value: { ...root, '/Metadata': xmpRef } };
  if (!infoRef) update.trailer = { value: { ...trailer, '/Info': newInfoRef } };
  const output = path.join(run.workdir, 'metadata.pdf');
  await updateFromJson(run, file, { qpdf: [header, update] }, output);
  return output;
}

export async function pdfMetadata({
  files,
  options,
  run,
  config,
}: OperationInput<MetadataOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const stem = stemOf(input.name);
  const changes = Object.fromEntries(
    FIELDS.filter((f) => options[f] !== undefined).map((f) => [f, options[f]!.normalize('NFC')]),
  );
  if (Object.keys(changes).length === 0) {
    const report = await readMetadata(run, input);
    const output = path.join(run.workdir, 'metadata.json');
    await fs.writeFile(output, JSON.stringify(report));
    return { type: 'file', path: output, contentType: 'application/json', filename: `${stem}-metadata.json` };
  }
  const output = await writeMetadata(run, input, changes);
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stem}-metadata.pdf` };
}
