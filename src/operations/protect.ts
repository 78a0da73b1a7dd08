// protect: AES-256 (default) or AES-128 encryption with a user and/or owner
// password and the seven permission flags. Without an owner password a random
// one is set, so the restrictions cannot be lifted by anyone.
import crypto from 'node:crypto';
import path from 'node:path';
import { stemOf } from '../core/names.js';
import { encrypt, type Permissions } from '../tools/qpdf.js';
import { PdfInput } from './pdf-input.js';
import type { OperationInput, OperationOutput } from '../core/contract.js';

export interface ProtectOptions {
  user_password?: string;
  owner_password?: string;
  encryption: 'aes-256' | 'aes-128';
  allow_print: boolean;
  allow_copy: boolean;
  allow_modify: boolean;
  allow_annotate: boolean;
  allow_fill_forms: boolean;
  allow_assemble: boolean;
  allow_accessibility: boolean;
  password?: string;
}

export async function protectPdf({
  files,
  options,
  run,
  config,
}: OperationInput<ProtectOptions>): Promise<OperationOutput> {
  const input = await PdfInput.open(run, files.file[0], { maxPages: config.MAX_PAGES, password: options.password });
  const permissions: Permissions = {
    print: options.allow_print,
    copy: options.allow_copy,
    modify: options.allow_modify,
    annotate: options.allow_annotate,
    fillForms: options.allow_fill_forms,
    assemble: options.allow_assemble,
    accessibility: options.allow_accessibility,
  };
  const output = path.join(run.workdir, 'protected.pdf');
  const settings = {
    userPassword: options.user_password ?? '',
    // Hex: 192 random bits that never start with "-" or "@" (base64url did, 1 time in 32).
    ownerPassword: options.owner_password ?? crypto.randomBytes(24).toString('hex'),
    bits: options.encryption === 'aes-128' ? 128 : 256,
    permissions,
  } as const;
  await input.withRetry((source) => encrypt(run, source.file, output, settings, source.password));
  // PDF 2.0 (and qpdf for R4/R6) always permits extraction for accessibility: say so rather than pretend.
  const headers: Record<string, string> = options.allow_accessibility
    ? {}
    : { 'X-Ignored-Options': 'allow_accessibility' };
  return {
    type: 'file',
    path: output,
    contentType: 'application/pdf',
    filename: `${stemOf(input.name)}-protected.pdf`,
    headers,
  };
}
