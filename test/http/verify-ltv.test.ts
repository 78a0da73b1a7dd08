// verify's long-term report (API.md §5i) on documents signed by the service at
// each level against a local PKI (test/helpers/pki.ts): level, time-stamp,
// chain, trust (SIGN_TRUST_STORE vs. the system's CAs), revocation from the
// DSS or online, an expired but time-stamped signer, and later updates
// classified (DSS and time-stamps allowed; an appended page not).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendPageRevision } from '../helpers/incremental.js';
import { makePdf, textAt } from '../helpers/make-fixtures.js';
import { P12_PASSWORD, startTestPki, type TestPki } from '../helpers/pki.js';
import { filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const exec = promisify(execFile);
let pki: TestPki;
let server: TestServer;
let key: string;
let pdf: string;
let signerP12: string;
let revokedP12: string;
let ocsp500P12: string;
let ocspDownP12: string;

beforeAll(async () => {
  pki = await startTestPki();
  [signerP12, revokedP12, ocsp500P12, ocspDownP12] = await Promise.all([
    pki.signer('Vera Verified'),
    pki.signer('Rita Revoked', { revoked: true }),
    pki.signer('Fritz Failing', { failingOcsp: 'http500' }),
    pki.signer('Udo Unreachable', { failingOcsp: 'unreachable' }),
  ]);
  server = await startTestServer({
    SIGN_ALLOW_PRIVATE: 'true',
    SIGN_TRUST_STORE: pki.caCert,
    SIGN_VERIFY_ONLINE: 'true',
    SIGN_TSA_URL: pki.tsaUrl,
  });
  key = server.newKey();
  pdf = path.join(pki.dir, 'doc.pdf');
  fs.writeFileSync(pdf, makePdf([{ content: textAt('Verified over time', 72, 700) }]));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pki?.close();
});

async function signed(level: string, p12 = signerP12, file = pdf): Promise<string> {
  const res = await server.post(
    'sign',
    form({ file: await filePart(file), certificate: await filePart(p12), certificate_password: P12_PASSWORD, level }),
    key,
  );
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return saveBody(res, `${level}.pdf`);
}

async function verify(file: string, target = server, unchecked = '0'): Promise<Array<Record<string, any>>> {
  const res = await target.post(
    'verify',
    form({ file: await filePart(file) }),
    key === '' ? '' : target === server ? key : target.newKey(),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('x-revocation-unchecked')).toBe(unchecked);
  return ((await res.json()) as { signatures: Array<Record<string, any>> }).signatures;
}

describe('verify over time', () => {
  it('b-b and b-t: level, time-stamp (TSA and time), chain to the trusted test root; revocation online (OCSP)', async () => {
    const [bb] = await verify(await signed('b-b'));
    expect(bb).toMatchObject({
      valid: true,
      level: 'b-b',
      timestamp: null,
      trusted: true,
      modifications: 'none',
      revocation: { status: 'good', source: 'ocsp' },
    });
    const [bt] = await verify(await signed('b-t'));
    expect(bt).toMatchObject({
      valid: true,
      level: 'b-t',
      trusted: true,
      timestamp: { authority: 'Test TSA', valid: true },
    });
    expect(Math.abs(Date.parse(bt.timestamp.time) - Date.now())).toBeLessThan(60_000);
    expect(bt.chain.map((c: { subject: string }) => c.subject)).toEqual(['CN=Vera Verified', 'CN=Test Root CA']);
    expect(bt.chain[0]).toMatchObject({ issuer: 'CN=Test Root CA' });
  });

  it('b-lt: revocation from the DSS; the DSS update is an allowed modification', async () => {
    const [signature] = await verify(await signed('b-lt'));
    expect(signature).toMatchObject({
      valid: true,
      level: 'b-lt',
      covers_whole_document: false,
      modifications: 'allowed',
      revocation: { status: 'good', source: 'dss' },
    });
  });

  it('b-lta: the signature is b-lta and the document time-stamp is reported valid, covering the whole file', async () => {
    const [signature, documentTimestamp, ...rest] = await verify(await signed('b-lta'));
    expect(rest).toEqual([]);
    expect(signature).toMatchObject({
      type: 'signature',
      valid: true,
      level: 'b-lta',
      modifications: 'allowed',
      revocation: { source: 'dss' },
    });
    expect(documentTimestamp).toMatchObject({
      type: 'document_timestamp',
      valid: true,
      covers_whole_document: true,
      level: null,
      timestamp: { authority: 'Test TSA', valid: true },
    });
  });

  it('a revoked signer (signed at b-t, which does not ask) → revoked, from its OCSP responder', async () => {
    const [signature] = await verify(await signed('b-t', revokedP12));
    expect(signature).toMatchObject({ valid: true, revocation: { status: 'revoked', source: 'ocsp' } });
  });

  it('an OCSP responder answering 500, or unreachable: status unknown with the reason, counted in X-Revocation-Unchecked', async () => {
    const failing = await signed('b-b', ocsp500P12);
    const [failed] = await verify(failing, server, '1');
    expect(failed).toMatchObject({ valid: true, revocation: { status: 'unknown', source: null } });
    expect(failed.revocation.error).toMatch(
      /^online check failed: OCSP responder: http:\/\/127\.0\.0\.1:\d+ answered HTTP 500/,
    );
    const [down] = await verify(await signed('b-b', ocspDownP12), server, '1');
    expect(down).toMatchObject({ valid: true, revocation: { status: 'unknown', source: null } });
    expect(down.revocation.error).toMatch(
      /^online check failed: OCSP responder: http:\/\/127\.0\.0\.1:9 could not be reached/,
    );
    // A good answer carries no error.
    const [fine] = await verify(await signed('b-b'));
    expect(fine.revocation).toEqual({ status: 'good', source: 'ocsp', error: null });
  });

  it('past 8 online checks per request: the ninth signature is unknown, saying the limit was reached', async () => {
    let file = pdf;
    for (let i = 0; i < 9; i++) file = await signed('b-b', signerP12, file);
    const signatures = await verify(file, server, '1');
    expect(signatures).toHaveLength(9);
    expect(signatures.slice(0, 8).map((s) => s.revocation)).toEqual(
      Array(8).fill({ status: 'good', source: 'ocsp', error: null }),
    );
    expect(signatures[8].revocation).toEqual({
      status: 'unknown',
      source: null,
      error: 'not checked online: at most 8 online checks are made per request',
    });
  }, 60_000);

  it('an appended page after a b-lt signature → not the whole document, modifications "other"', async () => {
    const out = await signed('b-lt');
    const { stdout } = await exec('qpdf', ['--json=2', '--json-key=qpdf', out], { maxBuffer: 64 << 20 });
    const objects = JSON.parse(stdout).qpdf[1];
    const pagesRef = objects[`obj:${objects.trailer.value['/Root']}`].value['/Pages'];
    const edited = path.join(pki.dir, 'appended.pdf');
    fs.writeFileSync(
      edited,
      appendPageRevision(fs.readFileSync(out), pagesRef, objects[`obj:${pagesRef}`].value['/Kids']),
    );
    expect((await exec('qpdf', ['--show-npages', edited])).stdout.trim()).toBe('2');
    const [signature] = await verify(edited);
    expect(signature).toMatchObject({ valid: true, covers_whole_document: false, modifications: 'other' });
  });

  it('without SIGN_TRUST_STORE the test root is not trusted (system CAs)', async () => {
    const plain = await startTestServer({ SIGN_ALLOW_PRIVATE: 'true' });
    try {
      const [signature] = await verify(await signed('b-t'), plain);
      expect(signature).toMatchObject({
        valid: true,
        trusted: false,
        revocation: { status: 'unknown', source: null, error: null },
      });
    } finally {
      await plain.close();
    }
  });

  it('a signer whose certificate expired after a b-t signature: still valid, time-stamped before the expiry', async () => {
    // Made here, not in beforeAll: it must still be valid when it signs.
    const out = await signed('b-t', await pki.signer('Eddie Expiring', { validSeconds: 5 }));
    const wait = Date.parse((await verify(out))[0].chain[0].not_after) + 1500 - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    const [signature] = await verify(out);
    expect(Date.parse(signature.chain[0].not_after)).toBeLessThan(Date.now());
    expect(signature).toMatchObject({ valid: true, level: 'b-t', timestamp: { valid: true } });
    expect(Date.parse(signature.timestamp.time)).toBeLessThan(Date.parse(signature.chain[0].not_after));
  }, 30_000);
});
