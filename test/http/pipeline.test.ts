// POST /v1/pdf/pipeline (docs/api.md, "Pipelines") through HTTP against the real
// tools; results checked with qpdf, pdftotext and unzip, charges with GET /v1/account.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, generateKey } from '../../src/store/keys.js';
import { webhookSecret } from '../../src/store/accounts.js';
import { startReceiver, verifyStandardWebhook, waitForJob, download } from '../helpers/jobs.js';
import { usedToday } from '../helpers/keys.js';
import { rgbaPng } from '../helpers/make-fixtures.js';
import { problemOf } from '../helpers/problem.js';
import { corpus, filePart, form, saveBody, startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const textOf = async (file: string) => (await run('pdftotext', [file, '-'])).stdout;
const pagesOf = async (file: string) => Number((await run('qpdf', ['--show-npages', file])).stdout.trim());
/** The rotation of each page, as pdfinfo reads it. */
const rotations = async (file: string, pages: number) => {
  const { stdout } = await run('pdfinfo', ['-f', '1', '-l', String(pages), file]);
  return [...stdout.matchAll(/^Page +\d+ rot: +(\d+)/gm)].map((m) => Number(m[1]));
};

let server: TestServer;
let key: string;
const steps = (list: unknown[]) => JSON.stringify(list);

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true', ACCOUNT_QUEUE_LIMIT: '100' });
  key = await server.addKey('pro');
});
afterAll(() => server.close());

describe('POST /v1/pdf/pipeline', () => {
  it('rotate → page-numbers → watermark: one answer, each step applied, X-Pipeline, charged one per step', async () => {
    const before = await usedToday(server.url, key);
    const res = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('multipage.pdf')),
        steps: steps([
          { operation: 'rotate', options: { angle: 90 } },
          { operation: 'page-numbers', options: { format: 'Seite {n}' } },
          { operation: 'watermark', options: { text: 'PIPELINED', opacity: 0.5 } },
        ]),
      }),
      key,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-pipeline')).toMatch(/^rotate=\d+ms,page-numbers=\d+ms,watermark=\d+ms$/);
    const out = await saveBody(res);
    const pages = await pagesOf(corpus('multipage.pdf'));
    expect(await pagesOf(out)).toBe(pages);
    expect(await rotations(out, pages)).toEqual(Array.from({ length: pages }, () => 90));
    const text = await textOf(out);
    expect(text).toContain('Seite 1');
    expect(text).toContain(`Seite ${pages}`);
    expect(text).toContain('PIPELINED');
    expect((await usedToday(server.url, key)) - before).toBe(3);
  });

  it('merge of 3 files → split as the last step: a ZIP of the parts', async () => {
    const res = await server.post(
      'pipeline',
      form({
        files: [
          await filePart(corpus('trivial.pdf')),
          await filePart(corpus('multipage.pdf')),
          await filePart(corpus('trivial.pdf')),
        ],
        steps: steps([{ operation: 'merge' }, { operation: 'split', options: { mode: 'every', pages_per_file: 1 } }]),
      }),
      key,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = await saveBody(res, 'out.zip');
    const total = 2 + (await pagesOf(corpus('multipage.pdf')));
    const listing = (await run('unzip', ['-Z1', zip])).stdout.trim().split('\n');
    expect(listing).toHaveLength(total);
  });

  it('a file option names an uploaded part ("@logo")', async () => {
    const res = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('trivial.pdf')),
        logo: await filePart(rgbaPng(40, 20, [255, 0, 0, 255]), 'logo.png'),
        steps: steps([{ operation: 'watermark', options: { image: '@logo', opacity: 1 } }, { operation: 'compress' }]),
      }),
      key,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const out = await saveBody(res);
    const images = (await run('pdfimages', ['-list', out])).stdout.trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThan(0);
  });

  it('a step whose output is not one PDF must be last (400, one request charged)', async () => {
    const before = await usedToday(server.url, key);
    const res = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('multipage.pdf')),
        steps: steps([
          { operation: 'split', options: { mode: 'every', pages_per_file: 1 } },
          { operation: 'compress' },
        ]),
      }),
      key,
    );
    const problem = await problemOf(res);
    expect(problem.status).toBe(400);
    expect(problem.field).toBe('steps[0].operation');
    expect((await usedToday(server.url, key)) - before).toBe(1);
  });

  it('a bad option of a later step is a 400 naming it, before any work and charged as one request', async () => {
    const before = await usedToday(server.url, key);
    const res = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('trivial.pdf')),
        steps: steps([
          { operation: 'rotate', options: { angle: 90 } },
          { operation: 'compress', options: { level: 'extreme' } },
        ]),
      }),
      key,
    );
    const problem = await problemOf(res);
    expect(problem.status).toBe(400);
    expect(problem.field).toBe('steps[1].options.level');
    expect(problem.detail).toMatch(/^steps\[1\]\.options\.level: must be one of/);
    expect((await usedToday(server.url, key)) - before).toBe(1);
    for (const [bad, field] of [
      [[{ operation: 'nope' }], 'steps[0].operation'],
      [[{ operation: 'rotate', options: { angle: 90, bogus: 1 } }], 'steps[0].options.bogus'],
      [Array.from({ length: 11 }, () => ({ operation: 'rotate', options: { angle: 90 } })), 'steps'],
    ] as const) {
      const answer = await problemOf(
        await server.post(
          'pipeline',
          form({ file: await filePart(corpus('trivial.pdf')), steps: JSON.stringify(bad) }),
          key,
        ),
      );
      expect([answer.status, answer.field]).toEqual([400, field]);
    }
  });

  it('a failing middle step ends the pipeline with its problem and `step`; charged the steps that ran (docs/api.md §3)', async () => {
    const before = await usedToday(server.url, key);
    const res = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('trivial.pdf')),
        steps: steps([
          { operation: 'protect', options: { user_password: 'pw-1' } },
          { operation: 'rotate', options: { angle: 180 } },
          { operation: 'compress' },
        ]),
      }),
      key,
    );
    const problem = await problemOf(res);
    expect([problem.status, problem.code, problem.step]).toEqual([422, 'password_required', 1]);
    // Steps 0 and 1 ran (the input's fault: charged); step 2 never did and is given back.
    expect((await usedToday(server.url, key)) - before).toBe(2);
    // With the password the second step opens it.
    const ok = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('trivial.pdf')),
        steps: steps([
          { operation: 'protect', options: { user_password: 'pw-1' } },
          { operation: 'rotate', options: { angle: 180, password: 'pw-1' } },
        ]),
      }),
      key,
    );
    expect(ok.status).toBe(200);
  });

  it('a key scoped to some operations may run only pipelines of those (403, uncharged)', async () => {
    const scoped = (
      await createKey(server.services.store, server.services.dataKey, 'pipeline-scoped', 'pro', undefined, {
        scopes: ['rotate'],
      })
    ).key;
    const trivial = await filePart(corpus('trivial.pdf'));
    const body = () =>
      form({
        file: trivial,
        steps: steps([{ operation: 'rotate', options: { angle: 90 } }, { operation: 'compress' }]),
      });
    const refused = await problemOf(await server.post('pipeline', body(), scoped));
    expect([refused.status, refused.code]).toEqual([403, 'insufficient_scope']);
    expect(await usedToday(server.url, scoped)).toBe(0);
    const allowed = await server.post(
      'pipeline',
      form({ file: trivial, steps: steps([{ operation: 'rotate', options: { angle: 90 } }]) }),
      scoped,
    );
    expect(allowed.status).toBe(200);
  });

  it('is all or nothing against the allowance: 429 with nothing charged when fewer requests remain than steps', async () => {
    const free = generateKey();
    await createKey(server.services.store, server.services.dataKey, 'pipeline-free-short', 'free', free);
    // Use 98 of the 100, leaving 2.
    await server.services.store.charge(
      (await server.services.store.findAccountByName('pipeline-free-short'))!.id,
      new Date().toISOString().slice(0, 10),
      100,
      'other',
      98,
    );
    const used = await usedToday(server.url, free);
    expect(used).toBe(98);
    const res = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('trivial.pdf')),
        steps: steps([
          { operation: 'rotate', options: { angle: 90 } },
          { operation: 'rotate', options: { angle: 90 } },
          { operation: 'compress' },
        ]),
      }),
      free,
    );
    const problem = await problemOf(res);
    expect([problem.status, problem.code]).toEqual([429, 'quota_exceeded']);
    expect(await usedToday(server.url, free)).toBe(98);
    const two = await server.post(
      'pipeline',
      form({
        file: await filePart(corpus('trivial.pdf')),
        steps: steps([
          { operation: 'rotate', options: { angle: 90 } },
          { operation: 'rotate', options: { angle: 90 } },
        ]),
      }),
      free,
    );
    expect(two.status).toBe(200);
    expect(await usedToday(server.url, free)).toBe(100);
  });

  it('charges exactly the step count under 50 concurrent pipelines of a free account', async () => {
    const free = await server.addKey('free');
    const file = await filePart(corpus('trivial.pdf'));
    const body = steps([
      { operation: 'rotate', options: { angle: 90 } },
      { operation: 'rotate', options: { angle: 90 } },
      { operation: 'rotate', options: { angle: 180 } },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        server
          .post('pipeline', form({ file, steps: body }), free)
          .then(async (r) =>
            r.status === 200 ? (await r.arrayBuffer(), 'ok') : String(((await r.json()) as { code: string }).code),
          ),
      ),
    );
    // A pipeline either runs (3 requests charged) or is refused whole: over the allowance, or
    // over the account's share when the machine is slow enough for 50 to overlap.
    expect(
      answers.filter((a) => !['ok', 'quota_exceeded', 'concurrency_limit'].includes(a)),
      JSON.stringify(answers),
    ).toEqual([]);
    const ok = answers.filter((a) => a === 'ok').length;
    expect(answers).toContain('quota_exceeded');
    expect(ok).toBeLessThanOrEqual(33);
    expect(await usedToday(server.url, free)).toBe(3 * ok);
    // What the allowance still holds is less than one pipeline, unless the share refused some.
    if (!answers.includes('concurrency_limit')) expect(ok).toBe(33);
  });

  it('runs as a job with a webhook; the job result is the last step’s', async () => {
    const receiver = await startReceiver();
    try {
      const res = await server.post(
        'pipeline',
        form({
          file: await filePart(corpus('trivial.pdf')),
          steps: steps([
            { operation: 'rotate', options: { angle: 270 } },
            { operation: 'protect', options: { user_password: 'job-pw' } },
          ]),
          callback_url: receiver.url,
        }),
        key,
        { Prefer: 'respond-async' },
      );
      expect(res.status).toBe(202);
      const job = (await res.json()) as { id: string; operation: string };
      expect(job.operation).toBe('pipeline');
      const done = await waitForJob(server.url, job.id, key);
      expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
      const result = await download(server.url, job.id, key);
      expect(result.headers.get('x-pipeline')).toMatch(/^rotate=\d+ms,protect=\d+ms$/);
      const out = await saveBody(result);
      const { stdout } = await run('qpdf', ['--password=job-pw', '--show-encryption', out]);
      expect(stdout).toContain('R = 6');
      const deadline = Date.now() + 10_000;
      while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const row = (await server.services.store.getJob(job.id))!;
      const secret = (await webhookSecret(server.services.store, server.services.dataKey, row.account_id))!;
      expect(verifyStandardWebhook(secret, receiver.received[0].headers, receiver.received[0].body)).toBe(true);
      expect(JSON.parse(receiver.received[0].body).type).toBe('job.succeeded');
    } finally {
      await receiver.close();
    }
  });

  it('leaves no work directory behind', async () => {
    await new Promise((r) => setTimeout(r, 200));
    expect(server.leftovers().filter((n) => n.startsWith('pdf-req-'))).toEqual([]);
  });
});
