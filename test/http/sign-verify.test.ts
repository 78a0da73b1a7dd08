import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeRuns } from '../../src/tools/run.js';
import { appendInfoRevision } from '../helpers/incremental.js';
import { waitForJob } from '../helpers/jobs.js';
import { makePdf, textAt } from '../helpers/make-fixtures.js';
import { problemOf } from '../helpers/problem.js';
import { cli, startServeProcess } from '../helpers/process-server.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const P12_PASSWORD = 'p12-Secret-9f3k';
let server: TestServer;
let key: string;
let dir: string;
let pdf: string;
const certs: Record<'rsa' | 'ec' | 'expired' | 'encipherOnly', string> = {
  rsa: '',
  ec: '',
  expired: '',
  encipherOnly: '',
};

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A self-signed certificate and key in a PKCS#12 protected by P12_PASSWORD (openssl, test side). */
function makeP12(name: string, subject: string, keyArgs: string[], extensions: string[]): string {
  openssl([
    'req',
    '-utf8',
    '-x509',
    ...keyArgs,
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
    '-days',
    '30',
    '-subj',
    subject,
    ...extensions.flatMap((e) => ['-addext', e]),
  ]);
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    `${name}.key`,
    '-in',
    `${name}.crt`,
    '-out',
    `${name}.p12`,
    '-passout',
    `pass:${P12_PASSWORD}`,
  ]);
  return path.join(dir, `${name}.p12`);
}

/** A certificate whose validity ended in 2020 (openssl ca with explicit dates). */
function makeExpiredP12(): string {
  fs.writeFileSync(path.join(dir, 'index.txt'), '');
  fs.writeFileSync(path.join(dir, 'serial'), '01\n');
  fs.writeFileSync(
    path.join(dir, 'ca.cnf'),
    '[ca]\ndefault_ca=CA\n[CA]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\nunique_subject=no\n[p]\ncommonName=supplied\n',
  );
  openssl([
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'expired.key',
    '-out',
    'expired.csr',
    '-subj',
    '/CN=Expired Signer',
  ]);
  openssl([
    'ca',
    '-selfsign',
    '-keyfile',
    'expired.key',
    '-in',
    'expired.csr',
    '-startdate',
    '20200101000000Z',
    '-enddate',
    '20200201000000Z',
    '-config',
    'ca.cnf',
    '-batch',
    '-out',
    'expired.crt',
  ]);
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    'expired.key',
    '-in',
    'expired.crt',
    '-out',
    'expired.p12',
    '-passout',
    `pass:${P12_PASSWORD}`,
  ]);
  return path.join(dir, 'expired.p12');
}

beforeAll(async () => {
  server = await startTestServer();
  key = server.newKey();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-test-'));
  certs.rsa = makeP12(
    'rsa',
    '/CN=Alice Tester/O=Example Org',
    ['-newkey', 'rsa:2048'],
    ['keyUsage=critical,digitalSignature,nonRepudiation'],
  );
  certs.ec = makeP12(
    'ec',
    '/CN=Bob Élan',
    ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'],
    ['keyUsage=critical,digitalSignature'],
  );
  certs.encipherOnly = makeP12(
    'enc',
    '/CN=Encrypt Only',
    ['-newkey', 'rsa:2048'],
    ['keyUsage=critical,keyEncipherment'],
  );
  certs.expired = makeExpiredP12();
  pdf = path.join(dir, 'doc.pdf');
  // Page 1 uncompressed (a byte of its text is changed in a test); page 2 turned 90° with an offset MediaBox.
  fs.writeFileSync(
    pdf,
    makePdf([
      { content: textAt('Hello signed world', 72, 700) },
      { mediaBox: [50, 50, 662, 842], rotate: 90, content: textAt('Second page', 150, 400), compress: true },
    ]),
  );
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sign(
  fields: Record<string, string>,
  file = pdf,
  cert = certs.rsa,
  password = P12_PASSWORD,
): Promise<Response> {
  return server.post(
    'sign',
    form({ file: await filePart(file), certificate: await filePart(cert), certificate_password: password, ...fields }),
    key,
  );
}

async function signed(fields: Record<string, string> = {}, file = pdf, cert = certs.rsa): Promise<string> {
  const res = await sign(fields, file, cert);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return saveBody(res, 'signed.pdf');
}

function pdfsig(file: string): string {
  const result = spawnSync('pdfsig', ['-nocert', file], { encoding: 'utf8' });
  return result.stdout + result.stderr;
}

interface Report {
  signer: string | null;
  signed_at: string | null;
  valid: boolean;
  covers_whole_document: boolean;
  reason: string | null;
}

async function verify(file: string): Promise<Report[]> {
  const res = await server.post('verify', form({ file: await filePart(file) }), key);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { signatures: Report[] }).signatures;
}

describe('sign', () => {
  it('adds a PAdES B-B signature that pdfsig and verify report valid, as an append to the original bytes, with no secret on any command line', async () => {
    const argv: string[] = [];
    const stop = observeRuns((file, args) => argv.push([file, ...args].join(' ')));
    let out: string;
    try {
      out = await signed({ reason: 'Approval', location: 'Berlin', contact: 'alice@example.org' });
    } finally {
      stop();
    }
    expect(argv.some((a) => a.startsWith('openssl pkcs12'))).toBe(true);
    expect(argv.join('\n')).not.toContain(P12_PASSWORD);
    const report = pdfsig(out);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Alice Tester');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    // Incremental: the original file is an unchanged prefix.
    const original = fs.readFileSync(pdf);
    expect(fs.readFileSync(out).subarray(0, original.length).equals(original)).toBe(true);
    // The CMS carries the ESS signing-certificate-v2 attribute (openssl, independent of the service).
    const hex = /\/Contents\s*<([0-9A-Fa-f]+)>/.exec(fs.readFileSync(out, 'latin1'))![1].replace(/(00)+$/, '');
    fs.writeFileSync(path.join(dir, 'sig.der'), Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
    const cms = execFileSync(
      'openssl',
      ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', path.join(dir, 'sig.der')],
      { encoding: 'utf8' },
    );
    expect(cms).toContain('id-smime-aa-signingCertificateV2');
    expect(cms).not.toContain('signingTime');
    const [signature, ...rest] = await verify(out);
    expect(rest).toEqual([]);
    expect(signature).toMatchObject({
      signer: 'Alice Tester',
      valid: true,
      covers_whole_document: true,
      reason: 'Approval',
    });
    expect(Math.abs(Date.parse(signature.signed_at!) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('draws a visible signature upright on a rotated page (ECDSA key)', async () => {
    const out = await signed({ visible: 'true', page: '2', rect: '40,30,220,60', reason: 'Review' }, pdf, certs.ec);
    expect(pdfsig(out)).toContain('Signature is Valid.');
    const xml = execFileSync('pdftotext', ['-bbox', '-f', '2', '-l', '2', out, '-'], { encoding: 'utf8' });
    const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">Digitally<\/word>/.exec(xml);
    expect(word).not.toBeNull();
    const [xMin, yMin, xMax, yMax] = word!.slice(1).map(Number);
    // Inside the requested box (as displayed) and read left to right (wider than tall).
    expect(xMin).toBeGreaterThanOrEqual(40);
    expect(yMin).toBeGreaterThanOrEqual(30);
    expect(xMax).toBeLessThanOrEqual(260);
    expect(yMax).toBeLessThanOrEqual(90);
    expect(xMax - xMin).toBeGreaterThan(yMax - yMin);
    expect((await verify(out))[0]).toMatchObject({ signer: 'Bob Élan', valid: true, reason: 'Review' });
  });

  it('keeps the first signature valid when a second one is added', async () => {
    const once = await signed({ reason: 'First' });
    const twice = await signed({ reason: 'Second' }, once, certs.ec);
    const report = pdfsig(twice);
    expect(report.match(/Signature is Valid\./g)).toHaveLength(2);
    const signatures = await verify(twice);
    expect(signatures.map((s) => [s.reason, s.valid, s.covers_whole_document])).toEqual([
      ['First', true, false],
      ['Second', true, true],
    ]);
  });

  it('appends a cross-reference stream to a file whose last section is one', async () => {
    const streams = path.join(dir, 'object-streams.pdf');
    execFileSync('qpdf', ['--object-streams=generate', pdf, streams]);
    const out = await signed({}, streams);
    expect(pdfsig(out)).toContain('Signature is Valid.');
    const tail = fs.readFileSync(out).subarray(fs.statSync(streams).size).toString('latin1');
    expect(tail).toMatch(/\/Type\/XRef/);
    expect(tail).not.toMatch(/^xref$/m);
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);
  });

  it('signs a file whose cross-reference table is damaged (qpdf rewrites it first)', async () => {
    const damaged = path.join(dir, 'damaged.pdf');
    const bytes = fs.readFileSync(pdf).toString('latin1');
    // startxref points nowhere useful: readers must reconstruct the table.
    fs.writeFileSync(damaged, Buffer.from(bytes.replace(/startxref\n\d+/, 'startxref\n17'), 'latin1'));
    expect(spawnSync('qpdf', ['--check', damaged]).status).toBe(3);
    const out = await signed({}, damaged);
    expect(pdfsig(out)).toContain('Signature is Valid.');
    expect(spawnSync('qpdf', ['--check', out]).status).toBe(0);
  });

  it('signs an encrypted input opened with its password (output not encrypted)', async () => {
    const out = await signed({ password: 'user' }, corpus('encrypted-rc4-20-pages-user-user.pdf'));
    expect(pdfsig(out)).toContain('Signature is Valid.');
    expect(spawnSync('qpdf', ['--is-encrypted', out]).status).toBe(2);
  });

  it('refuses a wrong password, unusable certificates and bad options', async () => {
    const wrong = await problemOf(await sign({}, pdf, certs.rsa, 'not-the-password'));
    expect([wrong.status, wrong.code]).toEqual([422, 'incorrect_password']);
    expect(JSON.stringify(wrong)).not.toContain('not-the-password');
    const expired = await problemOf(await sign({}, pdf, certs.expired));
    expect([expired.status, expired.code]).toEqual([422, 'invalid_certificate']);
    expect(expired.detail).toMatch(/expired/);
    const notForSigning = await problemOf(await sign({}, pdf, certs.encipherOnly));
    expect([notForSigning.status, notForSigning.code]).toEqual([422, 'invalid_certificate']);
    expect(notForSigning.detail).toMatch(/digitalSignature/);
    const notP12 = await problemOf(await sign({}, pdf, pdf));
    expect([notP12.status, notP12.code]).toEqual([415, 'unsupported_media_type']);
    for (const [fields, field] of [
      [{ visible: 'true' }, 'rect'],
      [{ rect: '1,1,50,50' }, 'rect'],
      [{ visible: 'true', rect: '1,1,5' }, 'rect'],
      [{ visible: 'true', rect: '500,700,300,300' }, 'rect'],
      [{ visible: 'true', rect: '1,1,50,50', page: '9' }, 'page'],
      [{ reason: 'two\nlines' }, 'reason'],
    ] as Array<[Record<string, string>, string]>) {
      const problem = await problemOf(await sign(fields));
      expect(problem.status, JSON.stringify(fields)).toBe(400);
      expect(problem.detail, JSON.stringify(fields)).toContain(field);
    }
  });

  it('runs as an asynchronous job', async () => {
    const res = await server.post(
      'sign',
      form({ file: await filePart(pdf), certificate: await filePart(certs.rsa), certificate_password: P12_PASSWORD }),
      key,
      {
        Prefer: 'respond-async',
      },
    );
    expect(res.status).toBe(202);
    const job = await waitForJob(server.url, ((await res.json()) as { id: string }).id, key);
    expect(job.status).toBe('succeeded');
    const result = await fetch(`${server.url}/v1/jobs/${job.id}/result`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(pdfsig(await saveBody(result, 'job.pdf'))).toContain('Signature is Valid.');
  });
});

describe('verify', () => {
  it('reports a changed byte as invalid, like pdfsig', async () => {
    const out = await signed();
    const bytes = fs.readFileSync(out);
    const at = bytes.indexOf('Hello signed world');
    bytes[at] = 'J'.charCodeAt(0);
    const tampered = path.join(dir, 'tampered.pdf');
    fs.writeFileSync(tampered, bytes);
    expect(pdfsig(tampered)).toMatch(/Signature Validation: Digest Mismatch/);
    expect((await verify(tampered))[0]).toMatchObject({ valid: false, signer: 'Alice Tester' });
  });

  it('reports covers_whole_document false after an incremental update', async () => {
    const out = await signed();
    const updated = path.join(dir, 'updated.pdf');
    fs.writeFileSync(updated, appendInfoRevision(fs.readFileSync(out), 'changed after signing'));
    expect(execFileSync('pdfinfo', [updated], { encoding: 'utf8' })).toContain('changed after signing');
    expect(pdfsig(updated)).toContain('Not total document signed');
    expect((await verify(updated))[0]).toMatchObject({ valid: true, covers_whole_document: false });
  });

  it('answers an empty list for an unsigned file', async () => {
    expect(await verify(pdf)).toEqual([]);
    expect(await verify(corpus('tracemonkey.pdf'))).toEqual([]);
  });
});

describe('default certificate (SIGN_DEFAULT_CERTIFICATE_FILE)', () => {
  const DEFAULT_PASSWORD = 'srv-Default-4kq8';
  let withDefault: TestServer;
  let defaultKey: string;
  let passwordFile: string;

  beforeAll(async () => {
    const p12 = path.join(dir, 'server.p12');
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'server.key',
      '-out',
      'server.crt',
      '-days',
      '30',
      '-subj',
      '/CN=Server Default Signer',
      '-addext',
      'keyUsage=critical,digitalSignature',
    ]);
    openssl([
      'pkcs12',
      '-export',
      '-inkey',
      'server.key',
      '-in',
      'server.crt',
      '-out',
      p12,
      '-passout',
      `pass:${DEFAULT_PASSWORD}`,
    ]);
    passwordFile = path.join(dir, 'server-p12.pass');
    fs.writeFileSync(passwordFile, `${DEFAULT_PASSWORD}\n`, { mode: 0o600 });
    withDefault = await startTestServer({
      SIGN_DEFAULT_CERTIFICATE_FILE: p12,
      SIGN_DEFAULT_CERTIFICATE_PASSWORD_FILE: passwordFile,
    });
    defaultKey = withDefault.newKey();
  });
  afterAll(() => withDefault.close());

  it('signs with the server certificate when none is uploaded; an uploaded one wins; its password never on a command line', async () => {
    const argv: string[] = [];
    const stop = observeRuns((file, args) => argv.push([file, ...args].join(' ')));
    let res: Response;
    try {
      res = await withDefault.post('sign', form({ file: await filePart(pdf), reason: 'Server-signed' }), defaultKey);
    } finally {
      stop();
    }
    expect(res.status).toBe(200);
    const out = await saveBody(res, 'default-signed.pdf');
    const report = pdfsig(out);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Server Default Signer');
    expect(argv.some((a) => a.startsWith('openssl pkcs12'))).toBe(true);
    expect(argv.join('\n')).not.toContain(DEFAULT_PASSWORD);
    const uploaded = await withDefault.post(
      'sign',
      form({ file: await filePart(pdf), certificate: await filePart(certs.rsa), certificate_password: P12_PASSWORD }),
      defaultKey,
    );
    expect(uploaded.status).toBe(200);
    expect(pdfsig(await saveBody(uploaded, 'uploaded-signed.pdf'))).toContain(
      'Signer Certificate Common Name: Alice Tester',
    );
  });

  it('refuses certificate_password without a certificate; without a default a certificate is required (400)', async () => {
    const stray = await problemOf(
      await withDefault.post('sign', form({ file: await filePart(pdf), certificate_password: 'x' }), defaultKey),
    );
    expect([stray.status, stray.detail]).toEqual([400, expect.stringContaining('certificate_password')]);
    const none = await problemOf(await server.post('sign', form({ file: await filePart(pdf) }), key));
    expect(none.status).toBe(400);
    expect(none.detail).toContain('certificate');
  });

  it("answers 500 (not the client's 422) when the configured password is wrong, without revealing it; a fixed file needs no restart", async () => {
    fs.writeFileSync(passwordFile, 'Wrong-Server-Pass-3x\n');
    try {
      const problem = await problemOf(await withDefault.post('sign', form({ file: await filePart(pdf) }), defaultKey));
      expect([problem.status, problem.code]).toEqual([500, 'processing_failed']);
      expect(JSON.stringify(problem)).not.toContain('Wrong-Server-Pass-3x');
    } finally {
      fs.writeFileSync(passwordFile, `${DEFAULT_PASSWORD}\n`);
    }
    expect((await withDefault.post('sign', form({ file: await filePart(pdf) }), defaultKey)).status).toBe(200);
  });
});

describe('secrets', () => {
  it('keeps the certificate password out of the server log', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-log-'));
    const env = { DATA_DIR: path.join(base, 'data'), TMP_DIR: path.join(base, 'tmp'), LOG_LEVEL: 'trace' };
    const logKey = JSON.parse(cli(['keys', 'create', '--account', 'signer', '--plan', 'pro', '--json'], env)).key;
    const serve = await startServeProcess(env);
    let log = '';
    serve.child.stdout!.on('data', (d) => (log += d));
    serve.child.stderr!.on('data', (d) => (log += d));
    try {
      const post = async (password: string) =>
        fetch(`${serve.url}/v1/pdf/sign`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${logKey}` },
          body: form({
            file: await filePart(pdf),
            certificate: await filePart(certs.rsa),
            certificate_password: password,
            reason: 'log test',
          }),
        });
      expect((await post(P12_PASSWORD)).status).toBe(200);
      expect((await post('Wrong-Pass-7q')).status).toBe(422);
      await new Promise((r) => setTimeout(r, 200));
      expect(log).toContain('sign');
      expect(log).not.toContain(P12_PASSWORD);
      expect(log).not.toContain('Wrong-Pass-7q');
    } finally {
      await serve.stop();
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
