// One example call per operation, shared by the TypeScript and Python client
// suites: the input, the options, and a check of the output with independent
// tools. An operation the server offers without an example here fails the
// client suites (so a new operation cannot ship without client coverage).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { pageCountOf, qpdfCheck, textOf } from '../helpers/pdf.js';
import { corpus } from '../helpers/server.js';
import { OPERATIONS, type PdfClient, type PdfResult } from '../../clients/typescript/src/index.js';

export interface OperationExample {
  /** The positional input of the typed method (a path, or paths). */
  input: string | string[];
  options: Record<string, unknown>;
  check: (output: string, contentType: string) => void;
}

/** A self-signed signing certificate as PKCS#12 (password "client-test") made with openssl. */
export function signingCertificate(dir: string): string {
  const p12 = path.join(dir, 'signer.p12');
  if (fs.existsSync(p12)) return p12;
  const key = path.join(dir, 'signer.key');
  const cert = path.join(dir, 'signer.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=Client Test Signer',
      '-addext',
      'keyUsage=digitalSignature,nonRepudiation',
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'pass:client-test'],
    { stdio: 'ignore' },
  );
  return p12;
}

const isPdf = (file: string) => fs.readFileSync(file).subarray(0, 5).toString() === '%PDF-';

export function operationExamples(dir: string): Record<string, OperationExample> {
  return {
    merge: {
      input: [corpus('trivial.pdf'), corpus('trivial.pdf')],
      options: { bookmarks: true },
      check: (f) => expect(pageCountOf(f)).toBe(2),
    },
    split: {
      input: corpus('tracemonkey.pdf'),
      options: { mode: 'extract', pages: '1-2' },
      check: (f) => expect(pageCountOf(f)).toBe(2),
    },
    protect: {
      input: corpus('trivial.pdf'),
      options: { user_password: 'client-secret' },
      check: (f) => expect(pageCountOf(f, 'client-secret')).toBe(1),
    },
    unlock: {
      input: corpus('encrypted-aes256-user-view-owner-master.pdf'),
      options: { password: 'view' },
      check: (f) =>
        expect(execFileSync('qpdf', ['--show-encryption', f], { encoding: 'utf8' })).toContain('not encrypted'),
    },
    ocr: {
      input: corpus('linn.pdf'),
      options: { output: 'txt' },
      check: (f) => expect(fs.readFileSync(f, 'utf8').length).toBeGreaterThan(500),
    },
    'extract-text': {
      input: corpus('tracemonkey.pdf'),
      options: { pages: '1' },
      check: (f) => expect(fs.readFileSync(f, 'utf8')).toContain('Trace-based'),
    },
    watermark: {
      input: corpus('trivial.pdf'),
      options: { text: 'CLIENT', opacity: 0.5 },
      check: (f) => expect(textOf(f)).toContain('CLIENT'),
    },
    convert: {
      input: corpus('tracemonkey.pdf'),
      options: { to: 'txt' },
      check: (f) => expect(fs.readFileSync(f, 'utf8')).toContain('Trace-based'),
    },
    images: {
      input: [corpus('typewriter.png')],
      options: { page_size: 'a4' },
      check: (f) => expect(pageCountOf(f)).toBe(1),
    },
    compress: {
      input: corpus('tracemonkey.pdf'),
      options: { level: 'low' },
      check: (f) => expect(qpdfCheck(f)).toBe(true),
    },
    rotate: {
      input: corpus('trivial.pdf'),
      options: { angle: '90' },
      check: (f) => expect(execFileSync('pdfinfo', [f], { encoding: 'utf8' })).toMatch(/Page rot:\s+90/),
    },
    organize: {
      input: corpus('tracemonkey.pdf'),
      options: { order: '3,1' },
      check: (f) => expect(pageCountOf(f)).toBe(2),
    },
    'page-numbers': {
      input: corpus('tracemonkey.pdf'),
      options: { format: 'Page {n} of {total}' },
      check: (f) => expect(textOf(f)).toContain('Page 14 of 14'),
    },
    metadata: {
      input: corpus('tracemonkey.pdf'),
      options: {},
      check: (f, type) => expect(type.includes('json') ? JSON.parse(fs.readFileSync(f, 'utf8')).pages : 0).toBe(14),
    },
    repair: { input: corpus('tracemonkey.pdf'), options: {}, check: (f) => expect(qpdfCheck(f)).toBe(true) },
    flatten: {
      input: corpus('tracemonkey.pdf'),
      options: { what: 'all' },
      check: (f) => expect(pageCountOf(f)).toBe(14),
    },
    redact: {
      input: corpus('tracemonkey.pdf'),
      options: { terms: ['JavaScript'] },
      check: (f) => expect(textOf(f)).not.toMatch(/JavaScript/i),
    },
    sign: {
      input: corpus('trivial.pdf'),
      options: { certificate: signingCertificate(dir), certificate_password: 'client-test' },
      check: (f) => expect(isPdf(f)).toBe(true),
    },
    verify: {
      input: corpus('trivial.pdf'),
      options: {},
      check: (f) => expect(JSON.parse(fs.readFileSync(f, 'utf8')).signatures).toEqual([]),
    },
    compare: {
      input: [corpus('tracemonkey.pdf'), corpus('tracemonkey.pdf')],
      options: {},
      check: (f) => expect(JSON.parse(fs.readFileSync(f, 'utf8')).summary.words_inserted).toBe(0),
    },
    inspect: {
      input: corpus('tracemonkey.pdf'),
      options: {},
      check: (f) => expect(JSON.parse(fs.readFileSync(f, 'utf8')).page_count).toBe(14),
    },
    attachments: {
      input: corpus('tracemonkey.pdf'),
      options: { action: 'list' },
      check: (f) => expect(JSON.parse(fs.readFileSync(f, 'utf8')).attachments).toEqual([]),
    },
    sanitize: {
      input: corpus('tracemonkey.pdf'),
      options: { remove: 'javascript,actions' },
      check: (f) => expect(pageCountOf(f)).toBe(14),
    },
    linearize: {
      input: corpus('tracemonkey.pdf'),
      options: {},
      check: (f) =>
        expect(execFileSync('qpdf', ['--check-linearization', f], { encoding: 'utf8' })).toContain(
          'no linearization errors',
        ),
    },
    pipeline: {
      input: corpus('tracemonkey.pdf'),
      options: {
        steps: [
          { operation: 'rotate', options: { angle: '90' } },
          { operation: 'page-numbers', options: { format: 'Page {n} of {total}' } },
        ],
      },
      check: (f) => expect(textOf(f)).toContain('Page 14 of 14'),
    },
    forms: {
      input: corpus('trivial.pdf'),
      options: {},
      check: (f) => expect(JSON.parse(fs.readFileSync(f, 'utf8')).fields).toEqual([]),
    },
    bookmarks: {
      input: corpus('trivial.pdf'),
      options: { bookmarks: '[{"title":"Client bookmark","page":1}]' },
      check: (f) =>
        expect(execFileSync('qpdf', ['--json=2', '--json-key=outlines', f], { encoding: 'utf8' })).toContain(
          '"title": "Client bookmark"',
        ),
    },
    crop: {
      input: corpus('tracemonkey.pdf'),
      options: { auto: true, pages: '1' },
      check: (f) => expect(pageCountOf(f)).toBe(14),
    },
    resize: {
      input: corpus('trivial.pdf'),
      options: { paper: 'letter' },
      check: (f) => expect(execFileSync('pdfinfo', [f], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792/),
    },
    'n-up': {
      input: corpus('tracemonkey.pdf'),
      options: { per_sheet: '4' },
      check: (f) => expect(pageCountOf(f)).toBe(4),
    },
    booklet: { input: corpus('tracemonkey.pdf'), options: {}, check: (f) => expect(pageCountOf(f)).toBe(8) },
    overlay: {
      input: corpus('tracemonkey.pdf'),
      options: { overlay: corpus('trivial.pdf') },
      check: (f) => expect(pageCountOf(f)).toBe(14),
    },
    'remove-blank': { input: corpus('tracemonkey.pdf'), options: {}, check: (f) => expect(pageCountOf(f)).toBe(14) },
  };
}

/** Runs every operation of the TypeScript client once with its example, checking each result (`dir` holds inputs made on the way and the outputs). */
export async function runEveryOperation(client: PdfClient, dir: string): Promise<void> {
  const examples = operationExamples(dir);
  for (const name of Object.keys(OPERATIONS)) {
    const example = examples[name];
    expect(example, `no example for the operation "${name}"`).toBeDefined();
    const method = name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as keyof PdfClient;
    const result = await (client[method] as (input: unknown, options: unknown) => Promise<PdfResult>)(
      example!.input,
      example!.options,
    );
    const file = path.join(dir, `${name}.out`);
    await result.save(file);
    expect(result.requestId, name).toMatch(/\S/);
    example!.check(file, result.contentType);
  }
}
