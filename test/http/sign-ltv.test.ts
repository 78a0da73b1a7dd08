// sign at levels b-t, b-lt and b-lta against a local PKI (test/helpers/pki.ts):
// each output checked independently by pdfsig, `openssl ts -verify` on every
// embedded time-stamp token, and qpdf's JSON for the DSS; and the failures of
// the parties it asks (garbage, a foreign nonce, a 500, a hang, a private
// address with the rule on) as 502 upstream_failed naming the party, charged
// when the request named the party and refunded when the server did.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, textAt } from '../helpers/make-fixtures.js';
import { P12_PASSWORD, startTestPki, type TestPki } from '../helpers/pki.js';
import { usedToday } from '../helpers/keys.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const exec = promisify(execFile);
let pki: TestPki;
let server: TestServer;
let key: string;
let pdf: string;
let signerP12: string;
let revokedP12: string;
let bareP12: string;
let brokenOcspP12: string;

beforeAll(async () => {
  pki = await startTestPki();
  [signerP12, revokedP12, bareP12, brokenOcspP12] = await Promise.all([
    pki.signer('Carol Signer'),
    pki.signer('Rex Revoked', { revoked: true }),
    pki.signer('Nora Nosource', { noRevocationInfo: true }),
    pki.signer('Olga Oddresponder', { brokenOcsp: true }),
  ]);
  server = await startTestServer({ SIGN_ALLOW_PRIVATE: 'true', SIGN_FETCH_TIMEOUT: '2' });
  key = server.newKey();
  pdf = path.join(pki.dir, 'doc.pdf');
  fs.writeFileSync(pdf, makePdf([{ content: textAt('Signed for the long term', 72, 700) }]));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pki?.close();
});

async function sign(
  fields: Record<string, string>,
  p12 = signerP12,
  target = server,
  file = pdf,
  caller = key,
): Promise<Response> {
  return target.post(
    'sign',
    form({
      file: await filePart(file),
      certificate: await filePart(p12),
      certificate_password: P12_PASSWORD,
      ...fields,
    }),
    caller,
  );
}

async function signed(fields: Record<string, string>, file = pdf): Promise<string> {
  const res = await sign(fields, signerP12, server, file);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return saveBody(res, 'signed.pdf');
}

async function pdfsig(file: string): Promise<string> {
  const result = await exec('pdfsig', ['-nocert', file]).catch((e: { stdout: string; stderr: string }) => e);
  return result.stdout + result.stderr;
}

/** Every signature dictionary's /Contents as DER (trailing zero padding dropped by parsing the outer SEQUENCE length). */
function contentsOf(file: string): Buffer[] {
  return [...fs.readFileSync(file, 'latin1').matchAll(/\/Contents\s*<([0-9A-Fa-f]+)>/g)].map((m) => {
    const bytes = Buffer.from(m[1], 'hex');
    const lengthBytes = bytes[1] & 0x80 ? bytes[1] & 0x7f : 0;
    const length = lengthBytes ? bytes.subarray(2, 2 + lengthBytes).reduce((n, b) => n * 256 + b, 0) : bytes[1];
    return bytes.subarray(0, 2 + lengthBytes + length);
  });
}

/** The signature time-stamp token inside a CAdES signature (openssl cms, independent of the service). */
async function signatureTimestampToken(cms: Buffer, name: string): Promise<Buffer> {
  const file = path.join(pki.dir, `${name}.p7s`);
  fs.writeFileSync(file, cms);
  const { stdout } = await exec('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', file]);
  expect(stdout).toContain('id-smime-aa-timeStampToken');
  // The attribute's value is the token's DER: find it in the CMS bytes by its OID and take the SEQUENCE after the SET.
  const oid = Buffer.from('060b2a864886f70d010910020e', 'hex');
  const at = cms.indexOf(oid);
  const set = at + oid.length;
  const seqAt = set + (cms[set + 1] & 0x80 ? 2 + (cms[set + 1] & 0x7f) : 2);
  const lenBytes = cms[seqAt + 1] & 0x80 ? cms[seqAt + 1] & 0x7f : 0;
  const len = lenBytes
    ? cms.subarray(seqAt + 2, seqAt + 2 + lenBytes).reduce((n, b) => n * 256 + b, 0)
    : cms[seqAt + 1];
  return cms.subarray(seqAt, seqAt + 2 + lenBytes + len);
}

/** `openssl ts -verify` of a token over `data` (the signature value, or the signed bytes of a document time-stamp). */
async function opensslTsVerify(token: Buffer, data: Buffer, name: string): Promise<string> {
  const tokenFile = path.join(pki.dir, `${name}.tst`);
  const dataFile = path.join(pki.dir, `${name}.dat`);
  fs.writeFileSync(tokenFile, token);
  fs.writeFileSync(dataFile, data);
  const { stdout } = await exec('openssl', [
    'ts',
    '-verify',
    '-token_in',
    '-in',
    tokenFile,
    '-data',
    dataFile,
    '-CAfile',
    pki.caCert,
    '-untrusted',
    path.join(pki.dir, 'tsa.crt'),
  ]);
  return stdout;
}

/** The signature value (SignerInfo.signature) of a CMS, read by openssl asn1parse. */
async function signatureValue(cms: Buffer, name: string): Promise<Buffer> {
  const file = path.join(pki.dir, `${name}.der`);
  fs.writeFileSync(file, cms);
  const { stdout } = await exec('openssl', ['asn1parse', '-inform', 'DER', '-in', file]);
  // The last OCTET STRING before the unsigned attributes ([1]) is the signature: the one right after the signature algorithm.
  const lines = stdout.split('\n');
  const unsigned = lines.findIndex(
    (l) => /cont \[ 1 \]/.test(l) && lines.indexOf(l) > lines.findIndex((x) => /messageDigest/.test(x)),
  );
  const octet = lines
    .slice(0, unsigned)
    .reverse()
    .find((l) => /prim: OCTET STRING/.test(l))!;
  const offset = Number(/^\s*(\d+):/.exec(octet)![1]);
  const header = Number(/hl=\s*(\d+)/.exec(octet)![1]);
  const length = Number(/l=\s*(\d+) prim/.exec(octet)![1]);
  return cms.subarray(offset + header, offset + header + length);
}

/** The catalog's DSS as qpdf JSON sees it. */
async function dssOf(file: string): Promise<{ certs: number; ocsps: number; crls: number; vri: number }> {
  const { stdout } = await exec('qpdf', ['--json=2', '--json-key=qpdf', file], { maxBuffer: 64 << 20 });
  const objects = JSON.parse(stdout).qpdf[1] as Record<string, { value?: Record<string, unknown> }>;
  const root = objects[`obj:${objects.trailer.value!['/Root']}`].value!;
  const dss = objects[`obj:${root['/DSS']}`]?.value as Record<string, unknown> | undefined;
  if (!dss) return { certs: 0, ocsps: 0, crls: 0, vri: 0 };
  const len = (k: string) => ((dss[k] as unknown[] | undefined) ?? []).length;
  return {
    certs: len('/Certs'),
    ocsps: len('/OCSPs'),
    crls: len('/CRLs'),
    vri: Object.keys((dss['/VRI'] as object) ?? {}).length,
  };
}

describe('sign levels', () => {
  it('b-t: a signature time-stamp over the signature value, checked by openssl ts -verify; pdfsig says valid', async () => {
    const out = await signed({ level: 'b-t', timestamp_url: pki.tsaUrl });
    expect(await pdfsig(out)).toContain('Signature is Valid.');
    const [cms] = contentsOf(out);
    const token = await signatureTimestampToken(cms, 'bt');
    expect(await opensslTsVerify(token, await signatureValue(cms, 'bt-sig'), 'bt')).toContain('Verification: OK');
    expect((await dssOf(out)).certs).toBe(0);
  });

  it('b-lt: the DSS holds the chains and an OCSP response (signer) and a CRL (TSA), as a later update that keeps the signature valid', async () => {
    const out = await signed({ level: 'b-lt', timestamp_url: pki.tsaUrl });
    const report = await pdfsig(out);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Not total document signed');
    expect(await dssOf(out)).toEqual({ certs: 3, ocsps: 1, crls: 1, vri: 1 });
  });

  it('b-lta: a document time-stamp over everything, DSS included, checked by openssl ts -verify', async () => {
    const out = await signed({ level: 'b-lta', timestamp_url: pki.tsaUrl });
    const report = await pdfsig(out);
    // poppler 22 lists a document time-stamp but cannot validate ETSI.RFC3161 ("Unimplemented Feature"): openssl does, below.
    const [first, second] = report.split(/Signature #2:/);
    expect(first).toContain('Signature is Valid.');
    expect(second).toContain('Signer Certificate Common Name: Test TSA');
    expect(second).toContain('Total document signed');
    const bytes = fs.readFileSync(out);
    const docTs = contentsOf(out)[1];
    const [a, b, c, d] = /\/Type\/DocTimeStamp[^]*?\/ByteRange\s*\[\s*(\d+) (\d+) (\d+) (\d+)/
      .exec(bytes.toString('latin1'))!
      .slice(1)
      .map(Number);
    expect(c + d).toBe(bytes.length);
    expect(
      await opensslTsVerify(docTs, Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]), 'lta'),
    ).toContain('Verification: OK');
    expect((await dssOf(out)).ocsps).toBe(1);
    expect((await exec('qpdf', ['--check', out])).stdout).toContain('No syntax or stream encoding errors found');
  });

  it('b-lta on a file whose cross-references are streams: every update a stream too; qpdf --check clean, pdfsig valid', async () => {
    const out = await signed({ level: 'b-lta', timestamp_url: pki.tsaUrl }, corpus('multipage.pdf'));
    const check = await exec('qpdf', ['--check', out]);
    expect(check.stdout).toContain('No syntax or stream encoding errors found');
    expect(fs.readFileSync(out, 'latin1').match(/\/Type\/XRef/g)?.length).toBeGreaterThanOrEqual(3);
    expect(await pdfsig(out)).toContain('Signature is Valid.');
    expect((await dssOf(out)).certs).toBe(3);
  });

  it('a revoked signer is refused at b-lt (422 invalid_certificate)', async () => {
    const res = await sign({ level: 'b-lt', timestamp_url: pki.tsaUrl }, revokedP12);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 422, code: 'invalid_certificate' });
    expect(problem.detail).toMatch(/revoked/);
  });

  it('a signer whose certificate names no OCSP responder or CRL is refused at b-lt (422), and signs at b-t', async () => {
    const res = await sign({ level: 'b-lt', timestamp_url: pki.tsaUrl }, bareP12);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 422, code: 'invalid_certificate' });
    expect(problem.detail).toMatch(/names no OCSP responder or CRL distribution point/);
    expect((await sign({ level: 'b-t', timestamp_url: pki.tsaUrl }, bareP12)).status).toBe(200);
  });
});

describe('sign: parties that fail', () => {
  it.each([
    ['garbage', '/tsa-garbage', /not valid DER/],
    ['a foreign nonce', '/tsa-wrong-nonce', /nonce/],
    ['HTTP 500', '/tsa-500', /HTTP 500/],
    ['a hang', '/tsa-hang', /did not answer within 2 s/],
    ['its headers and then nothing', '/tsa-stall', /did not answer within 2 s/],
  ])('a TSA answering %s → 502 upstream_failed naming it', async (_name, route, detail) => {
    const res = await sign({ level: 'b-t', timestamp_url: `${pki.base}${route}` });
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 502, code: 'upstream_failed' });
    expect(problem.detail).toMatch(/^time-stamp authority: /);
    expect(problem.detail).toMatch(detail);
    expect(problem.source).toBe('time-stamp authority');
  });

  it('an OCSP responder answering garbage → 502 upstream_failed naming it', async () => {
    const res = await sign({ level: 'b-lt', timestamp_url: pki.tsaUrl }, brokenOcspP12);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 502, code: 'upstream_failed', source: 'OCSP responder' });
    expect(problem.detail).toMatch(/^OCSP responder: 127\.0\.0\.1:\d+: The OCSP response is not valid DER\./);
  });

  it('a TSA the request named that fails is charged (docs/api.md §3); a pipeline keeps the steps that ran', async () => {
    const freeKey = server.newKey('free');
    const used = () => usedToday(server.url, freeKey);
    const failed = await sign({ level: 'b-t', timestamp_url: `${pki.base}/tsa-500` }, signerP12, server, pdf, freeKey);
    expect(failed.status).toBe(502);
    await failed.arrayBuffer();
    expect(await used()).toBe(1);
    // rotate → sign (failing TSA) → compress: steps 0 and 1 ran and are charged, step 2 never ran and is given back.
    const steps = JSON.stringify([
      { operation: 'rotate', options: { angle: 90 } },
      {
        operation: 'sign',
        options: {
          certificate: '@cert',
          certificate_password: P12_PASSWORD,
          level: 'b-t',
          timestamp_url: `${pki.base}/tsa-500`,
        },
      },
      { operation: 'compress', options: {} },
    ]);
    const pipeline = await problemOf(
      await server.post(
        'pipeline',
        form({ file: await filePart(pdf), cert: await filePart(signerP12, 'signer.p12'), steps }),
        freeKey,
      ),
    );
    expect(pipeline).toMatchObject({ status: 502, code: 'upstream_failed', step: 1 });
    expect(await used()).toBe(3);
  });

  it("the server's own SIGN_TSA_URL failing is the server's fault: refunded", async () => {
    const withDefault = await startTestServer({ SIGN_ALLOW_PRIVATE: 'true', SIGN_TSA_URL: `${pki.base}/tsa-500` });
    try {
      const freeKey = withDefault.newKey('free');
      const res = await sign({ level: 'b-t' }, signerP12, withDefault, pdf, freeKey);
      expect(await problemOf(res)).toMatchObject({
        status: 502,
        code: 'upstream_failed',
        source: 'time-stamp authority',
      });
      expect(await usedToday(withDefault.url, freeKey)).toBe(0);
    } finally {
      await withDefault.close();
    }
  });

  it('SIGN_ALLOW_PRIVATE opens loopback, never 0.0.0.0, :: or metadata: 502 and no request made', async () => {
    const port = new URL(pki.base).port;
    const before = pki.hits.get('/tsa') ?? 0;
    for (const tsa of [
      `http://0.0.0.0:${port}/tsa`,
      `http://[::]:${port}/tsa`,
      'http://[fd00:ec2::254]/tsa',
      'http://169.254.169.254/tsa',
    ]) {
      const problem = await problemOf(await sign({ level: 'b-t', timestamp_url: tsa }));
      expect(problem, tsa).toMatchObject({ status: 502, code: 'upstream_failed', source: 'time-stamp authority' });
      expect(problem.detail).toMatch(/private, loopback or reserved/);
    }
    expect(pki.hits.get('/tsa') ?? 0).toBe(before);
  });

  it('a TSA on a private address with the rule on (SIGN_ALLOW_PRIVATE unset) → 502, no request made', async () => {
    const strict = await startTestServer();
    try {
      const before = pki.hits.get('/tsa') ?? 0;
      const res = await strict.post(
        'sign',
        form({
          file: await filePart(pdf),
          certificate: await filePart(signerP12),
          certificate_password: P12_PASSWORD,
          level: 'b-t',
          timestamp_url: pki.tsaUrl,
        }),
        strict.newKey(),
      );
      const problem = await problemOf(res);
      expect(problem).toMatchObject({ status: 502, code: 'upstream_failed' });
      expect(problem.detail).toMatch(/private, loopback or reserved/);
      expect(pki.hits.get('/tsa') ?? 0).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('b-t without a time-stamp authority → 400 naming timestamp_url', async () => {
    const res = await sign({ level: 'b-t' });
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(problem.field).toBe('timestamp_url');
  });
});
