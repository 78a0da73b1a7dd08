// sign: a PAdES baseline B-B signature (ETSI.CAdES.detached) appended as an
// incremental update, so the original bytes — and any signature already on
// them — stay intact. The PKCS#12 is opened by openssl (password on stdin);
// the CMS is built in-process (pdf/cades.ts) over the SHA-256 of the byte
// ranges, streamed from disk. An encrypted input is decrypted first (with
// `password`): the signed output is not encrypted, and signatures it carried
// do not survive that rewrite (documented on the route).
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { InvalidRequestError, ProcessingFailedError, UpstreamFailedError } from '../core/errors.js';
import { stemOf } from '../core/names.js';
import { cadesDetachedSignature, signingIdentity, type SigningIdentity } from '../pdf/cades.js';
import { isXrefStream, prepareSignatureUpdate, type QpdfStructure, type UpdateBase } from '../pdf/signature-update.js';
import { readSignTargets, type SignTargets } from '../tools/mutool-structure.js';
import { decrypt } from '../tools/qpdf.js';
import type { RunContext, OperationInput, OperationOutput } from '../core/contract.js';
import { PdfInput } from './pdf-input.js';
import { signingCertificate } from './sign-certificate.js';
import {
  TIMESTAMP_TOKEN_RESERVE,
  fetchTimestamp,
  mergeValidationData,
  validationDataFor,
  type SignatureLevel,
} from './sign-ltv.js';
import { dssUpdate } from '../pdf/dss.js';
import { readExistingDss } from './existing-dss.js';
import type { TimestampToken } from '../pdf/timestamp.js';
import { sameCertificate } from '../pdf/revocation.js';
import type { Config } from '../config.js';

export interface SignOptions {
  certificate_password?: string;
  reason?: string;
  location?: string;
  contact?: string;
  visible: boolean;
  page?: number;
  rect?: { x: number; y: number; w: number; h: number };
  password?: string;
  /** PAdES baseline level (docs/operations/sign.md). */
  level: SignatureLevel;
  /** RFC 3161 TSA (else SIGN_TSA_URL); the route requires one of them from b-t up. */
  timestamp_url?: string;
}

/** Where the file's last cross-reference section starts and what kind it is; undefined when the tail is not usable for an append. */
async function lastXref(
  file: string,
): Promise<{ offset: number; stream: boolean; size: number; endsWithNewline: boolean } | undefined> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 2048);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail.toString('latin1'));
    if (!match) return undefined;
    const offset = Number(match[1]);
    if (offset <= 0 || offset >= size) return undefined;
    const head = Buffer.alloc(32);
    await handle.read(head, 0, 32, offset);
    const text = head.toString('latin1');
    if (!text.startsWith('xref') && !/^\d+\s+\d+\s+obj/.test(text)) return undefined;
    return {
      offset,
      stream: isXrefStream(head),
      size,
      endsWithNewline: tail[tail.length - 1] === 0x0a || tail[tail.length - 1] === 0x0d,
    };
  } finally {
    await handle.close();
  }
}

/** Where the widget goes: the visible signature's page, else page 1. */
function targetPage(options: SignOptions): number {
  return options.visible ? (options.page ?? 1) : 1;
}

function toStructure(targets: SignTargets): QpdfStructure {
  if (targets.pageRef === null)
    throw new InvalidRequestError(
      `page: the document has ${targets.pageCount} page${targets.pageCount === 1 ? '' : 's'}.`,
      'page',
    );
  return {
    objects: targets.objects,
    pageCount: targets.pageCount,
    pageRef: targets.pageRef,
    nextObjectId: targets.xrefSize,
  };
}

/** A file MuPDF read without repair, with a usable tail; else a fresh qpdf rewrite of it (its earlier revisions are then gone). */
async function appendable(run: RunContext, file: string, page: number, first: Promise<SignTargets>) {
  // MuPDF failing where qpdf (openPdf) succeeded means damage qpdf tolerates: rewrite, as for a repair.
  const [targets, xref] = await Promise.all([first.catch(() => undefined), lastXref(file)]);
  if (targets && !targets.repaired && xref) return { file, structure: toStructure(targets), xref };
  const rewritten = path.join(run.workdir, 'rewritten.pdf');
  await decrypt(run, file, rewritten);
  const [again, xref2] = await Promise.all([readSignTargets(run, rewritten, page), lastXref(rewritten)]);
  if (!xref2 || again.repaired)
    throw new ProcessingFailedError(
      'Preparing the file for signing failed.',
      new Error('no usable startxref after a qpdf rewrite'),
    );
  return { file: rewritten, structure: toStructure(again), xref: xref2 };
}

/** SHA-256 of the file's bytes outside /Contents: the original from disk, then the update. */
async function rangesDigest(original: string, update: Buffer, cut: [number, number]): Promise<Buffer> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(original)) hash.update(chunk as Buffer);
  hash.update(update.subarray(0, cut[0]));
  hash.update(update.subarray(cut[1]));
  return hash.digest();
}

/**
 * Marks the upstream failure of a party the server chose (SIGN_TSA_URL when the request named no
 * timestamp_url, the default certificate's OCSP/CRL addresses) as the server's fault, refunded
 * (docs/api.md §3); a party the request chose stays charged.
 */
function chosenBy<T>(server: boolean, work: Promise<T>): Promise<T> {
  if (!server) return work;
  return work.catch((error: unknown) => {
    if (error instanceof UpstreamFailedError) error.serverChosen = true;
    throw error;
  });
}

export async function signPdf({ files, options, run, config }: OperationInput<SignOptions>): Promise<OperationOutput> {
  const upload = files.file[0];
  const identityPromise: Promise<SigningIdentity> = signingCertificate(
    run,
    config,
    files.certificate?.[0],
    options.certificate_password,
  ).then((c) => signingIdentity(c.keys, c.certificates));
  // Read the structure alongside the open: the common case (not encrypted) needs no second pass.
  const page = targetPage(options);
  const firstRead = readSignTargets(run, upload.path, page);
  // All three settle before anything is decided, so no child outlives the call.
  const opening = PdfInput.open(run, upload, { maxPages: config.MAX_PAGES, password: options.password }).then(
    async (pdf) => ({ pdf, plain: await pdf.plain() }),
  );
  const [openedResult, identityResult, firstResult] = await Promise.allSettled([opening, identityPromise, firstRead]);
  if (openedResult.status === 'rejected') throw openedResult.reason;
  if (identityResult.status === 'rejected') throw identityResult.reason;
  const { pdf, plain } = openedResult.value;
  const identity = identityResult.value;
  // The first read was of the upload: an encrypted one is read again from its decrypted copy.
  const structureRead = pdf.encrypted
    ? readSignTargets(run, plain, page)
    : firstResult.status === 'fulfilled'
      ? Promise.resolve(firstResult.value)
      : Promise.reject(firstResult.reason);
  const source = await appendable(run, plain, page, structureRead);

  const prepared = prepareSignatureUpdate(
    source.structure,
    source.xref.size,
    source.xref.endsWithNewline,
    source.xref.stream,
    source.xref.offset,
    {
      signerName: identity.signerName,
      signingTime: new Date(),
      reason: options.reason,
      location: options.location,
      contact: options.contact,
      visible: options.visible ? { page: options.page ?? 1, rect: options.rect! } : undefined,
      contentsBytes: identity.maxSignatureBytes + (options.level === 'b-b' ? 0 : TIMESTAMP_TOKEN_RESERVE),
    },
  );
  const localStart = prepared.contentsStart - source.xref.size;
  const localEnd = prepared.contentsEnd - source.xref.size;
  const digest = await rangesDigest(source.file, prepared.update, [localStart, localEnd]);
  const level = options.level;
  const tsaUrl = options.timestamp_url ?? config.SIGN_TSA_URL;
  const ourTsa = options.timestamp_url === undefined;
  // The signer's status is fetched while the signature and its time-stamp are made: it does not depend on them.
  const signerData =
    level === 'b-lt' || level === 'b-lta'
      ? chosenBy(
          files.certificate?.[0] === undefined,
          validationDataFor(config, identity.certificate, identity.chain, 'signer'),
        )
      : undefined;
  signerData?.catch(() => undefined); // awaited below on every path; this only keeps an early failure from being "unhandled"
  let token: TimestampToken | undefined;
  let signature: Buffer;
  try {
    signature = await cadesDetachedSignature(
      identity,
      digest,
      level === 'b-b'
        ? undefined
        : async (signatureDigest) => {
            token = await chosenBy(ourTsa, fetchTimestamp(config, tsaUrl!, signatureDigest));
            return token.der;
          },
    );
  } catch (error) {
    await signerData?.catch(() => undefined);
    throw error;
  }
  if (signature.length > identity.maxSignatureBytes) {
    throw new ProcessingFailedError(
      'Signing failed.',
      new Error(`CMS of ${signature.length} bytes over the ${identity.maxSignatureBytes} reserved`),
    );
  }
  prepared.update.write(signature.toString('hex').toUpperCase(), localStart + 1, 'latin1');

  const output = path.join(run.workdir, 'signed.pdf');
  await fsp.copyFile(source.file, output);
  await fsp.appendFile(output, prepared.update);
  if (signerData && token) {
    const tsaData = chosenBy(ourTsa, validationDataFor(config, token.signer, token.certificates, 'tsa'));
    const [signerResult, tsaResult] = await Promise.allSettled([signerData, tsaData]);
    if (signerResult.status === 'rejected') throw signerResult.reason;
    if (tsaResult.status === 'rejected') throw tsaResult.reason;
    const contents = prepared.update.subarray(localStart + 1, localEnd - 1);
    // A DSS from earlier signatures is extended, not replaced: their validation data stays.
    const dssValue = prepared.after.root['/DSS'];
    const existing = dssValue === undefined ? undefined : await readExistingDss(run, output, dssValue);
    await fsp.appendFile(
      output,
      dssUpdate(
        prepared.after,
        mergeValidationData(signerResult.value, tsaResult.value),
        Buffer.from(contents.toString('latin1'), 'hex'),
        existing,
      ),
    );
  }
  if (level === 'b-lta') {
    const documentTimestamp = await chosenBy(ourTsa, appendDocumentTimestamp(run, config, output, tsaUrl!));
    // The DSS above holds the chain and status of the TSA that stamped the signature. A document time-stamp
    // signed by another TSA certificate (a TSA rotating keys, or several behind one address) gets its own,
    // in a DSS update after it, so a verifier has it offline too (docs/operations/sign-verify.md).
    if (token && !sameCertificate(documentTimestamp.token.signer, token.signer)) {
      const data = await chosenBy(
        ourTsa,
        validationDataFor(config, documentTimestamp.token.signer, documentTimestamp.token.certificates, 'tsa'),
      );
      const existing = await readExistingDss(run, output, documentTimestamp.after.root['/DSS']);
      await fsp.appendFile(output, dssUpdate(documentTimestamp.after, data, documentTimestamp.contents, existing));
    }
  }
  return { type: 'file', path: output, contentType: 'application/pdf', filename: `${stemOf(pdf.name)}-signed.pdf` };
}

/**
 * PAdES B-LTA: a document time-stamp (/Type /DocTimeStamp, /SubFilter
 * /ETSI.RFC3161) over the whole file as it now is, DSS included, appended as
 * one more incremental update. The file is read again by MuPDF: the update
 * needs the catalog and page as the previous updates left them.
 */
async function appendDocumentTimestamp(
  run: RunContext,
  config: Config,
  file: string,
  tsaUrl: string,
): Promise<{ token: TimestampToken; after: UpdateBase; contents: Buffer }> {
  const [targets, xref] = await Promise.all([readSignTargets(run, file, 1), lastXref(file)]);
  if (!xref || targets.repaired)
    throw new ProcessingFailedError(
      'Time-stamping the document failed.',
      new Error('the file just written has no usable startxref'),
    );
  const prepared = prepareSignatureUpdate(
    toStructure(targets),
    xref.size,
    xref.endsWithNewline,
    xref.stream,
    xref.offset,
    {
      signerName: '',
      signingTime: new Date(),
      contentsBytes: TIMESTAMP_TOKEN_RESERVE,
      documentTimestamp: true,
    },
  );
  const localStart = prepared.contentsStart - xref.size;
  const localEnd = prepared.contentsEnd - xref.size;
  const token = await fetchTimestamp(config, tsaUrl, await rangesDigest(file, prepared.update, [localStart, localEnd]));
  prepared.update.write(token.der.toString('hex').toUpperCase(), localStart + 1, 'latin1');
  await fsp.appendFile(file, prepared.update);
  const contents = Buffer.from(prepared.update.subarray(localStart + 1, localEnd - 1).toString('latin1'), 'hex');
  return { token, after: prepared.after, contents };
}
