// One request cannot starve others (API.md §3, docs/operations/merge-split.md):
// a split's parts are written by one qpdf run per range length, so a
// 2,000-range split succeeds instead of filling the shared queue; a full queue
// refuses the account holding the longest line there, not its neighbours; and
// that account's own-burst 503 is refunded once a minute, its repeats charged.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientClosedError } from '../../src/core/errors.js';
import { defineOperation } from '../../src/routes/definition.js';
import type { SqliteStore } from '../../src/store/sqlite.js';
import { expectContained, expectProblem, startHostileServer, type HostileServer } from '../helpers/contained.js';
import { numberedPdf, singlePages } from '../helpers/hostile-fairness.js';
import { cli } from '../helpers/process-server.js';
import { corpus, eventually, filePart, form, startTestServer, type TestServer } from '../helpers/server.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fairness-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Saves a ZIP body, lists its entries and extracts `wanted` of them; returns the entry names and the extraction directory. */
function unzipSample(body: Buffer, wanted: string[]): { names: string[]; dir: string } {
  const zip = fs.mkdtempSync(path.join(scratch, 'zip-'));
  const file = path.join(zip, 'out.zip');
  fs.writeFileSync(file, body);
  const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
    .trim()
    .split('\n');
  const dir = path.join(zip, 'x');
  if (wanted.length > 0) execFileSync('unzip', ['-q', file, ...wanted, '-d', dir]);
  return { names, dir };
}
const npages = (file: string) => Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim());
const pageText = (file: string) =>
  execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\f/g, '').trim().split(/\s+/).join(' ');

describe('split with many ranges (a real server process, real qpdf)', () => {
  let hostile: HostileServer;
  beforeAll(async () => {
    hostile = await startHostileServer(
      { MAX_PAGES: '2000', MAX_OUTPUT_FILES: '2000', QUEUE_LIMIT: '4' },
      'pdf-fairness-',
    );
  }, 120_000);
  afterAll(() => hostile?.close());

  it('2,000 single-page ranges succeed: one ZIP of 2,000 one-page PDFs, each the page its range named, in order', async () => {
    // Descending, so that entry i must hold page 2001 − i: order is checked, not only counts.
    const o = await hostile.observe('split', {
      file: await filePart(numberedPdf(2000), 'book.pdf'),
      ranges: singlePages(2000, 1),
    });
    expect(o.status, o.problem?.detail).toBe(200);
    expectContained(o);
    const sample = [1, 2, 3, 999, 1000, 1998, 1999, 2000];
    const { names, dir } = unzipSample(
      o.body,
      sample.map((i) => `book-${String(i).padStart(4, '0')}.pdf`),
    );
    expect(names.length).toBe(2000);
    expect(names[0]).toBe('book-0001.pdf');
    expect(names[1999]).toBe('book-2000.pdf');
    for (const i of sample) {
      const part = path.join(dir, `book-${String(i).padStart(4, '0')}.pdf`);
      expect(npages(part)).toBe(1);
      expect(pageText(part)).toBe(`PAGE-${2001 - i}`);
    }
    await hostile.expectStillServing();
  }, 120_000);

  it('ranges of mixed lengths, repeated and overlapping, come back in the order asked', async () => {
    const ranges = ['5-6', '1', '3-4', '2', '7-9', '10', '1-10', '2', '9-10'];
    const res = await hostile.call('split', {
      file: await filePart(numberedPdf(10), 'mix.pdf'),
      ranges: ranges.join(','),
    });
    expect(res.status).toBe(200);
    const names = ranges.map((_, i) => `mix-${i + 1}.pdf`);
    const { dir } = unzipSample(Buffer.from(await res.arrayBuffer()), names);
    const expected = ranges.map((r) => {
      const [first, last = first] = r.split('-').map(Number);
      return Array.from({ length: last - first + 1 }, (_, k) => `PAGE-${first + k}`).join(' ');
    });
    expect(names.map((n) => pageText(path.join(dir, n)))).toEqual(expected);
    expect(names.map((n) => npages(path.join(dir, n)))).toEqual(expected.map((e) => e.split(' ').length));
  });

  it("any fan-out draws on its operation's share: a merge of 30 encrypted inputs (two qpdf runs each to open) succeeds against a queue of 4", async () => {
    // Encrypted, so each input's page count is qpdf's (with its is-encrypted probe): 60 runs, which used to be queued all at once.
    const encrypted = await filePart(corpus('encrypted-aes256-owner-only.pdf'));
    const o = await hostile.observe('merge', { files: Array.from({ length: 30 }, () => encrypted) });
    expect(o.status, o.problem?.detail).toBe(200);
    expectContained(o);
    const merged = path.join(scratch, 'merged.pdf');
    fs.writeFileSync(merged, o.body);
    expect(npages(merged)).toBe(30 * npages(corpus('encrypted-aes256-owner-only.pdf')));
  }, 120_000);

  it('parts that would hold more than MAX_PAGES pages in all are refused up front (422 resource_limit), not run', async () => {
    const o = await hostile.observe('split', { file: await filePart(numberedPdf(2000), 'twice.pdf'), ranges: '1-,1-' });
    expectProblem(o, 422, 'resource_limit');
    expect(o.problem?.detail).toContain('4000 pages in all');
  }, 60_000);

  it("while one account repeats bursts of heavy splits, another account's concurrent small requests all succeed (no 503)", async () => {
    const neighbourKey = JSON.parse(
      cli(['keys', 'create', '--account', 'neighbour', '--plan', 'free', '--json'], {
        DATA_DIR: path.join(hostile.base, 'data'),
      }),
    ).key as string;
    // 20 distinct range lengths: 20 qpdf runs per split, 16 splits at once (enterprise: no fair-share cap), against a queue of 4.
    const heavy = await filePart(numberedPdf(300), 'heavy.pdf');
    const heavyRanges = Array.from({ length: 20 }, (_, i) => `1-${i + 1}`).join(',');
    const attacker: number[] = [];
    let attacking = true;
    const attack = (async () => {
      for (let round = 0; round < 3 || attacking; round++) {
        const answers = await Promise.all(
          Array.from({ length: 16 }, async () => {
            const res = await hostile.call('split', { file: heavy, ranges: heavyRanges });
            const body = Buffer.from(await res.arrayBuffer());
            if (res.status !== 200) expect(JSON.parse(body.toString('utf8')).code).toBe('server_busy');
            return res.status;
          }),
        );
        attacker.push(...answers);
      }
    })();
    // The neighbour starts once the shared queue is full.
    await eventually(async () => {
      const metrics = await (await fetch(`${hostile.server.url}/metrics`)).text();
      return Number(/^pdf_pool_queued (\d+)/m.exec(metrics)?.[1] ?? 0) >= 4;
    }, 30_000);
    const neighbour: number[] = [];
    const small = await filePart(numberedPdf(3), 'small.pdf');
    await Promise.all(
      [0, 1].map(async () => {
        for (let i = 0; i < 5; i++) {
          const res = await fetch(`${hostile.server.url}/v1/pdf/split`, {
            method: 'POST',
            body: form({ file: small, mode: 'every', pages_per_file: '1' }),
            headers: { Authorization: `Bearer ${neighbourKey}` },
          });
          await res.arrayBuffer();
          neighbour.push(res.status);
        }
      }),
    );
    attacking = false;
    await attack;
    console.log(
      `attacker: ${attacker.filter((s) => s === 200).length} × 200, ${attacker.filter((s) => s === 503).length} × 503; neighbour: ${neighbour.join(' ')}`,
    );
    expect(neighbour).toEqual(Array(10).fill(200));
    expect(attacker.every((s) => s === 200 || s === 503)).toBe(true);
    await hostile.expectStillServing();
  }, 120_000);
});

// A test operation that holds one tool slot (drawn like a tool run, through
// the operation's share of the pool) until the test opens its gate: the queue
// is filled on purpose, independent of the machine's speed.
const gates = new Map<string, () => void>();
const gateOperation = defineOperation({
  name: 'test-fair-gate',
  summary: 'test only',
  description: 'test only',
  files: [{ field: 'file', min: 0, max: 1, kinds: ['pdf'], description: 'ignored' }],
  options: z.strictObject({ tag: z.string() }),
  produces: ['text/plain'],
  timeout: 'OPERATION_TIMEOUT',
  run: async ({ options, run }) => {
    const release = await run.pool.acquire(1, run.signal);
    try {
      await new Promise<void>((resolve, reject) => {
        gates.set(options.tag, resolve);
        run.signal.addEventListener('abort', () => reject(new ClientClosedError()), { once: true });
      });
    } finally {
      release();
    }
    const out = path.join(run.workdir, 'out.txt');
    await fsp.writeFile(out, options.tag);
    return { type: 'file', path: out, contentType: 'text/plain', filename: `${options.tag}.txt` };
  },
});

describe('the overflow lands on the account that caused it, and its repeats are charged', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { CONCURRENCY: '1', QUEUE_LIMIT: '2', ACCOUNT_CONCURRENCY_PRO: '0', OPERATION_TIMEOUT: '60' },
      { operations: [gateOperation] },
    );
  });
  afterAll(async () => {
    for (const open of gates.values()) open();
    await server?.close();
  });

  const gate = (key: string, tag: string) =>
    fetch(`${server.url}/v1/pdf/test-fair-gate`, {
      method: 'POST',
      body: form({ tag }),
      headers: { Authorization: `Bearer ${key}` },
    });
  const accountId = (name: string) =>
    (
      (server.services.store as SqliteStore).db.prepare('SELECT id FROM accounts WHERE name = ?').get(name) as {
        id: number;
      }
    ).id;
  const usedToday = async (key: string) =>
    (
      (await (await fetch(`${server.url}/v1/account`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
        used_today: number;
      }
    ).used_today;
  const remaining = (res: Response) => Number(/r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);

  it("first own-burst 503 refunded, repeats charged; the neighbour takes the burst's newest place and succeeds", async () => {
    const a = server.newKey('pro', 'burst-a');
    const b = server.newKey('free', 'calm-b');
    const id = accountId('burst-a');
    const a1 = gate(a, 'a1');
    await eventually(() => gates.has('a1'));
    const a2 = gate(a, 'a2');
    await eventually(() => server.services.pool.waiting(id) === 1);
    const a3 = gate(a, 'a3');
    await eventually(() => server.services.pool.waiting(id) === 2);

    // The queue is full of a's own runs: a's next requests are refused before their upload.
    const first = await gate(a, 'a4');
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBeTruthy();
    const problem = await first.json();
    expect(problem.code).toBe('server_busy');
    expect(problem.detail).toContain("this account's own tool runs");
    expect(remaining(first)).toBe(10_000 - 3); // a1..a3 charged, a4 refunded
    const repeat = await gate(a, 'a5');
    expect(repeat.status).toBe(503);
    await repeat.arrayBuffer();
    expect(remaining(repeat)).toBe(10_000 - 4); // charged: a repeat within the minute

    // The neighbour is not refused: a's newest waiting run (a3) gives up its place.
    const small = form({ file: await filePart(numberedPdf(3), 'small.pdf'), mode: 'every', pages_per_file: '1' });
    const neighbour = fetch(`${server.url}/v1/pdf/split`, {
      method: 'POST',
      body: small,
      headers: { Authorization: `Bearer ${b}` },
    });
    const evicted = await a3;
    expect(evicted.status).toBe(503);
    expect((await evicted.json()).code).toBe('server_busy');
    gates.get('a1')!();
    expect((await a1).status).toBe(200);
    await eventually(() => gates.has('a2'));
    gates.get('a2')!();
    expect((await a2).status).toBe(200);
    expect((await neighbour).status).toBe(200);
    expect(await usedToday(b)).toBe(1);
    // a1, a2, a3 (evicted: a repeat, charged), a5; a4 refunded.
    expect(await usedToday(a)).toBe(4);
    await eventually(() => server.leftovers().length === 0);
  });
});
