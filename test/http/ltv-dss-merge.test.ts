// Two b-lt signatures on one document (two signers): the second extends the
// DSS the first left instead of replacing it. Checked with qpdf's JSON (the
// DSS streams, each decoded by openssl x509) and by verify (both signatures
// take their status from the DSS). And b-lta whose document time-stamp comes
// from another TSA certificate than the signature time-stamp: that TSA's
// chain and status are added in a DSS update after it.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, textAt } from '../helpers/make-fixtures.js';
import { P12_PASSWORD, startTestPki, type TestPki } from '../helpers/pki.js';
import { filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const exec = promisify(execFile);
let pki: TestPki;
let server: TestServer;
let key: string;
let pdf: string;
let firstP12: string;
let secondP12: string;

beforeAll(async () => {
  pki = await startTestPki();
  [firstP12, secondP12] = await Promise.all([pki.signer('Anna First'), pki.signer('Bert Second')]);
  server = await startTestServer({
    SIGN_ALLOW_PRIVATE: 'true',
    SIGN_TRUST_STORE: pki.caCert,
    SIGN_TSA_URL: pki.tsaUrl,
  });
  key = server.newKey();
  pdf = path.join(pki.dir, 'doc.pdf');
  fs.writeFileSync(pdf, makePdf([{ content: textAt('Signed twice for the long term', 72, 700) }]));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pki?.close();
});

async function signB_lt(
  file: string,
  p12: string,
  name: string,
  fields: Record<string, string> = { level: 'b-lt' },
): Promise<string> {
  const res = await server.post(
    'sign',
    form({
      file: await filePart(file),
      certificate: await filePart(p12),
      certificate_password: P12_PASSWORD,
      ...fields,
    }),
    key,
  );
  if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
  return saveBody(res, name);
}

/** The catalog's DSS read by qpdf: each array's stream bytes, and the VRI keys. */
async function dssOf(file: string): Promise<{ certs: Buffer[]; ocsps: Buffer[]; crls: Buffer[]; vri: string[] }> {
  const { stdout } = await exec(
    'qpdf',
    ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=generalized', file],
    { maxBuffer: 64 << 20 },
  );
  const objects = JSON.parse(stdout).qpdf[1] as Record<
    string,
    { value?: Record<string, unknown>; stream?: { data: string } }
  >;
  const root = objects[`obj:${objects.trailer.value!['/Root']}`].value!;
  const dss = objects[`obj:${root['/DSS']}`].value!;
  const data = (k: string) =>
    ((dss[k] as string[] | undefined) ?? []).map((ref) => Buffer.from(objects[`obj:${ref}`].stream!.data, 'base64'));
  return { certs: data('/Certs'), ocsps: data('/OCSPs'), crls: data('/CRLs'), vri: Object.keys(dss['/VRI'] as object) };
}

async function subjectOf(der: Buffer, name: string): Promise<string> {
  const file = path.join(pki.dir, `${name}.der`);
  fs.writeFileSync(file, der);
  return (
    await exec('openssl', ['x509', '-inform', 'DER', '-in', file, '-noout', '-subject', '-nameopt', 'RFC2253'])
  ).stdout
    .trim()
    .replace(/^subject=/, '');
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('a second b-lt signature', () => {
  it('keeps the first DSS entries and VRI, adds its own without duplicates; verify reads both from the DSS', async () => {
    const once = await signB_lt(pdf, firstP12, 'once.pdf');
    const twice = await signB_lt(once, secondP12, 'twice.pdf');
    const [before, after] = [await dssOf(once), await dssOf(twice)];
    expect(before.vri).toHaveLength(1);
    // The first signature's validation data is all still there, byte for byte.
    for (const kind of ['certs', 'ocsps', 'crls'] as const) {
      const kept = new Set(after[kind].map(sha256));
      for (const b of before[kind]) expect(kept.has(sha256(b))).toBe(true);
    }
    expect(after.vri).toHaveLength(2);
    expect(after.vri).toContain(before.vri[0]);
    const all = [...after.certs, ...after.ocsps, ...after.crls].map(sha256);
    expect(new Set(all).size).toBe(all.length);
    const subjects = await Promise.all(after.certs.map((c, i) => subjectOf(c, `dss-cert-${i}`)));
    // Both chains: each signer, and the root and TSA they share once.
    expect(subjects.sort()).toEqual(['CN=Anna First', 'CN=Bert Second', 'CN=Test Root CA', 'CN=Test TSA']);
    expect(after.ocsps).toHaveLength(2); // one per signer

    const res = await server.post('verify', form({ file: await filePart(twice) }), key);
    expect(res.status).toBe(200);
    const { signatures } = (await res.json()) as { signatures: Array<Record<string, any>> };
    expect(signatures.map((s) => s.signer)).toEqual(['Anna First', 'Bert Second']);
    for (const signature of signatures) {
      expect(signature).toMatchObject({
        valid: true,
        level: 'b-lt',
        trusted: true,
        revocation: { status: 'good', source: 'dss', error: null },
      });
    }
  }, 60_000);

  it('b-lta with a document time-stamp by another TSA certificate: its chain and status follow in the DSS', async () => {
    // /tsa-rotating: the signature time-stamp by "Test TSA", the document time-stamp by "Test TSA 2".
    const out = await signB_lt(pdf, firstP12, 'lta.pdf', { level: 'b-lta', timestamp_url: `${pki.base}/tsa-rotating` });
    const dss = await dssOf(out);
    const subjects = await Promise.all(dss.certs.map((c, i) => subjectOf(c, `lta-cert-${i}`)));
    expect(subjects.sort()).toEqual(['CN=Anna First', 'CN=Test Root CA', 'CN=Test TSA', 'CN=Test TSA 2']);
    expect(dss.vri).toHaveLength(2); // the signature's and the document time-stamp's
    expect(dss.crls).toHaveLength(2); // each TSA certificate's status (they name only a CRL)
    const res = await server.post('verify', form({ file: await filePart(out) }), key);
    const { signatures } = (await res.json()) as { signatures: Array<Record<string, any>> };
    expect(signatures).toHaveLength(2);
    expect(signatures[0]).toMatchObject({
      type: 'signature',
      valid: true,
      level: 'b-lta',
      modifications: 'allowed',
      timestamp: { authority: 'Test TSA' },
    });
    expect(signatures[1]).toMatchObject({
      type: 'document_timestamp',
      valid: true,
      modifications: 'allowed',
      timestamp: { authority: 'Test TSA 2' },
      revocation: { status: 'good', source: 'dss' },
    });
  }, 60_000);
});
