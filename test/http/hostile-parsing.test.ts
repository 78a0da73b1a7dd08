// Hostile inputs aimed at the server's in-process parsing, against a real
// server process (test/helpers/contained.ts): a ZIP site whose central
// directory lists millions of entries or more bytes than allowed, XMP packets
// of 900,000 elements or 200,000 levels, a PKCS#12 whose friendly name is
// full of PEM markers or whose chain holds 1,001 certificates, and a PDF with
// 2,000 signatures. Each: the exact status and code, contained (no 5xx, RSS
// growth < 64 MiB, /healthz answered while it runs), no work directory left,
// and the server still serving afterwards. Answer times are the benchmark's
// (scripts/bench/hostile-parsing.ts); here they are only logged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContained, expectProblem, startHostileServer, type HostileServer } from '../helpers/contained.js';
import { textPdf } from '../helpers/hostile.js';
import * as hostile from '../helpers/hostile-parsing.js';
import { eventually, filePart } from '../helpers/server.js';

const P12_PASSWORD = 'hostile-p12';
let server: HostileServer;
let dir: string;

beforeAll(async () => {
  server = await startHostileServer({}, 'pdf-hostile-parsing-');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-parsing-'));
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const site = async (zip: Buffer) => ({ file: await filePart(zip, 'site.zip'), to: 'pdf' });

describe('ZIP site: the central directory is bounded before it is walked', () => {
  it('a directory claiming 2,000,000 entries (ZIP64) is 422 resource_limit (MAX_OUTPUT_FILES) from the end record alone', async () => {
    const o = await server.observe('convert', await site(hostile.zipDirectoryBomb({ entries: 1, claimed: 2_000_000 })));
    expectProblem(o, 422, 'resource_limit');
    expect(o.problem).toMatchObject({ limit: 'MAX_OUTPUT_FILES' });
    await server.expectStillServing();
  }, 60_000);

  it('a directory of 200,000 real records is 422 resource_limit (MAX_OUTPUT_FILES), four at once', async () => {
    const fields = await site(hostile.zipDirectoryBomb({ entries: 200_000 }));
    const before = server.server.memory().rssKb;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.server.memory().rssKb)), 10);
    const answers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const res = await server.call('convert', fields);
        return { status: res.status, body: (await res.json()) as { code?: string; limit?: string } };
      }),
    );
    clearInterval(sampler);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 422, body: { code: 'resource_limit', limit: 'MAX_OUTPUT_FILES' } });
    // Four uploads of 11 MB each are held (or spooled) while they arrive; the directories are never collected.
    expect((peak - before) / 1024).toBeLessThan(64);
    await eventually(() => fs.readdirSync(server.tmpDir).filter((n) => n.startsWith('pdf-req-')).length === 0, 10_000);
    // And one of them observed alone, for the containment checks.
    expectProblem(await server.observe('convert', fields), 422, 'resource_limit');
    await server.expectStillServing();
  }, 120_000);

  it('entries declaring more uncompressed bytes than MAX_FILE_SIZE are 413 file_too_large before anything is written', async () => {
    const o = await server.observe(
      'convert',
      await site(hostile.zipDirectoryBomb({ entries: 3, declaredSize: 0xfffffff0 })),
    );
    expectProblem(o, 413, 'file_too_large');
  }, 60_000);
});

describe('XMP: the packet is parsed in slices under element and depth limits', () => {
  it('900,000 empty elements (a 4 KB PDF, 3.6 MB inflated) is 422 resource_limit on read and on write', async () => {
    const pdf = await filePart(hostile.xmpElementBomb(), 'xmp.pdf');
    const read = await server.observe('metadata', { file: pdf });
    expectProblem(read, 422, 'resource_limit');
    expect(read.problem).toMatchObject({ limit: 'XMP packet elements' });
    expectProblem(await server.observe('metadata', { file: pdf, title: 'New' }), 422, 'resource_limit');
    await server.expectStillServing();
  }, 60_000);

  it('200,000 nested elements is 422 resource_limit', async () => {
    expectProblem(
      await server.observe('metadata', { file: await filePart(hostile.xmpDepthBomb(), 'deep.pdf') }),
      422,
      'resource_limit',
    );
  }, 60_000);

  it('a packet of a few thousand elements is still read and rewritten', async () => {
    const pdf = await filePart(hostile.xmpElementBomb(5000), 'ok.pdf');
    const read = await server.observe('metadata', { file: pdf });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body.toString('utf8'))).toMatchObject({ title: 'Bomb' });
    const write = await server.observe('metadata', { file: pdf, title: 'Rewritten' });
    expect(write.status).toBe(200);
    expectContained(write);
  }, 60_000);
});

describe('PKCS#12: openssl output is split in one pass and the chain is bounded', () => {
  it('a friendly name of 7,000 PEM BEGIN markers signs normally (200)', async () => {
    const p12 = hostile.friendlyNameP12(dir, P12_PASSWORD);
    const o = await server.observe('sign', {
      file: await filePart(textPdf(1), 'doc.pdf'),
      certificate: await filePart(p12, 'cert.p12'),
      certificate_password: P12_PASSWORD,
    });
    expect(o.status).toBe(200);
    expect(o.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expectContained(o);
    await server.expectStillServing();
  }, 60_000);

  it('a chain of 1,001 certificates is 422 resource_limit before any is parsed', async () => {
    const p12 = hostile.longChainP12(dir, P12_PASSWORD);
    const o = await server.observe('sign', {
      file: await filePart(textPdf(1), 'doc.pdf'),
      certificate: await filePart(p12, 'chain.p12'),
      certificate_password: P12_PASSWORD,
    });
    expectProblem(o, 422, 'resource_limit');
    expect(o.problem).toMatchObject({ limit: 'PKCS#12 certificates', max_certificates: 32 });
  }, 60_000);
});

describe('verify: signatures are matched through a map and their number is capped', () => {
  it('2,000 signature fields is 422 resource_limit (at most 1,000 are verified)', async () => {
    const o = await server.observe('verify', { file: await filePart(hostile.manySignaturesPdf(2000), 'sigs.pdf') });
    expectProblem(o, 422, 'resource_limit');
    expect(o.problem).toMatchObject({ limit: 'signatures', max_signatures: 1000 });
    await server.expectStillServing();
  }, 60_000);

  it("a field name imitating pdfsig's verdict lines is 422 invalid_pdf, never reported valid", async () => {
    const o = await server.observe('verify', { file: await filePart(hostile.forgedVerdictPdf(), 'forged.pdf') });
    expectProblem(o, 422, 'invalid_pdf');
  }, 60_000);

  it('a field name imitating a whole extra pdfsig section is 422 invalid_pdf, never reported valid', async () => {
    const o = await server.observe('verify', {
      file: await filePart(hostile.forgedSectionPdf(), 'forged-section.pdf'),
    });
    expectProblem(o, 422, 'invalid_pdf');
  }, 60_000);

  it('300 signature fields are each reported, matched to their own dictionary', async () => {
    const o = await server.observe('verify', { file: await filePart(hostile.manySignaturesPdf(300), 'sigs.pdf') });
    expect(o.status).toBe(200);
    const { signatures } = JSON.parse(o.body.toString('utf8')) as {
      signatures: Array<{ valid: boolean; signed_at: string | null }>;
    };
    expect(signatures).toHaveLength(300);
    expect(signatures.every((s) => !s.valid && s.signed_at === '2026-01-01T00:00:00.000Z')).toBe(true);
    expectContained(o);
  }, 60_000);
});
